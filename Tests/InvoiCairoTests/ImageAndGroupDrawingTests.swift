import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiAssets
@testable import InvoiCairo

/// Image and group ops drawn by the PDF and PNG backends, on documents built by hand.
@Suite struct ImageAndGroupDrawingTests {
    let png = PNGBackend(fonts: CairoFontCache())
    let pdf = PDFBackend(fonts: CairoFontCache())
    static let white = RasterImage.Pixel(red: 255, green: 255, blue: 255)

    /// An 8 × 8 picture in quadrants: red, green / blue, transparent (large enough that
    /// a viewer's interpolation leaves each quadrant's middle pure).
    static func quadrants() throws -> EmbeddedImage {
        let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [0, 0, 0, 0]]
        let file = TestImages.rgbaPNG(width: 8, height: 8) { x, y in colours[(y / 4) * 2 + x / 4] }
        return try decode(file, .png)
    }

    static func decode(_ file: Data, _ format: ImageFormat) throws -> EmbeddedImage {
        try TestImages.withFile(file, name: "logo.\(format.preferredExtension)") {
            try LogoDecoder().decode(contentsOf: $0, format: format)
        }
    }

    static func page(_ ops: [DrawOp]) -> Document {
        Document(pages: [Page(size: PaperSize.a4.size, ops: ops)], metadata: Fixtures.metadata)
    }

    private func image(_ document: Document, dpi: Double = 72) throws -> (data: Data, image: RasterImage) {
        let data = try #require(try png.render(document, options: PNGOptions(dpi: dpi)).pageData.first)
        return (data, try RasterImage(pngData: data))
    }

    private func pdfData(_ document: Document) throws -> Data {
        try #require(try pdf.render(document).documentData)
    }

    /// `pdfimages -list` rows: page, type, …, enc, …, object number.
    private func imageList(_ pdfData: Data) throws -> [[String]] {
        let result = try Tools.withFile(pdfData, name: "doc.pdf") { try Tools.run("pdfimages", ["-list", $0.path]) }
        guard result.status == 0 else { throw TestError("pdfimages: \(result.errors)") }
        return result.output.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
    }

    private func rasterisedPDF(_ pdfData: Data) throws -> RasterImage {
        try Tools.withFile(pdfData, name: "doc.pdf") { file in
            let prefix = file.deletingLastPathComponent().appendingPathComponent("page").path
            let result = try Tools.run("pdftoppm", ["-r", "72", "-singlefile", "-png", file.path, prefix])
            guard result.status == 0 else { throw TestError("pdftoppm: \(result.errors)") }
            return try RasterImage(pngData: try Data(contentsOf: URL(fileURLWithPath: prefix + ".png")))
        }
    }

    private func inked(_ image: RasterImage, x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        var count = 0
        for py in y { for px in x where (image.pixel(x: px, y: py)?.red ?? 255) < 160 { count += 1 } }
        return count
    }

    // MARK: PNG

    @Test func rasterImageIsScaledIntoItsRect() throws {
        let op = DrawOp.image(ImageOp(image: try Self.quadrants(), rect: Rect(x: 100, y: 100, width: 80, height: 80)))
        let (data, image) = try image(Self.page([op]))
        #expect(image.pixel(x: 110, y: 110) == RasterImage.Pixel(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: 170, y: 110) == RasterImage.Pixel(red: 0, green: 255, blue: 0))
        #expect(image.pixel(x: 110, y: 170) == RasterImage.Pixel(red: 0, green: 0, blue: 255))
        #expect(image.pixel(x: 170, y: 170) == Self.white, "the transparent quadrant shows the page")
        for (x, y) in [(98, 140), (182, 140), (140, 98), (140, 182)] {
            #expect(image.pixel(x: x, y: y) == Self.white, "nothing outside the rect at \(x), \(y)")
        }
        let decoded = try IndependentPNGDecoder.decode(data, sampling: [(110, 110), (170, 110)])
        #expect(decoded.colorType == 2, "a page with colour is written as RGB")
        #expect(decoded.samples == [[255, 0, 0], [0, 255, 0]])
    }

    @Test func translucentPixelsBlendWithThePage() throws {
        let file = TestImages.rgbaPNG(width: 1, height: 1) { _, _ in [0, 0, 0, 128] }
        let op = DrawOp.image(
            ImageOp(image: try Self.decode(file, .png), rect: Rect(x: 10, y: 10, width: 20, height: 20)))
        let pixel = try #require(try image(Self.page([op])).image.pixel(x: 20, y: 20))
        #expect((125...129).contains(Int(pixel.red)) && pixel.red == pixel.green && pixel.green == pixel.blue)
    }

    @Test func greyImageKeepsTheGreyscalePath() throws {
        let file = TestImages.png(width: 2, height: 1, type: .grey, samples: [0, 128])
        let op = DrawOp.image(
            ImageOp(image: try Self.decode(file, .png), rect: Rect(x: 100, y: 100, width: 40, height: 20)))
        let (data, _) = try image(Self.page([op]))
        // Near the rect's edges, where the filter has only one source pixel to draw from.
        let decoded = try IndependentPNGDecoder.decode(data, sampling: [(101, 110), (139, 110)])
        #expect(decoded.colorType == 0)
        #expect(decoded.samples == [[0, 0, 0], [128, 128, 128]])
    }

    @Test func jpegIsDrawnInPNG() throws {
        let file = try TestImages.jpeg(width: 16, height: 16, channels: 3) { _, _ in [16, 185, 129] }
        let op = DrawOp.image(
            ImageOp(image: try Self.decode(file, .jpeg), rect: Rect(x: 50, y: 50, width: 32, height: 32)))
        let pixel = try #require(try image(Self.page([op])).image.pixel(x: 66, y: 66))
        #expect(abs(Int(pixel.red) - 16) <= 6 && abs(Int(pixel.green) - 185) <= 6 && abs(Int(pixel.blue) - 129) <= 6)
    }

    @Test func svgIsDrawnInPNGWithItsAspectKept() throws {
        let svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10" fill="#8B5CF6"/></svg>"##
        // A 2:1 picture in a 40 × 40 rect: drawn 40 × 20, centred vertically.
        let op = DrawOp.image(
            ImageOp(image: try Self.decode(Data(svg.utf8), .svg), rect: Rect(x: 200, y: 200, width: 40, height: 40)))
        let image = try image(Self.page([op])).image
        #expect(image.pixel(x: 220, y: 220) == RasterImage.Pixel(red: 0x8B, green: 0x5C, blue: 0xF6))
        #expect(image.pixel(x: 220, y: 205) == Self.white)
        #expect(image.pixel(x: 220, y: 235) == Self.white)
    }

    @Test func groupRotatesItsChildren() throws {
        // A 40 × 10 bar from (200, 200), turned 90° clockwise about its start: it now points down.
        let bar = DrawOp.rect(RectOp(rect: Rect(x: 200, y: 200, width: 40, height: 10), fill: .black))
        let group = DrawOp.group(GroupOp(transform: .rotation(degrees: 90, about: Point(x: 200, y: 200)), ops: [bar]))
        let image = try image(Self.page([group])).image
        #expect(image.pixel(x: 195, y: 230) == RasterImage.Pixel(red: 0, green: 0, blue: 0))
        #expect(image.pixel(x: 230, y: 205) == Self.white, "nothing where the bar was before turning")
    }

    @Test func rotatedTextIsDrawnRotatedInPNG() throws {
        let font = try TestFont.bold()
        let text = DrawOp.text(font.textOp("PAID", size: 20, at: Point(x: 300, y: 400)))
        let upright = try image(Self.page([text])).image
        let turned = try image(
            Self.page([
                .group(
                    GroupOp(
                        transform: .rotation(degrees: 90, about: Point(x: 300, y: 400)),
                        ops: [text]))
            ])
        ).image
        // Upright, the word lies right of the origin above the baseline; turned 90° clockwise,
        // below the origin and right of it (the glyphs' tops now face right).
        let uprightInk = inked(upright, x: 300...350, y: 385...400)
        #expect(uprightInk > 50)
        #expect(inked(turned, x: 300...350, y: 385...399) == 0)
        let turnedInk = inked(turned, x: 300...318, y: 400...452)
        #expect(abs(turnedInk - uprightInk) < uprightInk / 4, "the same glyphs: \(turnedInk) vs \(uprightInk) pixels")
    }

    @Test func translatedGroupMovesCompositedText() throws {
        let font = try TestFont.regular()
        let text = DrawOp.text(font.textOp("Total", size: 12, at: Point(x: 100, y: 300)))
        let moved = DrawOp.group(
            GroupOp(transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 50, ty: 60), ops: [text]))
        let image = try image(Self.page([moved])).image
        #expect(inked(image, x: 150...190, y: 350...360) > 20)
        #expect(inked(image, x: 100...140, y: 290...300) == 0)
    }

    @Test func strokedRoundedRectInARotatedGroup() throws {
        let box = DrawOp.rect(
            RectOp(
                rect: Rect(x: 400, y: 600, width: 100, height: 50),
                stroke: Stroke(width: 3, color: Color(rgb: 0x10B981)), cornerRadius: 6))
        let group = DrawOp.group(GroupOp(transform: .rotation(degrees: 30, about: Point(x: 450, y: 625)), ops: [box]))
        let image = try image(Self.page([group]), dpi: 144).image
        // The top edge's midpoint (450, 600), turned 30° about the centre, lands at (462.5, 603.35).
        let edge = try #require(image.pixel(x: 925, y: 1207))
        #expect(edge.green > 150 && edge.red < 80, "\(edge)")
        #expect(image.pixel(x: 900, y: 1250) == Self.white, "not filled")
    }

    // MARK: PDF

    @Test func jpegStaysJPEGInPDF() throws {
        let file = try TestImages.jpeg(width: 24, height: 16, channels: 3) { x, _ in
            x < 12 ? [200, 30, 30] : [30, 30, 200]
        }
        let op = DrawOp.image(
            ImageOp(image: try Self.decode(file, .jpeg), rect: Rect(x: 100, y: 100, width: 48, height: 32)))
        let rows = try imageList(try pdfData(Self.page([op])))
        #expect(rows.count == 1)
        #expect(rows.first?[2] == "image" && rows.first?[3] == "24" && rows.first?[4] == "16")
        #expect(rows.first?[8] == "jpeg", "\(rows)")
    }

    @Test func transparentPNGGetsASoftMaskInPDF() throws {
        let data = try pdfData(
            Self.page([.image(ImageOp(image: try Self.quadrants(), rect: Rect(x: 100, y: 100, width: 80, height: 80)))])
        )
        let rows = try imageList(data)
        #expect(rows.map { $0[2] }.sorted() == ["image", "smask"], "\(rows)")
        let page = try rasterisedPDF(data)
        #expect(page.pixel(x: 110, y: 110) == RasterImage.Pixel(red: 255, green: 0, blue: 0))
        #expect(page.pixel(x: 170, y: 170) == Self.white)
    }

    @Test func theSameImageOnTwoPagesIsEmbeddedOnce() throws {
        let op = DrawOp.image(
            ImageOp(
                image: try Self.decode(try TestImages.jpeg(width: 8, height: 8, channels: 1) { _, _ in [60] }, .jpeg),
                rect: Rect(x: 40, y: 40, width: 40, height: 40)))
        let document = Document(
            pages: [Page(size: PaperSize.a4.size, ops: [op]), Page(size: PaperSize.a4.size, ops: [op])],
            metadata: Fixtures.metadata)
        let rows = try imageList(try pdfData(document))
        #expect(rows.count == 2)
        #expect(Set(rows.map { $0[10] }).count == 1, "one object for both pages: \(rows)")
    }

    @Test func svgStaysVectorInPDF() throws {
        let svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#F97316"/></svg>"##
        let op = DrawOp.image(
            ImageOp(image: try Self.decode(Data(svg.utf8), .svg), rect: Rect(x: 300, y: 300, width: 60, height: 60)))
        let data = try pdfData(Self.page([op]))
        #expect(try imageList(data).isEmpty, "no raster image in the PDF")
        let page = try rasterisedPDF(data)
        let centre = try #require(page.pixel(x: 330, y: 330))
        #expect(
            abs(Int(centre.red) - 0xF9) <= 2 && abs(Int(centre.green) - 0x73) <= 2 && abs(Int(centre.blue) - 0x16) <= 2)
        #expect(page.pixel(x: 302, y: 302) == Self.white, "outside the circle")
    }

    @Test func rotatedTextStaysTextInPDF() throws {
        let text = DrawOp.text(try TestFont.bold().textOp("OVERDUE", size: 14, at: Point(x: 400, y: 100)))
        let data = try pdfData(
            Self.page([.group(GroupOp(transform: .rotation(degrees: -12, about: Point(x: 430, y: 95)), ops: [text]))]))
        let result = try Tools.withFile(data, name: "doc.pdf") { try Tools.run("pdftotext", [$0.path, "-"]) }
        // poppler may split a slanted line into pieces, but every letter is text.
        #expect(result.output.filter { !$0.isWhitespace }.sorted() == Array("OVERDUE").sorted(), "\(result.output)")
        let page = try rasterisedPDF(data)
        #expect(inked(page, x: 395...470, y: 80...115) > 40)
    }
}
