import ArgumentParser
import Foundation
import InvoiLocalization
import InvoiModel

/// `invoi languages`: the languages invoi prints, each with its title and a sample date;
/// `--keys`: the catalog keys with their English text, for `labels`.
struct LanguagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "List the languages invoi prints in, with the title and a sample date; --keys lists the label keys."
    )

    @Flag(help: "List the keys an invoice's \"labels\" may override, with their English text.")
    var keys = false

    static let sampleDate = CalendarDate(year: 2026, month: 3, day: 12)!

    func run() throws {
        try CLIFailure.reporting {
            try StandardOutput.write(Data(((keys ? Self.keyTable() : Self.languageTable()) + "\n").utf8))
        }
    }

    /// Words in the language's own script come last on each row, in logical order (a file or
    /// a pipe keeps them as they are; the ASCII columns before them stay aligned).
    static func languageTable() -> String {
        var rows = [["CODE", "DIR", "LANGUAGE", "NAME · TITLE · DATE"]]
        for language in Language.all {
            let wording = Wording(language: language)
            let date = language == .english ? sampleDate.formatted : sampleDate.formatted(language: language.code)
            rows.append([
                language.code, language.isRightToLeft ? "rtl" : "ltr", language.englishName,
                [language.nativeName, wording.uppercased(wording[.invoiceTitle]), withoutMarks(date)]
                    .joined(separator: " · "),
            ])
        }
        return textTable(rows)
    }

    static func keyTable() -> String {
        let english = Wording.english
        var rows = [["KEY", "ENGLISH"]]
        for key in WordKey.allCases {
            rows.append([key.rawValue, english[key]])
        }
        return textTable(rows)
    }

    /// Without the bidi marks ICU puts in Arabic dates: invisible, and meaningless out of context.
    private static func withoutMarks(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.filter { !["\u{200E}", "\u{200F}", "\u{061C}"].contains($0) }))
    }
}
