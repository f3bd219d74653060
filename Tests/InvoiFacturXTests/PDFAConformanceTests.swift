import Foundation
import InvoiDocument
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

    /// The golden's invoice as Factur-X: through the renderer (written as it streams) when the invoice is an e-invoice of
    /// the Factur-X profile it declares or of EN 16931, else its plain PDF converted with the
    /// project's CII fixture (the page is what this checks, not the XML).
    func facturX(of name: String) throws -> [UInt8] {
        let renderer = try #require(FacturXTests.renderer, "fonts of the fixed set are missing: run tools/setup")
        let invoice = try PDFCheck.goldenInvoice(name)
        if let bytes = try? Self.written(invoice, as: RenderSettings(format: .facturx, creationDate: FacturXTests.date))
        {
            return bytes
        }
        guard
            case .document(let pdf) = try renderer.render(
                invoice, settings: Self.themed(RenderSettings(format: .pdf, creationDate: FacturXTests.date), invoice))
        else { throw TestError("the pdf backend wrote pages") }
        return try FacturXConverter.makeFacturX(
            fromPDF: [UInt8](pdf), embedding: FacturXTests().xml(), conformance: .en16931,
            metadata: FacturXTests.metadata)
    }

    /// What the renderer writes for `invoice` as `settings` say, as the command line writes it.
    static func written(_ invoice: Invoice, as settings: RenderSettings) throws -> [UInt8] {
        let renderer = try #require(FacturXTests.renderer, "fonts of the fixed set are missing: run tools/setup")
        let target = MemoryTarget()
        _ = try renderer.render(invoice, settings: themed(settings, invoice), to: target)
        guard case .document(let bytes) = target.output else { throw TestError("pages instead of one file") }
        return [UInt8](bytes)
    }

    /// `settings` with the invoice's own design and theme, as `invoi render` resolves them.
    static func themed(_ settings: RenderSettings, _ invoice: Invoice) throws -> RenderSettings {
        try ThemeChoice().settings(settings, for: invoice, files: ThemeFiles()).settings
    }

    @Test func everyGoldenPassesPDFA3b() throws {
        #expect(FileManager.default.isExecutableFile(atPath: PDFCheck.checker), "pdfcheck kit: \(PDFCheck.checker)")
        let names = Self.goldenNames
        #expect(names.count >= 40)
        let result = try PDFCheck.run(names.map { ($0, try facturX(of: $0)) }, profiles: ["pdfa-3b"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    /// An invoice whose lines carry an item id, a date and a discount (a credit line's too) and
    /// which has custom fields, as `render --format facturx` writes it: PDF/A-3b clean, and its
    /// embedded CII valid by the Factur-X EN 16931 and CEN rules.
    @Test func anInvoiceWithLineFieldsIsAValidFacturX() throws {
        let fixture = FacturXTests.directory.appendingPathComponent("../InvoiEInvoiceTests/Fixtures/line-fields.json")
            .standardizedFileURL
        let invoice = try InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 12)!)
            .decode(Data(contentsOf: fixture), file: "line-fields.json").invoice
        #expect(invoice.lineItems.allSatisfy { $0.discount != nil } && invoice.customFields.count == 2)
        let pdf = try Self.written(invoice, as: RenderSettings(format: .facturx, creationDate: FacturXTests.date))
        let checked = try PDFCheck.run([("line-fields", pdf)], profiles: ["pdfa-3b"])
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.isEmpty, "\(checked.output)")
        let valid = try Tools.withFile(Data(pdf), name: "line-fields.pdf") { file in
            try Tools.run(FacturXTests.validator, [file.path, "--profile", "en16931", "--fatal-only"])
        }
        #expect(valid.status == 0, "\(valid.output)\(valid.errors)")
    }

    /// A tagged Factur-X is written as it streams, its XML made and compressed a line at a time
    /// at the end: what is embedded is the CII `--format cii` writes, byte for byte, and the
    /// file is one revision whose trailer has an /ID.
    @Test(arguments: ["einvoice-facturx-fr-reverse-charge", "einvoice-credit-note"])
    func theEmbeddedXMLIsTheCIIOfTheInvoice(name: String) throws {
        let invoice = try PDFCheck.goldenInvoice(name)
        let settings = RenderSettings(format: .facturx, creationDate: FacturXTests.date)
        let pdf = try Self.written(invoice, as: settings)
        var ciiSettings = settings
        ciiSettings.format = .cii
        let cii = try Self.written(invoice, as: ciiSettings)
        let embedded = try Tools.withFile(Data(pdf), name: "facturx.pdf") { file in
            try Tools.run("qpdf", ["--show-attachment=factur-x.xml", file.path])
        }
        #expect(embedded.status == 0, "\(embedded.errors)")
        #expect(embedded.output == String(decoding: cii, as: UTF8.self))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.7\n"))
        #expect(text.contains(/\/ID \[ <[0-9a-f]{32}> <[0-9a-f]{32}> \]/))
        #expect(text.components(separatedBy: "startxref").count == 2, "one revision")
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
