import Foundation
import InvoiModel
import InvoiRender
import InvoiTestSupport
import Testing

@testable import InvoiFacturX

/// Every golden invoice's page, made PDF/A-3b, passes the PDF/A-3b rules an outside checker
/// implements (veraPDF's rule ids): whatever is drawn (every script's fonts, logos, stamps,
/// long invoices), the conversion leaves nothing a receiver's validator refuses.
@Suite struct PDFAConformanceTests {
    static let goldens = FacturXTests.directory.appendingPathComponent("../../Goldens").standardizedFileURL
    /// The PDF checker kit beside the repository, or the one INVOI_PDFCHECK names.
    static let checker =
        ProcessInfo.processInfo.environment["INVOI_PDFCHECK"]
        ?? FacturXTests.directory.appendingPathComponent("../../../shared/pdfcheck/check").standardizedFileURL.path

    static var goldenNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []).filter {
            FileManager.default.fileExists(atPath: goldens.appendingPathComponent("\($0)/invoice.json").path)
        }.sorted()
    }

    /// The golden's invoice as Factur-X: through the renderer when the invoice is an e-invoice of
    /// the Factur-X profile it declares or of EN 16931, else its plain PDF converted with the
    /// project's CII fixture (the page is what this checks, not the XML).
    func facturX(of name: String) throws -> [UInt8] {
        let renderer = try #require(FacturXTests.renderer, "fonts of the fixed set are missing: run tools/setup")
        let directory = Self.goldens.appendingPathComponent(name)
        let data = try Data(contentsOf: directory.appendingPathComponent("invoice.json"))
        let (invoice, _) = try InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 12)!)
            .decode(data, file: "\(name)/invoice.json", baseDirectory: directory.path)
        if case .document(let bytes)? = try? renderer.render(
            invoice, settings: RenderSettings(format: .facturx, creationDate: FacturXTests.date))
        {
            return [UInt8](bytes)
        }
        guard
            case .document(let pdf) = try renderer.render(
                invoice, settings: RenderSettings(format: .pdf, creationDate: FacturXTests.date))
        else { throw TestError("the pdf backend wrote pages") }
        return try FacturXConverter.makeFacturX(
            fromPDF: [UInt8](pdf), embedding: FacturXTests().xml(), conformance: .en16931,
            metadata: FacturXTests.metadata)
    }

    @Test func everyGoldenPassesPDFA3b() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.checker), "pdfcheck kit: \(Self.checker)")
        let names = Self.goldenNames
        #expect(names.count >= 40)
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for name in names {
            let file = directory.appendingPathComponent("\(name).pdf")
            try Data(try facturX(of: name)).write(to: file)
            files.append(file.path)
        }
        // One run of the checker for all files: its start (a Python environment) is the cost.
        let result = try Tools.run(Self.checker, files + ["--profile", "pdfa-3b"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    @Test func theCheckerReportsAPlainPDF() throws {
        // Cairo's own PDF is no PDF/A: the checker says so, so the test above can fail.
        let renderer = try #require(FacturXTests.renderer)
        guard
            case .document(let pdf) = try renderer.render(
                Invoice.sample, settings: RenderSettings(format: .pdf, creationDate: FacturXTests.date))
        else { throw TestError("the pdf backend wrote pages") }
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain.pdf")
        try pdf.write(to: file)
        let result = try Tools.run(Self.checker, [file.path, "--profile", "pdfa-3b"])
        #expect(result.status == 1)
        let rules = Set(result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
        #expect(rules.isSuperset(of: ["6.6.4-1", "6.2.4.3-2"]), "\(rules)")
    }
}
