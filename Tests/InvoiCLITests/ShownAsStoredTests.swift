import Foundation
import Testing

/// What the reader sees is what is stored: through the built `invoi`, as a user runs it.
@Suite struct ShownAsStoredTests {
    @Test func aMarkInsideAnIBANIsRefusedBeforeAnyFileIsWritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            #"{"invoiceNumber": "X\u200f-1", "bankAccount": "GB29 NWBK\u200f6016 1331 9268 19", "lineItems": [{"rate": 1}]}"#,
            to: "bill.json")
        for format in ["pdf", "svg", "txt", "cii"] {
            let result = try directory.run("render", "bill.json", "--format", format, "--out-dir", "out")
            #expect(result.status == 65)
            #expect(
                result.errorLines.contains {
                    $0.hasPrefix("invoi: error: bill.json: bankAccount: U+200F RIGHT-TO-LEFT MARK")
                })
            #expect(result.errorLines.contains { $0.hasPrefix("invoi: error: bill.json: invoiceNumber: U+200F") })
        }
        let written =
            (try? FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("out").path))
            ?? []
        #expect(written.isEmpty)
        let check = try directory.run("check", "bill.json")
        #expect(check.status == 65)
    }

    @Test func checkWarnsWhenAFreeTextLineShowsItsDigitsOutOfOrder() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            #"{"notes": "Thanks!\nPay to GB29 NWBK\u200f6016 1331 9268 19", "toName": "שלום\u200f.", "lineItems": [{"description": "Ref A\u200f12 34 56", "rate": 1}]}"#,
            to: "bill.json")
        let result = try directory.run("check", "bill.json")
        #expect(result.status == 0)
        #expect(
            result.errorLines.map { $0.split(separator: ":").prefix(4).joined(separator: ":") } == [
                "invoi: warning: bill.json: notes", "invoi: warning: bill.json: lineItems[0].description",
            ])
        #expect(
            result.errorLines.first?.contains("line 2 shows its digits in another order than they are stored") == true)
        #expect(result.standardOutput.hasPrefix("bill.json: ok (2 warnings)"))
    }

    @Test(arguments: ["pdf", "facturx", "png", "svg"])
    func noncharactersRenderWithAWarning(_ format: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            #"""
            {"fromName": "Acme \ufdd0", "toName": "Buyer", "dueDate": "2026-04-30", "fromCountry": "DE", "toCountry": "DE", "fromTaxId": "DE123456789",
             "fromStreet": "A 1", "fromCity": "Berlin", "fromPostalCode": "10115", "toStreet": "B 2", "toCity": "Köln",
             "toPostalCode": "50667", "currency": "EUR", "vatRate": 19,
             "lineItems": [{"description": "Work \ufffe", "quantity": 1, "rate": 10}]}
            """#, to: "bill.json")
        let result = try directory.run(
            "render", "bill.json", "--format", format, "-o", "out.\(format == "facturx" ? "pdf" : format)")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.errorLines.contains { $0.contains("fromName: replaced U+FDD0 with U+FFFD") })
        #expect(!result.standardError.contains("this is a bug"))
    }
}
