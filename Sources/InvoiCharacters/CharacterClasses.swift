/// The character classes that several layers must agree on: what counts as a control
/// character, and which characters can reorder displayed text.
extension Unicode.Scalar {
    /// C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F): characters that can move a
    /// terminal's cursor or that XML 1.0 forbids.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// The bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069),
    /// which can make an account number or an amount display in an order other than the
    /// one it is stored in. The marks LRM, RLM and ALM are not among them: they change no
    /// embedding level.
    public var isBidiFormattingControl: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

extension Unicode.Scalar {
    /// The invisible marks LRM (U+200E), RLM (U+200F) and ALM (U+061C): strong characters
    /// of their direction, so one placed among digits can show them in another order.
    public var isBidiMark: Bool {
        value == 0x200E || value == 0x200F || value == 0x061C
    }

    /// U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE, …):
    /// permanently unassigned, and refused by Cairo's UTF-8 check.
    public var isNoncharacter: Bool {
        (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    /// Why the scalar may not stand in an identifier (an account number, an invoice number,
    /// a phone number, an email address), or nil when it may: a bidi control or mark or
    /// another invisible format character can show the identifier in another order or with
    /// characters the reader cannot see, and a digit other than ASCII 0–9 reads like one
    /// but is not what a bank or a tax office compares.
    public var identifierProblem: IdentifierCharacterProblem? {
        switch value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: return .lineBreak
        case ..<0x80: return nil
        default: break
        }
        if isBidiFormattingControl || isBidiMark { return .bidiControl }
        if isNoncharacter { return .invisible }
        switch properties.generalCategory {
        case .format: return .invisible
        case .decimalNumber: return .nonASCIIDigit(properties.numericValue.map { Int($0) })
        default: break
        }
        if properties.isDefaultIgnorableCodePoint { return .invisible }
        if properties.numericType == .digit { return .nonASCIIDigit(properties.numericValue.map { Int($0) }) }
        return nil
    }

    /// Whether the scalar is in a block of a right-to-left script (Hebrew, Arabic, Syriac,
    /// Thaana, NKo, Samaritan, Mandaic, their presentation forms, and the right-to-left
    /// blocks of the supplementary planes), assigned or not: unassigned code points there
    /// are right to left by default, so they reorder what follows them all the same.
    public var isOfRightToLeftScript: Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// `U+200F RIGHT-TO-LEFT MARK`: how a message names the scalar.
    public var codePointName: String {
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = properties.name ?? properties.nameAlias else { return code }
        return "\(code) \(name)"
    }
}

/// What is wrong with a character in an identifier field.
public enum IdentifierCharacterProblem: Equatable, Sendable {
    /// A bidi embedding, override or isolate control, or the mark LRM, RLM or ALM.
    case bidiControl
    /// Another invisible character (a zero-width space or joiner, a soft hyphen, a filler, a
    /// noncharacter, …).
    case invisible
    /// A line break or tab: an identifier is one line.
    case lineBreak
    /// A digit of another script or style (Arabic-Indic, fullwidth, mathematical), with
    /// its value when it has one.
    case nonASCIIDigit(Int?)
}
