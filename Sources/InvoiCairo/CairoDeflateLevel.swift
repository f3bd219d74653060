#if canImport(Glibc)
import Glibc
#endif

// Cairo (1.16) compresses every PDF stream — content, font subsets, ToUnicode maps —
// with zlib's `deflateInit(stream, Z_DEFAULT_COMPRESSION)`, level 6, and has no
// setting for it; deflate was a third of the time of a PDF. This definition takes
// precedence over zlib's for Cairo's calls (the executable is searched first) and
// makes "default" mean level 1: files about 2 % larger, each render about 10 %
// cheaper. Callers that ask for a level get it. Should the definition not be picked
// (a build that binds Cairo to zlib directly), Cairo compresses at 6 as before.

/// The level Cairo's "default compression" gets.
let cairoDeflateLevel: Int32 = 1

/// zlib's `deflateInit_(z_streamp, int level, const char *version, int stream_size)`.
@_cdecl("deflateInit_")
public func invoiDeflateInit(_ stream: OpaquePointer?, _ level: Int32,
                             _ version: UnsafePointer<CChar>?, _ streamSize: Int32) -> Int32 {
    let zDefaultCompression: Int32 = -1, zDeflated: Int32 = 8, maxWindowBits: Int32 = 15, defaultMemoryLevel: Int32 = 8
    let zDefaultStrategy: Int32 = 0, zVersionError: Int32 = -6
    guard let deflateInit2 = ZlibFunctions.deflateInit2 else { return zVersionError }
    return deflateInit2(stream, level == zDefaultCompression ? cairoDeflateLevel : level, zDeflated, maxWindowBits,
                        defaultMemoryLevel, zDefaultStrategy, version, streamSize)
}

/// zlib's own functions, found in the zlib Cairo loaded.
enum ZlibFunctions {
    typealias DeflateInit2 = @convention(c) (OpaquePointer?, Int32, Int32, Int32, Int32, Int32,
                                             UnsafePointer<CChar>?, Int32) -> Int32

    /// `deflateInit2_`, which every zlib has; nil only if no zlib is loaded.
    static let deflateInit2: DeflateInit2? = {
        guard let zlib = dlopen("libz.so.1", RTLD_NOW | RTLD_NOLOAD) ?? dlopen("libz.so.1", RTLD_NOW),
              let address = dlsym(zlib, "deflateInit2_") else { return nil }
        return unsafeBitCast(address, to: DeflateInit2.self)
    }()
}
