import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiCairo

@Suite struct PNGBackendTests {
    let backend = PNGBackend(fonts: CairoFontCache())
    static let blue = Color(rgb: 0x3B82F6)

    private func png(_ document: Document, dpi: Double = 72) throws -> Data {
        let pages = try backend.render(document, options: PNGOptions(dpi: dpi)).pageData
        return try #require(pages.first)
    }

    /// IHDR's colour type: 0 greyscale, 2 RGB.
    private func colourType(_ png: Data) -> UInt8 { png[png.startIndex + 25] }

    @Test(arguments: [(PaperSize.a4, 72.0, 596, 842), (.a4, 144, 1191, 1684), (.letter, 72, 612, 792)])
    func pixelSizeFollowsDPI(paper: PaperSize, dpi: Double, width: Int, height: Int) throws {
        let document = Document(pages: [Page(size: paper.size)], metadata: Fixtures.metadata)
        let image = try RasterImage(pngData: try png(document, dpi: dpi))
        #expect(image.width == width)
        #expect(image.height == height)
    }

    /// The `tEXt` chunks before the image data, as keyword and value.
    private func textChunks(_ png: Data) -> [String] {
        let bytes = [UInt8](png)
        var texts: [String] = [], at = 8
        while at + 8 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            if type == "IDAT" { break }
            if type == "tEXt" { texts.append(String(decoding: bytes[at + 8..<at + 8 + length], as: UTF8.self)) }
            at += length + 12
        }
        return texts
    }

    @Test func eachPageOfSeveralSaysWhichItIsAndAOnePageFileSaysNothing() throws {
        let page = Page(size: PaperSize.a4.size)
        let one = try backend.render(Document(pages: [page], metadata: Fixtures.metadata), options: PNGOptions(dpi: 9))
        #expect(try textChunks(#require(one.pageData.first)).isEmpty)
        let two = try backend.render(
            Document(pages: [page, page], metadata: Fixtures.metadata), options: PNGOptions(dpi: 9))
        #expect(two.pageData.map(textChunks) == [["invoi:page\u{0}1/2"], ["invoi:page\u{0}2/2"]])
    }

    @Test func pixelSizeMatchesThePDFRasterised() throws {
        let document = try Fixtures.invoice()
        let pdf = try #require(try PDFBackend().render(document).documentData)
        let rasterised = try rasterise(pdf, dpi: 144)
        let pages = try backend.render(document, options: PNGOptions(dpi: 144)).pageData
        #expect(pages.count == 2)
        #expect(rasterised.count == 2)
        for (ours, theirs) in zip(pages, rasterised) {
            let image = try RasterImage(pngData: ours), reference = try RasterImage(pngData: theirs)
            #expect(image.width == reference.width && image.height == reference.height)
        }
    }

    @Test func greyPageIsWrittenAsGreyscale() throws {
        #expect(colourType(try png(try Fixtures.greyPage())) == 0)
    }

    @Test func colouredPageIsWrittenAsRGB() throws {
        let stamp = DrawOp.rect(RectOp(rect: Rect(x: 400, y: 500, width: 60, height: 30), fill: Self.blue))
        let data = try png(try Fixtures.greyPage(extra: [stamp]))
        #expect(colourType(data) == 2)
        let image = try RasterImage(pngData: data)
        #expect(image.pixel(x: 430, y: 515) == RasterImage.Pixel(red: 0x3B, green: 0x82, blue: 0xF6))
    }

    @Test(arguments: [72.0, 144.0])
    func blackWhereDrawnWhiteElsewhere(dpi: Double) throws {
        let image = try RasterImage(pngData: try png(try Fixtures.greyPage(), dpi: dpi))
        let scale = dpi / 72
        // The black rectangle spans 100…150 × 100…140 pt.
        let inside = image.pixel(x: Int(125 * scale), y: Int(120 * scale))
        #expect(inside == RasterImage.Pixel(red: 0, green: 0, blue: 0))
        for (x, y) in [(20.0, 20.0), (99.0, 120.0), (151.0, 120.0), (125.0, 141.0), (500.0, 800.0)] {
            #expect(
                image.pixel(x: Int(x * scale), y: Int(y * scale)) == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        }
    }

    @Test func textIsDrawnWhereItWasPlaced() throws {
        let image = try RasterImage(pngData: try png(try Fixtures.greyPage(), dpi: 144))
        // "Subtotal 1,234.00" at 9 pt with its baseline at y = 300 pt, from x = 300 pt.
        func inkedPixels(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Int {
            var count = 0
            for py in Int(y.lowerBound * 2)..<Int(y.upperBound * 2) {
                for px in Int(x.lowerBound * 2)..<Int(x.upperBound * 2)
                where image.pixel(x: px, y: py)?.red ?? 255 < 200 {
                    count += 1
                }
            }
            return count
        }
        #expect(inkedPixels(x: 300...390, y: 292...300) > 100)
        #expect(inkedPixels(x: 200...299, y: 280...320) == 0)
        #expect(inkedPixels(x: 300...390, y: 303...320) == 0)
    }

    @Test func independentDecoderAgrees() throws {
        let stamp = DrawOp.rect(RectOp(rect: Rect(x: 400, y: 500, width: 60, height: 30), fill: Self.blue))
        let points = [(x: 125, y: 120), (x: 20, y: 20), (x: 430, y: 515), (x: 320, y: 297)]
        for document in [try Fixtures.greyPage(), try Fixtures.greyPage(extra: [stamp])] {
            let data = try png(document)
            let decoded = try IndependentPNGDecoder.decode(data, sampling: points)
            let image = try RasterImage(pngData: data)
            #expect(decoded.width == 596 && decoded.height == 842)
            #expect(decoded.bitDepth == 8)
            #expect(decoded.chunks == ["IHDR", "pHYs", "IDAT", "IEND"])
            #expect(decoded.pixelsPerMetre == [2835, 2835])  // 72 dpi
            for (point, sample) in zip(points, decoded.samples) {
                let pixel = try #require(image.pixel(x: point.x, y: point.y))
                #expect(sample == [Int(pixel.red), Int(pixel.green), Int(pixel.blue)])
            }
            #expect(decoded.samples[0] == [0, 0, 0])
            #expect(decoded.samples[1] == [255, 255, 255])
            let nonWhite = stride(from: 0, to: image.rgba.count, by: 4).filter {
                image.rgba[$0..<$0 + 3] != [255, 255, 255]
            }
            #expect(decoded.nonWhitePixels == nonWhite.count)
        }
    }

    @Test func pngcheckAcceptsIt() throws {
        guard Tools.isInstalled("pngcheck") else { return }
        let stamp = DrawOp.rect(RectOp(rect: Rect(x: 400, y: 500, width: 60, height: 30), fill: Self.blue))
        for document in [try Fixtures.greyPage(), try Fixtures.greyPage(extra: [stamp]), try Fixtures.invoice()] {
            let data = try png(document, dpi: 144)
            let check = try Tools.withFile(data, name: "page.png") { try Tools.run("pngcheck", [$0.path]) }
            #expect(check.status == 0, "\(check.output)")
            #expect(check.output.contains("OK"))
        }
    }

    @Test func onePNGPerPage() throws {
        let pages = try backend.render(try Fixtures.invoice(), options: PNGOptions(dpi: 72)).pageData
        #expect(pages.count == 2)
        let second = try RasterImage(pngData: pages[1])
        #expect(second.width == 612 && second.height == 792)
    }

    @Test func linksLeaveNoMark() throws {
        let withLink = try png(
            try Fixtures.greyPage(extra: [
                .link(
                    LinkOp(
                        rect: Rect(x: 10, y: 10, width: 100, height: 20),
                        uri: "mailto:a@b.example"))
            ]))
        #expect(withLink == (try png(try Fixtures.greyPage())))
    }

    @Test func rendersConcurrently() async throws {
        let documents = [try Fixtures.invoice(), try Fixtures.greyPage()]
        let options = PNGOptions(dpi: 72)
        let serial = try documents.map { try backend.render($0, options: options).pageData }
        let shared = backend
        try await withThrowingTaskGroup(of: (Int, [Data]).self) { group in
            for round in 0..<8 {
                let index = round % documents.count
                let document = documents[index]
                group.addTask { (index, try shared.render(document, options: options).pageData) }
            }
            for try await (index, pages) in group {
                #expect(pages == serial[index])
            }
        }
    }

    @Test(arguments: [0.0, -72, .nan, .infinity, 100_000])
    func undrawableResolutionIsAnError(dpi: Double) throws {
        let document = try Fixtures.greyPage()
        #expect(throws: BackendError.self) { try backend.render(document, options: PNGOptions(dpi: dpi)) }
    }

    /// Pages of `pdf` rasterised by poppler, as PNG.
    private func rasterise(_ pdf: Data, dpi: Int) throws -> [Data] {
        try Tools.withFile(pdf, name: "invoice.pdf") { file in
            let prefix = file.deletingLastPathComponent().appendingPathComponent("page").path
            let result = try Tools.run("pdftoppm", ["-r", String(dpi), "-png", file.path, prefix])
            guard result.status == 0 else { throw TestError("pdftoppm: \(result.errors)") }
            let directory = file.deletingLastPathComponent()
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix("page") && $0.hasSuffix(".png") }.sorted()
            return try names.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        }
    }
}
