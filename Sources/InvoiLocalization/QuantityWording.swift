import Foundation
import _FoundationICU

/// A quantity with its unit as CLDR writes it in a language (`6.5 hr`, `6,5 Std.`, `3 חודשים`):
/// the unit's word, its plural form and where the number goes come from ICU's number
/// formatter (Foundation's own copy of ICU, already in every invoi binary, whose C functions
/// carry a `swift_` prefix); the number itself
/// stays the one invoi formatted for the invoice's locale.
public final class QuantityWording {
    /// The CLDR unit of each UN/ECE Recommendation 20 code that CLDR has one for.
    static let cldrUnits: [String: String] = [
        "SEC": "duration-second", "MIN": "duration-minute", "HUR": "duration-hour", "DAY": "duration-day",
        "WEE": "duration-week", "MON": "duration-month", "ANN": "duration-year",
        "GRM": "mass-gram", "KGM": "mass-kilogram", "TNE": "mass-tonne", "LBR": "mass-pound",
        "MMT": "length-millimeter", "CMT": "length-centimeter", "MTR": "length-meter", "KMT": "length-kilometer",
        "INH": "length-inch", "FOT": "length-foot", "SMI": "length-mile",
        "MLT": "volume-milliliter", "LTR": "volume-liter", "MTQ": "volume-cubic-meter",
        "MTK": "area-square-meter", "HAR": "area-hectare",
        "WTT": "power-watt", "KWT": "power-kilowatt", "KWH": "energy-kilowatt-hour",
        "AD": "digital-byte", "4L": "digital-megabyte", "E34": "digital-gigabyte", "E35": "digital-terabyte",
    ]

    private let language: String
    /// ICU's formatters by skeleton, opened on first use: opening one costs about as much as
    /// laying out a line, and an invoice of hours asks for the same two on every line.
    private var formatters: [String: OpaquePointer] = [:]
    /// ICU's result buffer, opened with the first formatter: an invoice without units never
    /// calls ICU.
    private var result: OpaquePointer?

    /// Units in `language` (a BCP 47 tag).
    public init(language: String) {
        self.language = language
    }

    deinit {
        for formatter in formatters.values { swift_unumf_close(formatter) }
        if let result { swift_unumf_closeResult(result) }
    }

    /// `shown` (the quantity as invoi formats it, whose exact value is `decimal`, e.g. "6.5")
    /// with the unit of `unitCode`; nil when CLDR has no such unit or ICU gives no text whose
    /// number can be told apart, for the caller to write the code.
    public func text(_ shown: String, decimal: String, unitCode: String) -> String? {
        guard let unit = Self.cldrUnits[unitCode] else { return nil }
        let number = " precision-unlimited numbering-system/latn group-off"
        guard let plain = format(decimal, skeleton: number),
            let withUnit = format(decimal, skeleton: "measure-unit/\(unit) unit-width-short" + number),
            let range = withUnit.range(of: plain), withUnit.ranges(of: plain).count == 1
        else { return nil }
        return withUnit.replacingCharacters(in: range, with: shown)
    }

    /// The unit of `unitCode` alone, in the form that goes with the quantity `decimal`
    /// (`hr`, `Std.`, `ימים`): for a table's unit column beside the number. nil as `text` is.
    public func unitWord(decimal: String, unitCode: String) -> String? {
        guard let withUnit = text("\u{1}", decimal: decimal, unitCode: unitCode) else { return nil }
        let word = withUnit.replacingOccurrences(of: "\u{1}", with: "").trimmingCharacters(in: .whitespaces)
        return word.isEmpty ? nil : word
    }

    private func formatter(_ skeleton: String) -> OpaquePointer? {
        if let formatter = formatters[skeleton] { return formatter }
        var status = U_ZERO_ERROR
        let skeleton16 = Array(skeleton.utf16)
        guard
            let formatter = swift_unumf_openForSkeletonAndLocale(
                skeleton16, Int32(skeleton16.count), language, &status), status.rawValue <= 0
        else { return nil }
        formatters[skeleton] = formatter
        return formatter
    }

    /// ICU's text for the decimal number `value`, without the bidi marks it adds for
    /// right-to-left languages (invoi isolates values itself).
    private func format(_ value: String, skeleton: String) -> String? {
        guard let formatter = formatter(skeleton) else { return nil }
        var status = U_ZERO_ERROR
        if result == nil { result = swift_unumf_openResult(&status) }
        guard let result, status.rawValue <= 0 else { return nil }
        swift_unumf_formatDecimal(formatter, value, Int32(value.utf8.count), result, &status)
        var buffer = [UChar](repeating: 0, count: 128)
        let length = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= 0, length >= 0, Int(length) <= buffer.count else { return nil }
        let text = String(decoding: buffer[..<Int(length)], as: UTF16.self)
        return String(text.unicodeScalars.filter { !["\u{200E}", "\u{200F}", "\u{061C}"].contains($0) })
    }
}
