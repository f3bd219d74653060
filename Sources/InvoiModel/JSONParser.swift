/// A strict JSON (RFC 8259) parser over validated UTF-8 bytes.
///
/// Why not JSONSerialization or JSONDecoder: both read numbers through Double/NSNumber,
/// so `0.1` or a 17-digit amount would already be inexact before any money is computed;
/// and neither reports where in the file a value sits. This parser keeps each number's
/// text and each value's line and column, and explains common mistakes (trailing
/// commas, comments, single quotes) in words.
struct JSONParser {
    struct SyntaxError: Error, Sendable {
        var message: String
        var position: SourcePosition
    }

    /// Deeper nesting than this is refused rather than risking the stack.
    static let maximumDepth = 64

    /// One array of the root object whose elements are handed on as they are parsed rather
    /// than kept in the tree: 200,000 line items as nodes would be ~100 MB held at once.
    struct StreamedArray {
        /// The member of the root object; only its first occurrence, and only if its value
        /// is an array. The tree keeps the member with an empty array.
        var key: String
        var element: (JSONNode) -> Void
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var column = 1
    private let streamedArray: StreamedArray?
    private var sawStreamedKey = false
    /// Where the streamed member's key is, once its elements have been handed on.
    private(set) var streamedKeyPosition: SourcePosition?

    private init(bytes: UnsafeBufferPointer<UInt8>, streaming streamedArray: StreamedArray?) {
        self.bytes = bytes
        self.streamedArray = streamedArray
    }

    /// Parses the whole input as one JSON value; the elements of `streamedArray`, if it is
    /// there, are handed on instead of kept, and where its key is comes back.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, streaming streamedArray: StreamedArray? = nil
    ) throws(SyntaxError) -> (root: JSONNode, streamedKeyPosition: SourcePosition?) {
        var parser = JSONParser(bytes: bytes, streaming: streamedArray)
        let root = try parser.parseDocument()
        return (root, parser.streamedKeyPosition)
    }

    static func parse(
        _ bytes: [UInt8], streaming streamedArray: StreamedArray? = nil
    ) throws(SyntaxError) -> (root: JSONNode, streamedKeyPosition: SourcePosition?) {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(SyntaxError) in try parse(buffer, streaming: streamedArray) }
        }
        return try result.get()
    }

    private mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        skipWhitespace()
        if isAtEnd { throw error("the file is empty; expected a JSON object") }
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if !isAtEnd {
            throw error("unexpected \(describeNext()) after the end of the JSON value; remove it")
        }
        return node
    }

    // MARK: - Reading bytes

    private var isAtEnd: Bool { index >= bytes.count }
    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == Ascii.newline {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {  // continuation bytes belong to the previous scalar
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek,
            byte == Ascii.space || byte == Ascii.tab || byte == Ascii.newline || byte == Ascii.carriageReturn
        {
            advance()
        }
    }

    private func error(_ message: String, at position: SourcePosition? = nil) -> SyntaxError {
        SyntaxError(message: message, position: position ?? self.position)
    }

    /// Names the next character for a message: `'}'`, `end of file`.
    private func describeNext() -> String {
        guard !isAtEnd else { return "end of file" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[index..<end], as: UTF8.self)
        return "'" + DiagnosticText.escaped(character) + "'"
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONNode {
        skipWhitespace()
        let start = position
        guard let byte = peek else {
            throw error("unexpected end of file; expected a value")
        }
        switch byte {
        case Ascii.openBrace:
            return JSONNode(value: try parseObject(depth: depth + 1), position: start)
        case Ascii.openBracket:
            return JSONNode(value: try parseArray(depth: depth + 1), position: start)
        case Ascii.quote:
            return JSONNode(value: .string(try parseString()), position: start)
        case Ascii.minus, Ascii.zero...Ascii.nine:
            return JSONNode(value: .number(try parseNumber()), position: start)
        case Ascii.apostrophe:
            throw error("strings must be in double quotes (\"…\"), not single quotes")
        case Ascii.slash:
            throw Self.commentError(at: start)
        case Ascii.plus, Ascii.dot:
            throw error("invalid number: a JSON number starts with a digit or '-'")
        default:
            if Ascii.isLetter(byte) {
                let word = readWord()
                switch word {
                case "true": return JSONNode(value: .bool(true), position: start)
                case "false": return JSONNode(value: .bool(false), position: start)
                case "null": return JSONNode(value: .null, position: start)
                case "NaN", "Infinity":
                    throw error("\(word) is not a JSON number", at: start)
                default:
                    throw error(
                        "unexpected word '\(DiagnosticText.excerpt(word))'; text values must be in double quotes",
                        at: start)
                }
            }
            throw error(
                "unexpected \(describeNext()); expected a value (a string, number, object, array, true, false or null)")
        }
    }

    private mutating func readWord() -> String {
        let start = index
        while let byte = peek, Ascii.isLetter(byte) || Ascii.isDigit(byte) || byte == Ascii.underscore { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONNode.Value {
        let open = position
        if depth > Self.maximumDepth {
            throw error("objects and arrays are nested more than \(Self.maximumDepth) deep")
        }
        advance()  // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if peek == Ascii.closeBrace {
            advance()
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyPosition = position
            switch peek {
            case Ascii.quote?:
                break
            case Ascii.closeBrace?:
                throw error("trailing comma before '}'; remove the last ','")
            case nil:
                throw unclosed("object", openedAt: open)
            case Ascii.slash?:
                throw Self.commentError(at: position)
            case let byte? where Ascii.isLetter(byte) || byte == Ascii.apostrophe:
                throw error("field names must be in double quotes")
            default:
                throw error("unexpected \(describeNext()); expected a field name in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == Ascii.colon else {
                if isAtEnd { throw unclosed("object", openedAt: open) }
                throw error("expected ':' after the field name \(DiagnosticText.quoted(key))")
            }
            advance()
            let value: JSONNode
            if depth == 1, let streamed = streamedArray, !sawStreamedKey, key == streamed.key {
                sawStreamedKey = true
                skipWhitespace()
                if peek == Ascii.openBracket {
                    streamedKeyPosition = keyPosition
                    let start = position
                    value = JSONNode(
                        value: try parseArray(depth: depth + 1, handingElementsTo: streamed.element), position: start)
                } else {
                    value = try parseValue(depth: depth)
                }
            } else {
                value = try parseValue(depth: depth)
            }
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch peek {
            case Ascii.comma?:
                advance()
            case Ascii.closeBrace?:
                advance()
                return .object(members)
            case nil:
                throw unclosed("object", openedAt: open)
            case Ascii.quote?:
                throw error("missing ',' between fields")
            case Ascii.slash?:
                throw Self.commentError(at: position)
            default:
                throw error(
                    "unexpected \(describeNext()) after the value of \(DiagnosticText.quoted(key)); expected ',' or '}'"
                )
            }
        }
    }

    private mutating func parseArray(
        depth: Int, handingElementsTo handle: ((JSONNode) -> Void)? = nil
    ) throws(SyntaxError) -> JSONNode.Value {
        let open = position
        if depth > Self.maximumDepth {
            throw error("objects and arrays are nested more than \(Self.maximumDepth) deep")
        }
        advance()  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == Ascii.closeBracket {
            advance()
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if peek == Ascii.closeBracket { throw error("trailing comma before ']'; remove the last ','") }
            if isAtEnd { throw unclosed("array", openedAt: open) }
            let element = try parseValue(depth: depth)
            if let handle { handle(element) } else { elements.append(element) }
            skipWhitespace()
            switch peek {
            case Ascii.comma?:
                advance()
            case Ascii.closeBracket?:
                advance()
                return .array(elements)
            case nil:
                throw unclosed("array", openedAt: open)
            case Ascii.openBrace?, Ascii.quote?, Ascii.openBracket?:
                throw error("missing ',' between array elements")
            case Ascii.slash?:
                throw Self.commentError(at: position)
            default:
                throw error("unexpected \(describeNext()) in an array; expected ',' or ']'")
            }
        }
    }

    private static func commentError(at position: SourcePosition) -> SyntaxError {
        SyntaxError(message: "comments are not allowed in JSON; remove them", position: position)
    }

    private func unclosed(_ kind: String, openedAt open: SourcePosition) -> SyntaxError {
        let closer = kind == "object" ? "}" : "]"
        return error(
            "unexpected end of file: the \(kind) opened at line \(open.line), column \(open.column) is not closed with '\(closer)'"
        )
    }

    // MARK: - Strings

    private mutating func parseString() throws(SyntaxError) -> String {
        let open = position
        advance()  // "
        var buffer: [UInt8] = []
        while true {
            guard let byte = peek else {
                throw error(
                    "unexpected end of file: the string opened at line \(open.line), column \(open.column) is not closed with '\"'"
                )
            }
            switch byte {
            case Ascii.quote:
                advance()
                return String(decoding: buffer, as: UTF8.self)
            case Ascii.backslash:
                try parseEscape(into: &buffer)
            case Ascii.newline, Ascii.carriageReturn:
                throw error(
                    "the string opened at line \(open.line), column \(open.column) is not closed on its line; write a line break inside a string as \\n"
                )
            case 0..<0x20:
                throw error(
                    "a raw control character (U+\(hex4(UInt32(byte)))) is not allowed in a string; write it as an escape such as \\t"
                )
            default:
                buffer.append(byte)
                advance()
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(SyntaxError) {
        let start = position
        advance()  // backslash
        guard let byte = peek else { throw error("unexpected end of file in an escape sequence") }
        advance()
        let simple: UInt8? =
            switch byte {
            case Ascii.quote: Ascii.quote
            case Ascii.backslash: Ascii.backslash
            case Ascii.slash: Ascii.slash
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): Ascii.newline
            case UInt8(ascii: "r"): Ascii.carriageReturn
            case UInt8(ascii: "t"): Ascii.tab
            default: nil
            }
        if let simple {
            buffer.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw error("invalid escape sequence; a backslash in a string must be written as \\\\", at: start)
        }
        var scalarValue = try readHex4(escapeStart: start)
        if (0xD800...0xDBFF).contains(scalarValue) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard peek == Ascii.backslash, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error(
                    "invalid \\u escape: an unpaired surrogate (U+\(hex4(scalarValue))) is not a character", at: start)
            }
            advance()
            advance()
            let low = try readHex4(escapeStart: start)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(
                    "invalid \\u escape: an unpaired surrogate (U+\(hex4(scalarValue))) is not a character", at: start)
            }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw error(
                "invalid \\u escape: an unpaired surrogate (U+\(hex4(scalarValue))) is not a character", at: start)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw error("invalid \\u escape", at: start)
        }
        buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func readHex4(escapeStart: SourcePosition) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Ascii.hexValue(byte) else {
                throw error("invalid \\u escape: expected four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: - Numbers

    /// Reads `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` and returns its text.
    private mutating func parseNumber() throws(SyntaxError) -> String {
        let start = index
        let startPosition = position
        if peek == Ascii.minus { advance() }
        guard let first = peek, Ascii.isDigit(first) else {
            throw error("invalid number: expected a digit after '-'", at: startPosition)
        }
        advance()
        if first == Ascii.zero, let next = peek, Ascii.isDigit(next) {
            throw error("invalid number: leading zeros are not allowed (write 7, not 07)", at: startPosition)
        }
        skipDigits()
        if peek == Ascii.dot {
            advance()
            guard let next = peek, Ascii.isDigit(next) else {
                throw error("invalid number: expected a digit after '.'", at: startPosition)
            }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == Ascii.plus || peek == Ascii.minus { advance() }
            guard let next = peek, Ascii.isDigit(next) else {
                throw error("invalid number: expected a digit in the exponent", at: startPosition)
            }
            skipDigits()
        }
        if let next = peek, Ascii.isLetter(next) || next == Ascii.dot {
            throw error("invalid number: unexpected \(describeNext()) after the digits", at: startPosition)
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = peek, Ascii.isDigit(byte) { advance() }
    }
}

/// The ASCII bytes JSON's grammar is made of.
enum Ascii {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let underscore = UInt8(ascii: "_")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    static func isDigit(_ byte: UInt8) -> Bool { (zero...nine).contains(byte) }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case zero...nine: byte - zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
