import Foundation
import InvoiDocument
import InvoiGolden
import InvoiModel
import InvoiRender
import InvoiText
import Testing

/// Renders every `Goldens/<case>/invoice.json` with every backend and compares with the
/// recorded files, then checks the backends against each other (docs/ARCHITECTURE.md, Goldens).
@Suite struct GoldenTests {
    /// Goldens render with the project's fixed font set, so other installed fonts change nothing.
    static let renderer: Renderer? = try? Renderer(fonts: .fixed)
    static let today = CalendarDate(iso: "2026-03-12")!
    static let creationDate = Date(timeIntervalSince1970: 1_773_273_600)  // 2026-03-12T00:00:00Z

    // Same renderer, same fonts: png output is expected to be exact; the comparison forgives
    // only anti-aliasing differences (between FreeType or Cairo builds), as `invoi golden
    // verify` does.
    static let pngComparison = GoldenFiles.ImageComparison.perPixel(PixelComparison())
    // Other rasterisers (poppler for pdf, librsvg for svg) hint glyph edges their own way:
    // measured on the goldens, their ink differs from the png backend's by at most 15
    // pixel-equivalents in any 16 × 16 square; a dropped line of item text changes it by 34
    // and a line moved down 4 pt by 20 (ToleranceSensitivityTests). Exact placement is
    // pinned by ops.json and the png golden.
    static let crossRendererInkLimit = 18.0
    static let crossRendererComparison = GoldenFiles.ImageComparison.ink(crossRendererInkLimit)

    func load(_ name: String) throws -> Invoice {
        let directory = GoldenFiles.directory(name)
        let url = directory.appendingPathComponent("invoice.json")
        let data = try Data(contentsOf: url)
        // A logo's path is relative to the invoice file, wherever the tests run from. The typed
        // error is caught and thrown on as it is: taking `.invoice` from the typed-throwing call
        // inside an untyped `try` crashed the test process (a null dereference) when a golden
        // stopped decoding, instead of failing that golden.
        do throws(InvoiceDecodingError) {
            let decoded = try InvoiceDecoder(today: Self.today).decode(
                data, file: "Goldens/\(name)/invoice.json", baseDirectory: directory.path)
            return decoded.invoice
        } catch {
            throw error
        }
    }

    /// What a case asks of the render beside its invoice: `Goldens/<case>/settings.json`, when
    /// present, `{"isSigned": true}` (the page of a file that is then signed). An unknown key
    /// fails the case rather than be ignored.
    struct CaseSettings {
        var isSigned = false

        init(_ name: String) throws {
            let url = GoldenFiles.directory(name).appendingPathComponent("settings.json")
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
                "\(url.path) is not a JSON object")
            for (key, value) in object {
                switch key {
                case "isSigned": isSigned = try #require(value as? Bool, "\(url.path): isSigned is true or false")
                default: Issue.record("\(url.path): unknown setting \"\(key)\"")
                }
            }
        }
    }

    func settings(
        _ format: OutputFormat, dpi: Double = 72, color: Bool = false, case options: CaseSettings? = nil
    ) -> RenderSettings {
        var settings = RenderSettings(
            format: format,
            output: OutputOptions(
                dpi: dpi, columns: 100, usesColor: color,
                creator: "invoi"),
            creationDate: Self.creationDate)
        settings.isSigned = options?.isSigned ?? false
        return settings
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
        let options = try CaseSettings(name)
        // A case's design and theme are its invoice's own, resolved as `invoi render` does.
        let themes = ThemeFiles()
        func settings(_ format: OutputFormat, color: Bool = false) throws -> RenderSettings {
            try ThemeChoice().settings(self.settings(format, color: color, case: options), for: invoice, files: themes)
                .settings
        }
        let document = try renderer.document(for: invoice, settings: try settings(.ops))
        if GoldenFiles.isRecording {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            where file.hasPrefix("page-") {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(file))
            }
        }

        // ops: the most precise golden.
        GoldenFiles.expectText(
            text(try renderer.render(invoice, settings: try settings(.ops))),
            matches: directory.appendingPathComponent("ops.json"))

        // png at 72 dpi, one file per page.
        let png = pages(try renderer.render(invoice, settings: try settings(.png)))
        #expect(png.count == document.pages.count)
        for (index, page) in png.enumerated() {
            GoldenFiles.expectImage(
                page, matches: directory.appendingPathComponent("page-\(index + 1).png"),
                by: Self.pngComparison)
        }

        // svg, per page; rasterised by librsvg it must match the png backend.
        let svg = pages(try renderer.render(invoice, settings: try settings(.svg)))
        #expect(svg.count == document.pages.count)
        for (index, page) in svg.enumerated() {
            let golden = directory.appendingPathComponent("page-\(index + 1).svg")
            GoldenFiles.expectText(String(decoding: page, as: UTF8.self), matches: golden)
            let raster = try Tool.check(
                "/usr/bin/rsvg-convert",
                ["--format", "png", "--dpi-x", "72", "--dpi-y", "72", "--background-color", "white"],
                input: page)
            GoldenFiles.expectImage(
                raster, matches: directory.appendingPathComponent("page-\(index + 1).png"),
                by: Self.crossRendererComparison, record: false, what: "svg")
        }

        // The terminal preview, without and with colour.
        let preview = text(try renderer.render(invoice, settings: try settings(.txt)))
        GoldenFiles.expectText(preview, matches: directory.appendingPathComponent("preview.txt"))
        GoldenFiles.expectText(
            text(try renderer.render(invoice, settings: try settings(.txt, color: true))),
            matches: directory.appendingPathComponent("preview.ansi"))

        // pdf: rasterised by poppler it must match the png backend; its text layer has every string.
        let pdfData = pages(try renderer.render(invoice, settings: try settings(.pdf)))[0]
        let rasterDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invoi-golden-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: rasterDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: rasterDirectory) }
        let pdfURL = rasterDirectory.appendingPathComponent("invoice.pdf")
        try pdfData.write(to: pdfURL)
        _ = try Tool.check(
            "/usr/bin/pdftoppm", ["-r", "72", "-png", pdfURL.path, rasterDirectory.appendingPathComponent("page").path])
        let rasters = try FileManager.default.contentsOfDirectory(atPath: rasterDirectory.path)
            .filter { $0.hasPrefix("page") && $0.hasSuffix(".png") }.sorted()
        #expect(rasters.count == document.pages.count)
        for (index, file) in rasters.enumerated() {
            GoldenFiles.expectImage(
                try Data(contentsOf: rasterDirectory.appendingPathComponent(file)),
                matches: directory.appendingPathComponent("page-\(index + 1).png"),
                by: Self.crossRendererComparison, record: false, what: "pdf")
        }
        let pdfText = String(
            decoding: try Tool.check("/usr/bin/pdftotext", ["-layout", pdfURL.path, "-"]), as: UTF8.self)

        // Every string of the ops appears in the PDF text layer, the SVG text layer and the preview.
        let squeezedPDF = squeezed(pdfText)
        let squeezedSVG = squeezed(svg.map { svgTextLayer(String(decoding: $0, as: UTF8.self)) }.joined())
        let squeezedPreview = squeezed(preview)
        for op in document.pages.flatMap(\.textOps) {
            #expect(squeezedSVG.contains(squeezed(op.text)), "\(name): \"\(op.text)\" not in the SVG text layer")
            for word in op.text.split(whereSeparator: \.isWhitespace).flatMap({
                directionalPieces(squeezed(String($0)))
            }) {
                // poppler joins the runs of a mixed-direction line left to right, so the PDF is
                // checked word by word; each word must come out in logical order.
                #expect(
                    squeezedPDF.contains(word) || squeezedPDF.contains(popplerLamAlef(word)),
                    "\(name): \"\(word)\" (of \"\(op.text)\") not in the PDF text layer")
                // The preview shows right-to-left words in visual order.
                #expect(
                    squeezedPreview.contains(word) || squeezedPreview.contains(visualOrder(word)),
                    "\(name): \"\(word)\" not in the text preview")
            }
        }
    }

    /// A word cut where right-to-left letters meet anything else: the extraction tools order
    /// the pieces of a mixed word by position, not logically.
    func directionalPieces(_ word: String) -> [String] {
        enum Kind { case rightToLeft, other, neutral }
        func kind(_ c: Character) -> Kind {
            if c.unicodeScalars.contains(where: { (0x0590...0x08FF).contains($0.value) }) && c.isLetter {
                return .rightToLeft
            }
            return c.isLetter || c.isNumber ? .other : .neutral
        }
        var pieces: [(Kind, String)] = []
        for character in word {
            let k = kind(character)
            // Punctuation takes the direction of what surrounds it, so it stands alone.
            if k != .neutral, let last = pieces.last, last.0 == k {
                pieces[pieces.count - 1].1.append(character)
            } else {
                pieces.append((k, String(character)))
            }
        }
        return pieces.map(\.1)
    }

    /// A right-to-left word as a terminal shows it: characters reversed, digit runs kept in order.
    func visualOrder(_ word: String) -> String {
        var result: [Character] = []
        var digits: [Character] = []
        for character in word.reversed() {
            if character.isNumber && character.isASCII {
                digits.append(character)
            } else {
                result += digits.reversed()
                digits = []
                result.append(character)
            }
        }
        return String(result + digits.reversed())
    }

    /// poppler reverses the two letters of an Arabic lam-alef ligature when it extracts
    /// right-to-left text (the PDF maps the ligature to them in logical order).
    func popplerLamAlef(_ word: String) -> String {
        var scalars = Array(word.unicodeScalars)
        var index = 0
        while index + 1 < scalars.count {
            if scalars[index] == "\u{0644}", (0x0622...0x0627).contains(scalars[index + 1].value) {
                scalars.swapAt(index, index + 1)
                index += 2
            } else {
                index += 1
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The text content of every `<text>` element, unescaped.
    func svgTextLayer(_ svg: String) -> String {
        var result = ""
        var rest = svg[...]
        while let start = rest.range(of: "<text"), let close = rest[start.upperBound...].range(of: ">"),
            let end = rest[close.upperBound...].range(of: "</text>")
        {
            result += rest[close.upperBound..<end.lowerBound]
            rest = rest[end.upperBound...]
        }
        return result.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    func squeezed(_ text: String) -> String {
        String(
            text.unicodeScalars.filter {
                !$0.properties.isWhitespace && !(0x200E...0x200F).contains($0.value)
                    && !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value)
            }.map(Character.init))
    }

}
