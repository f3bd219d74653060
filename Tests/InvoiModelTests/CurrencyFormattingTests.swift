import Foundation
import Testing

@testable import InvoiModel

@Suite struct CurrencyFormattingTests {
    /// The app's picker order, copied as text so that the order is checked against it.
    static let designOrder = """
        USD EUR GBP CHF JPY CNY · CAD AUD NZD SGD HKD · SEK NOK DKK PLN CZK HUF RON BGN HRK · \
        UAH GEL AMD AZN KZT · AED SAR ILS QAR KWD BHD OMR · INR IDR PHP THB MYR VND BDT PKR KRW TWD · \
        BRL MXN ARS CLP COP PEN · ZAR NGN KES GHS · TRY
        """

    @Test func hasThe53CodesInTheAppsOrder() {
        let expected = Self.designOrder.split(separator: " ").filter { $0 != "·" }.map(String.init)
        #expect(expected.count == 53)
        #expect(Currency.all.map(\.code) == expected)
    }

    @Test func looksUpCodesCaseSensitively() {
        #expect(Currency(code: "EUR")?.conventionalLocale == "de-DE")
        #expect(Currency(code: "eur") == nil)
        #expect(Currency(code: "XYZ") == nil)
    }

    private func format(_ amount: String, _ code: String, locale: String? = nil) throws -> String {
        let currency = try #require(Currency(code: code))
        let value = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
        return AmountFormatter(currency: currency, locale: locale).string(for: Money(amount: value, currency: currency))
    }

    /// Strings checked by hand against each country's conventions (NBSP = U+00A0).
    @Test func formatsTheHandCheckedCurrencies() throws {
        #expect(try format("1234.56", "USD") == "$1,234.56")
        #expect(try format("-1234.56", "USD") == "-$1,234.56")
        #expect(try format("1234.56", "EUR") == "1.234,56\u{A0}€")
        #expect(try format("1234.56", "GBP") == "£1,234.56")
        #expect(try format("1234.56", "CHF") == "CHF\u{A0}1’234.56")
        #expect(try format("1234", "JPY") == "¥1,234")
        #expect(try format("1234.5", "JPY") == "¥1,235")
        #expect(try format("1234.567", "KWD") == "KWD\u{A0}1,234.567")
        #expect(try format("1234567.89", "INR") == "₹12,34,567.89")
        #expect(try format("0", "USD") == "$0.00")
    }

    @Test func roundsDisplayedRatesHalfAwayFromZero() throws {
        #expect(try format("0.125", "USD") == "$0.13")
        #expect(try format("-0.125", "USD") == "-$0.13")
        #expect(try format("-0.001", "USD") == "$0.00")
        #expect(try format("2.5", "JPY") == "¥3")
    }

    private func rate(_ amount: String, _ code: String, locale: String? = nil) throws -> String {
        let currency = try #require(Currency(code: code))
        let value = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
        return AmountFormatter(currency: currency, locale: locale).rateString(
            for: Money(amount: value, currency: currency))
    }

    /// A rate keeps its own decimals, up to 4, so that quantity × rate = amount can be checked;
    /// with no more decimals than the currency's it is written as an amount.
    @Test func writesRatesWithTheirOwnDecimals() throws {
        #expect(try rate("0.004", "USD") == "$0.004")
        #expect(try rate("33.335", "USD") == "$33.335")
        #expect(try rate("33.335", "EUR") == "33,335\u{A0}€")
        #expect(try rate("1234.5678", "EUR") == "1.234,5678\u{A0}€")
        #expect(try rate("-0.004", "USD") == "-$0.004")
        #expect(try rate("33", "USD") == "$33.00")
        #expect(try rate("33.5", "USD") == "$33.50")
        #expect(try rate("33.1000", "USD") == "$33.10")
        #expect(try rate("0.12345", "USD") == "$0.1235", "rounded half away from zero at 4")
        #expect(try rate("0.00001", "USD") == "$0.0000", "4 decimals at most")
        #expect(try rate("12.5", "JPY") == "¥12.5")
        #expect(try rate("1.2345", "KWD") == "KWD\u{A0}1.2345")
        #expect(try rate("0.004", "USD", locale: "de-DE") == "0,004\u{A0}$")
        #expect(try rate("0.335", "EUR", locale: "fr-FR") == "0,335\u{A0}€")
    }

    @Test func overridesTheLocale() throws {
        #expect(try format("1234.56", "EUR", locale: "en-US") == "€1,234.56")
        #expect(try format("1234.56", "USD", locale: "de-DE") == "1.234,56\u{A0}$")
    }

    /// ICU writes bidi marks into a right-to-left locale's numbers (ar-EG: RLM LRM before the
    /// minus) for running text; invoi draws an amount as a value of its own, where a leading
    /// RLM turned it right to left and split `US$` around the number.
    @Test func leavesOutICUsBidiMarks() throws {
        #expect(try format("-1828877.18", "USD", locale: "ar-EG") == "-1,828,877.18\u{A0}US$")
        #expect(try format("1828877.18", "USD", locale: "ar-EG") == "1,828,877.18\u{A0}US$")
        #expect(try format("-2.5", "EUR", locale: "he-IL") == "-2.50\u{A0}€")
        #expect(try rate("-0.004", "USD", locale: "ar-EG") == "-0.004\u{A0}US$")
        let formatter = AmountFormatter(currency: .usd, locale: "fa-IR")
        #expect(formatter.quantityString(-2) == "\u{2212}2")
        let marks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]
        for locale in ["ar-EG", "ar", "ar-MA", "fa-IR", "he-IL", "ur-PK"] {
            for code in ["USD", "EUR", "SAR"] {
                let text = try format("-1828877.18", code, locale: locale)
                #expect(!text.unicodeScalars.contains { marks.contains($0) }, "\(locale) \(code)")
            }
        }
    }

    /// A locale whose own digits are not Latin still prints 0–9.
    @Test func alwaysWritesLatinDigits() throws {
        let text = try format("1234.5", "SAR", locale: "ar-SA")
        #expect(text.contains("1,234.50"))
        #expect(!text.unicodeScalars.contains { (0x0660...0x0669).contains($0.value) })
    }

    @Test func keepsExactDigitsOfLargeAmounts() throws {
        #expect(try format("999999999999.99", "USD") == "$999,999,999,999.99")
        #expect(try format("987654321098.765", "KWD") == "KWD\u{A0}987,654,321,098.765")
    }

    /// Every currency formats in its conventional locale, with Latin digits, with exactly
    /// `fractionDigits` digits after the separator, and with its symbol or code.
    @Test(arguments: Currency.all)
    func formatsWithTheCurrencysDigits(_ currency: Currency) throws {
        let locale = Locale(identifier: currency.conventionalLocale)
        let separator = try #require(locale.decimalSeparator)
        let formatter = AmountFormatter(currency: currency)
        let text = formatter.string(for: Money(amount: Decimal(string: "1234567.125")!, currency: currency))
        let digits = text.filter { $0.isASCII && $0.isNumber }
        #expect(digits.hasPrefix("1234567"), "\(text)")
        #expect(digits.count == 7 + currency.fractionDigits, "\(currency.code): \(text)")
        if currency.fractionDigits > 0 {
            let afterSeparator = try #require(text.components(separatedBy: separator).last)
            #expect(afterSeparator.prefix { $0.isNumber }.count == currency.fractionDigits, "\(text)")
        }
        #expect(!text.unicodeScalars.contains { $0.properties.numericType != nil && !$0.isASCII })
        if currency.symbolDisplay == .isoCode { #expect(text.contains(currency.code)) }
    }

    /// The table's digits are ICU's own: formatting without any precision of ours shows as many.
    @Test(arguments: Currency.all)
    func tableDigitsAreICUsDigits(_ currency: Currency) {
        let text = Decimal(string: "1.123456")!.formatted(
            .currency(code: currency.code).locale(Locale(identifier: "en_US_POSIX")))
        let fraction = text.split(separator: ".").dropFirst().first?.prefix { $0.isNumber } ?? ""
        #expect(fraction.count == currency.fractionDigits, "\(currency.code): \(text)")
    }

    @Test func formatsQuantitiesWithoutTrailingZeros() throws {
        let usd = AmountFormatter(currency: .usd)
        #expect(usd.quantityString(1) == "1")
        #expect(usd.quantityString(Decimal(string: "12.50")!) == "12.5")
        #expect(usd.quantityString(Decimal(string: "-2")!) == "-2")
        #expect(usd.quantityString(Decimal(string: "12345.125")!) == "12345.125")
        #expect(usd.quantityString(Decimal(string: "0.0000001")!) == "0.0000001")
        let eur = AmountFormatter(currency: try #require(Currency(code: "EUR")))
        #expect(eur.quantityString(Decimal(string: "12.5")!) == "12,5")
        #expect(eur.percentString(Decimal(string: "7.5")!) == "7,5")
        #expect(usd.percentString(20) == "20")
        #expect(usd.percentString(Decimal(string: "7.25")!) == "7.25")
    }
}
