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

    @Test func aLineBreakInTheSellerIsRefusedAndLengthsCountBytes() throws {
        var invoice = PaymentInvoices.invoice(currency: "SAR", amount: 10)
        invoice.fromTaxId = "310122393500003"
        invoice.fromName = "شركة\nأكمي"
        #expect(refusedPaths { () throws(PaymentRefusal) in _ = try ZATCACode(invoice: invoice) } == ["fromName"])
        // 127 Arabic letters are 254 bytes: the length byte says 254, not 127.
        invoice.fromName = String(repeating: "ش", count: 127)
        let tlv = try ZATCACode(invoice: invoice).tlv
        #expect(Array(tlv[0..<2]) == [1, 254])
        invoice.fromName += "ش"
        #expect(refusedPaths { () throws(PaymentRefusal) in _ = try ZATCACode(invoice: invoice) } == ["fromName"])
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

    @Test func separatorsCannotAddParameters() throws {
        var invoice = PaymentInvoices.invoice(currency: "INR", amount: 10, number: "7&am=1#x?y=%")
        invoice.upiId = "acme@okaxis"
        invoice.bankBeneficiary = "A=B&pa=thief@okaxis"
        let payload = try UPILink(invoice: invoice).payload
        #expect(
            payload
                == "upi://pay?pa=acme@okaxis&pn=A%3DB%26pa%3Dthief@okaxis&am=10.00&cu=INR&tn=7%26am%3D1%23x%3Fy%3D%25")
        invoice.invoiceNumber = "7\u{2029}8"
        #expect(refusedPaths { () throws(PaymentRefusal) in _ = try UPILink(invoice: invoice) } == ["invoiceNumber"])
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

    /// AM holds at most 10 characters: 9999999.99 is the largest amount.
    @Test func theAmountFitsTenCharacters() throws {
        var invoice = PaymentInvoices.invoice(currency: "CZK", amount: 9_999_999.99)
        invoice.bankAccount = "CZ6508000000192000145399"
        #expect(try SPAYDCode(invoice: invoice).payload.contains("*AM:9999999.99*"))
        invoice = PaymentInvoices.invoice(currency: "CZK", amount: 10_000_000)
        invoice.bankAccount = "CZ6508000000192000145399"
        #expect(refusedPaths { () throws(PaymentRefusal) in _ = try SPAYDCode(invoice: invoice) } == ["lineItems"])
        invoice.amountPaid = 1
        #expect(refusedPaths { () throws(PaymentRefusal) in _ = try SPAYDCode(invoice: invoice) } == [])
    }

    @Test func aPercentSignIsEscapedAndALineBreakRefused() throws {
        var invoice = PaymentInvoices.invoice(currency: "CZK", amount: 10, number: "100%2A")
        invoice.bankAccount = "CZ6508000000192000145399"
        #expect(try SPAYDCode(invoice: invoice).payload.hasSuffix("*MSG:100%252A"))
        invoice.bankBeneficiary = "Acme\ns.r.o."
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try SPAYDCode(invoice: invoice) } == ["bankBeneficiary"])
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
