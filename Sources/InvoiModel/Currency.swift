import Foundation

/// How an amount names its currency.
public enum CurrencySymbolDisplay: Hashable, Sendable {
    /// The locale's symbol: `$`, `€`, `₹`.
    case symbol
    /// The ISO code (`GEL 1 234,56`), for symbols that no font invoi ships can draw.
    case isoCode
}

/// One of the currencies an invoice may be written in.
public struct Currency: Hashable, Sendable {
    /// ISO 4217 code, upper case: `USD`.
    public let code: String
    /// Digits after the decimal point, as ICU prints them (JPY 0, KWD 3, most 2).
    /// Amounts are rounded to exactly these digits, so what is shown is what is summed.
    public let fractionDigits: Int
    /// The locale whose conventions format this currency's amounts when the invoice names none.
    public let conventionalLocale: String
    public let symbolDisplay: CurrencySymbolDisplay

    init(
        _ code: String, _ fractionDigits: Int, _ conventionalLocale: String,
        _ symbolDisplay: CurrencySymbolDisplay = .symbol
    ) {
        self.code = code
        self.fractionDigits = fractionDigits
        self.conventionalLocale = conventionalLocale
        self.symbolDisplay = symbolDisplay
    }

    /// The code's currency; nil for a code not in `all` (the match is case-sensitive).
    public init?(code: String) {
        guard let currency = Self.byCode[code] else { return nil }
        self = currency
    }

    /// A currency a received e-invoice names that is not in `all`: its code, shown as the
    /// symbol, with `fractionDigits` digits (the most its amounts are written with) and English
    /// conventions.
    public init(unlisted code: String, fractionDigits: Int) {
        self.init(code, fractionDigits, "en", .isoCode)
    }

    public static let usd = Currency("USD", 2, "en-US")

    /// The 53 currencies in the app's picker order: the only table of currency facts.
    ///
    /// Locale choices: the country's main locale, except where its language is written
    /// right to left (AED SAR ILS QAR KWD BHD OMR PKR). There the country's English locale
    /// is used: the document is in English, and an amount carrying Arabic or Hebrew
    /// letters and bidi marks would flip its visual order inside a right-aligned column.
    /// GEL, AMD, AZN and BDT show their ISO code, because none of the fonts invoi
    /// installs has a glyph for ₾ ֏ ₼ ৳ (a PDF would show empty boxes).
    public static let all: [Currency] = [
        // Major global
        usd, Currency("EUR", 2, "de-DE"), Currency("GBP", 2, "en-GB"), Currency("CHF", 2, "de-CH"),
        Currency("JPY", 0, "ja-JP"), Currency("CNY", 2, "zh-CN"),
        // Anglosphere
        Currency("CAD", 2, "en-CA"), Currency("AUD", 2, "en-AU"), Currency("NZD", 2, "en-NZ"),
        Currency("SGD", 2, "en-SG"), Currency("HKD", 2, "zh-HK"),
        // Europe
        Currency("SEK", 2, "sv-SE"), Currency("NOK", 2, "nb-NO"), Currency("DKK", 2, "da-DK"),
        Currency("PLN", 2, "pl-PL"), Currency("CZK", 2, "cs-CZ"), Currency("HUF", 2, "hu-HU"),
        Currency("RON", 2, "ro-RO"), Currency("BGN", 2, "bg-BG"), Currency("HRK", 2, "hr-HR"),
        // Eastern Europe / CIS
        Currency("UAH", 2, "uk-UA"), Currency("GEL", 2, "ka-GE", .isoCode),
        Currency("AMD", 2, "hy-AM", .isoCode), Currency("AZN", 2, "az-AZ", .isoCode),
        Currency("KZT", 2, "kk-KZ"),
        // Middle East
        Currency("AED", 2, "en-AE"), Currency("SAR", 2, "en-SA"), Currency("ILS", 2, "en-IL"),
        Currency("QAR", 2, "en-QA"), Currency("KWD", 3, "en-KW"), Currency("BHD", 3, "en-BH"),
        Currency("OMR", 3, "en-OM"),
        // South & East Asia
        Currency("INR", 2, "en-IN"), Currency("IDR", 0, "id-ID"), Currency("PHP", 2, "en-PH"),
        Currency("THB", 2, "th-TH"), Currency("MYR", 2, "ms-MY"), Currency("VND", 0, "vi-VN"),
        Currency("BDT", 2, "bn-BD", .isoCode), Currency("PKR", 0, "en-PK"), Currency("KRW", 0, "ko-KR"),
        Currency("TWD", 2, "zh-TW"),
        // Americas
        Currency("BRL", 2, "pt-BR"), Currency("MXN", 2, "es-MX"), Currency("ARS", 2, "es-AR"),
        Currency("CLP", 0, "es-CL"), Currency("COP", 0, "es-CO"), Currency("PEN", 2, "es-PE"),
        // Africa
        Currency("ZAR", 2, "en-ZA"), Currency("NGN", 2, "en-NG"), Currency("KES", 2, "en-KE"),
        Currency("GHS", 2, "en-GH"),
        // Other
        Currency("TRY", 2, "tr-TR"),
    ]

    private static let byCode: [String: Currency] = Dictionary(
        all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// The currency's English name from ICU ("Swiss Franc").
    public var englishName: String {
        Locale(identifier: "en").localizedString(forCurrencyCode: code) ?? code
    }
}

extension Currency: CustomStringConvertible {
    public var description: String { code }
}
