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
        let invoice = try PDFCheck.goldenInvoice(name)
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
        #expect(FileManager.default.isExecutableFile(atPath: PDFCheck.checker), "pdfcheck kit: \(PDFCheck.checker)")
        let names = Self.goldenNames
        #expect(names.count >= 40)
        let result = try PDFCheck.run(names.map { ($0, try facturX(of: $0)) }, profiles: ["pdfa-3b"])
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
        let result = try PDFCheck.run([("plain", [UInt8](pdf))], profiles: ["pdfa-3b"])
        #expect(result.status == 1)
        let rules = PDFCheck.rules(in: result.output)
        #expect(rules.isSuperset(of: ["6.6.4-1", "6.2.4.3-2"]), "\(rules)")
    }
}
