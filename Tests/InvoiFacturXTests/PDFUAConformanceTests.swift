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
        let renderer = try #require(FacturXTests.renderer, "fonts of the fixed set are missing: run tools/setup")
        let directory = PDFAConformanceTests.goldens.appendingPathComponent(name)
        let data = try Data(contentsOf: directory.appendingPathComponent("invoice.json"))
        let (invoice, _) = try InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 12)!)
            .decode(data, file: "\(name)/invoice.json", baseDirectory: directory.path)
        let output = OutputOptions(pdfStandards: standards)
        let target = MemoryTarget()
        var settings = RenderSettings(format: format, output: output, creationDate: FacturXTests.date)
        settings.isSigned = try goldenIsSigned(name)
        _ = try renderer.render(invoice, settings: settings, to: target)
        guard case .document(let bytes) = target.output else { throw TestError("the pdf backend wrote pages") }
        return [UInt8](bytes)
    }

    @Test func everyGoldenPassesPDFUA1() throws {
        let names = PDFAConformanceTests.goldenNames
        #expect(names.count >= 40)
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for name in names {
            let file = directory.appendingPathComponent("\(name).pdf")
            try Data(try pdf(of: name)).write(to: file)
            files.append(file.path)
        }
        let result = try Tools.run(PDFAConformanceTests.checker, files + ["--profile", "pdfua-1"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    /// `--pdf-standard ua-1,a-3a` on every golden, and every Factur-X golden (tagged, so
    /// PDF/A-3a): archival and accessible at once.
    @Test func everyGoldenAsPDFA3aPassesBothProfiles() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for name in PDFAConformanceTests.goldenNames {
            let file = directory.appendingPathComponent("\(name).pdf")
            try Data(try pdf(of: name, standards: [.ua1, .a3a])).write(to: file)
            files.append(file.path)
            if name.hasPrefix("einvoice-"), let facturX = try? pdf(of: name, format: .facturx) {
                let file = directory.appendingPathComponent("\(name)-facturx.pdf")
                try Data(facturX).write(to: file)
                files.append(file.path)
            }
        }
        #expect(files.count > PDFAConformanceTests.goldenNames.count)
        let result = try Tools.run(
            PDFAConformanceTests.checker, files + ["--profile", "pdfa-3a", "--profile", "pdfua-1"])
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
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("untagged.pdf")
        try pdf.write(to: file)
        let result = try Tools.run(PDFAConformanceTests.checker, [file.path, "--profile", "pdfua-1"])
        #expect(result.status == 1)
        let rules = Set(result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
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
        try Data(try pdf(of: name)).write(to: file)
        let check = try Tools.run(PDFAConformanceTests.checker, [file.path, "--profile", "pdfua-1"])
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
    /// of its marked content in quotes.
    func structure(of name: String) throws -> [String] {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(name).pdf")
        try Data(try pdf(of: name)).write(to: file)
        let result = try Tools.run("/usr/bin/pdfinfo", ["-struct-text", file.path])
        #expect(result.status == 0)
        return result.output.split(separator: "\n").map(String.init)
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
            "ISSUE DATEMar 12, 2026", "DUE DATEApr 11, 2026", "DESCRIPTION", "QTY", "RATE", "AMOUNT",
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
            let directory = PDFAConformanceTests.goldens.appendingPathComponent(name)
            let data = try Data(contentsOf: directory.appendingPathComponent("invoice.json"))
            let (invoice, _) = try InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 12)!)
                .decode(data, file: "\(name)/invoice.json", baseDirectory: directory.path)
            var settings = RenderSettings(format: .ops, creationDate: FacturXTests.date)
            settings.isSigned = try goldenIsSigned(name)
            guard case .document(let json) = try renderer.render(invoice, settings: settings)
            else { throw TestError("the ops backend wrote pages") }
            let text = String(decoding: json, as: UTF8.self)
            // Every op object carries a role (a group's children are tagged with the group).
            let ops = text.components(separatedBy: "\"op\": \"").count - 1
            let groupChildren = try Self.groupChildren(in: json)
            let roles = text.components(separatedBy: "\"role\": \"").count - 1
            #expect(roles >= ops - groupChildren && ops > 0, "\(name): \(ops) ops, \(roles) roles")
        }
    }

    static func groupChildren(in json: Data) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        let pages = object?["pages"] as? [[String: Any]] ?? []
        var count = 0
        for page in pages {
            for case let op as [String: Any] in page["ops"] as? [Any] ?? [] where op["op"] as? String == "group" {
                count += (op["ops"] as? [Any])?.count ?? 0
            }
        }
        return count
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
