import Foundation
import InvoiAssets
import InvoiDocument
import InvoiImageTestSupport
import InvoiModel
import InvoiRender
import Testing

/// A logo's stylesheet cannot restyle the page it is inlined into (svg backend), and
/// still colours the logo itself.
@Suite struct LogoStylesheetTests {
    /// Illustrator-style classes for the logo's own shapes, and rules aimed at what the page
    /// is made of: glyph `<use>`s of `<path>` definitions in coloured groups, rules,
    /// rectangles and the invisible text layer.
    static let hostileLogo = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">
        <defs><style>.cls-1{fill:#1e40af;}.cls-2{fill:#10b981;}
        path,use,rect,line{fill:red;stroke:red;opacity:0}
        g{fill:red} text{fill:red;fill-opacity:1;font-size:40px}</style></defs>
        <circle class="cls-1" cx="25" cy="25" r="20"/><polygon class="cls-2" points="55,5 95,5 95,45 55,45"/>
        </svg>
        """
    static let logoRect = Rect(x: 400, y: 150, width: 96, height: 48)

    private func rasterize(_ document: Document, with renderer: Renderer) throws -> RasterImage {
        guard case .pages(let pages) = try renderer.render(document, settings: RenderSettings(format: .svg)),
            let page = pages.first
        else { throw Tool.Failure(description: "the svg backend wrote no page") }
        let png = try Tool.check(
            "/usr/bin/rsvg-convert",
            [
                "--format", "png", "--dpi-x", "72", "--dpi-y", "72",
                "--background-color", "white",
            ], input: page)
        return try RasterImage(pngData: png)
    }

    @Test func theLogosStylesheetLeavesThePageAlone() throws {
        let renderer = try #require(GoldenTests.renderer, "fonts of the fixed set are missing: run tools/setup")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-css-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("logo.svg")
        try Data(Self.hostileLogo.utf8).write(to: url)
        let logo = try LogoDecoder().decode(contentsOf: url.path, format: .svg)

        let plain = try renderer.document(for: Invoice.sample, settings: RenderSettings(format: .svg))
        var page = try #require(plain.pages.first)
        #expect(page.ops.contains { if case .text = $0 { true } else { false } })
        page.ops.append(.image(ImageOp(image: logo, rect: Self.logoRect)))
        let withLogo = Document(pages: [page], metadata: plain.metadata)

        let before = try rasterize(Document(pages: [plain.pages[0]], metadata: plain.metadata), with: renderer)
        let after = try rasterize(withLogo, with: renderer)
        #expect(before.width == after.width && before.height == after.height)

        // Outside the logo's box (and a pixel of antialiasing), not one pixel changed.
        var ink = 0
        var changed = 0
        for y in 0..<before.height {
            for x in 0..<before.width {
                let inLogo =
                    Double(x) >= Self.logoRect.minX - 1 && Double(x) <= Self.logoRect.maxX + 1
                    && Double(y) >= Self.logoRect.minY - 1 && Double(y) <= Self.logoRect.maxY + 1
                guard !inLogo, let old = before.pixel(x: x, y: y), let new = after.pixel(x: x, y: y) else { continue }
                if old.red < 160 { ink += 1 }
                if old != new { changed += 1 }
            }
        }
        #expect(ink > 5_000, "the page has text to compare: \(ink) dark pixels")
        #expect(changed == 0, "\(changed) pixels outside the logo changed")

        // The logo's own classes still colour its shapes (96 × 48 pt for 100 × 50 px: 0.96 pt a px).
        let circle = try #require(after.pixel(x: 400 + 24, y: 150 + 24))
        let square = try #require(after.pixel(x: 400 + 72, y: 150 + 24))
        #expect(circle == RasterImage.Pixel(red: 0x1E, green: 0x40, blue: 0xAF), "\(circle)")
        #expect(square == RasterImage.Pixel(red: 0x10, green: 0xB9, blue: 0x81), "\(square)")
    }
}
