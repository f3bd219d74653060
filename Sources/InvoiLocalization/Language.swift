import Foundation
import InvoiCharacters

/// A language invoi prints in: one of the catalogs.
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The catalog's code ("de", "zh-Hans").
    public let code: String

    private init(code: String) { self.code = code }

    public static let english = Language(code: "en")

    /// Every language with a catalog, in the order `invoi languages` lists them.
    public static let all: [Language] = [
        "en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "nb", "fi", "cs", "sk", "ro", "hu",
        "el", "tr", "ru", "uk", "he", "ar", "fa", "ja", "zh-Hans", "ko",
    ].map(Language.init(code:))

    /// The catalog for a BCP 47 tag: its language subtag decides (`pt-BR` → pt, `de-AT` → de),
    /// with the aliases ICU also knows (`iw` → he, `no` → nb); Chinese only in simplified
    /// script (`zh`, `zh-CN`, `zh-Hans-SG`). Nil when invoi has no catalog for it.
    public init?(tag: String) {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let first = subtags.first else { return nil }
        let code: String
        switch first {
        case "iw": code = "he"
        case "no", "nn": code = "nb"
        case "zh":
            let rest = subtags.dropFirst()
            guard !rest.contains(where: { ["hant", "tw", "hk", "mo"].contains($0) }) else { return nil }
            code = "zh-Hans"
        default: code = first
        }
        guard let language = Self.all.first(where: { $0.code == code }) else { return nil }
        self = language
    }

    /// Whether the language is written right to left (he, ar, fa), as CLDR says.
    public var isRightToLeft: Bool {
        // English asks nothing of ICU: its locale data costs an English render time for nothing.
        self != .english && Locale.Language(identifier: code).characterDirection == .rightToLeft
    }

    /// Whether the language's script joins its letters (Arabic, Persian), so that letter-spacing
    /// must not pull them apart.
    public var joinsLetters: Bool {
        self != .english && Locale.Language(identifier: code).script == .arabic
    }

    /// The language's name in itself ("Deutsch", "עברית"), from CLDR.
    public var nativeName: String {
        let locale = Locale(identifier: code)
        return locale.localizedString(forIdentifier: code) ?? code
    }

    /// The language's name in English, from CLDR.
    public var englishName: String {
        Locale(identifier: "en").localizedString(forIdentifier: code) ?? code
    }

    /// Languages close to an unknown tag, for an error message: a code an edit or two away
    /// (`ge` → de), or a language whose English or native name the tag begins with or is
    /// close to (`hebrew` → he, `deutsch` → de).
    public static func closest(to tag: String) -> [Language] {
        let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? tag
        let byCode = KeySuggestion.closest(to: language, among: all.map(\.code))
        let names = all.flatMap { [($0, $0.englishName), ($0, $0.nativeName)] }
        let byName = KeySuggestion.closestValue(to: tag, among: names.map(\.1))
        return all.filter { candidate in
            candidate.code == byCode || names.contains { $0.0 == candidate && $0.1 == byName }
        }
    }

    public var description: String { code }
}
