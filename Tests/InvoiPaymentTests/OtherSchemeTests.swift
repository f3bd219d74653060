import Foundation
import InvoiModel
import Testing

@testable import InvoiPayment

/// A TLV reader written for the test, from the ZATCA format's description: tag byte,
/// length byte, value bytes.
func tlvFields(_ base64: String) -> [Int: String]? {
    guard let data = Data(base64Encoded: base64) else { return nil }
    let bytes = [UInt8](data)
    var fields: [Int: String] = [:]
    var index = 0
    while index + 2 <= bytes.count {
        let tag = Int(bytes[index])
        let length = Int(bytes[index + 1])
        guard index + 2 + length <= bytes.count else { return nil }
        fields[tag] = String(decoding: bytes[(index + 2)..<(index + 2 + length)], as: UTF8.self)
        index += 2 + length
    }
    return index == bytes.count ? fields : nil
}

struct ZATCACodeTests {
    @Test func fiveTLVFieldsInBase64() throws {
        var invoice = PaymentInvoices.invoice(currency: "SAR", amount: 1000)
        invoice.fromName = "شركة أكمي للتصميم"
        invoice.fromTaxId = "310122393500003"
        invoice.vatRate = 15
        let code = try ZATCACode(invoice: invoice)
        let fields = try #require(tlvFields(code.payload))
        let totals = invoice.totals
        #expect(fields[1] == "شركة أكمي للتصميم")
        #expect(fields[2] == "310122393500003")
        #expect(fields[3] == "2026-03-12T00:00:00+03:00")
        #expect(fields[4].flatMap { Decimal(string: $0) } == totals.total.amount)
        #expect(fields[5].flatMap { Decimal(string: $0) } == totals.vat.amount)
        #expect(fields.count == 5)
    }

    @Test func theSellerAndItsVATNumberAreRequired() {
        var invoice = PaymentInvoices.invoice(currency: "EUR", amount: 10)
        invoice.fromName = ""
        invoice.fromTaxId = "123"
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try ZATCACode(invoice: invoice) } == [
                "currency", "fromName", "fromTaxId",
            ])
    }
}

struct UPILinkTests {
    @Test func aPercentEncodedDeepLink() throws {
        var invoice = PaymentInvoices.invoice(currency: "INR", amount: 2500, number: "INV/2026 #7")
        invoice.upiId = "acme.studio@okaxis"
        invoice.bankBeneficiary = "Acme & Sons"
        #expect(
            try UPILink(invoice: invoice).payload
                == "upi://pay?pa=acme.studio@okaxis&pn=Acme%20%26%20Sons&am=2500.00&cu=INR&tn=INV%2F2026%20%237")
    }

    @Test func theUPIAddressAndTheRupeeAreRequired() {
        var invoice = PaymentInvoices.invoice(currency: "USD", amount: 10)
        invoice.upiId = "not an address"
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try UPILink(invoice: invoice) } == ["currency", "upiId"])
        invoice.upiId = ""
        invoice.currency = Currency(code: "INR")!
        #expect(refusedPaths { () throws(PaymentRefusal) in _ = try UPILink(invoice: invoice) } == ["upiId"])
    }
}

struct SPAYDCodeTests {
    @Test func fieldsAreSeparatedByAsterisksAndEscaped() throws {
        var invoice = PaymentInvoices.invoice(currency: "CZK", amount: 480.5, number: "2026*0042")
        invoice.bankAccount = "CZ65 0800 0000 1920 0014 5399"
        invoice.bankSwift = "GIBACZPX"
        #expect(
            try SPAYDCode(invoice: invoice).payload
                == "SPD*1.0*ACC:CZ6508000000192000145399+GIBACZPX*AM:480.50*CC:CZK*RN:Acme Studio GmbH*X-VS:20260042*MSG:2026%2A0042"
        )
    }

    @Test func withoutTenDigitsThereIsNoVariableSymbol() throws {
        var invoice = PaymentInvoices.invoice(currency: "EUR", amount: 10, number: "INV-2026-000000042")
        invoice.bankAccount = "CZ6508000000192000145399"
        #expect(try !SPAYDCode(invoice: invoice).payload.contains("X-VS"))
    }

    @Test func aWrongIBANAndCurrencyAreNamed() {
        var invoice = PaymentInvoices.invoice(currency: "USD", amount: -5)
        invoice.bankAccount = "CZ6508000000192000145398"
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try SPAYDCode(invoice: invoice) } == [
                "currency", "bankAccount", "lineItems",
            ])
    }
}
