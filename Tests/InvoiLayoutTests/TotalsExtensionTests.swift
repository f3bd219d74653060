import Foundation
import InvoiDocument
import InvoiLayout
import InvoiModel
import Testing

/// Extensions in the totals block: the discount row, Paid and Balance due.
@Suite struct TotalsExtensionTests {
    let style = InvoiceStyle.standard

    /// The value op sharing a baseline with the left-aligned label op `label`.
    func value(of label: String, in document: Document) -> TextOp? {
        for page in document.pages {
            guard let labelOp = page.textOps.first(where: { $0.text == label && $0.alignment == .left }) else {
                continue
            }
            return page.textOps.first { $0.alignment == .right && abs($0.origin.y - labelOp.origin.y) < 0.01 }
        }
        return nil
    }

    func labels(_ document: Document) -> [String] {
        let known = ["Subtotal", "Discount", "VAT", "Total", "Paid", "Balance due"]
        return document.allTextOps.filter { op in op.alignment == .left && known.contains { op.text.hasPrefix($0) } }
            .map(\.text)
    }

    @Test(arguments: ShaperKind.allCases)
    func aPercentageDiscountFollowsTheSubtotalAndVATIsOnWhatRemains(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.discount = Discount(kind: .percentage, value: 10)
        let document = try kind.layout().document(for: invoice)
        let totals = invoice.totals
        let formatter = AmountFormatter(invoice: invoice)
        #expect(labels(document) == ["Subtotal", "Discount (10%)", "VAT 20%", "Total"])
        let discount = try #require(totals.discount)
        #expect(
            value(of: "Discount (10%)", in: document)?.text
                == formatter.string(for: Money(amount: -discount.amount, currency: .usd)))
        #expect(value(of: "Discount (10%)", in: document)?.text.hasPrefix("-") == true, "shown as a deduction")
        #expect(value(of: "VAT 20%", in: document)?.text == formatter.string(for: totals.vat))
        #expect(value(of: "Total", in: document)?.text == formatter.string(for: totals.total))
        // The discount row looks like the Subtotal row.
        let row = try #require(document.text("Discount (10%)"))
        let subtotal = try #require(document.text("Subtotal"))
        #expect(row.font == subtotal.font && row.color == subtotal.color && row.box.minX == subtotal.box.minX)
    }

    @Test func aFixedDiscountIsPlainlyLabelledAndPercentagesUseTheLocale() throws {
        let layout = try ShaperKind.fixedAdvances.layout()
        var invoice = Invoice.sample
        invoice.discount = Discount(kind: .fixed, value: 100)
        #expect(labels(layout.document(for: invoice)).contains("Discount"))
        #expect(value(of: "Discount", in: layout.document(for: invoice))?.text == "-$100.00")

        invoice.discount = Discount(kind: .percentage, value: decimal("7.5"))
        #expect(labels(layout.document(for: invoice)).contains("Discount (7.5%)"))
        invoice.currency = try #require(Currency(code: "EUR"))
        let german = layout.document(for: invoice)
        #expect(labels(german).contains("Discount (7,5%)"))
        #expect(labels(german).contains("VAT 20%"))
    }

    @Test(arguments: ShaperKind.allCases)
    func paidAndBalanceDueFollowTheTotal(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.discount = Discount(kind: .percentage, value: 10)
        invoice.amountPaid = 4000
        let document = try kind.layout().document(for: invoice)
        let totals = invoice.totals
        let formatter = AmountFormatter(invoice: invoice)
        #expect(labels(document) == ["Subtotal", "Discount (10%)", "VAT 20%", "Total", "Paid", "Balance due"])
        let paid = try #require(totals.paid), balance = try #require(totals.balanceDue)
        #expect(
            value(of: "Paid", in: document)?.text == formatter.string(for: Money(amount: -paid.amount, currency: .usd)))
        #expect(value(of: "Balance due", in: document)?.text == formatter.string(for: balance))

        let subtotalLabel = try #require(document.text("Subtotal"))
        let paidLabel = try #require(document.text("Paid"))
        #expect(paidLabel.font == subtotalLabel.font && paidLabel.color == subtotalLabel.color, "Paid is a light row")
        let balanceLabel = try #require(document.text("Balance due"))
        let balanceValue = try #require(value(of: "Balance due", in: document))
        let totalLabel = try #require(document.text("Total"))
        let totalValue = try #require(value(of: "Total", in: document))
        #expect(balanceLabel.font == totalLabel.font, "bold 15 like Total's label")
        #expect(balanceValue.font.weight == .bold && balanceValue.font.size == InvoiceStyle.px(15))
        #expect(balanceValue.color == style.primary)
        #expect(abs((balanceValue.origin.x + balanceValue.width) - (totalValue.origin.x + totalValue.width)) < 0.01)
        #expect(paidLabel.box.minY > totalValue.box.maxY && balanceLabel.box.minY > paidLabel.box.maxY)
        // A light separator between Paid and Balance due, as between VAT and Total.
        let separators = document.pages[0].lines.filter { $0.color == style.border && $0.from.x == totalLabel.box.minX }
        #expect(separators.contains { $0.from.y > paidLabel.box.maxY && $0.from.y < balanceLabel.box.minY })
    }

    @Test func anOverpaymentShowsANegativeBalanceAndNothingPaidShowsNoRows() throws {
        let layout = try ShaperKind.fixedAdvances.layout()
        var invoice = Invoice.sample
        invoice.amountPaid = 100_000
        let formatter = AmountFormatter(invoice: invoice)
        let balance = try #require(invoice.totals.balanceDue)
        #expect(balance.amount < 0)
        #expect(value(of: "Balance due", in: layout.document(for: invoice))?.text == formatter.string(for: balance))
        invoice.amountPaid = nil
        #expect(!labels(layout.document(for: invoice)).contains("Paid"))
    }
}
