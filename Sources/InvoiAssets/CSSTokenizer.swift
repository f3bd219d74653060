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

/// Splits CSS into tokens (CSS Syntax Level 3, §4). Not a validating parser: the callers
/// keep only the token sequences they understand.
struct CSSTokenizer {
    private let scalars: [Unicode.Scalar]
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
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(css.unicodeScalars.count)
        var previousWasCR = false
        for scalar in css.unicodeScalars {
            switch scalar {
            case "\r":
                scalars.append("\n")
                previousWasCR = true
                continue
            case "\n" where previousWasCR: break
            case "\u{0C}": scalars.append("\n")
            case "\u{0}": scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
            previousWasCR = false
        }
        self.scalars = scalars
    }

    private mutating func next() -> CSSToken? {
        guard at < scalars.count else { return nil }
        let start = at
        sawEscape = false
        let kind = readKind()
        return CSSToken(kind: kind, source: String(String.UnicodeScalarView(scalars[start..<at])), hasEscape: sawEscape)
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        at + offset < scalars.count ? scalars[at + offset] : nil
    }

    private mutating func readKind() -> CSSToken.Kind {
        let scalar = scalars[at]
        if scalar == "/", peek(1) == "*" {
            at += 2
            while at < scalars.count, !(scalars[at] == "*" && peek(1) == "/") { at += 1 }
            at = min(at + 2, scalars.count)
            return .comment
        }
        if Self.isWhitespace(scalar) {
            while let next = peek(), Self.isWhitespace(next) { at += 1 }
            return .whitespace
        }
        switch scalar {
        case "\"", "'":
            return readString(closedBy: scalar)
        case "#":
            if let next = peek(1), Self.isNameCharacter(next) || startsEscape(at + 1) {
                at += 1
                let isIdentifier = startsIdentifier(at)
                return .hash(readName(), isIdentifier: isIdentifier)
            }
        case "(", ")", "[", "]", "{", "}", ",", ":", ";":
            at += 1
            switch scalar {
            case "(": return .openParenthesis
            case ")": return .closeParenthesis
            case "[": return .openBracket
            case "]": return .closeBracket
            case "{": return .openBrace
            case "}": return .closeBrace
            case ",": return .comma
            case ":": return .colon
            default: return .semicolon
            }
        case "+", ".":
            if startsNumber(at) { return readNumeric() }
        case "-":
            if startsNumber(at) { return readNumeric() }
            if peek(1) == "-", peek(2) == ">" {
                at += 3
                return .commentCloser
            }
            if startsIdentifier(at) { return readIdentifierLike() }
        case "<":
            if peek(1) == "!", peek(2) == "-", peek(3) == "-" {
                at += 4
                return .commentOpener
            }
        case "@":
            if startsIdentifier(at + 1) {
                at += 1
                return .atKeyword(readName())
            }
        case "\\":
            if Self.startsEscape(at, in: scalars) { return readIdentifierLike() }
        default:
            if ("0"..."9").contains(scalar) { return readNumeric() }
            if Self.isNameStart(scalar) { return readIdentifierLike() }
        }
        at += 1
        return .delimiter(scalar)
    }

    // MARK: Tokens

    private mutating func readString(closedBy quote: Unicode.Scalar) -> CSSToken.Kind {
        at += 1
        var value = String.UnicodeScalarView()
        while at < scalars.count {
            let scalar = scalars[at]
            if scalar == quote {
                at += 1
                return .string(String(value))
            }
            if scalar == "\n" { return .badString }  // the line break is left for the next token
            if scalar == "\\" {
                sawEscape = true
                if at + 1 >= scalars.count {
                    at += 1
                } else if scalars[at + 1] == "\n" {
                    at += 2  // a line continuation
                } else {
                    at += 1
                    value.append(readEscape())
                }
                continue
            }
            value.append(scalar)
            at += 1
        }
        return .string(String(value))
    }

    private mutating func readNumeric() -> CSSToken.Kind {
        if scalars[at] == "+" || scalars[at] == "-" { at += 1 }
        skipDigits()
        if peek() == ".", let digit = peek(1), ("0"..."9").contains(digit) {
            at += 1
            skipDigits()
        }
        if let e = peek(), e == "e" || e == "E" {
            if let digit = peek(1), ("0"..."9").contains(digit) {
                at += 1
                skipDigits()
            } else if let sign = peek(1), sign == "+" || sign == "-", let digit = peek(2), ("0"..."9").contains(digit) {
                at += 2
                skipDigits()
            }
        }
        if startsIdentifier(at) { return .dimension(unit: readName()) }
        if peek() == "%" {
            at += 1
            return .percentage
        }
        return .number
    }

    private mutating func skipDigits() {
        while let digit = peek(), ("0"..."9").contains(digit) { at += 1 }
    }

    /// An identifier, a function, or `url(…)`.
    private mutating func readIdentifierLike() -> CSSToken.Kind {
        let name = readName()
        guard peek() == "(" else { return .identifier(name) }
        at += 1
        guard name.lowercased() == "url" else { return .function(name) }
        while let next = peek(), Self.isWhitespace(next), let after = peek(1), Self.isWhitespace(after) { at += 1 }
        if let next = peek(), next == "\"" || next == "'" { return .function(name) }
        if let next = peek(), Self.isWhitespace(next), let after = peek(1), after == "\"" || after == "'" {
            return .function(name)
        }
        return readURL()
    }

    private mutating func readURL() -> CSSToken.Kind {
        while let next = peek(), Self.isWhitespace(next) { at += 1 }
        var value = String.UnicodeScalarView()
        while at < scalars.count {
            let scalar = scalars[at]
            at += 1
            switch scalar {
            case ")":
                return .url(String(value))
            case _ where Self.isWhitespace(scalar):
                while let next = peek(), Self.isWhitespace(next) { at += 1 }
                if peek() == ")" {
                    at += 1
                    return .url(String(value))
                }
                return skipBadURL()
            case "\"", "'", "(":
                return skipBadURL()
            case "\\":
                guard Self.startsEscape(at - 1, in: scalars) else { return skipBadURL() }
                sawEscape = true
                value.append(readEscape())
            default:
                if Self.isNonPrintable(scalar) { return skipBadURL() }
                value.append(scalar)
            }
        }
        return .url(String(value))
    }

    private mutating func skipBadURL() -> CSSToken.Kind {
        while at < scalars.count {
            if scalars[at] == ")" {
                at += 1
                break
            }
            if Self.startsEscape(at, in: scalars) {
                at += 1
                _ = readEscape()
            } else {
                at += 1
            }
        }
        return .badURL
    }

    /// Name characters and escapes, decoded.
    private mutating func readName() -> String {
        var name = String.UnicodeScalarView()
        while at < scalars.count {
            let scalar = scalars[at]
            if Self.isNameCharacter(scalar) {
                name.append(scalar)
                at += 1
            } else if Self.startsEscape(at, in: scalars) {
                sawEscape = true
                at += 1
                name.append(readEscape())
            } else {
                break
            }
        }
        return String(name)
    }

    /// After a backslash: up to six hex digits and a space, or one character.
    private mutating func readEscape() -> Unicode.Scalar {
        guard at < scalars.count else { return "\u{FFFD}" }
        guard scalars[at].properties.isASCIIHexDigit else {
            defer { at += 1 }
            return scalars[at]
        }
        var value: UInt32 = 0
        var count = 0
        while count < 6, at < scalars.count, scalars[at].properties.isASCIIHexDigit,
            let digit = UInt32(String(scalars[at]), radix: 16)
        {
            value = value * 16 + digit
            count += 1
            at += 1
        }
        if let next = peek(), Self.isWhitespace(next) { at += 1 }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    // MARK: Classes

    private func startsNumber(_ index: Int) -> Bool {
        func digit(_ i: Int) -> Bool { i < scalars.count && ("0"..."9").contains(scalars[i]) }
        guard index < scalars.count else { return false }
        var i = index
        if scalars[i] == "+" || scalars[i] == "-" { i += 1 }
        if digit(i) { return true }
        return i < scalars.count && scalars[i] == "." && digit(i + 1)
    }

    private func startsIdentifier(_ index: Int) -> Bool {
        guard index < scalars.count else { return false }
        let first = scalars[index]
        if first == "-" {
            guard index + 1 < scalars.count else { return false }
            let second = scalars[index + 1]
            return Self.isNameStart(second) || second == "-" || Self.startsEscape(index + 1, in: scalars)
        }
        return Self.isNameStart(first) || Self.startsEscape(index, in: scalars)
    }

    private func startsEscape(_ index: Int) -> Bool { Self.startsEscape(index, in: scalars) }

    static func startsEscape(_ index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        index + 1 < scalars.count && scalars[index] == "\\" && scalars[index + 1] != "\n"
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n"
    }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "_": true
        default: scalar.value >= 0x80
        }
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    private static func isNonPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x08 || scalar.value == 0x0B || (0x0E...0x1F).contains(scalar.value) || scalar.value == 0x7F
    }
}
