import Foundation
import Testing

@testable import InvoiModel

/// Discount, paid and balance due with figures worked out by hand.
@Suite struct ExtensionMoneyTests {
    private func invoice(
        _ currency: String, items: [(String, String)], vatRate: String = "0",
        discount: Discount? = nil, paid: String? = nil
    ) throws -> Invoice {
        Invoice(
            issueDate: testToday, currency: try #require(Currency(code: currency)), vatRate: decimal(vatRate),
            lineItems: items.enumerated().map {
                LineItem(
                    id: "item-\($0.offset + 1)", quantity: decimal($0.element.0),
                    rate: decimal($0.element.1))
            },
            discount: discount, amountPaid: paid.map(decimal))
    }

    /// 1000.00 − 10 % (100.00) = 900.00; VAT 20 % = 180.00; total 1080.00; paid 500 → 580.00 due.
    @Test func percentageDiscountThenVATThenPaid() throws {
        let invoice = try invoice(
            "USD", items: [("4", "125"), ("1", "500")], vatRate: "20",
            discount: Discount(kind: .percentage, value: 10), paid: "500")
        let totals = invoice.totals
        #expect(totals.subtotal.amount == 1000)
        #expect(totals.discount?.amount == 100)
        #expect(totals.taxableAmount.amount == 900)
        #expect(totals.vat.amount == 180)
        #expect(totals.total.amount == 1080)
        #expect(totals.paid?.amount == 500)
        #expect(totals.balanceDue?.amount == 580)
        let formatter = AmountFormatter(invoice: invoice)
        #expect(
            [totals.subtotal, totals.discount, totals.vat, totals.total, totals.paid, totals.balanceDue]
                .compactMap { $0.map(formatter.string(for:)) }
                == ["$1,000.00", "$100.00", "$180.00", "$1,080.00", "$500.00", "$580.00"])
    }

    /// 0.88 × 12.5 % = 0.11 (0.11 exactly); 0.77 × 19 % = 0.1463 → 0.15; total 0.92.
    @Test func percentageDiscountRoundsHalfAwayFromZero() throws {
        // 3 × 0.335 = 1.005 → 1.01; −1 × 0.125 = −0.125 → −0.13; subtotal 0.88.
        let invoice = try invoice(
            "USD", items: [("3", "0.335"), ("-1", "0.125")], vatRate: "19",
            discount: Discount(kind: .percentage, value: decimal("12.5")))
        let totals = invoice.totals
        #expect(totals.subtotal.amount == decimal("0.88"))
        #expect(totals.discount?.amount == decimal("0.11"))
        #expect(totals.taxableAmount.amount == decimal("0.77"))
        #expect(totals.vat.amount == decimal("0.15"))
        #expect(totals.total.amount == decimal("0.92"))
        // 10.05 × 5 % = 0.5025 → 0.50; 10.10 × 5 % = 0.505 → 0.51 (half away from zero).
        #expect(
            try self.invoice("USD", items: [("1", "10.05")], discount: Discount(kind: .percentage, value: 5))
                .totals.discount?.amount == decimal("0.5"))
        #expect(
            try self.invoice("USD", items: [("1", "10.10")], discount: Discount(kind: .percentage, value: 5))
                .totals.discount?.amount == decimal("0.51"))
    }

    /// A fixed discount is rounded to the currency's digits: 99.995 → 100.00.
    @Test func fixedDiscount() throws {
        let invoice = try invoice(
            "USD", items: [("1", "1000")], vatRate: "20",
            discount: Discount(kind: .fixed, value: decimal("99.995")), paid: "0.004")
        let totals = invoice.totals
        #expect(totals.discount?.amount == 100)
        #expect(totals.vat.amount == 180)
        #expect(totals.total.amount == 1080)
        #expect(totals.paid?.amount == 0)
        #expect(totals.balanceDue?.amount == 1080)
    }

    /// JPY has no minor unit: 12345 × 15 % = 1851.75 → 1852; (12345 − 1852) × 10 % = 1049.3 → 1049;
    /// total 11542; paid 5000.5 → 5001; balance due 6541.
    @Test func yen() throws {
        let invoice = try invoice(
            "JPY", items: [("1", "12345")], vatRate: "10",
            discount: Discount(kind: .percentage, value: 15), paid: "5000.5")
        let totals = invoice.totals
        #expect(totals.discount?.amount == 1852)
        #expect(totals.taxableAmount.amount == 10493)
        #expect(totals.vat.amount == 1049)
        #expect(totals.total.amount == 11542)
        #expect(totals.paid?.amount == 5001)
        #expect(totals.balanceDue?.amount == 6541)
        let formatter = AmountFormatter(invoice: invoice)
        #expect(formatter.string(for: try #require(totals.balanceDue)) == "¥6,541")
    }

    /// KWD has three digits: 123.4565 → 123.457; × 12.5 % = 15.432125 → 15.432; taxable 108.025;
    /// VAT 5 % = 5.40125 → 5.401; total 113.426; paid 100.0005 → 100.001; due 13.425.
    @Test func kuwaitiDinar() throws {
        let invoice = try invoice(
            "KWD", items: [("1", "123.4565")], vatRate: "5",
            discount: Discount(kind: .percentage, value: decimal("12.5")), paid: "100.0005")
        let totals = invoice.totals
        #expect(totals.subtotal.amount == decimal("123.457"))
        #expect(totals.discount?.amount == decimal("15.432"))
        #expect(totals.taxableAmount.amount == decimal("108.025"))
        #expect(totals.vat.amount == decimal("5.401"))
        #expect(totals.total.amount == decimal("113.426"))
        #expect(totals.paid?.amount == decimal("100.001"))
        #expect(totals.balanceDue?.amount == decimal("13.425"))
        let fixed = try self.invoice(
            "KWD", items: [("1", "10")], discount: Discount(kind: .fixed, value: decimal("0.0005")))
        #expect(fixed.totals.discount?.amount == decimal("0.001"))
    }

    /// A percentage of a credit is a credit too: −200.00 less 10 % is −180.00.
    @Test func percentageOfACredit() throws {
        let totals = try invoice(
            "USD", items: [("-2", "100")], vatRate: "20",
            discount: Discount(kind: .percentage, value: 10)
        ).totals
        #expect(totals.discount?.amount == -20)
        #expect(totals.taxableAmount.amount == -180)
        #expect(totals.vat.amount == -36)
        #expect(totals.total.amount == -216)
    }

    @Test func zeroDiscountAndPaymentAreShownAsZero() throws {
        let totals = try invoice(
            "EUR", items: [("1", "50")], discount: Discount(kind: .percentage, value: 0), paid: "0"
        ).totals
        #expect(totals.discount == Money.zero(try #require(Currency(code: "EUR"))))
        #expect(totals.paid?.amount == 0)
        #expect(totals.balanceDue?.amount == 50)
    }
}
