import Foundation
import _FoundationICU

/// Formats the invoice's numbers as ICU does (Foundation's format styles), with Latin digits
/// unless given another numbering system, independently of the machine's locale. In a currency's conventional
/// locale the strings come from `CurrencyConvention`, ICU's own patterns captured and
/// checked against ICU by the tests; an overridden locale is formatted by ICU itself.
public struct AmountFormatter: Sendable {
    public let currency: Currency
    /// The BCP 47 identifier in use (the override, else the currency's conventional locale).
    public let localeIdentifier: String
    /// The digits, and with the locale the signs, numbers are written with.
    public let numberingSystem: NumberingSystem
    private let notation: Notation

    private enum Notation: Sendable {
        /// ICU's conventions for the currency's conventional locale, from the captured table.
        case convention(CurrencyConvention)
        /// An overridden locale. ICU is loaded only then (a Locale or a format style maps its
        /// data), or for an amount in another currency than the formatter's.
        case icu(ICUStyles)
    }

    /// Whether amounts in `currency` are written from the captured conventions, without ICU.
    var writesFromCapturedConvention: Bool {
        if case .convention = notation { true } else { false }
    }

    /// `locale` nil means the currency's conventional locale. Another `numberingSystem` than
    /// Latin keeps the locale's conventions (the currency's place, the decimals) and takes the
    /// digits and signs CLDR gives that system in it (Persian `۱٬۲۳۴٫۵۶`).
    public init(currency: Currency, locale: String? = nil, numberingSystem: NumberingSystem = .latin) {
        let identifier = locale ?? currency.conventionalLocale
        self.currency = currency
        self.localeIdentifier = identifier
        self.numberingSystem = numberingSystem
        if numberingSystem.isLatin, identifier == currency.conventionalLocale,
            let convention = CurrencyConvention.conventional(for: currency)
        {
            notation = .convention(convention)
        } else {
            notation = .icu(
                ICUStyles(currency: currency, localeIdentifier: identifier, numberingSystem: numberingSystem))
        }
    }

    /// The formatter for `invoice`: its currency in its effective locale.
    public init(invoice: Invoice) {
        self.init(currency: invoice.currency, locale: invoice.locale)
    }

    /// `$1,234.56`, `1.234,56 €`, `₹12,34,567.89`, `¥1,235`. An amount with more digits than
    /// the currency shows (a rate of 0.125) is rounded half away from zero, like the totals.
    public func string(for money: Money) -> String {
        // Rounded here, as the totals are, so that ICU's own rounding never applies.
        let shown = money.amount.roundedHalfAwayFromZero(fractionDigits: money.currency.fractionDigits)
        switch notation {
        case .convention(let convention):
            if money.currency == currency, let text = convention.currencyString(shown) { return text }
            return ICUStyles.withoutBidiMarks(
                shown.formatted(
                    ICUStyles(currency: currency, localeIdentifier: localeIdentifier, numberingSystem: numberingSystem)
                        .currencyStyle(for: money.currency)))
        case .icu(let styles):
            return ICUStyles.withoutBidiMarks(shown.formatted(styles.currencyStyle(for: money.currency)))
        }
    }

    /// A line's rate: as an amount, or with its own decimals when it has more than the
    /// currency shows, up to 4 (`$0.004`, `0,335 €`), so that a reader can check quantity ×
    /// rate = amount on every row. A rate with more than 4 decimals is rounded half away from
    /// zero to 4.
    public func rateString(for money: Money) -> String {
        string(
            for: money,
            showing: Self.rateFractionDigits(of: money.amount, currencyDigits: money.currency.fractionDigits))
    }

    /// An amount as a received e-invoice writes it: with the decimals it was written with, and
    /// at least the currency's (`12.3456 €` stays so; `100` shows as `100.00 €`).
    public func string(for money: Money, writtenFractionDigits: Int) -> String {
        string(for: money, showing: max(writtenFractionDigits, money.currency.fractionDigits))
    }

    /// `money` with `digits` decimals where that is more than its currency shows.
    private func string(for money: Money, showing digits: Int) -> String {
        guard digits > money.currency.fractionDigits else { return string(for: money) }
        let shown = money.amount.roundedHalfAwayFromZero(fractionDigits: digits)
        switch notation {
        case .convention(let convention):
            if money.currency == currency, let text = convention.currencyString(shown, fractionDigits: digits) {
                return text
            }
            return ICUStyles.withoutBidiMarks(
                shown.formatted(
                    ICUStyles(currency: currency, localeIdentifier: localeIdentifier, numberingSystem: numberingSystem)
                        .currencyStyle(for: money.currency).precision(.fractionLength(digits))))
        case .icu(let styles):
            return ICUStyles.withoutBidiMarks(
                shown.formatted(styles.currencyStyle(for: money.currency).precision(.fractionLength(digits))))
        }
    }

    /// A number as a received e-invoice writes it, with exactly its written decimals
    /// (`2.500` stays `2.500`, `2,500` in de-DE).
    public func quantityString(_ quantity: Decimal, fractionDigits: Int) -> String {
        let value = quantity.roundedHalfAwayFromZero(fractionDigits: fractionDigits)
        switch notation {
        case .convention(let convention):
            if let text = convention.plainString(value, fractionDigits: fractionDigits) { return text }
            return ICUStyles.withoutBidiMarks(
                value.formatted(
                    ICUStyles(currency: currency, localeIdentifier: localeIdentifier, numberingSystem: numberingSystem)
                        .plainStyle.precision(.fractionLength(fractionDigits))))
        case .icu(let styles):
            return ICUStyles.withoutBidiMarks(
                value.formatted(styles.plainStyle.precision(.fractionLength(fractionDigits))))
        }
    }

    /// The most decimals a rate is shown with.
    public static let rateFractionDigitsLimit = 4

    /// The decimals `rate` needs, from the currency's up to `rateFractionDigitsLimit`.
    static func rateFractionDigits(of rate: Decimal, currencyDigits: Int) -> Int {
        var digits = currencyDigits
        // Most rates have no more digits than the currency: one comparison for them.
        while digits < rateFractionDigitsLimit, rate.roundedHalfAwayFromZero(fractionDigits: digits) != rate {
            digits += 1
        }
        return digits
    }

    /// A quantity without trailing zeros: `1`, `12.5` (`12,5` in de-DE), `-2`.
    public func quantityString(_ quantity: Decimal) -> String {
        plainString(quantity)
    }

    /// A VAT rate for the "VAT 20%" label: `20`, `7.5` (`7,5` in de-DE).
    public func percentString(_ rate: Decimal) -> String {
        plainString(rate)
    }

    /// The percent sign that goes with the digits: `%` with Latin ones, else the sign CLDR gives
    /// the numbering system in the locale (Persian and Arabic `٪`).
    public var percentSign: String {
        switch notation {
        case .convention: "%"
        case .icu(let styles): styles.percentSign
        }
    }

    private func plainString(_ value: Decimal) -> String {
        // Values that round to zero print as zero, never `-0`.
        let value = value == 0 ? 0 : value
        switch notation {
        case .convention(let convention):
            if let text = convention.plainString(value) { return text }
            return ICUStyles.withoutBidiMarks(
                value.formatted(
                    ICUStyles(currency: currency, localeIdentifier: localeIdentifier, numberingSystem: numberingSystem)
                        .plainStyle))
        case .icu(let styles):
            return ICUStyles.withoutBidiMarks(value.formatted(styles.plainStyle))
        }
    }
}

/// ICU's styles for a locale: amounts in a currency, and plain numbers.
struct ICUStyles: Sendable {
    let locale: Locale
    /// Amounts in the formatter's own currency.
    let invoiceCurrencyStyle: Decimal.FormatStyle.Currency
    /// Quantities and percentages: the locale's decimal separator (so `12,5` beside
    /// `1.234,56 €`), no grouping (a quantity column is narrow), every digit given.
    let plainStyle: Decimal.FormatStyle

    init(currency: Currency, localeIdentifier: String, numberingSystem: NumberingSystem = .latin) {
        locale = LocaleIdentifier.locale(localeIdentifier, numberingSystem: numberingSystem)
        invoiceCurrencyStyle = Self.makeCurrencyStyle(for: currency, locale: locale)
        plainStyle = Decimal.FormatStyle(locale: locale)
            .grouping(.never)
            .precision(.fractionLength(0...38))
            .rounded(rule: .toNearestOrAwayFromZero)
    }

    /// The locale's percent sign for its numbering system, from ICU's number symbols.
    var percentSign: String {
        guard locale.numberingSystem.identifier != "latn" else { return "%" }
        var status = U_ZERO_ERROR
        guard let format = swift_unum_open(UNUM_DECIMAL, nil, 0, locale.identifier, nil, &status),
            status.rawValue <= 0
        else { return "%" }
        defer { swift_unum_close(format) }
        var sign = [UChar](repeating: 0, count: 16)
        let length = swift_unum_getSymbol(format, UNUM_PERCENT_SYMBOL, &sign, Int32(sign.count), &status)
        guard status.rawValue <= 0, length > 0, Int(length) <= sign.count else { return "%" }
        return Self.withoutBidiMarks(String(decoding: sign[..<Int(length)], as: UTF16.self))
    }

    /// `text` without the bidi marks (LRM, RLM, ALM) ICU puts into numbers of right-to-left
    /// locales (ar-EG writes `RLM LRM -1,828,877.18 US$`) for running text in such a locale.
    /// invoi draws every number as a value of its own, in its own direction; there a leading
    /// RLM made the paragraph right to left and split the currency around the number
    /// (`$-1,828,877.18 US`).
    static func withoutBidiMarks(_ text: String) -> String {
        let isMark = { (scalar: Unicode.Scalar) in scalar == "\u{200E}" || scalar == "\u{200F}" || scalar == "\u{061C}"
        }
        guard text.unicodeScalars.contains(where: isMark) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isMark($0) }))
    }

    func currencyStyle(for other: Currency) -> Decimal.FormatStyle.Currency {
        other.code == invoiceCurrencyStyle.currencyCode
            ? invoiceCurrencyStyle : Self.makeCurrencyStyle(for: other, locale: locale)
    }

    static func makeCurrencyStyle(for currency: Currency, locale: Locale) -> Decimal.FormatStyle.Currency {
        let style = Decimal.FormatStyle.Currency(code: currency.code, locale: locale)
            .rounded(rule: .toNearestOrAwayFromZero)
        switch currency.symbolDisplay {
        case .symbol: return style
        case .isoCode: return style.presentation(.isoCode)
        }
    }
}
