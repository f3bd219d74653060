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
        _ = try renderer.render(
            invoice, settings: RenderSettings(format: format, output: output, creationDate: FacturXTests.date),
            to: target)
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

    /// The reading order a screen reader follows, as poppler prints the structure tree.
    @Test func theHebrewInvoiceReadsInItsOrder() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("he.pdf")
        try Data(try pdf(of: "he-tax-invoice")).write(to: file)
        let result = try Tools.run("/usr/bin/pdfinfo", ["-struct-text", file.path])
        let lines = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let texts = lines.filter { $0.hasPrefix("\"") }
        // The sender's column (on the right of the page) first, then the title as the one H1.
        let title = try #require(lines.firstIndex(of: "H1 (block)"))
        #expect(lines.filter { $0.hasPrefix("H1") }.count == 1)
        #expect(try #require(lines.firstIndex(of: "Sect")) < title)
        // The items table: one head row of column headers, then its body.
        let table = try #require(lines.firstIndex(of: "Table (block)"))
        #expect(lines[table + 1] == "THead")
        #expect(lines.contains("TBody"))
        #expect(lines.contains("/Scope /Column"))
        #expect(lines.contains("/Scope /Row"))
        #expect(!texts.isEmpty)
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
            guard
                case .document(let json) = try renderer.render(
                    invoice, settings: RenderSettings(format: .ops, creationDate: FacturXTests.date))
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
