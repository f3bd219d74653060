import Foundation
import Testing

@testable import InvoiModel

/// `digits`: Latin, or the language's own (CLDR's native numbering system), Persian's by
/// default; the numbers the page shows follow it, with CLDR's signs for those digits.
@Suite struct DigitsTests {
    @Test func theFieldIsReadAndWrittenBack() throws {
        let invoice = try decode(#"{"language": "ar", "digits": "native"}"#).invoice
        #expect(invoice.digits == .native)
        #expect(invoice.prettyPrintedJSON().contains(#""digits": "native""#))
        #expect(try decode(#"{"language": "fa", "digits": "latin"}"#).invoice.digits == .latin)
        #expect(try decode("{}").invoice.digits == nil)
    }

    @Test func anotherValueIsAnErrorByPath() {
        #expect(
            rejection(#"{"digits": "persian"}"#).map(\.description)
                == [#"invoi: error: bills/acme.json: digits: unknown digits "persian"; use "latin" or "native""#])
        #expect(rejection(#"{"digits": "Native"}"#).first?.description.contains(#"did you mean "native"?"#) == true)
        #expect(rejection(#"{"digits": 1}"#).count == 1)
    }

    @Test func persianDefaultsToItsOwnDigitsAndNoOtherLanguageDoes() throws {
        #expect(try decode(#"{"language": "fa"}"#).invoice.numberingSystem.name == "arabext")
        #expect(try decode(#"{"language": "fa-IR"}"#).invoice.numberingSystem.name == "arabext")
        #expect(try decode(#"{"language": "fa", "digits": "latin"}"#).invoice.numberingSystem == .latin)
        #expect(try decode(#"{"language": "ar"}"#).invoice.numberingSystem == .latin)
        #expect(try decode(#"{"language": "he"}"#).invoice.numberingSystem == .latin)
        #expect(try decode("{}").invoice.numberingSystem == .latin)
        // Native is CLDR's native system: Arabic-Indic for Arabic (whose CLDR default is Latin),
        // none but Latin for Hebrew, German and English.
        #expect(try decode(#"{"language": "ar", "digits": "native"}"#).invoice.numberingSystem.name == "arab")
        #expect(try decode(#"{"language": "he", "digits": "native"}"#).invoice.numberingSystem == .latin)
        #expect(try decode(#"{"language": "de", "digits": "native"}"#).invoice.numberingSystem == .latin)
        #expect(try decode(#"{"digits": "native"}"#).invoice.numberingSystem == .latin)
    }

    static let persian = NumberingSystem.native(language: "fa")
    static let arabic = NumberingSystem.native(language: "ar")
    static let aed = Currency(code: "AED")!

    static func money(_ amount: String) -> Money { Money(amount: decimal(amount), currency: aed) }

    @Test func amountsTakeTheDigitsAndTheirSeparators() {
        let persian = AmountFormatter(currency: Self.aed, numberingSystem: Self.persian)
        #expect(persian.string(for: Self.money("1234.5")) == "AED\u{A0}۱٬۲۳۴٫۵۰")
        #expect(persian.string(for: Self.money("-595")) == "-AED\u{A0}۵۹۵٫۰۰")
        #expect(persian.rateString(for: Self.money("0.125")) == "AED\u{A0}۰٫۱۲۵")
        #expect(persian.quantityString(decimal("12.5")) == "۱۲٫۵")
        #expect(persian.quantityString(decimal("1000")) == "۱۰۰۰", "quantities are not grouped")
        #expect(persian.percentString(decimal("7.5")) == "۷٫۵")
        #expect(persian.percentSign == "٪")
        let arabic = AmountFormatter(currency: Self.aed, numberingSystem: Self.arabic)
        #expect(arabic.string(for: Self.money("1234.5")) == "١٬٢٣٤٫٥٠\u{A0}AED")
        #expect(arabic.percentSign == "٪")
        let latin = AmountFormatter(currency: Self.aed)
        #expect(latin.string(for: Self.money("1234.5")) == "AED\u{A0}1,234.50")
        #expect(latin.percentString(decimal("7.5")) == "7.5")
        #expect(latin.percentSign == "%")
        #expect(AmountFormatter(currency: Self.aed, locale: "fr-FR").percentSign == "%")
    }

    @Test func anOverriddenLocaleKeepsItsConventionsWithTheDigits() {
        let german = AmountFormatter(currency: Self.aed, locale: "de-DE", numberingSystem: Self.persian)
        #expect(german.string(for: Self.money("1234.5")) == "۱٬۲۳۴٫۵۰\u{A0}AED")
    }

    @Test func datesTakeTheDigits() throws {
        let day = try #require(CalendarDate(year: 2026, month: 3, day: 12))
        #expect(CalendarDate.mediumStyle(language: "fa", numberingSystem: Self.persian)(day) == "۱۲ مارس ۲۰۲۶")
        #expect(CalendarDate.mediumStyle(language: "fa")(day) == "12 مارس 2026")
        #expect(
            CalendarDate.mediumStyle(language: "ar", numberingSystem: Self.arabic)(day) == "١٢\u{200F}/٠٣\u{200F}/٢٠٢٦")
        #expect(CalendarDate.mediumStyle(language: "ar")(day) == "12\u{200F}/03\u{200F}/2026")
    }

    @Test func pageNumbersTakeTheDigits() {
        #expect(Self.persian.string(12) == "۱۲")
        #expect(Self.arabic.string(1000) == "١٠٠٠")
        #expect(NumberingSystem.latin.string(1000) == "1000")
    }
}
