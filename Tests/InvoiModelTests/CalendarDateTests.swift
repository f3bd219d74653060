import Foundation
import Testing

@testable import InvoiModel

@Suite struct CalendarDateTests {
    @Test func parsesISODates() throws {
        let date = try #require(CalendarDate(iso: "2026-03-12"))
        #expect(date.year == 2026 && date.month == 3 && date.day == 12)
        #expect(date.iso == "2026-03-12")
        #expect(CalendarDate(iso: "0999-01-05")?.iso == "0999-01-05")
    }

    @Test(arguments: [
        "2026-02-30", "2026-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
        "2026-01-00", "0000-01-01",
    ])
    func rejectsUnrealDates(_ text: String) {
        #expect(CalendarDate(iso: text) == nil)
    }

    @Test(arguments: ["2024-02-29", "2000-02-29", "2026-12-31", "2026-04-30", "9999-12-31", "0001-01-01"])
    func acceptsRealDates(_ text: String) {
        #expect(CalendarDate(iso: text)?.iso == text)
    }

    @Test(arguments: [
        "", "2026-3-12", "2026/03/12", "12.03.2026", "2026-03-12T00:00:00Z", " 2026-03-12",
        "２０２６-03-12", "+026-03-12", "2026-03-1x",
    ])
    func rejectsOtherShapes(_ text: String) {
        #expect(CalendarDate(iso: text) == nil)
    }

    @Test func formatsAsUSAbbreviatedMonth() throws {
        #expect(try #require(CalendarDate(iso: "2026-03-12")).formatted == "Mar 12, 2026")
        #expect(try #require(CalendarDate(iso: "2026-09-01")).formatted == "Sep 1, 2026")
    }

    /// The hand-built en-US form must be what ICU prints for en-US, for every month.
    @Test func handBuiltFormatMatchesICU() throws {
        for month in 1...12 {
            let date = try #require(CalendarDate(year: 2026, month: month, day: 9))
            #expect(date.formatted == date.formatted(language: "en-US"))
            #expect(date.formatted == date.formatted(language: "en"))
        }
    }

    @Test func formatsInALanguagesMediumStyle() throws {
        let date = try #require(CalendarDate(iso: "2026-03-12"))
        #expect(date.formatted(language: "de-DE") == "12.03.2026")
        #expect(date.formatted(language: "en-GB") == "12 Mar 2026")
        #expect(date.formatted(language: "fr") == "12 mars 2026")
        #expect(date.formatted(language: "he") == "12 במרץ 2026")
        #expect(date.formatted(language: "ja") == "2026/03/12")
        #expect(date.formatted(language: "ar") == "12\u{200F}/03\u{200F}/2026", "Latin digits, not Arabic-Indic")
        #expect(date.formatted(language: "fa") == "12 مارس 2026", "the Gregorian calendar, Latin digits")
    }

    /// ICU's C API must write what Foundation's DateFormatter writes with the same settings
    /// (medium style, Gregorian, Latin digits, GMT), in every language invoi speaks and more,
    /// on both sides of the Julian–Gregorian change of 1582 and at the ends of the years.
    @Test(arguments: [
        "ar", "bg", "cs", "da", "de", "de-CH", "el", "en-GB", "en-IN", "es", "fa", "fi", "fr", "he", "hi", "hu", "it",
        "ja", "ko", "nb", "nl", "pl", "pt-BR", "ro", "ru", "sv", "th", "tr", "uk", "zh", "ar-SA-u-nu-arab",
        "ja-JP-u-ca-japanese", "en_US", "pt_PT",
    ])
    func formatsAsFoundationsDateFormatter(language: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let formatter = DateFormatter()
        var components = Locale.Components(identifier: language)
        components.numberingSystem = "latn"
        formatter.locale = Locale(components: components)
        formatter.calendar = calendar
        formatter.timeZone = .gmt
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        let format = CalendarDate.mediumStyle(language: language)
        for iso in [
            "2026-03-12", "2026-12-31", "2027-01-01", "2024-02-29", "1999-07-04", "1582-10-15", "1000-06-01",
            "0001-01-01", "9999-12-31",
        ] {
            let day = try #require(CalendarDate(iso: iso))
            let date = try #require(calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)))
            #expect(format(day) == formatter.string(from: date), "\(language) \(iso)")
        }
    }

    /// One calendar rule in every language: the proleptic Gregorian calendar of the JSON dates
    /// and the English form, also across the Julian–Gregorian change (1582-10-05…14 exist).
    @Test func formatsTheDaysOf1582sChangeProleptically() throws {
        for day in 4...15 {
            let date = try #require(CalendarDate(year: 1582, month: 10, day: day))
            let two = day < 10 ? "0\(day)" : "\(day)"
            #expect(date.formatted(language: "en-US") == date.formatted)
            #expect(date.formatted(language: "de") == "\(two).10.1582")
            #expect(date.formatted(language: "ja") == "1582/10/\(two)")
            #expect(date.formatted(language: "en-GB") == "\(day) Oct 1582")
            #expect(date.formatted(language: "fr") == "\(day) oct. 1582")
            #expect(date.formatted(language: "he") == "\(day) באוק׳ 1582")
            #expect(date.formatted(language: "ru") == "\(day) окт. 1582\u{202F}г.")
        }
        // Long before the change, the day as given.
        let early = try #require(CalendarDate(iso: "1000-06-01"))
        #expect(early.formatted(language: "de") == "01.06.1000")
    }

    @Test func ordersByDay() throws {
        let a = try #require(CalendarDate(iso: "2025-12-31"))
        let b = try #require(CalendarDate(iso: "2026-01-01"))
        #expect(a < b)
        #expect(!(b < a))
    }

    @Test func todayIsFoundationsTodayInTheMachinesTimeZone() {
        func foundationToday() -> CalendarDate? {
            let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
            return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)
        }
        let before = foundationToday()
        let today = CalendarDate.today()
        let after = foundationToday()
        // Either side of a midnight that passes during the test.
        #expect(
            today == before || today == after,
            "\(today) is neither \(String(describing: before)) nor \(String(describing: after))")
    }
}
