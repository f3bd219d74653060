import Foundation
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiCairo

@Suite struct PNGEncoderTests {
    /// Encodes `words` (0x00RRGGBB) and decodes the result with Cairo.
    private func roundTrip(_ words: [UInt32], width: Int, height: Int) throws -> (png: Data, image: RasterImage) {
        let png = try words.withUnsafeBytes { bytes in
            try PNGEncoder(dotsPerInch: 144).encode(
                XRGBPixels(base: try #require(bytes.baseAddress), width: width, height: height, bytesPerRow: width * 4))
        }
        return (png, try RasterImage(pngData: png))
    }

    private func expectSamePixels(_ words: [UInt32], _ image: RasterImage) {
        let expected = words.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF), 255] }
        #expect(image.rgba == expected)
    }

    @Test func greyNoiseRoundTripsAsGreyscale() throws {
        var generator = SplitMix64(seed: 7)
        let (width, height) = (37, 23)
        let words = (0..<(width * height)).map { _ in UInt32(generator.next() & 0xFF) * 0x01_01_01 }
        let (png, image) = try roundTrip(words, width: width, height: height)
        #expect(png[png.startIndex + 25] == 0)
        expectSamePixels(words, image)
    }

    @Test func colourNoiseRoundTripsAsRGB() throws {
        var generator = SplitMix64(seed: 11)
        let (width, height) = (41, 19)
        let words = (0..<(width * height)).map { _ in UInt32(generator.next() & 0xFF_FF_FF) }
        let (png, image) = try roundTrip(words, width: width, height: height)
        #expect(png[png.startIndex + 25] == 2)
        expectSamePixels(words, image)
    }

    @Test func smoothGradientsRoundTrip() throws {
        // Rows and columns that favour each filter in turn.
        let (width, height) = (64, 64)
        var words: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt32((x * 4) & 0xFF), g = UInt32((y * 4) & 0xFF), b = UInt32(((x + y) * 2) & 0xFF)
                words.append(y % 3 == 0 ? r * 0x01_01_01 : r << 16 | g << 8 | b)
            }
        }
        let (_, image) = try roundTrip(words, width: width, height: height)
        expectSamePixels(words, image)
    }

    @Test(arguments: [false, true])
    func repeatedRowsAreFilteredUpAsZeros(grey: Bool) throws {
        var generator = SplitMix64(seed: 5)
        let width = 29
        let noise = (0..<width).map { _ in
            grey ? UInt32(generator.next() & 0xFF) * 0x01_01_01 : UInt32(generator.next() & 0xFF_FF_FF)
        }
        let white = [UInt32](repeating: 0xFF_FF_FF, count: width)
        let rows = [noise, noise, white, white, white, noise]
        let words = rows.flatMap { $0 }
        let filtered = try words.withUnsafeBytes { bytes in
            try PNGEncoder().filter(
                XRGBPixels(
                    base: try #require(bytes.baseAddress), width: width,
                    height: rows.count, bytesPerRow: width * 4))
        }
        let stride = 1 + width * (grey ? 1 : 3)
        for row in [1, 3, 4] {
            let line = filtered.bytes[(row * stride)..<((row + 1) * stride)]
            #expect(line.first == 2 && line.dropFirst().allSatisfy { $0 == 0 }, "row \(row)")
        }
        // A row unlike the one above is weighed as before: noise after white is not all zeros.
        #expect(filtered.bytes[(5 * stride + 1)..<(6 * stride)].contains { $0 != 0 })
        let (_, image) = try roundTrip(words, width: width, height: rows.count)
        expectSamePixels(words, image)
    }

    @Test func onePixelImage() throws {
        let (png, image) = try roundTrip([0x12_34_56], width: 1, height: 1)
        #expect(png[png.startIndex + 25] == 2)
        expectSamePixels([0x12_34_56], image)
    }

    @Test func rejectsEmptyImages() {
        let word: [UInt32] = [0]
        #expect(throws: PNGEncodingError.self) {
            try word.withUnsafeBytes { bytes in
                try PNGEncoder(dotsPerInch: nil).encode(
                    XRGBPixels(base: try #require(bytes.baseAddress), width: 0, height: 1, bytesPerRow: 4))
            }
        }
    }
}
