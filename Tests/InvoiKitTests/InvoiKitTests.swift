import Foundation
import InvoiKit
import Testing

/// The library product's facade: the same renders as the command line, problems by JSON path.
///
/// One renderer for the suite, as the README advises a program to keep (making one loads the
/// fonts); RendererLifetimeTests makes and drops many at once.
struct InvoiKitTests {
    private static let sampleJSON = Data(Invoice.sample.prettyPrintedJSON().utf8)
    private static let shared = Result { () throws(InvoiError) in try InvoiceRenderer() }
    private static func renderer() throws(InvoiError) -> InvoiceRenderer { try shared.get() }
    private static let fixedDate = Date(timeIntervalSince1970: 1_773_307_800)

    @Test func rendersTheSampleAsText() throws {
        let renderer = try Self.renderer()
        let rendered = try renderer.render(json: Self.sampleJSON, options: RenderOptions(format: .txt, columns: 80))
        #expect(rendered.format == .txt)
        #expect(rendered.files.map(\.name) == ["INV-0001 - Acme Studio.txt"])
        let text = String(decoding: rendered.files[0].bytes, as: UTF8.self)
        #expect(text.contains("INV-0001"))
        #expect(text.contains("Meridian Group"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func rendersTheModelAndTheJSONToTheSamePDF() throws {
        let renderer = try Self.renderer()
        let options = RenderOptions(format: .pdf, paper: .letter, creationDate: Self.fixedDate)
        let fromJSON = try renderer.render(json: Self.sampleJSON, options: options)
        let fromModel = try renderer.render(.sample, options: options)
        let pdf = try #require(fromJSON.files.first).bytes
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(fromModel.files.map(\.bytes) == [pdf])
        #expect(fromJSON.files[0].name == "INV-0001 - Acme Studio.pdf")
    }

    @Test func writesOnePNGPerPage() throws {
        var invoice = Invoice.sample
        invoice.lineItems = Array(repeating: invoice.lineItems[0], count: 60)
        let rendered = try Self.renderer().render(invoice, options: RenderOptions(format: .png, dotsPerInch: 36))
        #expect(rendered.files.count > 1)
        #expect(rendered.files.map(\.name).first == "INV-0001 - Acme Studio-1.png")
        let signature = Data([0x89, 0x50, 0x4E, 0x47])
        #expect(rendered.files.allSatisfy { $0.bytes.starts(with: signature) })
    }

    @Test func reportsEveryProblemByItsJSONPath() throws {
        let json = Data(#"{"currency": "XXX", "lineItems": [{"quantity": "two", "rate": 5}], "fromNmae": "A"}"#.utf8)
        let report = InvoiceValidator().validate(json: json)
        #expect(!report.isValid)
        #expect(report.invoice == nil)
        #expect(Set(report.errors.map(\.path)) == ["currency", "lineItems[0].quantity"])
        // An unknown key is a warning about the object it is in, with a suggestion.
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.message.contains(#""fromNmae""#) == true)
        #expect(report.warnings.first?.message.contains(#""fromName""#) == true)
        #expect(throws: InvoiError.invalidInvoice(report.errors)) {
            try Self.renderer().render(json: json)
        }
    }

    @Test func givesTheLineAndColumnOfASyntaxError() {
        let report = InvoiceValidator().validate(json: Data("{\n  \"fromName\": \"A\",,\n}".utf8))
        let problem = report.errors.first
        #expect(report.errors.count == 1)
        #expect(problem?.line == 2)
        #expect(problem?.column != nil)
    }

    @Test func readsAReceivedFacturXAndRefusesAPDFWithoutOne() throws {
        let renderer = try Self.renderer()
        let facturX = try renderer.render(.eInvoiceExample, options: RenderOptions(format: .facturx))
        let received = InvoiceValidator().validate(json: try #require(facturX.files.first).bytes)
        #expect(received.errors.isEmpty, "\(received.errors)")
        #expect(received.invoice?.invoiceNumber == Invoice.eInvoiceExample.invoiceNumber)
        let text = try renderer.render(json: facturX.files[0].bytes, options: RenderOptions(format: .txt))
        #expect(String(decoding: text.files[0].bytes, as: UTF8.self).contains(Invoice.eInvoiceExample.invoiceNumber))
        let plain = try renderer.render(json: Self.sampleJSON, options: RenderOptions(format: .pdf))
        let report = InvoiceValidator().validate(json: plain.files[0].bytes)
        #expect(report.errors.count == 1)
        #expect(report.errors.first?.message.contains("no embedded e-invoice") == true, "\(report.errors)")
    }

    @Test func checksWhatAnEInvoiceProfileRequires() throws {
        let report = InvoiceValidator().validate(json: Self.sampleJSON, profile: .xrechnung)
        #expect(report.invoice != nil)
        #expect(report.errors.contains { $0.path == "buyerReference" })
        #expect(InvoiceValidator().validate(json: Self.sampleJSON).isValid)
        do {
            _ = try Self.renderer().render(.sample, options: RenderOptions(format: .cii, profile: .xrechnung))
            Issue.record("rendered an XRechnung the rules refuse")
        } catch {
            guard case .invalidInvoice(let problems) = error else { throw error }
            #expect(problems.map(\.path) == report.errors.map(\.path))
        }
    }

    @Test func writesAnEInvoiceTheProfileAccepts() throws {
        let rendered = try Self.renderer().render(
            .eInvoiceExample, options: RenderOptions(format: .ubl, profile: .xrechnung))
        let xml = String(decoding: try #require(rendered.files.first).bytes, as: UTF8.self)
        #expect(
            xml.contains("<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"))
        #expect(rendered.files[0].name.hasSuffix(".xml"))
    }

    @Test(arguments: [
        RenderOptions(format: .txt, columns: 19), RenderOptions(format: .png, dotsPerInch: 601),
        RenderOptions(format: .pdf, language: "xx-unknown"), RenderOptions(format: .pdf, locale: "de-"),
        RenderOptions(format: .pdf, profile: .en16931), RenderOptions(format: .ubl, profile: .minimum),
    ])
    func refusesOptionsTheCommandLineRefuses(_ options: RenderOptions) throws {
        do {
            _ = try Self.renderer().render(.sample, options: options)
            Issue.record("accepted \(options)")
        } catch {
            guard case .invalidOption = error else { throw error }
        }
    }

    @Test func readsRelativeLogosFromTheLogoDirectory() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Goldens/logo-png").standardized
        let json = try Data(contentsOf: golden.appendingPathComponent("invoice.json"))
        let report = InvoiceValidator().validate(json: json, logoDirectory: golden)
        #expect(report.isValid)
        let missing = InvoiceValidator().validate(json: json, logoDirectory: URL(fileURLWithPath: "/nonexistent"))
        #expect(missing.errors.map(\.path) == ["logo"])
    }
}
