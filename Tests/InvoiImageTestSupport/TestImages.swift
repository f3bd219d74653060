import CTurboJPEG
import Foundation
import InvoiTestSupport

/// Small image files made by the tests themselves, by encoders that share no code with
/// the decoders under test: PNG written here (stored deflate blocks, any colour type),
/// JPEG compressed by TurboJPEG.
public enum TestImages {
    /// PNG colour types.
    public enum PNGType: UInt8, Sendable {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6
    }

    /// A PNG of `type` at depth 8 whose rows are `samples` (the channels of each pixel, or
    /// palette indices); `palette` and `transparency` become PLTE and tRNS.
    public static func png(
        width: Int, height: Int, type: PNGType, samples: [UInt8],
        palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8] = []
    ) -> Data {
        var raw: [UInt8] = []
        let rowBytes = samples.count / height
        for y in 0..<height {
            raw.append(0)  // filter: none
            raw += samples[(y * rowBytes)..<((y + 1) * rowBytes)]
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", word(width) + word(height) + [8, type.rawValue, 0, 0, 0])
        if !palette.isEmpty { png += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if !transparency.isEmpty { png += chunk("tRNS", transparency) }
        png += chunk("IDAT", storedZlib(raw))
        png += chunk("IEND", [])
        return Data(png)
    }

    /// An RGBA PNG from a function of the pixel position.
    public static func rgbaPNG(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> Data {
        var samples: [UInt8] = []
        for y in 0..<height { for x in 0..<width { samples += pixel(x, y) } }
        return png(width: width, height: height, type: .rgba, samples: samples)
    }

    /// A JPEG of `width × height` pixels of `channels` (1 grey, 3 RGB, 4 CMYK) per pixel.
    public static func jpeg(
        width: Int, height: Int, channels: Int, quality: Int32 = 95, _ pixel: (Int, Int) -> [UInt8]
    ) throws -> Data {
        var samples: [UInt8] = []
        for y in 0..<height { for x in 0..<width { samples += pixel(x, y) } }
        let format: TJPF =
            switch channels {
            case 1: TJPF_GRAY
            case 4: TJPF_CMYK
            default: TJPF_RGB
            }
        let subsampling: TJSAMP = channels == 1 ? TJSAMP_GRAY : TJSAMP_444
        guard let handle = tjInitCompress() else { throw TestError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(
            handle, samples, Int32(width), 0, Int32(height), Int32(format.rawValue), &buffer, &size,
            Int32(subsampling.rawValue), quality, 0)
        guard status == 0, let buffer else {
            throw TestError("tjCompress2: \(String(cString: tjGetErrorStr2(handle)))")
        }
        defer { tjFree(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// A file holding `data` in a fresh directory; the directory is removed afterwards.
    public static func withFile<T>(_ data: Data, name: String, _ body: (String) throws -> T) throws -> T {
        try Tools.withFile(data, name: name) { try body($0.path) }
    }

    // MARK: PNG pieces

    private static func word(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return word(body.count) + typed + word(Int(crc(typed)))
    }

    /// zlib with stored (uncompressed) deflate blocks.
    private static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + word(Int(b << 16 | a))
    }

    private static func crc(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
