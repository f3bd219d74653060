import Foundation

/// How ICU writes one currency's amounts, and plain numbers, in the currency's
/// conventional locale: separators, grouping, affixes. Captured from ICU into
/// `CurrencyConvention.table` and checked against ICU by the tests, so that a render in
/// a conventional locale gives ICU's exact strings without loading ICU: formatting
/// through ICU maps 2–3 MB of its data and code into every process (the peak-memory budget is 25 MB).
struct CurrencyConvention: Hashable, Sendable {
    /// Text before and after the digits.
    struct Affixes: Hashable, Sendable {
        var prefix: String
        var suffix: String

        init(prefix: String, suffix: String) {
            self.prefix = prefix
            self.suffix = suffix
        }
    }

    var decimalSeparator: String
    var groupingSeparator: String
    /// Digits in the group nearest the separator (3), and in every group before it
    /// (3; 2 in en-IN's `12,34,567`).
    var primaryGroupSize: Int
    var secondaryGroupSize: Int
    /// ICU groups only integer parts with at least this many digits more than the first
    /// group: 2 writes `1234,56 zł` but `12 345,67 zł`.
    var minimumGroupingDigits: Int
    /// Digits after the separator, always shown.
    var fractionDigits: Int
    var positive: Affixes
    var negative: Affixes
    /// Quantities and rates: no grouping, no trailing zeros, the locale's minus (U+2212 in sv-SE).
    var plainDecimalSeparator: String
    var plainNegative: Affixes

    init(
        decimalSeparator: String, groupingSeparator: String, primaryGroupSize: Int,
        secondaryGroupSize: Int, minimumGroupingDigits: Int, fractionDigits: Int,
        positive: Affixes, negative: Affixes, plainDecimalSeparator: String, plainNegative: Affixes
    ) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.primaryGroupSize = primaryGroupSize
        self.secondaryGroupSize = secondaryGroupSize
        self.minimumGroupingDigits = minimumGroupingDigits
        self.fractionDigits = fractionDigits
        self.positive = positive
        self.negative = negative
        self.plainDecimalSeparator = plainDecimalSeparator
        self.plainNegative = plainNegative
    }

    /// The convention of `currency` in its conventional locale; nil if the table lacks it.
    static func conventional(for currency: Currency) -> CurrencyConvention? {
        table[currency.code]
    }

    /// `amount` as a currency amount: rounded half away from zero to `fractionDigits` (the
    /// currency's unless given: a rate may show more), grouped, padded with zeros. Nil for
    /// NaN, which ICU would have to spell.
    func currencyString(_ amount: Decimal, fractionDigits: Int? = nil) -> String? {
        let fractionDigits = fractionDigits ?? self.fractionDigits
        let rounded = amount.roundedHalfAwayFromZero(fractionDigits: fractionDigits)
        guard let digits = DecimalDigits(rounded) else { return nil }
        var number = grouped(digits.integer)
        if fractionDigits > 0 {
            number += decimalSeparator
            number += digits.fraction
            number += String(repeating: "0", count: max(0, fractionDigits - digits.fraction.count))
        }
        let affixes = digits.isNegative ? negative : positive
        return affixes.prefix + number + affixes.suffix
    }

    /// `value` with every digit it has, no grouping: `12,5`, `−2`. Nil for NaN. ICU's plain
    /// style stops at 38 fraction digits; invoice numbers carry at most 19.
    func plainString(_ value: Decimal) -> String? {
        guard let digits = DecimalDigits(value) else { return nil }
        var number = digits.integer
        if !digits.fraction.isEmpty {
            number += plainDecimalSeparator + digits.fraction
        }
        return digits.isNegative ? plainNegative.prefix + number + plainNegative.suffix : number
    }

    /// `value` with exactly `fractionDigits` decimals (zeros added), no grouping. Nil for NaN.
    func plainString(_ value: Decimal, fractionDigits: Int) -> String? {
        guard let digits = DecimalDigits(value.roundedHalfAwayFromZero(fractionDigits: fractionDigits)) else {
            return nil
        }
        var number = digits.integer
        if fractionDigits > 0 {
            number += plainDecimalSeparator + digits.fraction
            number += String(repeating: "0", count: max(0, fractionDigits - digits.fraction.count))
        }
        return digits.isNegative ? plainNegative.prefix + number + plainNegative.suffix : number
    }

    private func grouped(_ integer: String) -> String {
        let digits = Array(integer.utf8)
        guard primaryGroupSize > 0, secondaryGroupSize > 0,
            digits.count >= primaryGroupSize + minimumGroupingDigits
        else { return integer }
        // Group boundaries counted from the right: primary first, then secondary sizes.
        var groups: [ArraySlice<UInt8>] = []
        var end = digits.count
        var size = primaryGroupSize
        while end > size {
            groups.append(digits[(end - size)..<end])
            end -= size
            size = secondaryGroupSize
        }
        groups.append(digits[0..<end])
        return groups.reversed().map { String(decoding: $0, as: UTF8.self) }.joined(separator: groupingSeparator)
    }
}

/// A finite Decimal's sign and its digits before and after the point, without an exponent.
struct DecimalDigits {
    var isNegative: Bool
    var integer: String
    var fraction: String

    init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        // Decimal's description is plain positional notation (`0.00001`, `1000000`),
        // independent of any locale; zero never carries a sign.
        var text = Substring(value.description)
        isNegative = !value.isZero && text.first == "-"
        if text.first == "-" { text = text.dropFirst() }
        guard let point = text.firstIndex(of: ".") else {
            integer = String(text)
            fraction = ""
            return
        }
        integer = String(text[..<point])
        fraction = String(text[text.index(after: point)...])
    }
}
