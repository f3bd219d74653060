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
    /// The line's VAT rate in percent (BT-152); nil is the invoice's `vatRate`.
    public var vatRate: Decimal?
    /// The line's VAT category (BT-151); nil is the invoice's, or implied by the rate.
    public var vatCategory: VATCategory?
    /// What the quantity counts (BT-130); printed after it unless it is `C62` (one).
    public var unit: UnitCode = .one

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
}
