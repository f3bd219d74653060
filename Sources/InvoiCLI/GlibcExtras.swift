#if canImport(Glibc)
    import Glibc
#endif

/// glibc functions that Swift's Glibc module does not import (renameat2, flistxattr),
/// looked up by name in the running process.
enum GlibcExtras {
    /// The C function `name` as `type` (which must be its declaration's); nil when there is none.
    static func function<F>(_ name: String, as type: F.Type) -> F? {
        #if canImport(Glibc)
            guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, name) else { return nil }
            return unsafeBitCast(address, to: type)
        #else
            return nil
        #endif
    }
}
