/// A PDF object as written: enough of ISO 32000-1 §7.3 to read the trailer, catalog and
/// pages of a finished file and write changed copies of them. Numbers, names, booleans and
/// strings keep their bytes exactly, so that what is not changed is written back unchanged.
package indirect enum PDFValue: Equatable {
    /// A number, name (with its `/`), boolean or `null`, as written.
    case token([UInt8])
    /// A literal `( … )` or hexadecimal `< … >` string with its delimiters, as written.
    case string([UInt8])
    case array([PDFValue])
    case dictionary(PDFDictionary)
    case reference(number: Int, generation: Int)

    package var dictionary: PDFDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    package var reference: (number: Int, generation: Int)? {
        if case .reference(let number, let generation) = self { return (number, generation) }
        return nil
    }

    package var integer: Int? {
        if case .token(let bytes) = self { return Int(String(decoding: bytes, as: UTF8.self)) }
        return nil
    }

    package func isName(_ name: String) -> Bool {
        self == .token(Array(name.utf8))
    }

    /// The bytes to write.
    package var bytes: [UInt8] {
        switch self {
        case .token(let bytes), .string(let bytes): bytes
        case .array(let items): Array("[".utf8) + items.map(\.bytes).joined(separator: [0x20]) + Array("]".utf8)
        case .dictionary(let dictionary): dictionary.bytes
        case .reference(let number, let generation): Array("\(number) \(generation) R".utf8)
        }
    }
}

/// A dictionary's entries in their order; keys are names with their `/`.
package struct PDFDictionary: Equatable {
    package var entries: [(key: String, value: PDFValue)] = []

    package init(entries: [(key: String, value: PDFValue)] = []) {
        self.entries = entries
    }

    package static func == (lhs: PDFDictionary, rhs: PDFDictionary) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value }
    }

    package subscript(key: String) -> PDFValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    package var bytes: [UInt8] {
        var bytes = Array("<<".utf8)
        for (key, value) in entries {
            bytes += Array(" \(key) ".utf8) + value.bytes
        }
        return bytes + Array(" >>".utf8)
    }
}

/// Reads values from a PDF's bytes.
package struct PDFParser {
    package let bytes: [UInt8]
    package var position: Int

    package init(_ bytes: [UInt8], at position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Nesting deeper than this is no file invoi wrote.
    private static let maximumDepth = 64

    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    package static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: true  // ( ) < > [ ] { } / %
        default: false
        }
    }

    package mutating func skipWhitespace() {
        while position < bytes.count {
            if Self.isWhitespace(bytes[position]) {
                position += 1
            } else if bytes[position] == 0x25 {  // a comment runs to the end of its line
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// The regular characters from here (a number, keyword or a name's rest).
    package mutating func regularToken() -> [UInt8] {
        let start = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
            position += 1
        }
        return Array(bytes[start..<position])
    }

    /// The next keyword or number, after whitespace; nil at a delimiter or the end.
    package mutating func keyword() -> String? {
        skipWhitespace()
        let token = regularToken()
        return token.isEmpty ? nil : String(decoding: token, as: UTF8.self)
    }

    package mutating func value(depth: Int = 0) throws(PDFSyntaxError) -> PDFValue {
        guard depth < Self.maximumDepth else { throw PDFSyntaxError("objects nested too deep") }
        skipWhitespace()
        guard position < bytes.count else { throw PDFSyntaxError("the file ends inside an object") }
        let start = position
        switch bytes[position] {
        case 0x3C where position + 1 < bytes.count && bytes[position + 1] == 0x3C:  // <<
            position += 2
            var dictionary = PDFDictionary()
            while true {
                skipWhitespace()
                guard position + 1 < bytes.count else { throw PDFSyntaxError("a dictionary is not closed") }
                if bytes[position] == 0x3E && bytes[position + 1] == 0x3E {
                    position += 2
                    return .dictionary(dictionary)
                }
                guard case .token(let key) = try value(depth: depth + 1), key.first == 0x2F else {
                    throw PDFSyntaxError("a dictionary key is not a name")
                }
                dictionary.entries.append((String(decoding: key, as: UTF8.self), try value(depth: depth + 1)))
            }
        case 0x3C:  // <hex>
            guard let end = bytes[position...].firstIndex(of: 0x3E) else {
                throw PDFSyntaxError("a hexadecimal string is not closed")
            }
            position = end + 1
            return .string(Array(bytes[start..<position]))
        case 0x28:  // (literal), with nested parentheses and escapes
            var nesting = 0
            while position < bytes.count {
                switch bytes[position] {
                case 0x5C: position += 1
                case 0x28: nesting += 1
                case 0x29:
                    nesting -= 1
                    if nesting == 0 {
                        position += 1
                        return .string(Array(bytes[start..<position]))
                    }
                default: break
                }
                position += 1
            }
            throw PDFSyntaxError("a string is not closed")
        case 0x5B:  // [
            position += 1
            var items: [PDFValue] = []
            while true {
                skipWhitespace()
                guard position < bytes.count else { throw PDFSyntaxError("an array is not closed") }
                if bytes[position] == 0x5D {
                    position += 1
                    return .array(items)
                }
                items.append(try value(depth: depth + 1))
            }
        case 0x2F:  // /Name
            position += 1
            return .token([0x2F] + regularToken())
        default:
            let token = regularToken()
            guard !token.isEmpty else {
                throw PDFSyntaxError("unexpected '\(Character(Unicode.Scalar(bytes[start])))'")
            }
            // `N G R` is a reference: two integers and R.
            if let number = Int(String(decoding: token, as: UTF8.self)), number >= 0 {
                var lookahead = self
                if let generation = lookahead.keyword().flatMap(Int.init), lookahead.keyword() == "R" {
                    self = lookahead
                    return .reference(number: number, generation: generation)
                }
            }
            return .token(token)
        }
    }
}

/// What is wrong with a PDF that invoi reads back, in words.
package struct PDFSyntaxError: Error, Equatable {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }
}
