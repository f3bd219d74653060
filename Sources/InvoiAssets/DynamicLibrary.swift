import Foundation

/// A shared library opened with dlopen, for the C libraries invoi loads only when an
/// invoice needs them: libjpeg-turbo here, librsvg in the Cairo backends.
package struct DynamicLibrary {
    private let handle: UnsafeMutableRawPointer

    /// Opens `soname` now (RTLD_NOW, local symbols), or returns dlerror's reason.
    package static func open(_ soname: String) -> Result<DynamicLibrary, DynamicLibraryFailure> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(DynamicLibraryFailure(reason: dlerror().map { String(cString: $0) } ?? "not found"))
        }
        return .success(DynamicLibrary(handle: handle))
    }

    /// The function `name` as the C function type `type` (which must be the header's);
    /// nil when the library has no such symbol. Symbols of its dependencies are found too.
    package func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(handle, name).map { unsafeBitCast($0, to: type) }
    }

    /// Only for a library none of whose symbols were kept.
    package func close() {
        dlclose(handle)
    }
}

package struct DynamicLibraryFailure: Error {
    package var reason: String
}
