import Foundation

/// The invoice's money, computed by the money rules (each line rounded to the currency's digits, discount before VAT) so that the displayed amounts
/// add up: each line is rounded first, the subtotal is the sum of the rounded lines, the
/// discount is rounded once and taken from the subtotal, and VAT is rounded once from what
/// remains; so subtotal − discount + VAT = total and total − paid = balance due, exactly.
public struct InvoiceTotals: Hashable, Sendable {
    /// quantity × rate per item, rounded half away from zero to the currency's digits.
    public let lineAmounts: LineAmounts
    public let subtotal: Money
    /// The discount taken from the subtotal (positive for a positive subtotal), rounded;
    /// nil when the invoice has no discount.
    public let discount: Money?
    /// subtotal − discount: what VAT is computed on.
    public let taxableAmount: Money
    /// taxableAmount × vatRate / 100, rounded the same way; zero when vatRate is 0.
    public let vat: Money
    /// taxableAmount + vat.
    public let total: Money
    /// The amount paid, rounded; nil when the invoice gives none.
    public let paid: Money?
    /// total − paid; nil when the invoice gives no amount paid.
    public let balanceDue: Money?

    public init(invoice: Invoice) {
        let currency = invoice.currency
        let lines = LineAmounts(items: invoice.lineItems, currency: currency)
        let subtotal = Money(amount: lines.reduce(Decimal(0)) { $0 + $1.amount }, currency: currency)
        let discount = invoice.discount?.amount(of: subtotal)
        let taxable = subtotal.amount - (discount?.amount ?? 0)
        let vat = Money(amount: taxable * invoice.vatRate / 100, currency: currency).rounded()
        let total = taxable + vat.amount
        let paid = invoice.amountPaid.map { Money(amount: $0, currency: currency).rounded() }
        self.lineAmounts = lines
        self.subtotal = subtotal
        self.discount = discount
        self.taxableAmount = Money(amount: taxable, currency: currency)
        self.vat = vat
        self.total = Money(amount: total, currency: currency)
        self.paid = paid
        self.balanceDue = paid.map { Money(amount: total - $0.amount, currency: currency) }
    }
}

extension InvoiceTotals {
    /// The rounded amount of each line, worked out when it is read: kept as an array, the
    /// amounts of 200,000 items were 14 MB beside the items themselves.
    public struct LineAmounts: RandomAccessCollection, Hashable, Sendable {
        let items: [LineItem]
        let currency: Currency

        public var startIndex: Int { items.startIndex }
        public var endIndex: Int { items.endIndex }

        public subscript(position: Int) -> Money {
            Money(amount: items[position].exactAmount, currency: currency).rounded()
        }
    }
}
