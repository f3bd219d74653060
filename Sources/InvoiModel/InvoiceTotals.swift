import Foundation

/// The invoice's money, computed by the money rules (each line rounded to the currency's digits, discount before VAT) so that the displayed amounts
/// add up: each line is rounded first, the subtotal is the sum of the rounded lines, the
/// discount is rounded once and taken from the subtotal, and VAT is rounded once from what
/// remains; so subtotal − discount + VAT = total and total − paid = balance due, exactly.
public struct InvoiceTotals: Hashable, Sendable {
    /// Each item's amount: quantity × rate rounded half away from zero to the currency's
    /// digits, less the item's discount (`LineItem.amounts(in:)`).
    public let lineAmounts: LineAmounts
    public let subtotal: Money
    /// The discount taken from the subtotal (positive for a positive subtotal), rounded;
    /// nil when the invoice has no discount.
    public let discount: Money?
    /// subtotal − discount: what VAT is computed on.
    public let taxableAmount: Money
    /// The VAT of every row of `vatBreakdown`, added up; zero when no line is taxed.
    public let vat: Money
    /// taxableAmount + vat.
    public let total: Money
    /// The amount paid, rounded; nil when the invoice gives none.
    public let paid: Money?
    /// total − paid; nil when the invoice gives no amount paid.
    public let balanceDue: Money?
    /// One row per VAT category and rate, in the order the lines first use them (EN 16931's
    /// BG-23): each row's VAT is its taxable amount × rate / 100, rounded once, so the rows
    /// add up to `vat`. An invoice without rates of its lines has one row.
    public let vatBreakdown: [VATBreakdown]

    public init(invoice: Invoice) {
        let currency = invoice.currency
        let lines = LineAmounts(items: invoice.lineItems, currency: currency)
        let subtotal = Money(amount: lines.reduce(Decimal(0)) { $0 + $1.amount }, currency: currency)
        let discount = invoice.discount?.amount(of: subtotal)
        let taxable = subtotal.amount - (discount?.amount ?? 0)
        let breakdown = Self.breakdown(of: invoice, lines: lines, taxable: taxable, discount: discount?.amount ?? 0)
        let vat = breakdown.reduce(Decimal(0)) { $0 + $1.vat.amount }
        let total = taxable + vat
        let paid = invoice.amountPaid.map { Money(amount: $0, currency: currency).rounded() }
        self.lineAmounts = lines
        self.subtotal = subtotal
        self.discount = discount
        self.taxableAmount = Money(amount: taxable, currency: currency)
        self.vat = Money(amount: vat, currency: currency)
        self.total = Money(amount: total, currency: currency)
        self.paid = paid
        self.balanceDue = paid.map { Money(amount: total - $0.amount, currency: currency) }
        self.vatBreakdown = breakdown
    }

    /// The lines grouped by category and rate. A discount is one document-level allowance,
    /// which EN 16931 ties to one category and rate: the decoder refuses it over several
    /// (naming `discount`); built in code, the first row takes it.
    private static func breakdown(
        of invoice: Invoice, lines: LineAmounts, taxable: Decimal, discount: Decimal
    ) -> [VATBreakdown] {
        let currency = invoice.currency
        guard invoice.hasLineVAT else {
            let category = invoice.vatCategory ?? VATCategory.implied(byRate: invoice.vatRate)
            return [VATBreakdown(category: category, rate: invoice.vatRate, taxable: taxable, currency: currency)]
        }
        struct Key: Hashable {
            var category: VATCategory
            var rate: Decimal
        }
        var order: [Key] = []
        var sums: [Key: Decimal] = [:]
        for (item, amount) in zip(invoice.lineItems, lines) {
            let key = Key(category: invoice.vatCategory(of: item), rate: invoice.vatRate(of: item))
            if sums[key] == nil { order.append(key) }
            sums[key, default: 0] += amount.amount
        }
        return order.enumerated().map { index, key in
            let taxable = sums[key, default: 0] - (index == 0 ? discount : 0)
            return VATBreakdown(category: key.category, rate: key.rate, taxable: taxable, currency: currency)
        }
    }
}

/// One row of the VAT breakdown: the lines of one category and rate.
public struct VATBreakdown: Hashable, Sendable {
    public let category: VATCategory
    /// Percent.
    public let rate: Decimal
    /// The lines' rounded amounts added up, less the discount if it is taken here.
    public let taxableAmount: Money
    /// taxableAmount × rate / 100, rounded half away from zero to the currency's digits.
    public let vat: Money

    init(category: VATCategory, rate: Decimal, taxable: Decimal, currency: Currency) {
        self.category = category
        self.rate = rate
        self.taxableAmount = Money(amount: taxable, currency: currency)
        self.vat = Money(amount: taxable * rate / 100, currency: currency).rounded()
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

        /// The item's amount after its discount (its net).
        public subscript(position: Int) -> Money {
            let item = items[position]
            guard item.discount != nil else { return Money(amount: item.exactAmount, currency: currency).rounded() }
            return item.amounts(in: currency).net
        }

        /// The item's gross, discount and net.
        public func amounts(at position: Int) -> LineItem.Amounts { items[position].amounts(in: currency) }
    }
}
