import Foundation
import InvoiDocument
import InvoiEInvoice
import InvoiModel
import InvoiPDFFile
import InvoiRender
import Testing

/// What each backend declares and writes for a document in another language (§10).
@Suite struct LanguageOutputTests {
    static let renderer: Renderer? = try? Renderer(fonts: .fixed)

    func invoice(_ name: String) throws -> Invoice {
        let url = GoldenFiles.directory(name).appendingPathComponent("invoice.json")
        return try InvoiceDecoder(today: GoldenTests.today).decode(Data(contentsOf: url), file: url.path).invoice
    }

    func render(_ invoice: Invoice, _ format: OutputFormat, options: OutputOptions = OutputOptions()) throws -> [Data] {
        let renderer = try #require(Self.renderer, "fonts of the fixed set are missing: run tools/setup")
        return switch try renderer.render(invoice, settings: RenderSettings(format: format, output: options)) {
        case .document(let data): [data]
        case .pages(let pages): pages
        }
    }

    /// The language and the reading direction go into the catalog as Cairo's file passes, beside
    /// the structure tree; the file is one revision with one cross-reference stream, and every
    /// entry of it leads to its object, Cairo's (moved by what was added before them) and invoi's
    /// (in object streams).
    @Test func thePDFDeclaresLanguageAndDirection() throws {
        let bytes = [UInt8](try render(invoice("he-tax-invoice"), .pdf)[0])
        // Byte for character, so that offsets in the text are offsets in the file.
        let hebrew = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        #expect(hebrew.contains("/Lang (he) /ViewerPreferences << /DisplayDocTitle true /Direction /R2L >>"))
        let offsets = hebrew.matches(of: /startxref\n(\d+)/).map { Int($0.1)! }
        #expect(offsets.count == 1, "one revision")
        let file = try PDFCrossReference(bytes)
        #expect(file.trailer["/Type"]?.isName("/XRef") == true)
        var placed = 0
        var compressed = 0
        for (number, entry) in file.entries {
            switch entry {
            case .inUse(let offset):
                #expect(String(decoding: bytes[offset..<(offset + 12)], as: UTF8.self).hasPrefix("\(number) 0 obj"))
                placed += 1
            case .compressed:
                // Read out of its object stream: a dictionary or an array, never nothing.
                let object = try file.object(number)
                let isArray = if case .array = object { true } else { false }
                #expect(object.dictionary != nil || isArray, "object \(number)")
                compressed += 1
            case .free: break
            }
        }
        #expect(placed >= 10 && compressed >= 50, "\(placed) objects in place, \(compressed) in object streams")

        let german = String(decoding: try render(invoice("de-partial-paid"), .pdf)[0], as: UTF8.self)
        #expect(german.contains("/Lang (de)") && !german.contains("/R2L"))
        // A tagged PDF names its language whatever it is.
        let english = String(decoding: try render(Invoice.sample, .pdf)[0], as: UTF8.self)
        #expect(english.contains("/Lang (en)") && !english.contains("/R2L"))
    }

    @Test func theSVGDeclaresLanguageAndDirection() throws {
        let hebrew = String(decoding: try render(invoice("he-tax-invoice"), .svg)[0], as: UTF8.self)
        #expect(hebrew.contains(#"xml:lang="he" lang="he" direction="rtl">"#))
        #expect(hebrew.contains(#"<text direction="rtl""#))
        let english = String(decoding: try render(Invoice.sample, .svg)[0], as: UTF8.self)
        #expect(english.contains(#"xml:lang="en" lang="en">"#) && !english.contains("direction="))
    }

    /// Visual order for terminals that do not reorder; logical order, each line in an
    /// isolate, for those that do. Either way no line is wider than the grid.
    @Test func thePreviewWritesBothOrdersWithinItsWidth() throws {
        let hebrew = try invoice("he-tax-invoice")
        for width in [60, 80, 100, 133] {
            for bidi in BidiOrder.allCases {
                let text = String(
                    decoding: try render(hebrew, .txt, options: OutputOptions(columns: width, bidi: bidi))[0],
                    as: UTF8.self)
                for line in text.split(separator: "\n") {
                    let cells = line.unicodeScalars.filter {
                        !(0x2066...0x2069).contains($0.value) && $0.properties.generalCategory != .nonspacingMark
                    }.count
                    #expect(cells <= width, "\(bidi) at \(width): \(line)")
                }
                switch bidi {
                case .visual:
                    #expect(text.contains("סמ תינובשח"), "the title as shown, right to left")
                    #expect(!text.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
                case .terminal:
                    #expect(text.contains("\u{2067}חשבונית מס\u{2069}"), "the title in logical order, isolated")
                }
            }
        }
    }

    @Test func languageOnTheCommandLineOverridesTheInvoice() throws {
        let renderer = try #require(Self.renderer)
        var settings = RenderSettings(format: .ops)
        settings.language = "de"
        let document = try renderer.document(for: try invoice("he-tax-invoice"), settings: settings)
        #expect(document.metadata.language == "de" && document.metadata.direction == .leftToRight)
        #expect(document.pages.flatMap(\.textOps).contains { $0.text == "RECHNUNG" })
    }

    /// A Persian document's numbers are Persian digits in every backend (the preview within its
    /// width); `--digits` overrides the default; identifiers stay ASCII.
    @Test func persianDigitsReachThePreviewWithinItsWidth() throws {
        let persian = try invoice("fa-estimate")
        for width in [60, 80, 100] {
            for bidi in BidiOrder.allCases {
                let text = String(
                    decoding: try render(persian, .txt, options: OutputOptions(columns: width, bidi: bidi))[0],
                    as: UTF8.self)
                for line in text.split(separator: "\n") {
                    // The descriptions' zero-width non-joiners take no cell.
                    let cells = line.unicodeScalars.filter {
                        ![.nonspacingMark, .format].contains($0.properties.generalCategory)
                    }.count
                    #expect(cells <= width, "\(bidi) at \(width): \(line)")
                }
                #expect(text.contains("۱۲٬۴۹۵٫۰۰") && text.contains("EST-1405-08"))
            }
        }
        let svg = String(decoding: try render(persian, .svg)[0], as: UTF8.self)
        #expect(svg.contains("۱۲ مارس ۲۰۲۶"))
    }

    @Test func digitsOnTheCommandLineOverrideTheInvoice() throws {
        let renderer = try #require(Self.renderer)
        let persian = try invoice("fa-estimate")
        let native = try renderer.document(for: persian, settings: RenderSettings(format: .ops))
        #expect(native.pages.flatMap(\.textOps).contains { $0.text == "۱۲ مارس ۲۰۲۶" })
        let latin = try renderer.document(for: persian, settings: RenderSettings(format: .ops, digits: .latin))
        let texts = latin.pages.flatMap(\.textOps).map(\.text)
        #expect(texts.contains("12 مارس 2026") && !texts.contains { $0.contains("۲۰۲۶") })
    }

    /// XML carries numbers in Latin digits, whatever the page shows.
    @Test func eInvoicesKeepLatinDigits() throws {
        var german = try invoice("einvoice-xrechnung-de")
        german.language = "fa"
        german.digits = .native
        let xml = String(decoding: try CIIWriter().write(german), as: UTF8.self)
        #expect(xml.contains("<ram:GrandTotalAmount>"))
        #expect(!xml.unicodeScalars.contains { (0x06F0...0x06F9).contains($0.value) })
    }
}
