import Foundation
import InvoiCairo
import InvoiDocument
import InvoiModel
import InvoiRender
import InvoiText
import Testing

/// Renders every `Goldens/<case>/invoice.json` with every backend and compares with the
/// recorded files, then checks the backends against each other (DESIGN.md §8).
@Suite struct GoldenTests {
    /// Goldens render with the project's fixed font set, so other installed fonts change nothing.
    static let renderer: Renderer? = try? Renderer(fonts: .fixed)
    static let today = CalendarDate(iso: "2026-03-12")!
    static let creationDate = Date(timeIntervalSince1970: 1_773_273_600)  // 2026-03-12T00:00:00Z

    // Same renderer, same machine: png output is expected to be exact; the tolerance absorbs
    // antialiasing differences between Cairo builds only.
    static let pngTolerance: (channel: UInt8, fraction: Double) = (8, 0.001)
    // Another rasteriser (poppler, librsvg) antialiases glyph edges differently; a layout
    // change moves whole glyphs and shows up far beyond this.
    static let crossRendererTolerance: (channel: UInt8, fraction: Double) = (96, 0.01)

    func load(_ name: String) throws -> Invoice {
        let url = GoldenFiles.directory(name).appendingPathComponent("invoice.json")
        return try InvoiceDecoder(today: Self.today).decode(Data(contentsOf: url), file: "Goldens/\(name)/invoice.json").invoice
    }

    func settings(_ format: OutputFormat, dpi: Double = 72, color: Bool = false) -> RenderSettings {
        RenderSettings(format: format, backend: BackendOptions(dpi: dpi, columns: 100, usesColor: color,
                                                               creator: "invoi"),
                       creationDate: Self.creationDate)
    }

    func pages(_ output: RenderedOutput) -> [Data] {
        switch output {
        case .document(let data): [data]
        case .pages(let pages): pages
        }
    }

    func text(_ output: RenderedOutput) -> String {
        String(decoding: pages(output).first ?? Data(), as: UTF8.self)
    }

    @Test(arguments: GoldenFiles.caseNames)
    func golden(_ name: String) throws {
        let renderer = try #require(Self.renderer, "fonts of the fixed set are missing: run tools/setup")
        let directory = GoldenFiles.directory(name)
        let invoice = try load(name)
        let document = renderer.document(for: invoice, settings: settings(.ops))
        if GoldenFiles.isRecording {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where file.hasPrefix("page-") {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(file))
            }
        }

        // ops: the most precise golden.
        GoldenFiles.expectText(text(try renderer.render(invoice, settings: settings(.ops))),
                               matches: directory.appendingPathComponent("ops.json"))

        // png at 72 dpi, one file per page.
        let png = pages(try renderer.render(invoice, settings: settings(.png)))
        #expect(png.count == document.pages.count)
        for (index, page) in png.enumerated() {
            GoldenFiles.expectImage(page, matches: directory.appendingPathComponent("page-\(index + 1).png"),
                                    channelTolerance: Self.pngTolerance.channel,
                                    allowedFraction: Self.pngTolerance.fraction)
        }

        // svg, per page; rasterised by librsvg it must match the png backend.
        let svg = pages(try renderer.render(invoice, settings: settings(.svg)))
        #expect(svg.count == document.pages.count)
        for (index, page) in svg.enumerated() {
            let golden = directory.appendingPathComponent("page-\(index + 1).svg")
            GoldenFiles.expectText(String(decoding: page, as: UTF8.self), matches: golden)
            let raster = try Tool.check("/usr/bin/rsvg-convert", ["--format", "png", "--background-color", "white"],
                                        input: page)
            GoldenFiles.expectImage(raster, matches: directory.appendingPathComponent("page-\(index + 1).png"),
                                    channelTolerance: Self.crossRendererTolerance.channel,
                                    allowedFraction: Self.crossRendererTolerance.fraction, record: false, what: "svg")
        }

        // The terminal preview, without and with colour.
        let preview = text(try renderer.render(invoice, settings: settings(.txt)))
        GoldenFiles.expectText(preview, matches: directory.appendingPathComponent("preview.txt"))
        GoldenFiles.expectText(text(try renderer.render(invoice, settings: settings(.txt, color: true))),
                               matches: directory.appendingPathComponent("preview.ansi"))

        // pdf: rasterised by poppler it must match the png backend; its text layer has every string.
        let pdfData = pages(try renderer.render(invoice, settings: settings(.pdf)))[0]
        let rasterDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-golden-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: rasterDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: rasterDirectory) }
        let pdfURL = rasterDirectory.appendingPathComponent("invoice.pdf")
        try pdfData.write(to: pdfURL)
        try Tool.check("/usr/bin/pdftoppm", ["-r", "72", "-png", pdfURL.path, rasterDirectory.appendingPathComponent("page").path])
        let rasters = try FileManager.default.contentsOfDirectory(atPath: rasterDirectory.path)
            .filter { $0.hasPrefix("page") && $0.hasSuffix(".png") }.sorted()
        #expect(rasters.count == document.pages.count)
        for (index, file) in rasters.enumerated() {
            GoldenFiles.expectImage(try Data(contentsOf: rasterDirectory.appendingPathComponent(file)),
                                    matches: directory.appendingPathComponent("page-\(index + 1).png"),
                                    channelTolerance: Self.crossRendererTolerance.channel,
                                    allowedFraction: Self.crossRendererTolerance.fraction, record: false, what: "pdf")
        }
        let pdfText = String(decoding: try Tool.check("/usr/bin/pdftotext", ["-layout", pdfURL.path, "-"]), as: UTF8.self)

        // Every string of the ops appears in the PDF text layer, the SVG text layer and the preview.
        let squeezedPDF = squeezed(pdfText)
        let squeezedSVG = squeezed(svg.map { svgTextLayer(String(decoding: $0, as: UTF8.self)) }.joined())
        let squeezedPreview = squeezed(preview)
        for op in document.pages.flatMap(\.textOps) {
            let needle = squeezed(op.text)
            #expect(squeezedPDF.contains(needle) || containsRTL(squeezedPDF, needle), "\(name): \"\(op.text)\" not in the PDF text layer")
            #expect(squeezedSVG.contains(needle), "\(name): \"\(op.text)\" not in the SVG text layer")
            for word in op.text.split(whereSeparator: \.isWhitespace) {
                #expect(squeezedPreview.contains(squeezed(String(word))) || containsRTL(squeezedPreview, squeezed(String(word))),
                        "\(name): \"\(word)\" not in the text preview")
            }
        }
    }

    /// The text content of every `<text>` element, unescaped.
    func svgTextLayer(_ svg: String) -> String {
        var result = ""
        var rest = svg[...]
        while let start = rest.range(of: "<text"), let close = rest[start.upperBound...].range(of: ">"),
              let end = rest[close.upperBound...].range(of: "</text>") {
            result += rest[close.upperBound..<end.lowerBound]
            rest = rest[end.upperBound...]
        }
        return result.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace && !(0x200E...0x200F).contains($0.value)
            && !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value) }.map(Character.init))
    }

    /// A right-to-left string may be extracted in visual order by some tools; accept that too.
    func containsRTL(_ haystack: String, _ needle: String) -> Bool {
        haystack.contains(String(needle.reversed()))
    }
}
