import InvoiSpeedups

/// One entry of a cross-reference section (ISO 32000-1 §7.5.4, §7.5.8.3).
package enum PDFCrossReferenceEntry: Equatable {
    case free(next: Int, generation: Int)
    /// An object written as itself, at `offset` (generation 0: all invoi, Cairo and qpdf write).
    case inUse(offset: Int)
    /// The `index`th object of object stream `stream`.
    case compressed(stream: Int, index: Int)

    /// A cross-reference stream's /W and its rows, one per entry, unpredicted.
    package static func binary(_ entries: [PDFCrossReferenceEntry]) -> (widths: [Int], rows: [UInt8]) {
        var largest = 0
        for entry in entries {
            switch entry {
            case .free(let next, _): largest = max(largest, next)
            case .inUse(let offset): largest = max(largest, offset)
            case .compressed(let stream, _): largest = max(largest, stream)
            }
        }
        var middle = 1
        while middle < 8, largest >> (8 * middle) != 0 { middle += 1 }
        var rows: [UInt8] = []
        rows.reserveCapacity(entries.count * (middle + 3))
        func append(_ value: Int, width: Int) {
            for shift in stride(from: 8 * (width - 1), through: 0, by: -8) {
                rows.append(UInt8((value >> shift) & 0xFF))
            }
        }
        for entry in entries {
            switch entry {
            case .free(let next, let generation):
                rows.append(0)
                append(next, width: middle)
                append(generation, width: 2)
            case .inUse(let offset):
                rows.append(1)
                append(offset, width: middle)
                append(0, width: 2)
            case .compressed(let stream, let index):
                rows.append(2)
                append(stream, width: middle)
                append(index, width: 2)
            }
        }
        return ([1, middle, 2], rows)
    }
}

/// What an incremental update carries on from the trailer before it, and where that
/// revision's cross-reference section starts (the update's /Prev).
package struct PDFTrailer: Equatable {
    package var root: Int
    package var size: Int
    package var info: Int?
    package var crossReference: Int

    package init(root: Int, size: Int, info: Int?, crossReference: Int) {
        self.root = root
        self.size = size
        self.info = info
        self.crossReference = crossReference
    }

    /// From a trailer dictionary (or a cross-reference stream's) and its section's offset.
    package init?(_ dictionary: PDFDictionary, crossReference: Int) {
        guard let root = dictionary["/Root"]?.reference?.number, let size = dictionary["/Size"]?.integer else {
            return nil
        }
        self.init(root: root, size: size, info: dictionary["/Info"]?.reference?.number, crossReference: crossReference)
    }

    /// The last classic trailer in `tail`, a file's last bytes: its entries and `startxref`.
    package init?(lastIn tail: [UInt8]) {
        guard let trailer = PDFCrossReference.lastIndex(of: Array("trailer".utf8), in: tail),
            let startxref = PDFCrossReference.lastIndex(of: Array("startxref".utf8), in: tail), startxref > trailer
        else { return nil }
        var parser = PDFParser(tail, at: trailer + 7)
        var offsetParser = PDFParser(tail, at: startxref + 9)
        guard let dictionary = (try? parser.value())?.dictionary, let offset = offsetParser.keyword().flatMap(Int.init)
        else { return nil }
        self.init(dictionary, crossReference: offset)
    }
}

/// A classic cross-reference section that starts at `xref` (ISO 32000-1 §7.5.4): its entries
/// from object 0 on, and its trailer. Cairo writes one such section, for objects 0 to /Size − 1.
package struct PDFCrossReferenceTable {
    package var entries: [PDFCrossReferenceEntry]
    package var trailer: PDFDictionary

    /// The section at the start of `bytes` (after whitespace); nil unless it is one subsection
    /// from object 0 and its trailer.
    package init?(startOf bytes: [UInt8]) {
        if let table = Self.standardSection(bytes) {
            self = table
            return
        }
        var parser = PDFParser(bytes, at: 0)
        var found: [Int: PDFCrossReferenceEntry] = [:]
        guard let trailer = try? Self.read(&parser, into: &found), found.count == (trailer["/Size"]?.integer ?? -1)
        else { return nil }
        var entries: [PDFCrossReferenceEntry] = []
        entries.reserveCapacity(found.count)
        for number in 0..<found.count {
            guard let entry = found[number] else { return nil }
            entries.append(entry)
        }
        self.entries = entries
        self.trailer = trailer
    }

    /// The section as Cairo writes it, read row by row instead of token by token (a tagged
    /// invoice's table went through the tokenizer in 0.27 M instructions): `xref`, one
    /// subsection from object 0, rows of exactly 20 bytes, `trailer`. Nil for anything else,
    /// which the general reader then takes; what both accept, both read the same.
    static func standardSection(_ file: [UInt8]) -> PDFCrossReferenceTable? {
        let rows = file.withUnsafeBufferPointer { bytes -> (entries: [PDFCrossReferenceEntry], end: Int)? in
            var position = 0
            func skipWhitespace() {
                while position < bytes.count, PDFParser.isWhitespace(bytes[position]) { position += 1 }
            }
            /// Digits up to a space or an end of line; nil if there are none or more than `limit`.
            func number(limit: Int) -> Int? {
                let start = position
                var value = 0
                while position < bytes.count, (0x30...0x39).contains(bytes[position]), position - start < limit {
                    value = value * 10 + Int(bytes[position] - 0x30)
                    position += 1
                }
                guard position > start, position < bytes.count, PDFParser.isWhitespace(bytes[position]) else {
                    return nil
                }
                return value
            }
            skipWhitespace()
            guard bytes.count - position > 4, bytes[position..<(position + 4)].elementsEqual("xref".utf8) else {
                return nil
            }
            position += 4
            guard position < bytes.count, PDFParser.isWhitespace(bytes[position]) else { return nil }
            skipWhitespace()
            guard number(limit: 1) == 0 else { return nil }
            position += 1
            guard let count = number(limit: 9), count <= bytes.count / 20 else { return nil }
            skipWhitespace()
            var entries: [PDFCrossReferenceEntry] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                guard bytes.count - position >= 20 else { return nil }
                let row = position
                guard let place = number(limit: 10), position == row + 10 else { return nil }
                position += 1
                guard let generation = number(limit: 5), position == row + 16 else { return nil }
                position += 1
                switch bytes[position] {
                case UInt8(ascii: "n"): entries.append(.inUse(offset: place))
                case UInt8(ascii: "f"): entries.append(.free(next: place, generation: generation))
                default: return nil
                }
                guard PDFParser.isWhitespace(bytes[row + 18]), PDFParser.isWhitespace(bytes[row + 19]) else {
                    return nil
                }
                position = row + 20
            }
            return (entries, position)
        }
        guard let rows else { return nil }
        var parser = PDFParser(file, at: rows.end)
        guard parser.keyword() == "trailer", let trailer = try? parser.value().dictionary,
            trailer["/Size"]?.integer == rows.entries.count
        else { return nil }
        return PDFCrossReferenceTable(entries: rows.entries, trailer: trailer)
    }

    private init(entries: [PDFCrossReferenceEntry], trailer: PDFDictionary) {
        self.entries = entries
        self.trailer = trailer
    }

    /// A classic section for `offsets` (object number → offset): one subsection per run of
    /// consecutive numbers, each entry 20 bytes; `trailer` follows it.
    package static func section(_ offsets: [Int: Int]) -> String {
        var text = "xref\n"
        let numbers = offsets.keys.sorted()
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            text += "\(numbers[index]) \(end - index + 1)\n"
            for number in numbers[index...end] {
                let offset = String(offsets[number] ?? 0)
                text += String(repeating: "0", count: max(0, 10 - offset.count)) + offset + " 00000 n \n"
            }
            index = end + 1
        }
        return text
    }

    /// Reads a section at the parser's place into `entries` (entries already there are newer)
    /// and returns its trailer.
    static func read(
        _ parser: inout PDFParser, into entries: inout [Int: PDFCrossReferenceEntry]
    ) throws(PDFSyntaxError) -> PDFDictionary {
        guard parser.keyword() == "xref" else {
            throw PDFSyntaxError("no cross-reference table where one should start")
        }
        while true {
            guard let word = parser.keyword() else { throw PDFSyntaxError("a cross-reference table is cut short") }
            if word == "trailer" { break }
            guard let first = Int(word), let count = parser.integer(), first >= 0, count >= 0,
                count <= parser.bytes.count / 20
            else { throw PDFSyntaxError("a cross-reference subsection header is malformed") }
            for number in first..<(first + count) {
                guard let place = parser.integer(), let generation = parser.integer(), let kind = parser.keyword()
                else { throw PDFSyntaxError("a cross-reference entry is malformed") }
                guard entries[number] == nil else { continue }
                switch kind {
                case "n": entries[number] = .inUse(offset: place)
                // A free entry hides the object's older versions.
                case "f": entries[number] = .free(next: place, generation: generation)
                default: throw PDFSyntaxError("a cross-reference entry is neither in use nor free")
                }
            }
        }
        guard let trailer = try parser.value().dictionary else { throw PDFSyntaxError("the trailer is no dictionary") }
        return trailer
    }
}

/// A finished PDF as its cross-reference sections describe it, newest first through /Prev:
/// where each object's newest version is, and the last trailer. Reads classic tables,
/// cross-reference streams (Flate, with or without PNG predictors) and objects in object
/// streams — what Cairo, invoi's own rewriting and qpdf write.
package struct PDFCrossReference {
    package let bytes: [UInt8]
    package let entries: [Int: PDFCrossReferenceEntry]
    /// The newest trailer, or the newest cross-reference stream's dictionary.
    package let trailer: PDFDictionary
    /// Where the last cross-reference section starts (a new update's /Prev).
    package let lastSection: Int

    package init(_ bytes: [UInt8]) throws(PDFSyntaxError) {
        self.bytes = bytes
        guard let startxref = Self.lastIndex(of: Array("startxref".utf8), in: bytes) else {
            throw PDFSyntaxError("no startxref")
        }
        var parser = PDFParser(bytes, at: startxref + 9)
        guard let offset = parser.integer(), (0..<bytes.count).contains(offset) else {
            throw PDFSyntaxError("startxref does not point into the file")
        }
        lastSection = offset
        var entries: [Int: PDFCrossReferenceEntry] = [:]
        var newest: PDFDictionary?
        var next: Int? = offset
        var visited = Set<Int>()
        while let section = next {
            guard visited.insert(section).inserted, (0..<bytes.count).contains(section) else {
                throw PDFSyntaxError("its cross-reference sections loop or point outside the file")
            }
            var parser = PDFParser(bytes, at: section)
            parser.skipWhitespace()
            let trailer: PDFDictionary
            if bytes[parser.position...].starts(with: Array("xref".utf8)) {
                trailer = try PDFCrossReferenceTable.read(&parser, into: &entries)
                // A hybrid file's stream (§7.5.8.4) comes before the section's /Prev.
                if let stream = trailer["/XRefStm"]?.integer {
                    guard visited.insert(stream).inserted else { throw PDFSyntaxError("its /XRefStm loops") }
                    _ = try Self.readStream(at: stream, of: bytes, into: &entries)
                }
            } else {
                trailer = try Self.readStream(at: section, of: bytes, into: &entries)
            }
            if newest == nil { newest = trailer }
            next = trailer["/Prev"].map { $0.integer ?? -1 }
        }
        guard let newest else { throw PDFSyntaxError("no trailer") }
        trailer = newest
        self.entries = entries
    }

    /// Object `number`'s value (its dictionary, array, …), as last written.
    package func object(_ number: Int) throws(PDFSyntaxError) -> PDFValue {
        switch entries[number] {
        case .inUse(let offset)?:
            return try Self.indirectObject(number, at: offset, of: bytes)
        case .compressed(let stream, let index)?:
            guard case .inUse(let offset)? = entries[stream] else {
                throw PDFSyntaxError("object \(number)'s object stream \(stream) is not in the file")
            }
            let (dictionary, data) = try Self.stream(at: offset, of: bytes)
            guard let count = dictionary["/N"]?.integer, let first = dictionary["/First"]?.integer, index < count,
                first <= data.count
            else { throw PDFSyntaxError("object stream \(stream) is malformed") }
            var header = PDFParser(data, at: 0)
            var place: Int?
            for position in 0..<count {
                guard let objectNumber = header.integer(), let objectOffset = header.integer() else {
                    throw PDFSyntaxError("object stream \(stream)'s header is malformed")
                }
                if position == index {
                    guard objectNumber == number else {
                        throw PDFSyntaxError("object \(number) is not where its cross-reference entry says")
                    }
                    place = first + objectOffset
                }
            }
            guard let place, place < data.count else { throw PDFSyntaxError("object stream \(stream) is malformed") }
            var parser = PDFParser(data, at: place)
            return try parser.value()
        default:
            throw PDFSyntaxError("object \(number) is not in the file")
        }
    }

    /// `N G obj` at `offset`, and its value.
    private static func indirectObject(
        _ number: Int, at offset: Int, of bytes: [UInt8]
    ) throws(PDFSyntaxError) -> PDFValue {
        guard offset >= 0, offset < bytes.count else { throw PDFSyntaxError("object \(number) is not in the file") }
        var parser = PDFParser(bytes, at: offset)
        guard parser.integer() == number, parser.integer() != nil, parser.keyword() == "obj" else {
            throw PDFSyntaxError("object \(number) is not where its cross-reference entry says")
        }
        return try parser.value()
    }

    /// A stream object's dictionary and its data, inflated and unpredicted.
    private static func stream(
        at offset: Int, of bytes: [UInt8]
    ) throws(PDFSyntaxError) -> (PDFDictionary, [UInt8]) {
        var parser = PDFParser(bytes, at: offset)
        guard parser.integer() != nil, parser.integer() != nil, parser.keyword() == "obj",
            let dictionary = try parser.value().dictionary, parser.keyword() == "stream"
        else { throw PDFSyntaxError("no stream object at \(offset)") }
        if parser.position < bytes.count, bytes[parser.position] == 0x0D { parser.position += 1 }
        if parser.position < bytes.count, bytes[parser.position] == 0x0A { parser.position += 1 }
        guard let length = dictionary["/Length"]?.integer, length >= 0, parser.position + length <= bytes.count else {
            throw PDFSyntaxError("the stream at \(offset) has no direct /Length within the file")
        }
        var data = Array(bytes[parser.position..<(parser.position + length)])
        switch dictionary["/Filter"] {
        case nil: break
        case .token(let name)? where name == Array("/FlateDecode".utf8):
            guard let inflated = DeflateDecompressor()?.zlibDecompress(data, limit: 1 << 28) else {
                throw PDFSyntaxError("the stream at \(offset) does not inflate")
            }
            data = inflated
        default: throw PDFSyntaxError("the stream at \(offset) has a filter invoi does not read")
        }
        if let parameters = dictionary["/DecodeParms"]?.dictionary, let predictor = parameters["/Predictor"]?.integer,
            predictor > 1
        {
            guard predictor >= 10, let columns = parameters["/Columns"]?.integer, columns > 0 else {
                throw PDFSyntaxError("the stream at \(offset) has a predictor invoi does not read")
            }
            data = try unpredicted(data, columns: columns)
        }
        return (dictionary, data)
    }

    /// PNG-predicted rows (§7.4.4.4) as they were: a filter byte and `columns` bytes each.
    package static func unpredicted(_ data: [UInt8], columns: Int) throws(PDFSyntaxError) -> [UInt8] {
        guard data.count % (columns + 1) == 0 else { throw PDFSyntaxError("predicted rows of the wrong length") }
        var out: [UInt8] = []
        out.reserveCapacity(data.count / (columns + 1) * columns)
        var previous = [UInt8](repeating: 0, count: columns)
        for rowStart in stride(from: 0, to: data.count, by: columns + 1) {
            var row = Array(data[(rowStart + 1)..<(rowStart + 1 + columns)])
            switch data[rowStart] {
            case 0: break
            case 1: for index in 1..<max(1, columns) { row[index] &+= row[index - 1] }
            case 2: for index in 0..<columns { row[index] &+= previous[index] }
            default: throw PDFSyntaxError("a PNG predictor invoi does not read")
            }
            out += row
            previous = row
        }
        return out
    }

    /// Reads the cross-reference stream at `offset` into `entries` and returns its dictionary.
    private static func readStream(
        at offset: Int, of bytes: [UInt8], into entries: inout [Int: PDFCrossReferenceEntry]
    ) throws(PDFSyntaxError) -> PDFDictionary {
        let (dictionary, rows) = try stream(at: offset, of: bytes)
        guard dictionary["/Type"]?.isName("/XRef") == true, let size = dictionary["/Size"]?.integer,
            case .array(let widthValues)? = dictionary["/W"], widthValues.count == 3
        else { throw PDFSyntaxError("no cross-reference stream at \(offset)") }
        let widths = widthValues.compactMap(\.integer)
        guard widths.count == 3, widths.allSatisfy({ (0...8).contains($0) }), widths.reduce(0, +) > 0 else {
            throw PDFSyntaxError("a cross-reference stream's /W is malformed")
        }
        var ranges: [(first: Int, count: Int)] = [(0, size)]
        if case .array(let index)? = dictionary["/Index"] {
            let numbers = index.compactMap(\.integer)
            guard numbers.count == index.count, numbers.count % 2 == 0 else {
                throw PDFSyntaxError("a cross-reference stream's /Index is malformed")
            }
            ranges = stride(from: 0, to: numbers.count, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
        }
        let rowWidth = widths.reduce(0, +)
        var position = 0
        func field(_ width: Int, default value: Int) -> Int {
            guard width > 0 else { return value }
            var result = 0
            for _ in 0..<width {
                result = result << 8 | Int(rows[position])
                position += 1
            }
            return result
        }
        for range in ranges {
            guard range.first >= 0, range.count >= 0, position + range.count * rowWidth <= rows.count else {
                throw PDFSyntaxError("a cross-reference stream is cut short")
            }
            for number in range.first..<(range.first + range.count) {
                let kind = field(widths[0], default: 1)
                let second = field(widths[1], default: 0)
                let third = field(widths[2], default: 0)
                guard entries[number] == nil else { continue }
                switch kind {
                case 0: entries[number] = .free(next: second, generation: third)
                case 1: entries[number] = .inUse(offset: second)
                case 2: entries[number] = .compressed(stream: second, index: third)
                default: break  // §7.5.8.3: other types are read as null references.
                }
            }
        }
        return dictionary
    }

    package static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index -= 1
        }
        return nil
    }
}

extension PDFParser {
    /// The next unsigned integer, after whitespace, read without making a string.
    package mutating func integer() -> Int? {
        skipWhitespace()
        let start = position
        var value = 0
        while position < bytes.count, (0x30...0x39).contains(bytes[position]), position - start < 18 {
            value = value * 10 + Int(bytes[position] - 0x30)
            position += 1
        }
        guard position > start, position == bytes.count || !(0x30...0x39).contains(bytes[position]) else {
            position = start
            return nil
        }
        return value
    }
}
