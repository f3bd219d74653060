import Foundation
import InvoiModel

/// Theme files on arbitrary bytes: decoded, or refused with diagnostics that are safe to print
/// and short; a theme that is accepted is written back (`invoi init --theme`'s form) and that
/// is accepted too.
enum ThemeDecodingTarget {
    static let longestMessage = 600

    static func run(_ data: Data, show: ((String) -> Void)?) -> FuzzTarget.Verdict {
        do {
            let (theme, warnings) = try ThemeDecoder().decode(data, file: "fuzz.json")
            show?(warnings.map(\.description).joined(separator: "\n"))
            check(warnings)
            let written = theme.prettyPrintedJSON()
            show?(written)
            do {
                let (again, _) = try ThemeDecoder().decode(Data(written.utf8), file: "written.json")
                FuzzCheck.require(
                    again.design == theme.design && again.labels == theme.labels && again.table == theme.table
                        && again.hiddenSections == theme.hiddenSections && again.fonts == theme.fonts
                        && again.colors == theme.colors && again.footer == theme.footer,
                    "the theme written back reads as another theme")
            } catch {
                FuzzCheck.require(false, "the theme written back is refused: \(error.description.prefix(400))")
            }
            return .accepted
        } catch {
            show?(error.description)
            FuzzCheck.require(!error.errors.isEmpty, "a refused theme has no error")
            check(error.diagnostics)
            return .refused
        }
    }

    private static func check(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            let line = diagnostic.description
            FuzzCheck.require(
                FuzzCheck.isPrintable(line), "a message has a control character: \(line.debugDescription)")
            FuzzCheck.require(
                line.unicodeScalars.count <= longestMessage,
                "a message is \(line.unicodeScalars.count) characters long: \(line.prefix(200).debugDescription)…")
        }
    }
}
