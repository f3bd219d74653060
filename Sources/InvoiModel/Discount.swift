import Foundation

/// A discount on the subtotal, taken before VAT, or on one line's quantity × rate.
public struct Discount: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `value` percent of the subtotal.
        case percentage
        /// `value` in the invoice's currency.
        case fixed
    }

    public var kind: Kind
    /// A percentage from 0 to 100, or a fixed amount from 0 to the subtotal (a line's: to the
    /// magnitude of its quantity × rate).
    public var value: Decimal

    public init(kind: Kind, value: Decimal) {
        self.kind = kind
        self.value = value
    }

    /// The amount taken from `subtotal`, rounded half away from zero to its currency's
    /// digits. Positive for a positive subtotal; a percentage of a credit
    /// (a negative subtotal) is negative too, so it always shrinks the subtotal's magnitude.
    public func amount(of subtotal: Money) -> Money {
        let exact =
            switch kind {
            case .percentage: subtotal.amount * value / 100
            case .fixed: value
            }
        return Money(amount: exact, currency: subtotal.currency).rounded()
    }
}
