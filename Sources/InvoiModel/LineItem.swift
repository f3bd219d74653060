import Foundation

/// One row of the invoice's table.
public struct LineItem: Hashable, Sendable {
    /// Identifies the item; generated as `item-N` (1-based position) when the JSON has none,
    /// so that output never depends on randomness.
    public var id: String
    public var description: String
    /// May be fractional or negative (a credit line).
    public var quantity: Decimal
    /// Price per unit in the invoice's currency.
    public var rate: Decimal
    /// The e-invoice attributes, held apart: most items have none, and inline they made every
    /// item 40 bytes larger (200,000 items: 14 MB more at the peak of reading them).
    private var taxAndUnit: TaxAndUnit?

    /// The line's VAT rate in percent (BT-152); nil is the invoice's `vatRate`.
    public var vatRate: Decimal? {
        get { taxAndUnit?.values.vatRate }
        set { update { $0.vatRate = newValue } }
    }

    /// The line's VAT category (BT-151); nil is the invoice's, or implied by the rate.
    public var vatCategory: VATCategory? {
        get { taxAndUnit?.values.vatCategory }
        set { update { $0.vatCategory = newValue } }
    }

    /// What the quantity counts (BT-130); printed after it unless it is `C62` (one).
    public var unit: UnitCode {
        get { taxAndUnit?.values.unit ?? .one }
        set { update { $0.unit = newValue } }
    }

    /// When this line's goods or service were supplied; nil for none (printed in the `date` column).
    public var date: CalendarDate? {
        get { taxAndUnit?.values.date }
        set { update { $0.date = newValue } }
    }

    /// The seller's identifier of what was sold, an SKU or article number (BT-155); "" for none.
    public var itemId: String {
        get { taxAndUnit?.values.itemId ?? "" }
        set { update { $0.itemId = newValue } }
    }

    /// Taken from this line's quantity × rate (BT-136, BT-138); nil for none. A percentage of a
    /// credit line (a negative quantity × rate) is negative too, and a fixed discount is given as
    /// the amount its magnitude shrinks by: either way the line's amount moves towards zero.
    public var discount: Discount? {
        get { taxAndUnit?.values.discount }
        set { update { $0.discount = newValue } }
    }

    /// The boxes of details a long list of lines has met, so that lines with equal details hold
    /// one box whatever lies between them: the lines of a long e-invoice mostly repeat a few
    /// units and rates, and a box each was 155 bytes a line (31 MB of 200,000 lines). Lines
    /// whose details are all different (an article number each) keep a box each; the pool then
    /// stops growing at `capacity`.
    public struct DetailsPool {
        private var boxes: Set<TaxAndUnit> = []
        static let capacity = 256

        public init() {}

        /// Gives `item` the pool's box equal to its own, or adds its box while there is room.
        public mutating func share(_ item: inout LineItem) {
            guard let mine = item.taxAndUnit else { return }
            if let kept = boxes.firstIndex(of: mine) {
                item.taxAndUnit = boxes[kept]
            } else if boxes.count < Self.capacity {
                boxes.insert(mine)
            }
        }
    }

    /// Whether the two hold one box of details, for tests.
    func sharesDetails(with other: LineItem) -> Bool {
        guard let mine = taxAndUnit, let theirs = other.taxAndUnit else { return false }
        return mine === theirs
    }

    private mutating func update(_ change: (inout TaxAndUnit.Values) -> Void) {
        var values = taxAndUnit?.values ?? TaxAndUnit.Values()
        change(&values)
        taxAndUnit = values == TaxAndUnit.Values() ? nil : TaxAndUnit(values)
    }

    public init(id: String, description: String = "", quantity: Decimal = 1, rate: Decimal = 0) {
        self.id = id
        self.description = description
        self.quantity = quantity
        self.rate = rate
    }

    /// The app's new empty item: quantity 1, rate 0.
    public static func empty(number: Int) -> LineItem {
        LineItem(id: generatedID(number: number))
    }

    /// `item-3` for the third item.
    public static func generatedID(number: Int) -> String { "item-\(number)" }

    /// 3 for `item-3`: the number whose generated id `id` is, if it is one.
    static func generatedNumber(in id: String) -> Int? {
        guard id.hasPrefix("item-"), let number = Int(id.dropFirst(5)), number > 0,
            generatedID(number: number) == id
        else { return nil }
        return number
    }

    /// quantity × rate, exact (not rounded).
    public var exactAmount: Decimal { quantity * rate }

    /// The line's money in `currency`, rounded as the invoice rounds it: its gross, its discount
    /// and its amount (net), the figures the table prints and the e-invoice's line carries.
    public func amounts(in currency: Currency) -> Amounts {
        let gross = Money(amount: exactAmount, currency: currency).rounded()
        guard let discount else { return Amounts(gross: gross, discount: nil, net: gross) }
        let taken =
            switch discount.kind {
            // A percentage of the rounded gross: the e-invoice states that gross as the
            // allowance's base (BT-137), and its amount must be base × percentage.
            case .percentage: discount.amount(of: gross)
            case .fixed:
                Money(amount: gross.amount < 0 ? -discount.value : discount.value, currency: currency).rounded()
            }
        return Amounts(
            gross: gross, discount: taken, net: Money(amount: gross.amount - taken.amount, currency: currency))
    }

    /// A line's money, each amount rounded half away from zero to the currency's digits.
    public struct Amounts: Hashable, Sendable {
        /// quantity × rate, rounded: the line's amount before its discount.
        public let gross: Money
        /// What the line's discount takes, with the sign of `gross` (the decoder refuses a fixed
        /// discount larger than the line); nil when the line has none.
        public let discount: Money?
        /// gross − discount: the line's amount, which the subtotal adds up (EN 16931's BT-131,
        /// the line net amount).
        public let net: Money
    }
}

/// A line item's optional attributes (the e-invoice's and the designs' columns), immutable and shared between copies of the item.
private final class TaxAndUnit: Hashable, Sendable {
    struct Values: Hashable, Sendable {
        var vatRate: Decimal?
        var vatCategory: VATCategory?
        var unit: UnitCode = .one
        var date: CalendarDate?
        var itemId = ""
        var discount: Discount?
    }

    let values: Values

    init(_ values: Values) { self.values = values }

    static func == (lhs: TaxAndUnit, rhs: TaxAndUnit) -> Bool { lhs.values == rhs.values }

    func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
