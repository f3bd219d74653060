import Foundation

/// Locale handling shared by amounts and dates.
public enum LocaleIdentifier {
    /// Why `identifier` cannot be a `locale`, or nil when it can: it must be shaped like a
    /// BCP 47 tag and name a language ICU knows (never a silent fallback to neutral formatting).
    public static func problem(with identifier: String) -> String? {
        guard isWellFormed(identifier) else {
            return
                "\(DiagnosticText.quoted(identifier)) is not a locale identifier; use a BCP 47 tag such as \"de-DE\" or \"en-GB\""
        }
        guard hasKnownLanguage(identifier) else {
            return
                "\(DiagnosticText.quoted(identifier)) names no language ICU knows; use a BCP 47 tag such as \"de-DE\" or \"en-GB\""
        }
        return nil
    }

    /// `identifier` as a Locale that always writes Latin digits (0–9): the document's
    /// fonts and the totals check need them, whatever the locale's native digits are.
    static func latinDigitsLocale(_ identifier: String) -> Locale {
        var components = Locale.Components(identifier: identifier)
        components.numberingSystem = "latn"
        return Locale(components: components)
    }

    /// Whether `identifier` is shaped like a BCP 47 tag (`de-CH`, `ar-SA-u-nu-latn`, `en_US`).
    static func isWellFormed(_ identifier: String) -> Bool {
        let parts = identifier.split(separator: /[-_]/, omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// Whether ICU knows the tag's language (an unknown one formats as the root locale).
    static func hasKnownLanguage(_ identifier: String) -> Bool {
        guard let code = Locale(identifier: identifier).language.languageCode else { return false }
        return Locale.LanguageCode.isoLanguageCodes.contains(code)
    }
}
