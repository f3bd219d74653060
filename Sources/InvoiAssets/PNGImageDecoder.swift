internal import CPNG
import Foundation
import InvoiDocument

/// Decodes a PNG with libpng (every colour type, palette and transparency included) into
/// straight-alpha RGBA, keeping the file's bytes for the PDF.
package struct PNGImageDecoder {
    package var largestPixelCount: Int
    /// Cairo's image surfaces go up to 32767 pixels a side.
    package var largestSide: Int

    package init(largestPixelCount: Int, largestSide: Int = 32_767) {
        self.largestPixelCount = largestPixelCount
        self.largestSide = largestSide
    }

    package func decode(_ data: Data) throws(ImageDecodingFailure) -> RasterPixels {
        let (width, height) = try Self.headerSize(data)
        try ImageDecodingFailure.checkSize(
            width, height, of: "PNG", largestPixelCount: largestPixelCount, largestSide: largestSide)
        var hasAlphaChannel: Int32 = 0
        var status: Int32 = 0
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        data.withUnsafeBytes { bytes in
            rgba.withUnsafeMutableBufferPointer { out in
                status = invoi_png_read_rgba(
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                    png_uint_32(width), png_uint_32(height), out.baseAddress, &hasAlphaChannel)
            }
        }
        // The reasons Cairo's PNG reader gave, which decoded logos before.
        switch status {
        case INVOI_PNG_OK: break
        case INVOI_PNG_NO_MEMORY: throw ImageDecodingFailure("not a readable PNG (out of memory)")
        case INVOI_PNG_INVALID:
            throw ImageDecodingFailure(
                "not a readable PNG (error occurred in libpng while reading from or writing to a PNG file)")
        default: throw ImageDecodingFailure("not a readable PNG (it is truncated or corrupt)")
        }
        let translucent = hasAlphaChannel != 0 && Self.roundAlphaAsCairoDid(&rgba)
        return RasterPixels(
            width: width, height: height, rgba: rgba, hasAlpha: translucent, encoded: data,
            encodedFormat: .png)
    }

    /// Width and height from IHDR, read before anything is allocated.
    static func headerSize(_ data: Data) throws(ImageDecodingFailure) -> (Int, Int) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, ImageFormat(sniffing: data) == .png, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageDecodingFailure("not a PNG (it does not start with a PNG signature and header)")
        }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(16), height = word(20)
        guard width > 0, height > 0 else { throw ImageDecodingFailure("the PNG is \(width) × \(height) pixels") }
        return (width, height)
    }

    /// Gives translucent pixels the colours they had when Cairo decoded PNG logos: its
    /// reader premultiplied each channel by alpha (rounded, in 8 bits) and the decoder
    /// divided it out again, which loses precision when alpha is small. Pages drawn with
    /// those colours are in the goldens, so the same rounding is kept on purpose; fully
    /// transparent pixels become black. Returns whether any pixel is not opaque.
    static func roundAlphaAsCairoDid(_ rgba: inout [UInt8]) -> Bool {
        var translucent = false
        rgba.withUnsafeMutableBufferPointer { pixels in
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = Int(pixels[i + 3])
                if alpha == 255 { continue }
                translucent = true
                for c in i..<(i + 3) {
                    if alpha == 0 {
                        pixels[c] = 0
                    } else {
                        let t = alpha * Int(pixels[c]) + 0x80
                        let premultiplied = (t + (t >> 8)) >> 8
                        pixels[c] = UInt8(min(255, (premultiplied * 255 + alpha / 2) / alpha))
                    }
                }
            }
        }
        return translucent
    }
}
