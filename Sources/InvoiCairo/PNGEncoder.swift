import Foundation
import InvoiDocument
import InvoiSpeedups

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

    func row(_ y: Int) -> UnsafePointer<UInt32> {
        (base + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
    }
}

/// A fast PNG writer for opaque images: 8-bit greyscale when every pixel is grey,
/// else 8-bit RGB; each row filtered with whichever of None, Sub and Up looks
/// cheapest to compress; one IDAT deflated with libdeflate at its fastest level.
struct PNGEncoder {
    /// Written as the pHYs chunk.
    var dotsPerInch: Double?
    /// Written as `tEXt` chunks before the image data: keywords of 1 to 79 printable ASCII
    /// characters, values in ASCII (others are left out).
    var text: [(keyword: String, value: String)] = []

    /// Rows ready for deflate, each a filter-type byte then the row's bytes.
    struct FilteredImage {
        var width: Int
        var height: Int
        var isGrey: Bool
        var bytes: [UInt8]
    }

    func encode(_ pixels: XRGBPixels) throws -> Data {
        try compress(try filter(pixels))
    }

    /// The first half of encoding, the only one that reads the pixels: once
    /// it returns, the caller may free them before the deflate.
    func filter(_ pixels: XRGBPixels) throws -> FilteredImage {
        guard pixels.width > 0, pixels.height > 0, pixels.width < 1 << 24, pixels.height < 1 << 24 else {
            throw PNGEncodingError("cannot write an image of \(pixels.width) × \(pixels.height) pixels")
        }
        let grey = Self.isGrey(pixels)
        return FilteredImage(
            width: pixels.width, height: pixels.height, isGrey: grey,
            bytes: Self.filteredRows(pixels, grey: grey))
    }

    func compress(_ image: FilteredImage) throws -> Data {
        // Level 1: on rendered pages within 1 % of level 2's size (smaller on the
        // sample) for a third fewer instructions in the deflate.
        guard let compressor = DeflateCompressor(level: 1) else {
            throw PNGEncodingError("cannot allocate a deflate compressor")
        }
        let head = header(image)
        let fullBound = compressor.zlibBound(forInputCount: image.bytes.count)
        // A page compresses to a small fraction of its pixels: try a small buffer
        // first, to keep the peak memory low, and the full bound only if need be.
        for bound in Set([min(fullBound, image.bytes.count / 8 + 65_536), fullBound]).sorted() {
            if let png = assemble(image, header: head, compressor: compressor, bound: bound) { return png }
        }
        throw PNGEncodingError("deflate failed")
    }

    /// Deflates straight into place between the IDAT header and its CRC; nil when `bound` was too small.
    private func assemble(
        _ image: FilteredImage, header head: [UInt8], compressor: DeflateCompressor,
        bound: Int
    ) -> Data? {
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        let png = [UInt8](unsafeUninitializedCapacity: head.count + 8 + bound + 4 + iend.count) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            var at = 0
            func put(_ bytes: [UInt8]) {
                for byte in bytes {
                    base[at] = byte
                    at += 1
                }
            }
            put(head)
            let idat = at
            put([0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54])  // length (below), "IDAT"
            let written = image.bytes.withUnsafeBytes { input in
                compressor.zlibCompress(input, into: UnsafeMutableRawBufferPointer(start: base + at, count: bound))
            }
            guard let written else { return }
            at += written
            UnsafeMutableRawPointer(base + idat).storeBytes(of: UInt32(written).bigEndian, as: UInt32.self)
            let crc = crc32(UnsafeRawBufferPointer(start: base + idat + 4, count: written + 4))
            put(bigEndian(crc))
            put(iend)
            count = at
        }
        return png.isEmpty ? nil : Data(png)
    }

    /// Signature, IHDR and pHYs.
    private func header(_ image: FilteredImage) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Depth 8, colour type, deflate, adaptive filters, no interlace.
        png.appendChunk(
            "IHDR",
            bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
                + [8, image.isGrey ? 0 : 2, 0, 0, 0])
        if let dpi = dotsPerInch, dpi.isFinite, dpi > 0, dpi < 1_000_000 {
            let perMetre = bigEndian(UInt32((dpi / 0.0254).rounded()))
            png.appendChunk("pHYs", perMetre + perMetre + [1])  // unit: metre
        }
        for (keyword, value) in text {
            let key = Array(keyword.utf8), bytes = Array(value.utf8)
            guard (1...79).contains(key.count), key.allSatisfy({ (0x20...0x7E).contains($0) }),
                bytes.allSatisfy({ (0x20...0x7E).contains($0) })
            else { continue }
            png.appendChunk("tEXt", key + [0] + bytes)
        }
        return png
    }

    private static func isGrey(_ pixels: XRGBPixels) -> Bool {
        for y in 0..<pixels.height {
            let row = pixels.row(y)
            var differences: UInt32 = 0
            // R = G = B exactly when each byte equals the one below it.
            for x in 0..<pixels.width { differences |= (row[x] ^ (row[x] >> 8)) & 0xFFFF }
            if differences != 0 { return false }
        }
        return true
    }

    /// The filtered scanlines: each a filter-type byte then the row's bytes.
    private static func filteredRows(_ pixels: XRGBPixels, grey: Bool) -> [UInt8] {
        let channels = grey ? 1 : 3
        let width = pixels.width
        let rowCount = width * channels
        let stride = rowCount + 1
        // Two unfiltered rows, the one above (zeros at first) and the current one.
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowCount)
        defer { rows.deallocate() }
        rows.initialize(repeating: 0, count: 2 * rowCount)
        var above = rows, current = rows + rowCount
        return [UInt8](unsafeUninitializedCapacity: stride * pixels.height) { out, count in
            guard let out = out.baseAddress else { return }
            for y in 0..<pixels.height {
                let source = pixels.row(y)
                if grey {
                    for x in 0..<width { current[x] = UInt8(truncatingIfNeeded: source[x]) }
                } else {
                    for x in 0..<width {
                        let p = source[x]
                        current[3 &* x] = UInt8(truncatingIfNeeded: p >> 16)
                        current[3 &* x &+ 1] = UInt8(truncatingIfNeeded: p >> 8)
                        current[3 &* x &+ 2] = UInt8(truncatingIfNeeded: p)
                    }
                }
                writeFiltered(current, above: above, count: rowCount, bytesPerPixel: channels, into: out + y * stride)
                swap(&above, &current)
            }
            count = stride * pixels.height
        }
    }

    /// Picks the filter with the least sum of absolute (signed) residuals, the usual heuristic.
    /// Plain loops over pointers, so that the compiler vectorises them.
    private static func writeFiltered(
        _ current: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int,
        bytesPerPixel bpp: Int, into line: UnsafeMutablePointer<UInt8>
    ) {
        let out = line + 1
        // A row like the one above (most of a page's blank rows) filters to zeros with
        // Up, which then also costs least: the same choice without weighing each filter.
        if memcmp(current, above, count) == 0 {
            line[0] = 2
            out.update(repeating: 0, count: count)
            return
        }
        let head = min(bpp, count)
        @inline(__always) func cost(_ residual: UInt8) -> UInt32 {
            let value = UInt32(residual)
            return min(value, 256 &- value)
        }
        var costNone: UInt32 = 0, costSub: UInt32 = 0, costUp: UInt32 = 0
        for x in 0..<head {
            costNone &+= cost(current[x])
            costUp &+= cost(current[x] &- above[x])
        }
        costSub = costNone
        for x in head..<count {
            costNone &+= cost(current[x])
            costSub &+= cost(current[x] &- current[x &- bpp])
            costUp &+= cost(current[x] &- above[x])
        }
        if costUp <= costSub && costUp <= costNone {
            line[0] = 2
            for x in 0..<count { out[x] = current[x] &- above[x] }
        } else if costSub <= costNone {
            line[0] = 1
            for x in 0..<head { out[x] = current[x] }
            for x in head..<count { out[x] = current[x] &- current[x &- bpp] }
        } else {
            line[0] = 0
            out.update(from: current, count: count)
        }
    }
}

private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

extension [UInt8] {
    /// Length, type, data, CRC of type and data.
    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        append(contentsOf: bigEndian(UInt32(data.count)))
        let start = count
        append(contentsOf: Array(type.utf8))
        append(contentsOf: data)
        let crc = withUnsafeBytes { crc32(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        append(contentsOf: bigEndian(crc))
    }
}

/// Opaque RGBA pixels (row by row, four bytes a pixel; alpha ignored) as a PNG, with the
/// page encoder: for images invoi makes beside its pages (the diff images of a golden report).
public func encodeOpaquePNG(width: Int, height: Int, rgba: [UInt8]) throws -> Data {
    guard width > 0, height > 0, rgba.count == width * height * 4 else {
        throw BackendError("png: \(rgba.count) bytes are not \(width) × \(height) pixels")
    }
    var words = [UInt32](repeating: 0, count: width * height)
    for index in words.indices {
        let i = index * 4
        words[index] = UInt32(rgba[i]) << 16 | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2])
    }
    do {
        return try words.withUnsafeBytes { buffer in
            try PNGEncoder().encode(
                XRGBPixels(base: buffer.baseAddress!, width: width, height: height, bytesPerRow: width * 4))
        }
    } catch let error as PNGEncodingError {
        throw BackendError(error.description)
    }
}
