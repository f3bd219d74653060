import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiCairo

@Suite struct RasterImageTests {
    /// A width × height image of a horizontal grey ramp, opaque.
    static func ramp(width: Int = 8, height: Int = 6) -> RasterImage? {
        var rgba: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                let v = UInt8(x * 255 / max(1, width - 1))
                rgba += [v, v, v, 255]
            }
        }
        return RasterImage(width: width, height: height, rgba: rgba)
    }

    static func changing(_ image: RasterImage, _ pixels: [(x: Int, y: Int)], by delta: Int) -> RasterImage? {
        var rgba = image.rgba
        for (x, y) in pixels {
            let i = (y * image.width + x) * 4
            rgba[i] = UInt8(clamping: Int(rgba[i]) + delta)
        }
        return RasterImage(width: image.width, height: image.height, rgba: rgba)
    }

    @Test func identicalImagesDoNotDiffer() throws {
        let image = try #require(Self.ramp())
        let difference = image.difference(from: image, tolerance: 0)
        #expect(
            difference == RasterDifference(changedPixels: 0, totalPixels: 48, sizeMismatch: false, maxChannelDelta: 0))
        #expect(difference.isIdentical)
    }

    @Test func changedPixelsAreCountedAboveTheTolerance() throws {
        let image = try #require(Self.ramp())
        let changed = try #require(Self.changing(image, [(0, 0), (3, 2), (1, 5)], by: 50))
        let strict = image.difference(from: changed, tolerance: 10)
        #expect(strict.changedPixels == 3)
        #expect(strict.totalPixels == 48)
        #expect(strict.maxChannelDelta == 50)
        #expect(!strict.sizeMismatch)
        let lenient = image.difference(from: changed, tolerance: 50)
        #expect(lenient.changedPixels == 0)
        #expect(lenient.maxChannelDelta == 50)
    }

    @Test func sizeMismatchIsReported() throws {
        let small = try #require(Self.ramp(width: 4, height: 4))
        let tall = try #require(Self.ramp(width: 4, height: 5))
        let difference = small.difference(from: tall, tolerance: 0)
        #expect(difference.sizeMismatch)
        #expect(difference.totalPixels == 20)
        #expect(difference.changedPixels == 4)  // the row only one image has
        #expect(difference.maxChannelDelta == 255)
    }

    @Test func decodesThePNGsOfOtherEncoders() throws {
        // pdftoppm's RGB PNG of a page with a black square.
        let regular = try TestFont.regular()
        let page = Page(
            size: Size(width: 100, height: 50),
            ops: [
                .rect(RectOp(rect: Rect(x: 10, y: 10, width: 20, height: 20), fill: .black)),
                .text(regular.textOp("x", size: 10, at: Point(x: 60, y: 30))),
            ])
        let pdf = try #require(
            try PDFBackend().render(Document(pages: [page], metadata: Fixtures.metadata)).documentData)
        let png = try Tools.withFile(pdf, name: "square.pdf") { file -> Data in
            let prefix = file.deletingLastPathComponent().appendingPathComponent("square").path
            let result = try Tools.run("pdftoppm", ["-r", "72", "-png", "-singlefile", file.path, prefix])
            guard result.status == 0 else { throw TestError(result.errors) }
            return try Data(contentsOf: URL(fileURLWithPath: prefix + ".png"))
        }
        let image = try RasterImage(pngData: png)
        #expect(image.width == 100 && image.height == 50)
        #expect(image.pixel(x: 20, y: 20) == RasterImage.Pixel(red: 0, green: 0, blue: 0))
        #expect(image.pixel(x: 5, y: 5) == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        #expect(image.pixel(x: 100, y: 0) == nil)
    }

    @Test func rejectsWhatIsNotAPNG() {
        #expect(throws: RasterImageError.self) { try RasterImage(pngData: Data("not a png".utf8)) }
        #expect(throws: RasterImageError.self) { try RasterImage(pngData: Data()) }
        #expect(RasterImage(width: 2, height: 2, rgba: [0, 0, 0]) == nil)
    }

    @Test func truncatedPNGIsAnError() throws {
        let png = try #require(
            try PNGBackend().render(try Fixtures.greyPage(), options: PNGOptions(dpi: 72)).pageData.first)
        #expect(throws: RasterImageError.self) { try RasterImage(pngData: png.prefix(png.count / 2)) }
    }
}
