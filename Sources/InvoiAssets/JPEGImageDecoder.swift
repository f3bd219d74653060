internal import CTurboJPEG
import Foundation
import InvoiDocument

/// Decodes a JPEG with libjpeg-turbo's TurboJPEG API, which reports errors by return
/// code (libjpeg's own API reports them with longjmp, which Swift cannot survive).
/// Colour, greyscale and CMYK/YCCK images all come out as opaque RGBA.
struct JPEGImageDecoder {
    var largestPixelCount: Int
    var largestSide = 32_767

    func decode(_ data: Data) throws(ImageDecodingFailure) -> RasterPixels {
        let library = try LibTurboJPEG.loaded.get()
        guard let handle = library.initDecompress() else { throw ImageDecodingFailure("libjpeg-turbo could not start") }
        defer { _ = library.destroy(handle) }
        let bytes = [UInt8](data)
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard
            library.decompressHeader(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0
        else {
            throw ImageDecodingFailure("not a readable JPEG (\(Self.message(handle, library)))")
        }
        let (w, h) = (Int(width), Int(height))
        guard w > 0, h > 0 else { throw ImageDecodingFailure("not a readable JPEG (it gives no image size)") }
        try ImageDecodingFailure.checkSize(
            w, h, of: "JPEG", largestPixelCount: largestPixelCount, largestSide: largestSide)
        // libjpeg-turbo converts greyscale and YCbCr to RGB itself, but not CMYK (it has no colour management).
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        // A truncated or damaged file is a warning to libjpeg (it fills in grey): refuse it instead.
        let flags = Int32(TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING)
        let status = pixels.withUnsafeMutableBufferPointer { out in
            library.decompress(
                handle, bytes, UInt(bytes.count), out.baseAddress, width, 0, height, Int32(format.rawValue), flags)
        }
        guard status == 0 else { throw ImageDecodingFailure("not a readable JPEG (\(Self.message(handle, library)))") }
        if isCMYK { Self.convertCMYK(&pixels, inverted: Self.hasAdobeMarker(bytes)) }
        return RasterPixels(width: w, height: h, rgba: pixels, hasAlpha: false, encoded: data, encodedFormat: .jpeg)
    }

    private static func message(_ handle: tjhandle, _ library: LibTurboJPEG) -> String {
        library.errorString(handle).map { String(cString: $0) } ?? "unknown error"
    }

    /// CMYK to RGB in place, the naive way every viewer without a colour profile uses.
    /// Adobe's files (nearly all CMYK JPEGs) store the channels inverted.
    static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
        for i in stride(from: 0, to: pixels.count, by: 4) {
            var (c, m, y, k) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3]))
            if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
            pixels[i] = UInt8((c * k + 127) / 255)
            pixels[i + 1] = UInt8((m * k + 127) / 255)
            pixels[i + 2] = UInt8((y * k + 127) / 255)
            pixels[i + 3] = 255
        }
    }

    /// Whether the markers before the first scan include Adobe's APP14.
    static func hasAdobeMarker(_ bytes: [UInt8]) -> Bool {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xDA { return false }  // start of scan: no more headers
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if marker == 0xEE, at + 9 <= bytes.count, Array(bytes[(at + 4)..<(at + 9)]) == Array("Adobe".utf8) {
                return true
            }
            at += 2 + length
        }
        return false
    }
}
