import Foundation
import InvoiDocument
import InvoiModel
import InvoiRender
import InvoiTestSupport
import Testing

/// Every golden invoice, as a tagged PDF claiming PDF/UA-1, passes the PDF/UA-1 rules the outside
/// checker implements: structure tree, marked content for every piece of content, languages,
/// table headers' scope, the logo's alternative text, links' /OBJR and /Contents, /Tabs.
@Suite struct PDFUAConformanceTests {
    func pdf(
        of name: String, format: OutputFormat = .pdf, standards: PDFStandards = [.ua1]
    ) throws -> [UInt8] {
        try pdf(
            of: try PDFCheck.goldenInvoice(name), format: format, standards: standards, isSigned: goldenIsSigned(name))
    }

    func pdf(
        of invoice: Invoice, format: OutputFormat = .pdf, standards: PDFStandards = [.ua1], isSigned: Bool = false
    ) throws -> [UInt8] {
        let renderer = try #require(FacturXTests.renderer, "fonts of the fixed set are missing: run tools/setup")
        let output = OutputOptions(pdfStandards: standards)
        let target = MemoryTarget()
        var settings = RenderSettings(format: format, output: output, creationDate: FacturXTests.date)
        settings.isSigned = isSigned
        // A design golden's own design and theme, as `invoi render` resolves them.
        settings = try ThemeChoice().settings(settings, for: invoice, files: ThemeFiles()).settings
        _ = try renderer.render(invoice, settings: settings, to: target)
        guard case .document(let bytes) = target.output else { throw TestError("the pdf backend wrote pages") }
        return [UInt8](bytes)
    }

    @Test func everyGoldenPassesPDFUA1() throws {
        let names = PDFAConformanceTests.goldenNames
        #expect(names.count >= 40)
        let result = try PDFCheck.run(names.map { ($0, try pdf(of: $0)) }, profiles: ["pdfua-1"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    /// `--pdf-standard ua-1,a-3a` on every golden, and every Factur-X golden (tagged, so
    /// PDF/A-3a): archival and accessible at once.
    @Test func everyGoldenAsPDFA3aPassesBothProfiles() throws {
        var files: [(name: String, bytes: [UInt8])] = []
        for name in PDFAConformanceTests.goldenNames {
            files.append((name, try pdf(of: name, standards: [.ua1, .a3a])))
            if name.hasPrefix("einvoice-"), let facturX = try? pdf(of: name, format: .facturx) {
                files.append(("\(name)-facturx", facturX))
            }
        }
        #expect(files.count > PDFAConformanceTests.goldenNames.count)
        let result = try PDFCheck.run(files, profiles: ["pdfa-3a", "pdfua-1"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    @Test func theCheckerReportsAnUntaggedPDF() throws {
        // Untagged, the same page is no PDF/UA: the test above can fail.
        let renderer = try #require(FacturXTests.renderer)
        var output = OutputOptions()
        output.isTagged = false
        guard
            case .document(let pdf) = try renderer.render(
                Invoice.sample, settings: RenderSettings(format: .pdf, output: output, creationDate: FacturXTests.date))
        else { throw TestError("the pdf backend wrote pages") }
        let result = try PDFCheck.run([("untagged", [UInt8](pdf))], profiles: ["pdfua-1"])
        #expect(result.status == 1)
        let rules = PDFCheck.rules(in: result.output)
        #expect(rules.isSuperset(of: ["7.1-3", "7.1-11", "6.2-1"]), "\(rules)")
    }

    /// Each payment code golden: its code is a Figure whose /Alt names it in the document's
    /// language with the scheme (the ZATCA code's verifies, the others' pay), and the file
    /// passes PDF/UA-1 (the whole-golden test above covers the rest).
    @Test(arguments: [
        ("qr-epc-de", "Zum Bezahlen scannen (EPC GiroCode)"),
        ("qr-swiss-three-pages", "Zum Bezahlen scannen (Swiss QR Code)"),
        ("qr-zatca-ar", "امسح الرمز للتحقق من الفاتورة الضريبية (ZATCA)"),
        ("qr-upi", "Scan to pay (UPI)"),
        ("qr-spayd-cs", "Naskenujte a zaplaťte (QR Platba)"),
    ])
    func aPaymentCodeIsAFigureWithItsAlternativeText(_ name: String, alt: String) throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(name).pdf")
        let bytes = try pdf(of: name)
        try Data(bytes).write(to: file)
        let check = try PDFCheck.run([(name, bytes)], profiles: ["pdfua-1"])
        #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
        let plain = directory.appendingPathComponent("plain.pdf")
        let qpdf = try Tools.run("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", file.path, plain.path])
        #expect(qpdf.status == 0)
        let text = String(decoding: try Data(contentsOf: plain), as: UTF8.self)
        // Cairo writes the text as UTF-16BE with a byte order mark.
        let hex = "feff" + alt.utf16.map { String(format: "%04x", $0) }.joined()
        #expect(text.components(separatedBy: "/Alt <\(hex)>").count - 1 == 1, "\(name): one figure named \(alt)")
        let figures = try structure(of: name).filter { $0.trimmingCharacters(in: .whitespaces) == "Figure" }
        #expect(figures.count == 1)
    }

    /// poppler's view of the structure: each element's type, indented by depth, and the text
    /// of its marked content in quotes; and, when asked, the elements as the file stores them.
    func structure(of name: String) throws -> [String] {
        try structureAndTree(of: name).lines
    }

    func structureAndTree(of name: String) throws -> (lines: [String], tree: [MarkedContent.StructureElement]) {
        try structureAndTree(ofPDF: try pdf(of: name))
    }

    func structureAndTree(ofPDF bytes: [UInt8]) throws -> (lines: [String], tree: [MarkedContent.StructureElement]) {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.pdf")
        try Data(bytes).write(to: file)
        let result = try Tools.run("/usr/bin/pdfinfo", ["-struct-text", file.path])
        #expect(result.status == 0)
        return (
            result.output.split(separator: "\n").map(String.init), try MarkedContent.structureTree(pdfAt: file.path)
        )
    }

    /// The elements down to `depth` (2: the document's children), in order, attributes left out.
    func outline(_ lines: [String], depth: Int = 1) -> [String] {
        lines.filter { line in
            let indent = line.prefix { $0 == " " }.count / 2
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return indent <= depth && !trimmed.hasPrefix("\"") && !trimmed.hasPrefix("/")
                && !trimmed.hasPrefix("Object")
        }.map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " (block)", with: "") }
    }

    /// The sample read top to bottom as a screen reader reads it: every text in this order.
    @Test func theSampleReadsInItsOrder() throws {
        let lines = try structure(of: "sample")
        let texts = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("\"") }
        let expected = [
            "Acme Studio", "hello@acmestudio.com", "+1 234 567 8900", "123 Design Ave, San Francisco", "INVOICE",
            "INV-0001", "BILL TO", "Meridian Group", "client@email.com", "456 Client St, New York",
            "ISSUE DATE Mar 12, 2026", "DUE DATE Apr 11, 2026", "DESCRIPTION", "QTY", "RATE", "AMOUNT",
        ]
        #expect(Array(texts.prefix(expected.count)) == expected.map { "\"\($0)\"" })
        #expect(
            outline(lines) == [
                "Document", "Sect", "H1", "P", "Sect", "Sect", "Table", "Table", "Sect",
            ])
        // The head row, five item rows, and the three totals rows (Subtotal, VAT, Total).
        #expect(outline(lines, depth: 3).filter { $0 == "TR" }.count == 1 + 5 + 3)
        #expect(lines.filter { $0.contains("/Scope /Column") }.count == 4)
        #expect(lines.filter { $0.contains("/Scope /Row") }.count == 3)
        // Rules and the like are artifacts: nothing in the tree that is not text, a link or a figure.
        #expect(!lines.contains { $0.contains("NonStruct") })
    }

    /// Lines of one element, and a label and its value, are read with a space between them, as
    /// the page shows them apart: house number and postcode stay two numbers.
    @Test func linesOfOneElementArePartedByASpace() throws {
        let german = try structure(of: "de-partial-paid").map { $0.trimmingCharacters(in: .whitespaces) }
        for text in ["Friedrichstraße 112 10117 Berlin", "AUSSTELLUNGSDATUM 12.03.2026", "FÄLLIG AM 26.03.2026"] {
            #expect(german.contains("\"\(text)\""), "de-partial-paid reads no \(text)")
        }
        // Wrapped at a space, a long name reads as one; wrapped inside a word (an address with no
        // space to break at) it stays one word.
        let long = try structure(of: "long-wrap").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            long.contains("\"Bartholomew-Featherstonehaugh Holdings Intercontinental Limited Liability Partnership\""))
        #expect(
            long.contains("\"accounts.receivable.department@extraordinarily-long-named-consultancy.example.co.uk\""))
    }

    /// The spaces that part lines in the tagged file are drawn in fonts that draw spaces
    /// already: no font is embedded for them (a right-to-left line starts in its script's font,
    /// whose words are parted by the Latin font's spaces).
    @Test(arguments: ["he-tax-invoice", "ar-tax-invoice", "ja-tax-invoice", "de-partial-paid"])
    func thePartingSpacesEmbedNoFont(_ name: String) throws {
        let invoice = try PDFCheck.goldenInvoice(name)
        var output = OutputOptions()
        output.isTagged = false
        let renderer = try #require(FacturXTests.renderer)
        guard
            case .document(let untagged) = try renderer.render(
                invoice, settings: RenderSettings(format: .pdf, output: output, creationDate: FacturXTests.date))
        else { throw TestError("the pdf backend wrote pages") }
        func fonts(_ bytes: [UInt8]) throws -> [String] {
            let directory = try Tools.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("invoice.pdf")
            try Data(bytes).write(to: file)
            let result = try Tools.run("/usr/bin/pdffonts", [file.path])
            // Each font's name without its subset tag, and the first word of its type (a Latin
            // subset is a TrueType font, the rest of the same face a CID font).
            return result.output.split(separator: "\n").dropFirst(2).map { line in
                let fields = line.split(separator: " ")
                return "\(fields.first?.split(separator: "+").last ?? "") \(fields.dropFirst().first ?? "")"
            }.sorted()
        }
        let tagged = try fonts(try pdf(of: invoice))
        #expect(tagged.count > 3)
        #expect(tagged == (try fonts([UInt8](untagged))), "\(name)")
    }

    /// The copy mark beside the title is read as part of the title's heading ("Invoice Copy"),
    /// not as a second heading of the first level, though its frame is drawn between the two.
    @Test(arguments: [
        ("en-copy", "INVOICE Copy"), ("he-tax-invoice-receipt-original-signed", "חשבונית מס / קבלה מקור"),
    ])
    func theCopyMarkIsPartOfTheTitle(_ name: String, title: String) throws {
        let (lines, tree) = try structureAndTree(of: name)
        #expect(outline(lines).filter { $0 == "H1" }.count == 1)
        let heading = Self.popplerStructure(lines).first { $0.type == "H1" }
        if PDFUAConformanceTests.isRightToLeft(title) {
            #expect(tree.first { $0.type == "H1" }?.actualText == title)
        } else {
            #expect(heading?.text == title)
        }
    }

    /// An invoice without items still shows the items table's head row: it is the table's one
    /// row, its cells column headers (a table head would need a body after it, PDF/UA-1 7.2-14).
    @Test func anInvoiceWithoutItemsHasATableOfItsHeads() throws {
        var invoice = Invoice.sample
        invoice.lineItems = []
        let bytes = try pdf(of: invoice)
        let check = try PDFCheck.run(
            [("no-items", bytes), ("no-items-a3a", try pdf(of: invoice, standards: [.ua1, .a3a]))],
            profiles: ["pdfua-1"])
        #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
        let elements = Self.popplerStructure(try structureAndTree(ofPDF: bytes).lines)
        let table = try #require(elements.firstIndex { $0.type == "Table" })
        let rows = elements[(table + 1)...].prefix { $0.depth > 1 }
        #expect(
            rows.map(\.description) == [
                "  TR", "    TH /Scope /Column \"DESCRIPTION\"", "    TH /Scope /Column \"QTY\"",
                "    TH /Scope /Column \"RATE\"", "    TH /Scope /Column \"AMOUNT\"",
            ])
    }

    /// The Hebrew invoice: the sender's column (the page's right) first, the title the one H1,
    /// the stamp after the invoice number, then Bill To, the dates, the two tables.
    @Test func theHebrewInvoiceReadsInItsOrder() throws {
        let lines = try structure(of: "he-tax-invoice")
        let top = outline(lines)
        #expect(Array(top.prefix(3)) == ["Document", "Sect", "H1"])
        #expect(top.filter { $0 == "H1" }.count == 1)
        #expect(top.filter { $0 == "Table" }.count == 2)
        #expect(outline(lines, depth: 2).contains("THead"))
        #expect(!lines.contains { $0.contains("NonStruct") })
    }

    /// An element as poppler prints it, or as the ops' roles make it: its depth under the
    /// document, its type (a header cell's with its scope) and the text of its own content.
    struct Element: Equatable, CustomStringConvertible {
        var depth: Int
        var type: String
        var text: String

        var description: String {
            String(repeating: "  ", count: max(0, depth - 1)) + type + (text.isEmpty ? "" : " \"\(text)\"")
        }
    }

    /// The tree layout decided, from the golden's ops.json: every node of every op's role, in
    /// the order first met, with the text of the text ops in it (a group's ops are in the
    /// group's role) as the page shows it: one line and the next of an element parted by a
    /// space, unless the line was broken inside a word; artifacts left out.
    static func layoutStructure(of name: String) throws -> [(element: Element, text: String)] {
        let url = PDFAConformanceTests.goldens.appendingPathComponent(name).appendingPathComponent("ops.json")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        var order: [[String]] = []
        var texts: [[String]: String] = [:]
        var lineEnds: [[String]: String] = [:]
        func visit(_ ops: [Any], inherited: String?) {
            for case let op as [String: Any] in ops {
                let role = op["role"] as? String ?? inherited
                if op["op"] as? String == "group" { visit(op["ops"] as? [Any] ?? [], inherited: role) }
                guard let role, !role.hasPrefix("artifact") else { continue }
                let path = role.components(separatedBy: " > ")
                for end in 1...path.count where texts[Array(path[..<end])] == nil {
                    texts[Array(path[..<end])] = ""
                    order.append(Array(path[..<end]))
                }
                if op["op"] as? String == "text", let text = op["text"] as? String {
                    let before = texts[path, default: ""]
                    let spaced =
                        lineEnds[path].map { $0 != "wrappedInWord" } ?? false
                        && before.last?.isWhitespace == false && text.first?.isWhitespace == false
                    texts[path] = before + (spaced ? " " : "") + text
                    lineEnds[path] = op["lineEnd"] as? String ?? "paragraphEnd"
                }
            }
        }
        for case let page as [String: Any] in document?["pages"] as? [Any] ?? [] {
            visit(page["ops"] as? [Any] ?? [], inherited: nil)
        }
        return order.map { path in
            let role = String(path.last?.split(separator: " ").first ?? "")
            let type =
                switch role {
                case "TH(row)": "TH /Scope /Row"
                case "TH": "TH /Scope /Column"
                default: role
                }
            let text = texts[path] ?? ""
            return (Element(depth: path.count, type: type, text: comparable(text)), text)
        }
    }

    /// poppler's `-struct-text` lines as elements, the document element left out.
    static func popplerStructure(_ lines: [String]) -> [Element] {
        var elements: [Element] = []
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("Object ") { continue }
            if trimmed.hasPrefix("\"") {
                if !elements.isEmpty { elements[elements.count - 1].text += String(trimmed.dropFirst().dropLast()) }
            } else if trimmed.hasPrefix("/") {
                if trimmed.hasPrefix("/Scope"), !elements.isEmpty { elements[elements.count - 1].type += " " + trimmed }
            } else {
                let type = String(trimmed.split(separator: " ").first ?? "").trimmingCharacters(in: [":"])
                elements.append(Element(depth: line.prefix { $0 == " " }.count / 2, type: type, text: ""))
            }
        }
        return elements.filter { $0.depth > 0 }.map {
            Element(depth: $0.depth, type: $0.type, text: comparable($0.text))
        }
    }

    /// Text as both sides can give it: without bidi controls; right-to-left text (which poppler
    /// gives in the order its glyphs are drawn) as its characters sorted, without spaces.
    static func comparable(_ text: String) -> String {
        let scalars = text.unicodeScalars.filter {
            !(0x2066...0x2069).contains($0.value) && ![0x200E, 0x200F, 0x61C].contains($0.value)
        }
        let rightToLeft = isRightToLeft(String(String.UnicodeScalarView(scalars)))
        guard rightToLeft else { return String(String.UnicodeScalarView(scalars)) }
        return String(
            String.UnicodeScalarView(scalars.filter { !$0.properties.isWhitespace }.sorted { $0.value < $1.value }))
    }

    /// The PDF's structure tree, as poppler reads it, is the one layout put in the ops: the same
    /// elements in the same order at the same depths, each with its text, its lines and a label
    /// and its value parted by a space. poppler gives right-to-left text in drawing order, so
    /// that is compared by its characters, and the element's /ActualText, which a screen reader
    /// reads, with the ops' text in logical order, spaces and all. The copy mark is read in the
    /// title's heading (en-copy, and the Hebrew receipt marked Original), not as a second one.
    @Test(arguments: [
        "sample", "he-tax-invoice", "he-rtl-long", "de-partial-paid", "long-wrap", "en-copy",
        "he-tax-invoice-receipt-original-signed",
    ])
    func theTreeIsTheOneLayoutDecided(name: String) throws {
        let layout = try Self.layoutStructure(of: name)
        let expected = layout.map(\.element)
        let (lines, tree) = try structureAndTree(of: name)
        let actual = Self.popplerStructure(lines)
        #expect(expected.count > 40 && expected.contains { !$0.text.isEmpty })
        let first =
            zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, actual.count)
        #expect(
            actual == expected,
            "\(name): from element \(first): expected \(expected.dropFirst(first).prefix(3)), got \(actual.dropFirst(first).prefix(3))"
        )
        // The file's own elements, the document element left out, in the same order.
        let stored = tree.filter { $0.depth > 0 }
        #expect(stored.map { "\($0.depth) \($0.type)" } == actual.map { "\($0.depth) \($0.type.prefix { $0 != " " })" })
        var rightToLeft = 0
        for ((element, text), file) in zip(layout, stored) where Self.isRightToLeft(text) {
            rightToLeft += 1
            #expect(
                Self.withoutBidiControls(file.actualText ?? "") == Self.withoutBidiControls(text),
                "\(name): \(element.type) reads \(file.actualText ?? "nothing"), layout wrote \(text)")
        }
        #expect(name.hasPrefix("he-") ? rightToLeft > 10 : rightToLeft == 0)
    }

    static func isRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            (0x0590...0x08FF).contains($0.value) || (0xFB1D...0xFDFF).contains($0.value)
                || (0xFE70...0xFEFF).contains($0.value)
        }
    }

    /// Text without bidi controls.
    static func withoutBidiControls(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    !(0x2066...0x2069).contains($0.value) && ![0x200E, 0x200F, 0x61C].contains($0.value)
                }))
    }

    /// Three pages, one items table: its rows are one body, however many pages they run over,
    /// and the header repeated on later pages is not read again.
    @Test func theThreePageInvoiceHasOneItemsTable() throws {
        let lines = try structure(of: "he-rtl-long")
        let top = outline(lines)
        #expect(top.filter { $0 == "Table" }.count == 2, "the items and the totals")
        let second = outline(lines, depth: 2)
        #expect(second.filter { $0 == "THead" }.count == 1)
        #expect(second.filter { $0 == "TBody" }.count == 1)
        let directory = PDFAConformanceTests.goldens.appendingPathComponent("he-rtl-long")
        let invoice =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: directory.appendingPathComponent("invoice.json"))) as? [String: Any]
        let items = (invoice?["lineItems"] as? [Any])?.count ?? 0
        #expect(items > 20)
        let rows = lines.filter { $0.trimmingCharacters(in: .whitespaces) == "TR" && $0.hasPrefix("      TR") }
        #expect(rows.count == 1 + items, "the head row, then one row per item (a row cut by a page break one row)")
        #expect(lines.filter { $0.contains("/Scope /Column") }.count == 4, "the header read once")
    }
}

/// Layout gives every op it makes a role: a new draw op that forgets its own makes this fail
/// (and the tagged PDF shows it as untagged content, which the conformance test above catches).
@Suite struct ContentRoleTests {
    @Test func everyOpOfEveryGoldenHasARole() throws {
        let renderer = try #require(FacturXTests.renderer)
        for name in PDFAConformanceTests.goldenNames {
            let invoice = try PDFCheck.goldenInvoice(name)
            var settings = RenderSettings(format: .ops, creationDate: FacturXTests.date)
            settings.isSigned = try goldenIsSigned(name)
            guard case .document(let json) = try renderer.render(invoice, settings: settings)
            else { throw TestError("the ops backend wrote pages") }
            let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
            var ops = 0
            var roleless: [String] = []
            // Every op carries a role, or is in a group that does.
            func visit(_ list: [Any], inherited: Bool) {
                for case let op as [String: Any] in list {
                    ops += 1
                    let hasRole = op["role"] is String || inherited
                    if !hasRole { roleless.append(op["op"] as? String ?? "?") }
                    if op["op"] as? String == "group" { visit(op["ops"] as? [Any] ?? [], inherited: hasRole) }
                }
            }
            for case let page as [String: Any] in object?["pages"] as? [Any] ?? [] {
                visit(page["ops"] as? [Any] ?? [], inherited: false)
            }
            #expect(ops > 0 && roleless.isEmpty, "\(name): ops without a role: \(roleless)")
        }
    }
}

/// Whether the golden's page is that of a signed file (`settings.json`: `{"isSigned": true}`),
/// whose footer then holds one more line.
func goldenIsSigned(_ name: String) throws -> Bool {
    let url = PDFAConformanceTests.goldens.appendingPathComponent(name).appendingPathComponent("settings.json")
    guard FileManager.default.fileExists(atPath: url.path) else { return false }
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    return object?["isSigned"] as? Bool ?? false
}
