import Foundation

/// A JSON number read digit by digit into a Decimal, with the checks that keep money
/// exact: no Double on the way, and few enough digits that a product of two of them
/// still fits Decimal's 38-digit significand without rounding.
struct ExactNumber {
    enum Problem: Error, Equatable {
        /// More significant digits than `maximumSignificantDigits`.
        case tooManyDigits
        /// |value| > 10^12.
        case beyondLimit
        /// More than `maximumFractionDigits` digits after the point.
        case tooManyFractionDigits
    }

    /// quantity × rate must be exact: 19 + 19 digits fit in Decimal's 38.
    static let maximumSignificantDigits = 19
    static let maximumFractionDigits = 19

    /// Parses text already checked against JSON's number grammar by the parser.
    static func decimal(from text: String) -> Result<Decimal, Problem> {
        var negative = false
        var digits: [UInt8] = []  // significand digits, as written
        var exponent = 0  // power of ten applied to `digits`
        var seenPoint = false
        var exponentText = ""
        var inExponent = false
        for byte in text.utf8 {
            if inExponent {
                exponentText.append(Character(Unicode.Scalar(byte)))
                continue
            }
            switch byte {
            case Ascii.minus: negative = true
            case Ascii.dot: seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            default:
                digits.append(byte - Ascii.zero)
                if seenPoint { exponent -= 1 }
            }
        }
        if inExponent {
            // An absurd exponent is beyond any limit; clamp so the arithmetic cannot overflow.
            let written = Int(exponentText.hasPrefix("+") ? String(exponentText.dropFirst()) : exponentText)
            exponent += max(-10_000, min(10_000, written ?? (exponentText.hasPrefix("-") ? -10_000 : 10_000)))
        }
        // Leading zeros carry no value; trailing zeros only move the exponent.
        guard let first = digits.firstIndex(where: { $0 != 0 }), let last = digits.lastIndex(where: { $0 != 0 }) else {
            return .success(0)
        }
        exponent += digits.count - 1 - last
        digits = Array(digits[first...last])
        let integerDigits = digits.count + exponent
        if integerDigits > 13 { return .failure(.beyondLimit) }  // ≥ 10^13
        if digits.count > maximumSignificantDigits { return .failure(.tooManyDigits) }
        if -exponent > maximumFractionDigits { return .failure(.tooManyFractionDigits) }
        var significand: UInt64 = 0
        for digit in digits { significand = significand * 10 + UInt64(digit) }
        let value = Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
        return Money.isWithinLimit(value) ? .success(value) : .failure(.beyondLimit)
    }
}
