import Foundation
import InvoiModel
import Testing

@testable import InvoiPayment

/// Every payment code states what the invoice asks after its lines' discounts: each amount
/// below is worked out by hand from the one discounted line.
struct LineDiscountPaymentTests {
    private static func discounted(
        _ invoice: Invoice, _ discount: Discount
    ) -> Invoice {
        var invoice = invoice
        invoice.lineItems[0].discount = discount
        return invoice
    }

    /// 200 less 10 % = 180.
    @Test func theEPCCodeAsksTheNetAmount() throws {
        var invoice = Self.discounted(
            PaymentInvoices.invoice(currency: "EUR", amount: 200), Discount(kind: .percentage, value: 10))
        invoice.bankAccount = "DE89370400440532013000"
        #expect(try GiroCode(invoice: invoice).amount == "180")
    }

    /// 1949.75 less 10 % (194.975, rounded 194.98) = 1754.77.
    @Test func theSwissBillAsksTheNetAmount() throws {
        let invoice = Self.discounted(PaymentInvoices.swiss(), Discount(kind: .percentage, value: 10))
        #expect(try SwissQRBill(invoice: invoice).amount == "1754.77")
    }

    /// 1000 less a fixed 100 = 900; VAT 15 % = 135; total 1035.
    @Test func theZATCACodeStatesTheNetTotalAndVAT() throws {
        var invoice = Self.discounted(
            PaymentInvoices.invoice(currency: "SAR", amount: 1000), Discount(kind: .fixed, value: 100))
        invoice.fromName = "شركة أكمي للتصميم"
        invoice.fromTaxId = "310122393500003"
        invoice.vatRate = 15
        let code = try ZATCACode(invoice: invoice)
        #expect(code.total == "1035.00")
        #expect(code.vatTotal == "135.00")
    }
}
