import Foundation
import _FoundationICU

#if canImport(Glibc)
    import Glibc
#endif

/// A day in the proleptic Gregorian calendar, with no time and no time zone:
/// an invoice's dates are days, and must print the same on every machine.
public struct CalendarDate: Hashable, Sendable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Years from 1 to 9999, so that every date has a four-digit `iso` form.
    public static let supportedYears = 1...9999

    /// A real date; nil when the month has no such day (2026-02-30) or the year is out of range.
    public init?(year: Int, month: Int, day: Int) {
        guard Self.supportedYears.contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`; nil for any other shape or for a date that does not exist.
    public init?(iso: String) {
        let bytes = Array(iso.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
            let day = Self.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `2026-03-12`.
    public var iso: String {
        Self.padded(year, to: 4) + "-" + Self.padded(month, to: 2) + "-" + Self.padded(day, to: 2)
    }

    /// `Mar 12, 2026`: en-US with an abbreviated month, built by hand so that it is
    /// the same whatever the machine's locale (tests check it against ICU's en-US).
    public var formatted: String {
        "\(Self.englishMonthAbbreviations[month - 1]) \(day), \(year)"
    }

    /// The date in ICU's medium date style for the language tag `language` (de `12.03.2026`,
    /// fr `12 mars 2026`, he `12 במרץ 2026`, ja `2026/03/12`): proleptic Gregorian, Latin digits,
    /// no time zone, whatever the machine's settings.
    public func formatted(language identifier: String) -> String {
        Self.mediumStyle(language: identifier)(self)
    }

    /// ICU's medium style for `language` as a function: one ICU formatter for every date of
    /// a document (making one costs more than formatting with it). The digits are
    /// `numberingSystem`'s (fa `۱۲ مارس ۲۰۲۶` with the native ones).
    public static func mediumStyle(
        language identifier: String, numberingSystem: NumberingSystem = .latin
    ) -> (CalendarDate) -> String {
        guard let format = MediumDateFormat(language: identifier, numberingSystem: numberingSystem) else {
            return { $0.iso }
        }
        return { day in format.string(for: day) ?? day.iso }
    }

    /// Today in the machine's time zone (TZ, else /etc/localtime): the only value in invoi
    /// that depends on the machine. The C library's localtime rather than Foundation's
    /// TimeZone.current, which loads ICU's whole time-zone table (about 2 MB of memory) to
    /// find the zone's canonical name, for a date.
    public static func today() -> CalendarDate {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
            let date = CalendarDate(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return CalendarDate(year: 2000, month: 1, day: 1)! }
        return date
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Number of days in `month` of `year` (Gregorian leap rule).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static let englishMonthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    static let englishMonthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func padded(_ value: Int, to width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension CalendarDate: CustomStringConvertible {
    public var description: String { iso }
}

/// ICU's medium date format for one language, in the Gregorian calendar with the given digits and
/// GMT (a day has no time zone), with the calendar it formats. ICU's C API directly (Foundation's
/// own copy, whose functions carry a `swift_` prefix): Foundation's DateFormatter set up the
/// same formatter through CoreFoundation at three times the cost, a tenth of a Hebrew page.
private final class MediumDateFormat: @unchecked Sendable {
    private let format: UnsafeMutablePointer<UDateFormat?>
    private let calendar: UnsafeMutablePointer<UCalendar?>
    private let lock = NSLock()

    init?(language identifier: String, numberingSystem: NumberingSystem) {
        // The tag as ICU's locale id, with ICU's own functions: Foundation's Locale took three
        // times as long as opening the formatter.
        var status = U_ZERO_ERROR
        var locale = [CChar](repeating: 0, count: 160)
        var parsed: Int32 = 0
        swift_uloc_forLanguageTag(identifier, &locale, Int32(locale.count - 1), &parsed, &status)
        if status.rawValue > 0 || Int(parsed) != identifier.utf8.count {
            // Not a BCP 47 tag: an ICU id already (`en_US`).
            status = U_ZERO_ERROR
            locale = Array(identifier.utf8CString.prefix(locale.count - 1)) + [0]
            locale += [CChar](repeating: 0, count: 160 - locale.count)
        }
        swift_uloc_setKeywordValue("calendar", "gregorian", &locale, Int32(locale.count - 1), &status)
        swift_uloc_setKeywordValue("numbers", numberingSystem.name, &locale, Int32(locale.count - 1), &status)
        guard status.rawValue <= 0 else { return nil }
        let gmt = Array("GMT".utf16)
        guard let format = swift_udat_open(UDAT_NONE, UDAT_MEDIUM, locale, gmt, Int32(gmt.count), nil, 0, &status),
            status.rawValue <= 0
        else { return nil }
        guard let calendar = swift_ucal_clone(swift_udat_getCalendar(format), &status), status.rawValue <= 0 else {
            swift_udat_close(format)
            return nil
        }
        // Proleptic Gregorian, as the JSON dates are and as the hand-built English form is:
        // ICU's calendar switches to the Julian one before 1582-10-15, where 1582-10-05…14
        // do not exist and would be moved ten days on.
        swift_ucal_setGregorianChange(calendar, -.greatestFiniteMagnitude, &status)
        guard status.rawValue <= 0 else {
            swift_ucal_close(calendar)
            swift_udat_close(format)
            return nil
        }
        self.format = format
        self.calendar = calendar
    }

    deinit {
        swift_ucal_close(calendar)
        swift_udat_close(format)
    }

    func string(for day: CalendarDate) -> String? {
        lock.withLock {
            var status = U_ZERO_ERROR
            // Noon: no day boundary near, whatever the calendar does with the hour.
            swift_ucal_setDateTime(calendar, Int32(day.year), Int32(day.month - 1), Int32(day.day), 12, 0, 0, &status)
            var text = [UChar](repeating: 0, count: 64)
            let length = swift_udat_formatCalendar(format, calendar, &text, Int32(text.count), nil, &status)
            guard status.rawValue <= 0, length <= text.count else { return nil }
            return String(decoding: text[..<Int(length)], as: UTF16.self)
        }
    }
}
