import Foundation

/// An amount in a currency. Amounts are exact decimals, never binary floating point.
public struct Money: Hashable, Sendable {
    public let amount: Decimal
    public let currency: Currency

    public init(amount: Decimal, currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    /// Zero in `currency`.
    public static func zero(_ currency: Currency) -> Money {
        Money(amount: 0, currency: currency)
    }

    /// Rounded half away from zero to the currency's fraction digits.
    public func rounded() -> Money {
        Money(amount: amount.roundedHalfAwayFromZero(fractionDigits: currency.fractionDigits), currency: currency)
    }

    /// Whether the amount is within ±`Money.limit`.
    public var isWithinLimit: Bool { Self.isWithinLimit(amount) }

    /// The largest magnitude invoi accepts for any amount: 10^12.
    public static let limit = Decimal(sign: .plus, exponent: 12, significand: 1)

    static func isWithinLimit(_ amount: Decimal) -> Bool {
        amount.magnitude <= limit
    }
}

extension Decimal {
    /// Rounded half away from zero (2.5 → 3, −2.5 → −3) to `fractionDigits` places;
    /// a zero result is always plain zero, never negative.
    func roundedHalfAwayFromZero(fractionDigits: Int) -> Decimal {
        var value = self
        var result = Decimal()
        // `.plain` rounds ties away from zero for both signs.
        NSDecimalRound(&result, &value, fractionDigits, .plain)
        return result == 0 ? 0 : result
    }
}
