import Foundation

/// Formats the invoice's numbers through ICU (Foundation's format styles), always with
/// Latin digits, independently of the machine's locale. Styles are built once per
/// formatter: formatting is on the layout's hot path.
public struct AmountFormatter: Sendable {
    public let currency: Currency
    /// The BCP 47 identifier in use (the override, else the currency's conventional locale).
    public let localeIdentifier: String
    private let locale: Locale
    private let currencyStyle: Decimal.FormatStyle.Currency
    private let plainStyle: Decimal.FormatStyle

    /// `locale` nil means the currency's conventional locale.
    public init(currency: Currency, locale: String? = nil) {
        self.currency = currency
        self.localeIdentifier = locale ?? currency.conventionalLocale
        self.locale = LocaleIdentifier.latinDigitsLocale(localeIdentifier)
        self.currencyStyle = Self.currencyStyle(for: currency, locale: self.locale)
        // Quantities and percentages: the locale's decimal separator (so `12,5` beside
        // `1.234,56 €`), no grouping (a quantity column is narrow), every digit given.
        self.plainStyle = Decimal.FormatStyle(locale: self.locale)
            .grouping(.never)
            .precision(.fractionLength(0...38))
            .rounded(rule: .toNearestOrAwayFromZero)
    }

    /// The formatter for `invoice`: its currency in its effective locale.
    public init(invoice: Invoice) {
        self.init(currency: invoice.currency, locale: invoice.locale)
    }

    /// `$1,234.56`, `1.234,56 €`, `₹12,34,567.89`, `¥1,235`. An amount with more digits than
    /// the currency shows (a rate of 0.125) is rounded half away from zero, like the totals.
    public func string(for money: Money) -> String {
        let style = money.currency == currency
            ? currencyStyle : Self.currencyStyle(for: money.currency, locale: locale)
        // Rounded here, as the totals are, so that ICU's own rounding never applies.
        let shown = money.amount.roundedHalfAwayFromZero(fractionDigits: money.currency.fractionDigits)
        return shown.formatted(style)
    }

    /// A quantity without trailing zeros: `1`, `12.5` (`12,5` in de-DE), `-2`.
    public func quantityString(_ quantity: Decimal) -> String {
        normalizedZero(quantity).formatted(plainStyle)
    }

    /// A VAT rate for the "VAT 20%" label: `20`, `7.5` (`7,5` in de-DE).
    public func percentString(_ rate: Decimal) -> String {
        normalizedZero(rate).formatted(plainStyle)
    }

    private static func currencyStyle(for currency: Currency, locale: Locale) -> Decimal.FormatStyle.Currency {
        let style = Decimal.FormatStyle.Currency(code: currency.code, locale: locale)
            .rounded(rule: .toNearestOrAwayFromZero)
        switch currency.symbolDisplay {
        case .symbol: return style
        case .isoCode: return style.presentation(.isoCode)
        }
    }

    /// Values that round to zero print as zero, never `-$0.00`.
    private func normalizedZero(_ value: Decimal) -> Decimal {
        value == 0 ? 0 : value
    }
}
