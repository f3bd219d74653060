/// A catalog file's fields, read by a JSON reader made for its shape: JSONDecoder spent about
/// 1 M instructions on the 2 KB English file, a fiftieth of a whole English render, mostly in
/// first-time generic and conformance set-up that nothing else in a render needs.
struct CatalogFile: Equatable {
    var language: String
    var words: [String: String]
    /// The words only a received e-invoice's page uses; nil unless asked for (and then nil when
    /// the file has none).
    var receivedWords: [String: String]?
    var legal: [String: String]?
    var sameAsEnglish: [String: String]?

    /// The fields of a catalog file, or nil where JSONDecoder would have thrown: not JSON,
    /// `language` or `words` missing, or a field of another type (`null` reads as absent
    /// for the optional ones). Other keys are skipped, whatever their value. `receivedWords`
    /// is read only when `readingReceivedWords`: else its object is passed over without a
    /// string made (two thirds of the file, which a render of invoi's own invoice never shows).
    init?(json bytes: [UInt8], readingReceivedWords: Bool = false) {
        var reader = JSONReader(bytes)
        if !readingReceivedWords { reader.passedOverMember = "receivedWords" }
        guard case .object(let fields)? = reader.document() else { return nil }
        var language: String?
        var words: [String: String]?
        var receivedWords: [String: String]?
        var legal: [String: String]?
        var sameAsEnglish: [String: String]?
        var seen: Set<String> = []
        for (name, value) in fields where seen.insert(name).inserted {
            switch name {
            case "language":
                guard case .string(let text) = value else { return nil }
                language = text
            case "words":
                guard let table = value.stringTable else { return nil }
                words = table
            case "receivedWords" where readingReceivedWords:
                guard value.isNullOrTable else { return nil }
                receivedWords = value.stringTable
            case "legal":
                guard value.isNullOrTable else { return nil }
                legal = value.stringTable
            case "sameAsEnglish":
                guard value.isNullOrTable else { return nil }
                sameAsEnglish = value.stringTable
            default: continue
            }
        }
        guard let language, let words else { return nil }
        self.language = language
        self.words = words
        self.receivedWords = receivedWords
        self.legal = legal
        self.sameAsEnglish = sameAsEnglish
    }
}

/// A JSON value as far as a catalog needs it.
private enum JSONValue {
    case string(String)
    /// Members in file order; of a repeated name, the first wins, as in JSONDecoder.
    case object([(String, JSONValue)])
    case null
    /// A number, a Boolean or an array: valid, but never one of a catalog's fields.
    case other

    /// The object's members when every one is a string.
    var stringTable: [String: String]? {
        guard case .object(let members) = self else { return nil }
        var table: [String: String] = [:]
        table.reserveCapacity(members.count)
        for (name, value) in members {
            guard case .string(let text) = value else { return nil }
            if table[name] == nil { table[name] = text }
        }
        return table
    }

    var isNullOrTable: Bool {
        if case .null = self { return true }
        return stringTable != nil
    }
}

/// A strict reader of RFC 8259 JSON in UTF-8.
private struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    /// Deeper nesting is refused rather than recursed into.
    private static let depthLimit = 64

    /// A member of the document's object whose value is passed over: its brackets matched and
    /// its strings skipped, nothing made of them.
    var passedOverMember: String?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A byte order mark, which JSONDecoder also accepts.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The one value the text holds, with nothing but white space around it.
    mutating func document() -> JSONValue? {
        guard let value = value(depth: 0) else { return nil }
        skipWhiteSpace()
        return index == bytes.count ? value : nil
    }

    private mutating func value(depth: Int) -> JSONValue? {
        skipWhiteSpace()
        guard index < bytes.count, depth < Self.depthLimit else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .other : nil
        case UInt8(ascii: "f"): return literal("false") ? .other : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return number() ? .other : nil
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhiteSpace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let name = string() else { return nil }
            skipWhiteSpace()
            guard consume(UInt8(ascii: ":")) else { return nil }
            if depth == 0, name == passedOverMember {
                guard passOver() else { return nil }
                members.append((name, .other))
            } else {
                guard let member = value(depth: depth + 1) else { return nil }
                members.append((name, member))
            }
            skipWhiteSpace()
            if consume(UInt8(ascii: "}")) { return .object(members) }
            guard consume(UInt8(ascii: ",")) else { return nil }
            // A comma before the closing brace, which JSONDecoder accepts.
            skipWhiteSpace()
            if consume(UInt8(ascii: "}")) { return .object(members) }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        skipWhiteSpace()
        if consume(UInt8(ascii: "]")) { return .other }
        while true {
            guard value(depth: depth + 1) != nil else { return nil }
            skipWhiteSpace()
            if consume(UInt8(ascii: "]")) { return .other }
            guard consume(UInt8(ascii: ",")) else { return nil }
            skipWhiteSpace()
            if consume(UInt8(ascii: "]")) { return .other }
        }
    }

    /// Passes over a value: a string, or an object or array with its brackets matched and its
    /// strings' escapes skipped; false where the text ends first or a bracket does not match.
    private mutating func passOver() -> Bool {
        skipWhiteSpace()
        var open: [UInt8] = []
        repeat {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): open.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let last = open.popLast(), last + 2 == byte else { return false }
            case UInt8(ascii: "\""):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return false }
                index += 1
            default: break
            }
        } while !open.isEmpty
        return true
    }

    /// A string from its opening quote: escapes resolved, UTF-8 checked.
    private mutating func string() -> String? {
        index += 1
        // Most strings have no escape: made from their bytes at once, not a byte at a time.
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(validating: bytes[start..<index - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = escapedScalar() else { return nil }
                    UTF8.encode(scalar) { text.append($0) }
                default: return nil
                }
            case 0..<0x20: return nil  // control characters must be escaped
            default: text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape (after the `u`), joining a surrogate pair.
    private mutating func escapedScalar() -> Unicode.Scalar? {
        guard let unit = hexUnit() else { return nil }
        switch unit {
        case 0xD800..<0xDC00:
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = hexUnit(),
                (0xDC00..<0xE000).contains(low)
            else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00..<0xE000: return nil
        default: return Unicode.Scalar(unit)
        }
    }

    private mutating func hexUnit() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            unit = unit << 4 | UInt32(digit)
        }
        index += 4
        return unit
    }

    /// Skips a number. Loosely, as JSONDecoder skips one it is not asked to decode
    /// (`01` and `1.` pass): any run of the characters numbers are made of.
    private mutating func number() -> Bool {
        let start = index
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        return index > start
    }

    private static let numberBytes = Set("+-.0123456789Ee".utf8)

    private mutating func literal(_ word: String) -> Bool {
        let word = word.utf8
        guard index + word.count <= bytes.count, bytes[index..<index + word.count].elementsEqual(word) else {
            return false
        }
        index += word.count
        return true
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
