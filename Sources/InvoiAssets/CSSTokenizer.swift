/// One token of CSS, as the tokenizer of CSS Syntax Level 3 reads it: escapes are
/// decoded into the token's value, so that every check sees what a browser or librsvg
/// would see (`\75 rl(` is the function `url(`), and comments are tokens of their own,
/// so that a check can tell `u/**/rl(` (two tokens) from `url(`.
struct CSSToken: Equatable {
    enum Kind: Equatable {
        case whitespace
        case comment
        case identifier(String)
        case function(String)
        case atKeyword(String)
        /// `#name`; `isIdentifier` when the name could be an id selector.
        case hash(String, isIdentifier: Bool)
        case string(String)
        /// A string that a line break ended: the rule holding it is invalid.
        case badString
        /// `url(…)` without quotes, its address decoded.
        case url(String)
        case badURL
        case number
        case percentage
        /// A number with a unit (`3px`); the unit decoded.
        case dimension(unit: String)
        case delimiter(Unicode.Scalar)
        case colon, semicolon, comma
        case openParenthesis, closeParenthesis, openBracket, closeBracket, openBrace, closeBrace
        /// `<!--` and `-->`, which a stylesheet may put around its rules.
        case commentOpener, commentCloser
    }

    var kind: Kind
    /// The token as written.
    var source: String
    /// Whether the source has a backslash escape, so that it reads differently from its text.
    var hasEscape: Bool
}

/// Splits CSS into tokens (CSS Syntax Level 3, §4), reading UTF-8 bytes: every byte of
/// a character beyond ASCII is a name character there, as the spec has it for the
/// character. Not a validating parser: the callers keep only the token sequences they
/// understand.
struct CSSTokenizer {
    private let bytes: [UInt8]
    private var at = 0
    private var sawEscape = false

    /// The tokens of `css`, after the spec's preprocessing (line breaks as `\n`, NUL as U+FFFD).
    static func tokens(_ css: String) -> [CSSToken] {
        var tokenizer = CSSTokenizer(css)
        var tokens: [CSSToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    private init(_ css: String) {
        let utf8 = Array(css.utf8)
        guard utf8.contains(where: { $0 == 0x0D || $0 == 0x0C || $0 == 0 }) else {
            bytes = utf8
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        for (index, byte) in utf8.enumerated() {
            switch byte {
            case 0x0D: if index + 1 >= utf8.count || utf8[index + 1] != 0x0A { bytes.append(0x0A) }
            case 0x0C: bytes.append(0x0A)
            case 0: bytes += [0xEF, 0xBF, 0xBD]
            default: bytes.append(byte)
            }
        }
        self.bytes = bytes
    }

    private mutating func next() -> CSSToken? {
        guard at < bytes.count else { return nil }
        let start = at
        sawEscape = false
        let kind = readKind()
        return CSSToken(kind: kind, source: text(start..<at), hasEscape: sawEscape)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        at + offset < bytes.count ? bytes[at + offset] : nil
    }

    private mutating func readKind() -> CSSToken.Kind {
        let byte = bytes[at]
        if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
            at += 2
            while at < bytes.count, !(bytes[at] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) { at += 1 }
            at = min(at + 2, bytes.count)
            return .comment
        }
        if Self.isWhitespace(byte) {
            while let next = peek(), Self.isWhitespace(next) { at += 1 }
            return .whitespace
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return readString(closedBy: byte)
        case UInt8(ascii: "#"):
            if let next = peek(1), Self.isNameCharacter(next) || startsEscape(at + 1) {
                at += 1
                let isIdentifier = startsIdentifier(at)
                return .hash(readName(), isIdentifier: isIdentifier)
            }
        case UInt8(ascii: "("):
            at += 1
            return .openParenthesis
        case UInt8(ascii: ")"):
            at += 1
            return .closeParenthesis
        case UInt8(ascii: "["):
            at += 1
            return .openBracket
        case UInt8(ascii: "]"):
            at += 1
            return .closeBracket
        case UInt8(ascii: "{"):
            at += 1
            return .openBrace
        case UInt8(ascii: "}"):
            at += 1
            return .closeBrace
        case UInt8(ascii: ","):
            at += 1
            return .comma
        case UInt8(ascii: ":"):
            at += 1
            return .colon
        case UInt8(ascii: ";"):
            at += 1
            return .semicolon
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            if startsNumber(at) { return readNumeric() }
        case UInt8(ascii: "-"):
            if startsNumber(at) { return readNumeric() }
            if peek(1) == UInt8(ascii: "-"), peek(2) == UInt8(ascii: ">") {
                at += 3
                return .commentCloser
            }
            if startsIdentifier(at) { return readIdentifierLike() }
        case UInt8(ascii: "<"):
            if peek(1) == UInt8(ascii: "!"), peek(2) == UInt8(ascii: "-"), peek(3) == UInt8(ascii: "-") {
                at += 4
                return .commentOpener
            }
        case UInt8(ascii: "@"):
            if startsIdentifier(at + 1) {
                at += 1
                return .atKeyword(readName())
            }
        case UInt8(ascii: "\\"):
            if startsEscape(at) { return readIdentifierLike() }
        default:
            if Self.isDigit(byte) { return readNumeric() }
            if Self.isNameStart(byte) { return readIdentifierLike() }
        }
        // A delimiter: one character, all its bytes.
        let start = at
        at += 1
        while at < bytes.count, bytes[at] & 0xC0 == 0x80 { at += 1 }
        return .delimiter(text(start..<at).unicodeScalars.first ?? "\u{FFFD}")
    }

    // MARK: Tokens

    private mutating func readString(closedBy quote: UInt8) -> CSSToken.Kind {
        at += 1
        var value: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            if byte == quote {
                at += 1
                return .string(String(decoding: value, as: UTF8.self))
            }
            if byte == 0x0A { return .badString }  // the line break is left for the next token
            if byte == UInt8(ascii: "\\") {
                sawEscape = true
                if at + 1 >= bytes.count {
                    at += 1
                } else if bytes[at + 1] == 0x0A {
                    at += 2  // a line continuation
                } else {
                    at += 1
                    appendEscape(to: &value)
                }
                continue
            }
            value.append(byte)
            at += 1
        }
        return .string(String(decoding: value, as: UTF8.self))
    }

    private mutating func readNumeric() -> CSSToken.Kind {
        if bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
        skipDigits()
        if peek() == UInt8(ascii: "."), let digit = peek(1), Self.isDigit(digit) {
            at += 1
            skipDigits()
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            if let digit = peek(1), Self.isDigit(digit) {
                at += 1
                skipDigits()
            } else if let sign = peek(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let digit = peek(2),
                Self.isDigit(digit)
            {
                at += 2
                skipDigits()
            }
        }
        if startsIdentifier(at) { return .dimension(unit: readName()) }
        if peek() == UInt8(ascii: "%") {
            at += 1
            return .percentage
        }
        return .number
    }

    private mutating func skipDigits() {
        while let digit = peek(), Self.isDigit(digit) { at += 1 }
    }

    /// An identifier, a function, or `url(…)`.
    private mutating func readIdentifierLike() -> CSSToken.Kind {
        let name = readName()
        guard peek() == UInt8(ascii: "(") else { return .identifier(name) }
        at += 1
        guard name.lowercased() == "url" else { return .function(name) }
        while let next = peek(), Self.isWhitespace(next), let after = peek(1), Self.isWhitespace(after) { at += 1 }
        if let next = peek(), next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") { return .function(name) }
        if let next = peek(), Self.isWhitespace(next), let after = peek(1),
            after == UInt8(ascii: "\"") || after == UInt8(ascii: "'")
        {
            return .function(name)
        }
        return readURL()
    }

    private mutating func readURL() -> CSSToken.Kind {
        while let next = peek(), Self.isWhitespace(next) { at += 1 }
        var value: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: ")"):
                return .url(String(decoding: value, as: UTF8.self))
            case _ where Self.isWhitespace(byte):
                while let next = peek(), Self.isWhitespace(next) { at += 1 }
                if peek() == UInt8(ascii: ")") {
                    at += 1
                    return .url(String(decoding: value, as: UTF8.self))
                }
                return skipBadURL()
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("):
                return skipBadURL()
            case UInt8(ascii: "\\"):
                guard startsEscape(at - 1) else { return skipBadURL() }
                sawEscape = true
                appendEscape(to: &value)
            default:
                if Self.isNonPrintable(byte) { return skipBadURL() }
                value.append(byte)
            }
        }
        return .url(String(decoding: value, as: UTF8.self))
    }

    private mutating func skipBadURL() -> CSSToken.Kind {
        while at < bytes.count {
            if bytes[at] == UInt8(ascii: ")") {
                at += 1
                break
            }
            if startsEscape(at) {
                at += 1
                var ignored: [UInt8] = []
                appendEscape(to: &ignored)
            } else {
                at += 1
            }
        }
        return .badURL
    }

    /// Name characters and escapes, decoded.
    private mutating func readName() -> String {
        let start = at
        while at < bytes.count, Self.isNameCharacter(bytes[at]) { at += 1 }
        guard startsEscape(at) else { return text(start..<at) }
        var name = Array(bytes[start..<at])
        while at < bytes.count {
            if Self.isNameCharacter(bytes[at]) {
                name.append(bytes[at])
                at += 1
            } else if startsEscape(at) {
                sawEscape = true
                at += 1
                appendEscape(to: &name)
            } else {
                break
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// After a backslash: up to six hex digits and a space, or one character; appended as UTF-8.
    private mutating func appendEscape(to value: inout [UInt8]) {
        guard at < bytes.count else {
            value += [0xEF, 0xBF, 0xBD]
            return
        }
        guard let first = Self.hexValue(bytes[at]) else {
            // One character, all its bytes.
            value.append(bytes[at])
            at += 1
            while at < bytes.count, bytes[at] & 0xC0 == 0x80 {
                value.append(bytes[at])
                at += 1
            }
            return
        }
        var code = first
        var count = 1
        at += 1
        while count < 6, at < bytes.count, let digit = Self.hexValue(bytes[at]) {
            code = code * 16 + digit
            count += 1
            at += 1
        }
        if let next = peek(), Self.isWhitespace(next) { at += 1 }
        let scalar = code == 0 ? "\u{FFFD}" : Unicode.Scalar(code) ?? "\u{FFFD}"
        value += Array(String(Character(scalar)).utf8)
    }

    // MARK: Classes

    private func startsNumber(_ index: Int) -> Bool {
        func digit(_ i: Int) -> Bool { i < bytes.count && Self.isDigit(bytes[i]) }
        guard index < bytes.count else { return false }
        var i = index
        if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        if digit(i) { return true }
        return i < bytes.count && bytes[i] == UInt8(ascii: ".") && digit(i + 1)
    }

    private func startsIdentifier(_ index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let first = bytes[index]
        if first == UInt8(ascii: "-") {
            guard index + 1 < bytes.count else { return false }
            let second = bytes[index + 1]
            return Self.isNameStart(second) || second == UInt8(ascii: "-") || startsEscape(index + 1)
        }
        return Self.isNameStart(first) || startsEscape(index)
    }

    private func startsEscape(_ index: Int) -> Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] != 0x0A
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A
    }

    /// Also every byte of a character beyond ASCII.
    private static func isNameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
        default: byte >= 0x80
        }
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
    }

    private static func isNonPrintable(_ byte: UInt8) -> Bool {
        byte <= 0x08 || byte == 0x0B || (0x0E...0x1F).contains(byte) || byte == 0x7F
    }

    /// Whitespace as CSS has it, for text already read as scalars.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n"
    }
}
