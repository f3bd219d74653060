import Foundation

/// The invoice's money, computed as DESIGN.md §3 says so that the displayed amounts add up:
/// each line is rounded first, the subtotal is the sum of the rounded lines, and VAT is
/// rounded once from the subtotal.
public struct InvoiceTotals: Hashable, Sendable {
    /// quantity × rate per item, rounded half away from zero to the currency's digits.
    public let lineAmounts: [Money]
    public let subtotal: Money
    /// subtotal × vatRate / 100, rounded the same way; zero when vatRate is 0.
    public let vat: Money
    public let total: Money

    public init(invoice: Invoice) {
        let currency = invoice.currency
        let lines = invoice.lineItems.map { Money(amount: $0.exactAmount, currency: currency).rounded() }
        let subtotal = lines.reduce(Decimal(0)) { $0 + $1.amount }
        let vat = Money(amount: subtotal * invoice.vatRate / 100, currency: currency).rounded()
        self.lineAmounts = lines
        self.subtotal = Money(amount: subtotal, currency: currency)
        self.vat = vat
        self.total = Money(amount: subtotal + vat.amount, currency: currency)
    }
}
