import Foundation
import Testing

@testable import InvoiModel

@Suite struct MoneyTests {
    private func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
    }

    @Test(arguments: [
        ("0.005", 2, "0.01"), ("-0.005", 2, "-0.01"), ("0.0049", 2, "0"), ("2.5", 0, "3"),
        ("-2.5", 0, "-3"), ("1.2345", 3, "1.235"), ("-1.2344", 3, "-1.234"), ("-0.001", 2, "0"),
    ])
    func roundsHalfAwayFromZero(_ value: String, _ digits: Int, _ expected: String) {
        let rounded = decimal(value).roundedHalfAwayFromZero(fractionDigits: digits)
        #expect(rounded == decimal(expected))
        #expect("\(rounded)" == expected)  // never "-0"
    }

    @Test func computesTotalsFromRoundedLines() throws {
        var invoice = Invoice(issueDate: try #require(CalendarDate(iso: "2026-03-12")))
        invoice.vatRate = decimal("20")
        invoice.lineItems = [
            LineItem(id: "a", quantity: decimal("3"), rate: decimal("0.335")),  // 1.005 → 1.01
            LineItem(id: "b", quantity: decimal("1"), rate: decimal("0.004")),  // 0.004 → 0.00
            LineItem(id: "c", quantity: decimal("-1"), rate: decimal("0.125")),  // -0.125 → -0.13
        ]
        let totals = invoice.totals
        #expect(totals.lineAmounts.map(\.amount) == [decimal("1.01"), 0, decimal("-0.13")])
        #expect(totals.subtotal.amount == decimal("0.88"))
        #expect(totals.vat.amount == decimal("0.18"))  // 0.176 → 0.18
        #expect(totals.total.amount == decimal("1.06"))
        #expect(totals.total.currency == .usd)
    }

    @Test func roundsToTheCurrencysDigits() throws {
        var invoice = Invoice(issueDate: try #require(CalendarDate(iso: "2026-03-12")))
        invoice.currency = try #require(Currency(code: "JPY"))
        invoice.vatRate = decimal("10")
        invoice.lineItems = [LineItem(id: "a", quantity: decimal("1.5"), rate: decimal("333"))]  // 499.5 → 500
        #expect(invoice.totals.subtotal.amount == 500)
        #expect(invoice.totals.vat.amount == 50)
        invoice.currency = try #require(Currency(code: "KWD"))
        invoice.lineItems = [LineItem(id: "a", quantity: decimal("1"), rate: decimal("1.2345"))]
        #expect(invoice.totals.subtotal.amount == decimal("1.235"))
        #expect(invoice.totals.vat.amount == decimal("0.124"))  // 0.1235 → 0.124
    }

    @Test func vatIsZeroWithoutARate() throws {
        let invoice = Invoice.sample
        var noVAT = invoice
        noVAT.vatRate = 0
        #expect(noVAT.totals.vat.amount == 0)
        #expect(noVAT.totals.total == noVAT.totals.subtotal)
    }

    @Test func sampleTotals() {
        // 2400 + 2250 + 3040 + 520 + 189.99 = 8399.99; VAT 20 % = 1679.998 → 1680.00
        let totals = Invoice.sample.totals
        #expect(totals.subtotal.amount == decimal("8399.99"))
        #expect(totals.vat.amount == decimal("1680"))
        #expect(totals.total.amount == decimal("10079.99"))
    }

    /// 19 × 19 significant digits multiply without Decimal rounding anything away.
    @Test func largestAllowedProductIsExact() {
        let a = decimal("999999999.9999999999")
        let product = a * a
        #expect("\(product)" == "999999999999999999.80000000000000000001")
    }
}
