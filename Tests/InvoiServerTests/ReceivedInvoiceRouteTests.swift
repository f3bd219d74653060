import Foundation
import Testing

@testable import InvoiServer

/// `POST /render` with a received e-invoice as the body: UBL or CII XML and PDFs that embed
/// one, read as `invoi render` reads them; errors by element path, JSON's 400/422/415 rules.
@Suite struct ReceivedInvoiceRouteTests {
    static let peppol = try! Data(
        contentsOf: Fixtures.repository.appendingPathComponent("Goldens/einvoice-peppol-be/invoice.json"))

    /// The golden's UBL, written by the server itself.
    static func ubl(port: Int) async throws -> Data {
        let response = try await HTTPTestClient.post("/render?format=ubl&profile=peppol", port: port, json: peppol)
        #expect(response.status == 200, "\(response.text)")
        return response.body
    }

    static func post(_ body: Data, type: String, query: String = "", port: Int) async throws -> HTTPTestResponse {
        try await HTTPTestClient.send(
            "POST", "/render" + query, port: port, headers: ["Content-Type": type], body: body)
    }

    @Test func aUBLInvoiceRendersAsPDFAndConvertsBack() async throws {
        try await withServer { _, port in
            let ubl = try await Self.ubl(port: port)
            for type in ["application/xml", "text/xml; charset=utf-8"] {
                let response = try await Self.post(ubl, type: type, port: port)
                #expect(response.status == 200, "\(type): \(response.text.prefix(400))")
                #expect(response.headers["content-type"] == "application/pdf")
                #expect(response.body.starts(with: Data("%PDF-".utf8)))
            }
            // Its Factur-X, posted as a PDF, is read through the XML inside.
            let facturX = try await HTTPTestClient.post(
                "/render?format=facturx", port: port, json: Self.peppol)
            #expect(facturX.status == 200, "\(facturX.text.prefix(400))")
            let text = try await Self.post(facturX.body, type: "application/pdf", query: "?format=txt", port: port)
            #expect(text.status == 200, "\(text.text.prefix(400))")
            let json = try await Self.post(ubl, type: "application/xml", query: "?format=json", port: port)
            #expect(json.status == 200 && json.headers["content-type"] == "application/json")
            #expect(json.json["invoiceNumber"] != nil, "\(json.text.prefix(400))")
        }
    }

    @Test func figuresThatDisagreeRenderAsStatedWithAWarningHeader() async throws {
        try await withServer { _, port in
            let ubl = String(decoding: try await Self.ubl(port: port), as: UTF8.self)
            #expect(
                try await Self.post(Data(ubl.utf8), type: "application/xml", port: port).headers["invoi-warning"] == nil
            )
            // BT-106, one cent more than the lines add up to.
            let sum = try #require(
                ubl.range(
                    of: #"(?<=<cac:LegalMonetaryTotal>)\s*<cbc:LineExtensionAmount currencyID="EUR">[0-9.]*<"#,
                    options: .regularExpression))
            let stated = try #require(ubl[sum].split(separator: ">").last?.dropLast())
            let raised = (Decimal(string: String(stated))! + Decimal(string: "0.01")!)
            let wrong = ubl.replacingCharacters(
                in: sum, with: #"<cbc:LineExtensionAmount currencyID="EUR">"# + "\(raised)<")
            let response = try await Self.post(Data(wrong.utf8), type: "application/xml", port: port)
            #expect(response.status == 200, "\(response.text.prefix(400))")
            let warning = try #require(response.headers["invoi-warning"])
            // One field per rule broken (BR-CO-10, and so BR-CO-13); the test client keeps the last.
            #expect(
                warning == "BR-CO-13: BT-109 states \(stated), sum of lines - allowances + charges is \(raised)",
                "\(warning)")
        }
    }

    @Test func aReadingErrorIs422ByElementPathAndMalformedXMLIs400() async throws {
        try await withServer { _, port in
            let ubl = String(decoding: try await Self.ubl(port: port), as: UTF8.self)
            let broken = try #require(
                ubl.range(of: #"<cbc:PayableAmount currencyID="EUR">[^<]*<"#, options: .regularExpression))
            let badAmount = ubl.replacingCharacters(
                in: broken, with: #"<cbc:PayableAmount currencyID="EUR">abc<"#)
            let response = try await Self.post(Data(badAmount.utf8), type: "application/xml", port: port)
            #expect(response.status == 422, "\(response.text)")
            let problems = (response.json["error"] as? [String: Any])?["problems"] as? [[String: Any]] ?? []
            #expect(
                problems.contains { ($0["path"] as? String) == "/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount" },
                "\(response.text)")
            let malformed = try await Self.post(
                Data("<Invoice><a></Invoice>".utf8), type: "application/xml", port: port)
            #expect(malformed.status == 400, "\(malformed.text)")
            #expect(malformed.text.contains("not well-formed XML at line 1"), "\(malformed.text)")
            let notAnInvoice = try await Self.post(Data("%PDF-1.7\nnothing".utf8), type: "application/pdf", port: port)
            #expect(notAnInvoice.status == 422, "\(notAnInvoice.text)")
            let other = try await Self.post(Data(ubl.utf8), type: "image/png", port: port)
            #expect(other.status == 415)
        }
    }

    @Test func anXMLBodyOverTheLimitIs413() async throws {
        var settings = ServerConfiguration.testing
        settings.maximumBodySize = 1000
        try await withServer(settings) { _, port in
            let body = Data(("<Invoice>" + String(repeating: " ", count: 2000) + "</Invoice>").utf8)
            let response = try await Self.post(body, type: "application/xml", port: port)
            #expect(response.status == 413)
        }
    }
}
