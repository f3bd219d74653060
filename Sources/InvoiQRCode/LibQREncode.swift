internal import CQREncode
import Foundation
import InvoiAssets
import InvoiDocument

/// libqrencode, opened with dlopen on the first invoice that has a payment code rather than
/// linked: most invoices have none, and a linked library is loaded at every start of invoi.
/// The function types are the header's; the library is opened once per process, never closed.
final class LibQREncode: @unchecked Sendable {
    typealias EncodeString =
        @convention(c) (UnsafePointer<CChar>?, Int32, QRecLevel, QRencodeMode, Int32) -> UnsafeMutablePointer<QRcode>?
    typealias Free = @convention(c) (UnsafeMutablePointer<QRcode>?) -> Void

    let encodeString: EncodeString
    let free: Free

    /// The soname of Debian's libqrencode4.
    static let soname = "libqrencode.so.4"

    /// Opened at the first use by any thread (a lazy static is initialised once, atomically).
    static let loaded: Result<LibQREncode, QREncodingFailure> = load(soname: soname)

    private init(encodeString: EncodeString, free: Free) {
        self.encodeString = encodeString
        self.free = free
    }

    static func load(soname: String) -> Result<LibQREncode, QREncodingFailure> {
        let library: DynamicLibrary
        switch DynamicLibrary.open(soname) {
        case .success(let opened): library = opened
        case .failure(let failure):
            return .failure(
                .libraryMissing("payment QR codes need libqrencode (install libqrencode4): \(failure.reason)"))
        }
        guard let encodeString = library.symbol("QRcode_encodeString", as: EncodeString.self),
            let free = library.symbol("QRcode_free", as: Free.self)
        else {
            library.close()
            return .failure(.libraryMissing("the installed libqrencode lacks QRcode_encodeString"))
        }
        return .success(LibQREncode(encodeString: encodeString, free: free))
    }
}

/// Why no QR code was made.
public enum QREncodingFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The library could not be opened.
    case libraryMissing(String)
    /// The text does not fit a QR code (or not the largest version allowed).
    case tooLong(bytes: Int)

    public var description: String {
        switch self {
        case .libraryMissing(let reason): reason
        case .tooLong(let bytes): "\(bytes) bytes do not fit a QR code at this error correction level"
        }
    }
}

/// How much of a QR code may be lost and still read (ISO/IEC 18004).
public enum QRErrorCorrection: Hashable, Sendable {
    case low, medium, quartile, high
}

/// A QR code made by libqrencode: the version it chose and its modules.
public struct EncodedQRCode: Hashable, Sendable {
    /// 1 … 40.
    public let version: Int
    public let matrix: QRCodeMatrix
}

/// Makes QR codes with libqrencode.
public enum QRCodeEncoder {
    /// Why no code can be made here (libqrencode is missing); nil when it can.
    public static var unavailability: String? {
        guard case .failure(let failure) = LibQREncode.loaded else { return nil }
        return failure.description
    }

    /// The smallest QR code holding `text` (UTF-8, mixed modes as libqrencode chooses them,
    /// case kept) at `level`.
    public static func encode(_ text: String, level: QRErrorCorrection) throws(QREncodingFailure) -> EncodedQRCode {
        let library: LibQREncode
        switch LibQREncode.loaded {
        case .success(let loaded): library = loaded
        case .failure(let failure): throw failure
        }
        let ecLevel: QRecLevel =
            switch level {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        guard let code = library.encodeString(text, 0, ecLevel, QR_MODE_8, 1) else {
            throw .tooLong(bytes: text.utf8.count)
        }
        defer { library.free(code) }
        let width = Int(code.pointee.width)
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        // Bit 0 of each byte is the module's colour (1 dark); the others say what the module is.
        guard let matrix = QRCodeMatrix(size: width, modules: data.map { $0 & 1 == 1 }) else {
            throw .tooLong(bytes: text.utf8.count)
        }
        return EncodedQRCode(version: Int(code.pointee.version), matrix: matrix)
    }
}
