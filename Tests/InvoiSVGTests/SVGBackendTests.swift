import Foundation
import InvoiDocument
import InvoiText
import Testing

@testable import InvoiSVG

@Suite struct SVGDocumentTests {
    @Test func onePageGivesOneWellFormedDocument() throws {
        let pages = try SVGFixture.render([SVGFixture.invoicePage(), SVGFixture.invoicePage()])
        #expect(pages.count == 2)
        for svg in pages {
            let file = try temporaryFile("page.svg", contents: svg)
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            #expect(try run("xmllint", ["--noout", file.path]).status == 0)
            #expect(svg.contains("viewBox=\"0 0 595.28 841.89\""))
            #expect(svg.contains("width=\"595.28pt\" height=\"841.89pt\""))
            #expect(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        }
    }

    @Test func eachPageOfSeveralSaysWhichItIsOnItsRootAndAOnePageFileSaysNothing() throws {
        let one = try #require(try SVGFixture.render([SVGFixture.invoicePage()]).first)
        #expect(!one.contains("data-invoi-page"))
        let two = try SVGFixture.render([SVGFixture.invoicePage(), SVGFixture.invoicePage()])
        for (index, svg) in two.enumerated() {
            let root = try #require(svg.split(separator: "\n").dropFirst().first)
            #expect(root.hasPrefix("<svg ") && root.hasSuffix(" data-invoi-page=\"\(index + 1)/2\">"))
        }
    }

    @Test func hostileTextIsEscapedOrRemoved() throws {
        let svg = try #require(try SVGFixture.render([SVGFixture.invoicePage()]).first)
        #expect(!svg.lowercased().contains("<script"))
        #expect(
            svg.contains(
                "&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; ]]&gt; &quot;double&quot; &apos;single&apos; evil [31mred"
            ))
        #expect(!svg.unicodeScalars.contains("\u{202E}"))
        #expect(!svg.unicodeScalars.contains("\u{1B}"))
        #expect(svg.contains("<title>INV-0001 &amp; &lt;Acme&gt;</title>"))
        let outline = try #require(SVGOutline.parse(svg))
        #expect(outline.texts.contains("</text><script>alert(1)</script> & ]]> \"double\" 'single' evil [31mred"))
        // No scripts, no event handlers, no style sheets, no external references.
        #expect(!outline.elements.contains { ["script", "style", "foreignObject", "image"].contains($0.name) })
        for element in outline.elements {
            for (name, value) in element.attributes {
                #expect(!name.lowercased().hasPrefix("on"), "event attribute \(name)")
                if name.hasSuffix("href") {
                    #expect(value.hasPrefix("#g") || value.hasPrefix("mailto:"), "reference \(value)")
                }
            }
        }
    }

    @Test func charactersXMLForbidsAreDropped() throws {
        let page = Page(
            size: PaperSize.a4.size,
            ops: [
                .text(SVGFixture.text("a\u{0}b\u{8}c\u{FFFE}d\u{FFFF}e\u{85}f\tg", at: Point(x: 42, y: 100)))
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        let file = try temporaryFile("page.svg", contents: svg)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(try run("xmllint", ["--noout", file.path]).status == 0)
        #expect(SVGOutline.parse(svg)?.texts == ["abcdef g"])
    }

    @Test func everyTextOpIsInTheInvisibleTextLayer() throws {
        let page = SVGFixture.invoicePage()
        let svg = try #require(try SVGFixture.render([page]).first)
        let outline = try #require(SVGOutline.parse(svg))
        let expected = page.textOps.map { $0.text.unicodeScalars.filter { !["\u{202E}", "\u{1B}"].contains($0) } }
            .map { String(String.UnicodeScalarView($0)) }
        #expect(outline.texts == expected)

        let textElements = outline.elements.filter { $0.name == "text" }
        #expect(textElements.count == page.textOps.count)
        for (element, op) in zip(textElements, page.textOps) {
            #expect(element.attributes["textLength"].flatMap(Double.init).map { abs($0 - op.width) < 0.006 } == true)
            #expect(element.attributes["lengthAdjust"] == "spacingAndGlyphs")
            #expect(element.attributes["font-size"].flatMap(Double.init) == op.font.size)
            #expect(element.attributes["x"].flatMap(Double.init) == op.origin.x)
            #expect(element.attributes["y"].flatMap(Double.init) == op.origin.y)
        }
        // Invisible yet selectable: transparent fill, never display:none or visibility:hidden.
        let layer = try #require(outline.elements.last { $0.name == "g" && $0.attributes["fill-opacity"] != nil })
        #expect(layer.attributes["fill-opacity"] == "0")
        #expect(!svg.contains("display"))
        #expect(!svg.contains("visibility"))
    }

    @Test func eachGlyphIsDefinedOnceAndEveryUseResolves() throws {
        let svg = try #require(try SVGFixture.render([SVGFixture.invoicePage()]).first)
        let outline = try #require(SVGOutline.parse(svg))
        let ids = outline.elements.filter { $0.name == "path" }.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count)
        // Distinct non-blank (face, glyph) pairs of the page: the fake faces give every glyph an outline but the space.
        var distinct = Set<String>()
        for op in SVGFixture.invoicePage().textOps {
            for run in op.runs {
                for glyph in run.glyphs where glyph.id != 32 { distinct.insert("\(run.font.path)#\(glyph.id)") }
            }
        }
        #expect(ids.count == distinct.count)
        #expect(ids == (0..<ids.count).map { "g\($0)" })
        let references = outline.elements.filter { $0.name == "use" }.compactMap { $0.attributes["xlink:href"] }
        #expect(Set(references) == Set(ids.map { "#" + $0 }))
    }

    @Test func glyphsArePlacedInFontUnitsFromTheRunOrigin() throws {
        let page = Page(
            size: PaperSize.a4.size, ops: [.text(SVGFixture.text("AB A", size: 10, at: Point(x: 300, y: 400)))])
        let svg = try #require(try SVGFixture.render([page]).first)
        // 10 pt at 1000 units per em: 0.01 pt per unit; advances 6 pt = 600 units; the space is blank.
        #expect(
            svg.contains(
                "<g fill=\"#111111\" transform=\"translate(300 400) scale(0.01 -0.01)\"><use xlink:href=\"#g0\"/><use xlink:href=\"#g1\" x=\"600\"/><use xlink:href=\"#g0\" x=\"1800\"/></g>"
            ))
        #expect(svg.contains("<path id=\"g0\" d=\"M50 0L550 0L550 700L50 700Z\"/>"))
    }

    @Test func glyphsWithoutOutlineAreSkipped() throws {
        var op = SVGFixture.text("AB", at: Point(x: 100, y: 100))
        op.runs[0].glyphs[1].id = 0xFFFF
        let svg = try #require(try SVGFixture.render([Page(size: PaperSize.a4.size, ops: [.text(op)])]).first)
        #expect(svg.components(separatedBy: "<use ").count == 2)
        #expect(SVGOutline.parse(svg)?.texts == ["AB"])
    }

    @Test func onlyMailtoLinksAreKept() throws {
        let svg = try #require(try SVGFixture.render([SVGFixture.invoicePage()]).first)
        #expect(
            svg.contains(
                "<a xlink:href=\"mailto:hello@acmestudio.com\"><rect x=\"42\" y=\"72\" width=\"108\" height=\"11\" fill=\"#FFFFFF\" fill-opacity=\"0\"/></a>"
            ))
        #expect(!svg.contains("javascript"))
        #expect(!svg.contains("example.invalid"))
        #expect(SVGPageWriter.isMailto("MAILTO:a@b.example"))
        #expect(!SVGPageWriter.isMailto("mailto:"))
        #expect(!SVGPageWriter.isMailto("mail:a@b.example"))
    }

    @Test func linesAndRectsKeepTheirGeometry() throws {
        let svg = try #require(try SVGFixture.render([SVGFixture.invoicePage()]).first)
        #expect(
            svg.contains(
                "<line x1=\"42\" y1=\"238\" x2=\"553.28\" y2=\"238\" stroke=\"#111111\" stroke-width=\"1.125\"/>"))
        #expect(
            svg.contains(
                "<rect x=\"450\" y=\"100\" width=\"80\" height=\"24\" rx=\"4\" fill=\"none\" stroke=\"#10B981\" stroke-width=\"1.5\"/>"
            ))
    }

    @Test func outputIsDeterministic() throws {
        let first = try SVGFixture.render([SVGFixture.invoicePage()])
        let second = try SVGFixture.render([SVGFixture.invoicePage()])
        #expect(first == second)
    }

    @Test func brokenNumbersNeverReachTheFile() throws {
        let page = Page(
            size: Size(width: .nan, height: .infinity),
            ops: [
                .text(SVGFixture.text("x", at: Point(x: .nan, y: .infinity))),
                .line(LineOp(from: Point(x: .nan, y: 0), to: Point(x: 1, y: 1), width: 1, color: .black)),
                .rect(RectOp(rect: Rect(x: 10, y: 10, width: -5, height: .infinity), fill: .black)),
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        let file = try temporaryFile("page.svg", contents: svg)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(try run("xmllint", ["--noout", file.path]).status == 0)
    }
}

@Suite struct SVGRasterTests {
    @Test func rsvgConvertRendersTheInvoice() throws {
        let svg = try #require(try SVGFixture.render([SVGFixture.invoicePage()]).first)
        let file = try temporaryFile("page.svg", contents: svg)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let png = file.deletingPathExtension().appendingPathExtension("png")
        #expect(try run("rsvg-convert", ["--dpi-x", "72", "--dpi-y", "72", "-o", png.path, file.path]).status == 0)
        let data = try Data(contentsOf: png)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// Rasterised by librsvg (through its PDF output and pdftoppm, which gives
    /// plain pixels), shapes land on the pixels their points say.
    @Test func shapesLandOnTheirPixels() throws {
        let page = Page(
            size: Size(width: 200, height: 200),
            ops: [
                .rect(RectOp(rect: Rect(x: 20, y: 20, width: 40, height: 30), fill: Color(rgb: 0x1E40AF))),
                // A 100 pt glyph square: x 100+5…100+55, y from the baseline 180 up to 110.
                .text(SVGFixture.text("A", size: 100, at: Point(x: 100, y: 180), color: Color(rgb: 0xEF4444))),
                .line(LineOp(from: Point(x: 0, y: 100), to: Point(x: 90, y: 100), width: 4, color: .black)),
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        let file = try temporaryFile("page.svg", contents: svg)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let pdf = file.deletingPathExtension().appendingPathExtension("pdf")
        #expect(try run("rsvg-convert", ["-f", "pdf", "-o", pdf.path, file.path]).status == 0)
        let raster = try run("pdftoppm", ["-r", "72", "-singlefile", pdf.path])
        #expect(raster.status == 0)
        let image = try #require(PixelMap(raster.output))
        #expect(image.width == 200 && image.height == 200)

        func isNear(_ pixel: (Int, Int, Int), _ color: Color) -> Bool {
            abs(pixel.0 - Int(color.red)) < 24 && abs(pixel.1 - Int(color.green)) < 24
                && abs(pixel.2 - Int(color.blue)) < 24
        }
        #expect(isNear(image.rgb(x: 40, y: 35), Color(rgb: 0x1E40AF)))  // inside the rect
        #expect(isNear(image.rgb(x: 70, y: 35), .white))  // beside it
        #expect(isNear(image.rgb(x: 130, y: 150), Color(rgb: 0xEF4444)))  // inside the glyph, above the baseline
        #expect(isNear(image.rgb(x: 130, y: 190), .white))  // below the baseline: y is flipped right
        #expect(isNear(image.rgb(x: 102, y: 150), .white))  // left of the glyph's 50-unit side bearing
        #expect(isNear(image.rgb(x: 45, y: 100), .black))  // on the line
        #expect(isNear(image.rgb(x: 45, y: 106), .white))
    }
}

@Suite struct SVGWriterTests {
    @Test(arguments: [
        (0.0, 2, "0"), (-0.001, 2, "0"), (12.5, 2, "12.5"), (595.28, 2, "595.28"), (-3.14159, 2, "-3.14"),
        (0.05, 2, "0.05"), (100, 2, "100"), (0.0048828125, 8, "0.00488281"), (1e20, 2, "0"),
        (Double.nan, 2, "0"), (-Double.infinity, 2, "0"), (1.005, 3, "1.005"), (2.999, 2, "3"),
    ])
    func numbersAreShortAndExact(value: Double, decimals: Int, expected: String) {
        var writer = SVGWriter()
        writer.appendNumber(value, decimals: decimals)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test func escapingCoversTheFiveCharacters() {
        var writer = SVGWriter()
        writer.appendEscaped("a&b<c>d\"e'f 東京 \u{1F600}")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "a&amp;b&lt;c&gt;d&quot;e&apos;f 東京 \u{1F600}")
    }

    @Test func pathDataIsCompact() {
        let data = GlyphLibrary.pathData(
            [
                .move(to: Point(x: 10, y: -20)), .quadCurve(to: Point(x: 30.5, y: 40), control: Point(x: -1, y: 2)),
                .cubicCurve(to: Point(x: 7, y: 8), control1: Point(x: 1, y: 2), control2: Point(x: 3.25, y: -4)),
                .close,
            ], scale: 1)
        #expect(String(decoding: data, as: UTF8.self) == "M10-20Q-1 2 30.5 40C1 2 3.25-4 7 8Z")
    }
}
