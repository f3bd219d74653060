import Foundation

struct PNGEncodingError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = "png: " + description }
}

/// Pixels as Cairo keeps an opaque image: rows of native-endian `0x00RRGGBB` words.
struct XRGBPixels {
    var base: UnsafeRawPointer
    var width: Int
    var height: Int
    var bytesPerRow: Int

    func row(_ y: Int) -> UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(start: (base + y * bytesPerRow).assumingMemoryBound(to: UInt32.self), count: width)
    }
}

/// A fast PNG writer for opaque images: 8-bit greyscale when every pixel is grey,
/// else 8-bit RGB; each row filtered with whichever of None, Sub and Up looks
/// cheapest to compress; one IDAT deflated with libdeflate.
struct PNGEncoder {
    /// Written as the pHYs chunk.
    var dotsPerInch: Double?

    func encode(_ pixels: XRGBPixels) throws -> Data {
        guard pixels.width > 0, pixels.height > 0, pixels.width < 1 << 24, pixels.height < 1 << 24 else {
            throw PNGEncodingError("cannot write an image of \(pixels.width) × \(pixels.height) pixels")
        }
        let isGrey = Self.isGrey(pixels)
        let filtered = Self.filteredRows(pixels, grey: isGrey)
        return try filtered.withUnsafeBytes { try assemble(pixels, grey: isGrey, imageData: $0) }
    }

    private static func isGrey(_ pixels: XRGBPixels) -> Bool {
        for y in 0..<pixels.height {
            var differences: UInt32 = 0
            // R = G = B exactly when each byte equals the one below it.
            for pixel in pixels.row(y) { differences |= (pixel ^ (pixel >> 8)) & 0xFFFF }
            if differences != 0 { return false }
        }
        return true
    }

    /// The filtered scanlines: each a filter-type byte then the row's bytes.
    private static func filteredRows(_ pixels: XRGBPixels, grey: Bool) -> [UInt8] {
        let channels = grey ? 1 : 3
        let rowCount = pixels.width * channels
        let stride = rowCount + 1
        var previous = [UInt8](repeating: 0, count: rowCount)
        var current = [UInt8](repeating: 0, count: rowCount)
        return [UInt8](unsafeUninitializedCapacity: stride * pixels.height) { out, count in
            for y in 0..<pixels.height {
                current.withUnsafeMutableBufferPointer { row in
                    let source = pixels.row(y)
                    if grey {
                        for x in 0..<source.count { row[x] = UInt8(truncatingIfNeeded: source[x]) }
                    } else {
                        for x in 0..<source.count {
                            let p = source[x]
                            row[3 * x] = UInt8(truncatingIfNeeded: p >> 16)
                            row[3 * x + 1] = UInt8(truncatingIfNeeded: p >> 8)
                            row[3 * x + 2] = UInt8(truncatingIfNeeded: p)
                        }
                    }
                }
                current.withUnsafeBufferPointer { row in
                    previous.withUnsafeBufferPointer { above in
                        let line = UnsafeMutableBufferPointer(rebasing: out[(y * stride)..<((y + 1) * stride)])
                        writeFiltered(row, above: above, bytesPerPixel: channels, into: line)
                    }
                }
                swap(&previous, &current)
            }
            count = stride * pixels.height
        }
    }

    /// Picks the filter with the least sum of absolute (signed) residuals, the usual heuristic.
    private static func writeFiltered(_ row: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>,
                                      bytesPerPixel bpp: Int, into line: UnsafeMutableBufferPointer<UInt8>) {
        @inline(__always) func cost(_ residual: UInt8) -> Int {
            let signed = Int(Int8(bitPattern: residual))
            return signed < 0 ? -signed : signed
        }
        var costNone = 0, costSub = 0, costUp = 0
        for x in 0..<row.count {
            let left = x >= bpp ? row[x - bpp] : 0
            costNone += cost(row[x])
            costSub += cost(row[x] &- left)
            costUp += cost(row[x] &- above[x])
        }
        if costUp <= costSub && costUp <= costNone {
            line[0] = 2
            for x in 0..<row.count { line[x + 1] = row[x] &- above[x] }
        } else if costSub <= costNone {
            line[0] = 1
            for x in 0..<row.count { line[x + 1] = row[x] &- (x >= bpp ? row[x - bpp] : 0) }
        } else {
            line[0] = 0
            for x in 0..<row.count { line[x + 1] = row[x] }
        }
    }

    /// Signature, IHDR, pHYs, one IDAT compressed straight into place, IEND.
    private func assemble(_ pixels: XRGBPixels, grey: Bool, imageData: UnsafeRawBufferPointer) throws -> Data {
        let compressor = try DeflateCompressor()
        let bound = compressor.zlibBound(forInputCount: imageData.count)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(bound + 128)

        var header: [UInt8] = []
        header.appendBigEndian(UInt32(pixels.width))
        header.appendBigEndian(UInt32(pixels.height))
        header += [8, grey ? 0 : 2, 0, 0, 0]  // depth, colour type, deflate, adaptive filters, no interlace
        png.appendChunk("IHDR", header)

        if let dpi = dotsPerInch, dpi.isFinite, dpi > 0, dpi < 1_000_000 {
            let perMetre = UInt32((dpi / 0.0254).rounded())
            var physical: [UInt8] = []
            physical.appendBigEndian(perMetre)
            physical.appendBigEndian(perMetre)
            physical.append(1)  // unit: metre
            png.appendChunk("pHYs", physical)
        }

        let idatStart = png.count
        png.appendBigEndian(0)  // length, filled in below
        png += Array("IDAT".utf8)
        let dataStart = png.count
        png += repeatElement(0, count: bound)
        let written = png.withUnsafeMutableBytes { bytes in
            compressor.zlibCompress(imageData, into: UnsafeMutableRawBufferPointer(rebasing: bytes[dataStart...]))
        }
        guard let written else { throw PNGEncodingError("deflate failed") }
        png.removeLast(bound - written)
        png.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: UInt32(written).bigEndian, toByteOffset: idatStart, as: UInt32.self)
        }
        let crc = png.withUnsafeBytes { crc32(UnsafeRawBufferPointer(rebasing: $0[(idatStart + 4)...])) }
        png.appendBigEndian(crc)

        png.appendChunk("IEND", [])
        return Data(png)
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
                            UInt8(value & 0xFF)])
    }

    /// Length, type, data, CRC of type and data.
    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let start = count
        append(contentsOf: Array(type.utf8))
        append(contentsOf: data)
        let crc = withUnsafeBytes { crc32(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        appendBigEndian(crc)
    }
}
