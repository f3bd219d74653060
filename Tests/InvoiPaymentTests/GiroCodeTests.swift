import Foundation
import InvoiModel
import Testing

@testable import InvoiPayment

struct GiroCodeTests {
    @Test func payloadFollowsEPC069WithTheInvoiceNumberAsText() throws {
        var invoice = PaymentInvoices.invoice(currency: "EUR", amount: 1234.5)
        invoice.bankAccount = "DE89 3704 0044 0532 0130 00"
        invoice.bankSwift = "COBADEFFXXX"
        let code = try GiroCode(invoice: invoice)
        #expect(
            code.payload.split(separator: "\n", omittingEmptySubsequences: false) == [
                "BCD", "002", "1", "SCT", "COBADEFFXXX", "Acme Studio GmbH", "DE89370400440532013000", "EUR1234.5", "",
                "", "INV-0042",
            ])
        #expect(code.payload.utf8.count <= GiroCode.maximumBytes)
    }

    @Test func anRFReferenceIsTheStructuredRemittanceAndTheBICMayBeLeftOut() throws {
        var invoice = PaymentInvoices.invoice(currency: "EUR", amount: 100)
        invoice.bankBeneficiary = ""
        invoice.bankAccount = "DE89370400440532013000"
        invoice.paymentReference = "RF18 5390 0754 7034"
        let lines = try GiroCode(invoice: invoice).payload.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines == [
                "BCD", "002", "1", "SCT", "", "Acme Studio", "DE89370400440532013000", "EUR100", "", "RF18539007547034",
            ])
    }

    @Test func theAmountIsTheBalanceDue() throws {
        var invoice = PaymentInvoices.invoice(currency: "EUR", amount: 300)
        invoice.bankAccount = "DE89370400440532013000"
        invoice.amountPaid = 100.25
        let code = try GiroCode(invoice: invoice)
        let balance = try #require(invoice.totals.balanceDue)
        #expect(Decimal(string: String(code.amount)) == balance.amount)
    }

    @Test func everyProblemIsNamedByItsPath() {
        var invoice = PaymentInvoices.invoice(currency: "USD", amount: 0)
        invoice.bankAccount = "DE89370400440532013001"
        invoice.bankSwift = "NOPE"
        invoice.paymentReference = "RF00123"
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try GiroCode(invoice: invoice) } == [
                "currency", "bankSwift", "bankAccount", "lineItems", "paymentReference",
            ])
    }

    @Test func aNameOverSeventyCharactersIsRefused() {
        var invoice = PaymentInvoices.invoice(currency: "EUR", amount: 10)
        invoice.bankAccount = "DE89370400440532013000"
        invoice.bankBeneficiary = String(repeating: "A", count: 71)
        #expect(refusedPaths { () throws(PaymentRefusal) in _ = try GiroCode(invoice: invoice) } == ["bankBeneficiary"])
    }

    @Test func aPayloadOverTheLimitIsRefused() {
        var invoice = PaymentInvoices.invoice(currency: "EUR", amount: 10, number: String(repeating: "Ä", count: 140))
        invoice.bankAccount = "DE89370400440532013000"
        invoice.bankBeneficiary = String(repeating: "Ö", count: 70)
        let paths = refusedPaths { () throws(PaymentRefusal) in _ = try GiroCode(invoice: invoice) }
        #expect(paths == ["bankBeneficiary"])
    }

    /// A line break in the name would put what follows it on the IBAN's line of the code,
    /// while the page prints the real IBAN.
    @Test func aLineBreakInTheBeneficiaryIsRefusedNotShiftedIntoTheIBAN() throws {
        var invoice = PaymentInvoices.invoice(currency: "EUR", amount: 10)
        invoice.bankAccount = "DE89 3704 0044 0532 0130 00"
        invoice.bankBeneficiary = "Müller & Söhne\nDE44500105175407324931"
        let refusal = try #require(throws: PaymentRefusal.self) { try GiroCode(invoice: invoice) }
        #expect(refusal.problems.map(\.path) == ["bankBeneficiary"])
        #expect(refusal.problems[0].message.contains("a line break (U+000A) at character 15"))
        // The sender's name when there is no beneficiary; U+2028 and NEL are line breaks too.
        invoice.bankBeneficiary = ""
        invoice.fromName = "Müller & Söhne\u{2028}DE44500105175407324931"
        invoice.invoiceNumber = "INV\u{85}42"
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try GiroCode(invoice: invoice) } == [
                "fromName", "invoiceNumber",
            ])
    }
}
