import Foundation
import InvoiCharacters

/// The words of one document: its language's catalog, with the invoice's own `labels` over
/// it, filled and upper-cased the way that language does.
public struct Wording: Hashable, Sendable {
    public let catalog: Catalog
    /// The tag as the invoice gives it ("pt-BR", "tr"): upper-casing and dates follow it.
    public let tag: String
    /// Whether the document runs right to left: then every filled-in value that is not a
    /// plain number is wrapped in an isolate (FSI … PDI), so that `IL-2026-7` or
    /// `+972-50-1234567` keeps its order inside Hebrew or Arabic text.
    public let isRightToLeft: Bool
    private let overrides: [WordKey: String]
    private let upperCasingLocale: Locale?

    public var language: Language { catalog.language }

    public init(language: Language, tag: String? = nil, isRightToLeft: Bool? = nil, labels: [WordKey: String] = [:]) {
        catalog = .of(language)
        self.tag = tag ?? language.code
        self.isRightToLeft = isRightToLeft ?? language.isRightToLeft
        overrides = labels
        // English keeps the plain Unicode mapping, which is what a locale would give it.
        upperCasingLocale = language == .english ? nil : Locale(identifier: self.tag)
    }

    public static let english = Wording(language: .english)

    /// The text of a key that has no placeholders.
    public subscript(key: WordKey) -> String {
        overrides[key] ?? catalog[key]
    }

    /// The text of `key` with its placeholders filled.
    public func text(_ key: WordKey, _ values: [Placeholder: String]) -> String {
        let template = self[key]
        // In a left-to-right document a label may still hold right-to-left words or marks (an
        // override): then each value stands in a left-to-right isolate, so that the label
        // cannot turn an identifier's digit groups round.
        let mixesDirections =
            !isRightToLeft
            && template.unicodeScalars.contains { $0.isBidiMark || $0.isOfRightToLeftScript }
        return Template(template).filled { placeholder in
            let value = values[placeholder] ?? ""
            guard mixesDirections, !value.isEmpty, !Self.isIsolate(value) else { return isolated(value) }
            return "\u{2066}" + value + "\u{2069}"
        }
    }

    /// `text(key, values)` with the `%` written right after `{rate}` as `percentSign`, inside the
    /// rate's isolate: the catalogs write the sign that goes with Latin digits, and other digits
    /// take their own (Persian `۵٪`, not `۵%`).
    public func text(_ key: WordKey, _ values: [Placeholder: String], percentSign: String) -> String {
        guard percentSign != "%" else { return text(key, values) }
        let parts = Template(self[key]).parts
        var result = ""
        var signTaken = false
        for (index, part) in parts.enumerated() {
            switch part {
            case .literal(let literal):
                result += signTaken ? String(literal.dropFirst()) : literal
                signTaken = false
            case .value(let placeholder):
                let value = values[placeholder] ?? ""
                let next = parts.index(after: index)
                if placeholder == .rate, next < parts.endIndex, case .literal(let literal) = parts[next],
                    literal.hasPrefix("%")
                {
                    result += isolated(value + percentSign)
                    signTaken = true
                } else {
                    result += isolated(value)
                }
            }
        }
        return result
    }

    /// `value` as it must stand inside text of the document's direction: as it is in a
    /// left-to-right document, or in a plain number; otherwise in a first-strong isolate
    /// (once: an isolated value is not isolated again).
    public func isolated(_ value: String) -> String {
        guard isRightToLeft, !value.isEmpty,
            !value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "," }),
            !Self.isIsolate(value)
        else { return value }
        return "\u{2068}" + value + "\u{2069}"
    }

    /// An identifier (an account, invoice or phone number, an email address) as it must
    /// stand on the page: one left-to-right isolate (LRI … PDI), so that neither the
    /// document's direction nor a right-to-left word inside it can change the order of its
    /// parts. ASCII in a left-to-right document, and a number of digits alone in any, are
    /// already shown as stored, and stay as they are.
    ///
    /// A run of right-to-left words inside an identifier (`IL62 0108 בנק 0000 0009`) is an
    /// isolate of its own (RLI … PDI): it reads right to left, and the digit groups after it
    /// keep their stored order instead of being turned round with it.
    public func identifier(_ value: String) -> String {
        guard !value.isEmpty, isRightToLeft || !value.utf8.allSatisfy({ $0 < 0x80 }),
            !value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), !Self.isIsolate(value)
        else { return value }
        return "\u{2066}" + Self.isolatingRightToLeftRuns(value) + "\u{2069}"
    }

    /// `value` with each run of right-to-left script (with the spaces and punctuation between
    /// its words, but no digit or other letter) wrapped in RLI … PDI.
    static func isolatingRightToLeftRuns(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: \.isOfRightToLeftScript) else { return value }
        var result = String.UnicodeScalarView()
        var pending = String.UnicodeScalarView()
        var inRun = false
        for scalar in value.unicodeScalars {
            if scalar.isOfRightToLeftScript {
                if inRun { result += pending } else { result.append("\u{2067}") }
                pending = String.UnicodeScalarView()
                inRun = true
                result.append(scalar)
            } else if inRun, scalar.properties.isWhitespace || scalar.properties.generalCategory.isPunctuation {
                pending.append(scalar)
            } else {
                if inRun {
                    result.append("\u{2069}")
                    result += pending
                    pending = String.UnicodeScalarView()
                    inRun = false
                }
                result.append(scalar)
            }
        }
        if inRun {
            result.append("\u{2069}")
            result += pending
        }
        return String(result)
    }

    /// Whether `value` is one isolate already: an initiator (LRI, RLI, FSI) … PDI.
    private static func isIsolate(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        return (0x2066...0x2068).contains(first.value) && last == "\u{2069}"
    }

    /// `text` in capitals by the language's rules (Turkish i → İ, Greek without accents).
    public func uppercased(_ text: String) -> String {
        guard let locale = upperCasingLocale else { return text.uppercased() }
        return text.uppercased(with: locale)
    }
}

extension Wording {
    // The catalog and the locale follow from the language and the tag.
    public static func == (lhs: Wording, rhs: Wording) -> Bool {
        lhs.language == rhs.language && lhs.tag == rhs.tag && lhs.isRightToLeft == rhs.isRightToLeft
            && lhs.overrides == rhs.overrides
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(tag)
        hasher.combine(isRightToLeft)
        hasher.combine(overrides)
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            true
        default: false
        }
    }
}
