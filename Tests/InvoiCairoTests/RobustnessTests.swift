import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiCairo

/// Odd display lists render or fail with an error; they never crash.
@Suite struct RobustnessTests {
    static func oddPage() throws -> Page {
        let font = try TestFont.regular()
        var ops: [DrawOp] = []
        for value in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 0] {
            var text = font.textOp("Total", size: 12, at: Point(x: value, y: 100))
            ops.append(.text(text))
            text.origin = Point(x: 100, y: value)
            ops.append(.text(text))
            text.origin = Point(x: 100, y: 100)
            text.runs[0].size = value
            ops.append(.text(text))
            text.runs[0].size = 12
            text.runs[0].glyphs[0].advance = value
            text.runs[0].glyphs[1].offset = Point(x: value, y: value)
            ops.append(.text(text))
            ops.append(.line(LineOp(from: Point(x: value, y: 10), to: Point(x: 100, y: 10), width: 1, color: .black)))
            ops.append(.line(LineOp(from: Point(x: 10, y: 10), to: Point(x: 100, y: 10), width: value, color: .black)))
            ops.append(
                .rect(
                    RectOp(
                        rect: Rect(x: 10, y: 10, width: value, height: 10), fill: .black,
                        stroke: Stroke(width: value, color: .black), cornerRadius: value)))
            ops.append(.link(LinkOp(rect: Rect(x: value, y: 10, width: 10, height: 10), uri: "mailto:a@b")))
        }
        // Text whose runs point outside it or into the middle of a character, or have no glyphs.
        var broken = font.textOp("€uro", size: 12, at: Point(x: 50, y: 200))
        broken.runs[0].textRange = 1..<40
        ops.append(.text(broken))
        broken.runs[0].textRange = 1..<3
        ops.append(.text(broken))
        broken.runs[0].glyphs = []
        ops.append(.text(broken))
        // A glyph id the font does not have.
        var missing = font.textOp("A", size: 12, at: Point(x: 50, y: 300))
        missing.runs[0].glyphs[0].id = 0xFFFF_FF
        ops.append(.text(missing))
        ops.append(.rect(RectOp(rect: Rect(x: 10, y: 10, width: -5, height: 10), fill: .black)))
        ops.append(.link(LinkOp(rect: Rect(x: 10, y: 10, width: 10, height: 10), uri: "mailto:\u{0}'\\)(")))
        return Page(size: PaperSize.a4.size, ops: ops)
    }

    @Test func oddOpsAreLeftOutAndTheRestDrawn() throws {
        let document = Document(pages: [try Self.oddPage()], metadata: Fixtures.metadata)
        let pdf = try #require(try PDFBackend(fonts: CairoFontCache()).render(document).documentData)
        let info = try Tools.withFile(pdf, name: "odd.pdf") { try Tools.run("pdftotext", [$0.path, "-"]) }
        #expect(info.status == 0)
        #expect(info.errors.isEmpty, "\(info.errors)")
        #expect(info.output.contains("Total"))
        let png = try PNGBackend(fonts: CairoFontCache()).render(document, options: PNGOptions(dpi: 72)).pageData
        #expect(png.count == 1)
        #expect(try RasterImage(pngData: png[0]).width == 596)
    }

    @Test func oddMetadataStillRenders() throws {
        var document = try Fixtures.invoice()
        document.metadata = DocumentMetadata(
            title: "a\u{0}b\"(c)\\", author: String(repeating: "é", count: 5000),
            subject: "\u{202E}rtl", creationDate: Date(timeIntervalSince1970: -1e12))
        let pdf = try #require(try PDFBackend(fonts: CairoFontCache()).render(document).documentData)
        let info = try Tools.withFile(pdf, name: "odd.pdf") { try Tools.run("pdfinfo", [$0.path]) }
        #expect(info.status == 0)
        #expect(info.output.contains("Pages:           2"))
    }
}
