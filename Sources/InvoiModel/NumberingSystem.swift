import Foundation
import _FoundationICU

/// Which digits a document writes its numbers in.
public enum Digits: String, Hashable, Sendable, CaseIterable {
    /// 0–9, whatever the language.
    case latin
    /// The language's own digits, CLDR's native numbering system (Persian ۰–۹).
    case native
}

/// A CLDR numbering system (`latn`, `arabext`): the digits and, with the locale, the decimal,
/// grouping and percent signs ICU writes numbers with.
public struct NumberingSystem: Hashable, Sendable {
    /// CLDR's name of the system, the value of ICU's `numbers` locale keyword.
    public let name: String

    init(name: String) { self.name = name }

    public static let latin = NumberingSystem(name: "latn")

    public var isLatin: Bool { name == "latn" }

    /// CLDR's native numbering system of the language `tag`: `arabext` for Persian, `arab` for
    /// Arabic (whose default in CLDR is `latn`), `latn` for Hebrew and the European languages.
    public static func native(language tag: String) -> NumberingSystem {
        var status = U_ZERO_ERROR
        // ICU resolves the `native` keyword value itself from the language's data.
        guard let system = swift_unumsys_open(tag + "@numbers=native", &status), status.rawValue <= 0 else {
            return .latin
        }
        defer { swift_unumsys_close(system) }
        // An algorithmic system (Hebrew or Greek letters) has no digits to write amounts with.
        guard swift_unumsys_isAlgorithmic(system) == 0, swift_unumsys_getRadix(system) == 10,
            let name = swift_unumsys_getName(system)
        else { return .latin }
        return NumberingSystem(name: String(cString: name))
    }

    /// A whole number in these digits, ungrouped: a page number.
    public func string(_ value: Int) -> String {
        guard !isLatin else { return String(value) }
        return value.formatted(
            IntegerFormatStyle<Int>(locale: Locale(identifier: "und@numbers=" + name)).grouping(.never))
    }
}
