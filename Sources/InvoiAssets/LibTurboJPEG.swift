internal import CTurboJPEG
import Foundation
import InvoiDocument

/// libjpeg-turbo's TurboJPEG API, opened with dlopen on the first JPEG logo rather than
/// linked: few invoices have a JPEG logo, and a linked library is loaded and bound at
/// every start of invoi. The function types are the header's; the library is opened
/// once per process and never closed.
final class LibTurboJPEG: @unchecked Sendable {
    typealias InitDecompress = @convention(c) () -> tjhandle?
    typealias Destroy = @convention(c) (tjhandle?) -> Int32
    typealias DecompressHeader =
        @convention(c) (
            tjhandle?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?
        ) -> Int32
    typealias Decompress =
        @convention(c) (
            tjhandle?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<UInt8>?,
            Int32, Int32, Int32, Int32, Int32
        ) -> Int32
    typealias ErrorString = @convention(c) (tjhandle?) -> UnsafeMutablePointer<CChar>?

    let initDecompress: InitDecompress
    let destroy: Destroy
    let decompressHeader: DecompressHeader
    let decompress: Decompress
    let errorString: ErrorString

    /// The soname of libjpeg-turbo's TurboJPEG runtime package (libturbojpeg0).
    static let soname = "libturbojpeg.so.0"

    /// Opened at the first use by any thread (a lazy static is initialised once, atomically).
    static let loaded: Result<LibTurboJPEG, ImageDecodingFailure> = load(soname: soname)

    private init(
        initDecompress: InitDecompress, destroy: Destroy, decompressHeader: DecompressHeader,
        decompress: Decompress, errorString: ErrorString
    ) {
        self.initDecompress = initDecompress
        self.destroy = destroy
        self.decompressHeader = decompressHeader
        self.decompress = decompress
        self.errorString = errorString
    }

    /// Opens the library named `soname` (a parameter so that tests can name a missing one).
    static func load(soname: String) -> Result<LibTurboJPEG, ImageDecodingFailure> {
        let library: DynamicLibrary
        switch DynamicLibrary.open(soname) {
        case .success(let opened): library = opened
        case .failure(let failure):
            return .failure(
                ImageDecodingFailure("JPEG logos need libjpeg-turbo (install libturbojpeg0): \(failure.reason)"))
        }
        guard let initDecompress = library.symbol("tjInitDecompress", as: InitDecompress.self),
            let destroy = library.symbol("tjDestroy", as: Destroy.self),
            let decompressHeader = library.symbol("tjDecompressHeader3", as: DecompressHeader.self),
            let decompress = library.symbol("tjDecompress2", as: Decompress.self),
            let errorString = library.symbol("tjGetErrorStr2", as: ErrorString.self)
        else {
            library.close()
            return .failure(
                ImageDecodingFailure("the installed libjpeg-turbo is too old for JPEG logos (2.0 or later is needed)"))
        }
        return .success(
            LibTurboJPEG(
                initDecompress: initDecompress, destroy: destroy, decompressHeader: decompressHeader,
                decompress: decompress, errorString: errorString))
    }
}
