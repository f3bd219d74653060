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

    /// `identifier` as a Locale that writes `numberingSystem`'s digits: Latin ones (0–9) unless
    /// the document asks for its language's, whatever the locale's own default digits are.
    static func locale(_ identifier: String, numberingSystem: NumberingSystem = .latin) -> Locale {
        var components = Locale.Components(identifier: identifier)
        components.numberingSystem = Locale.NumberingSystem(numberingSystem.name)
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
