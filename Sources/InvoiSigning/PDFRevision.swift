/// The last revision of a finished PDF as its cross-reference tables describe it: where each
/// object's newest version starts, and the last trailer. invoi's PDFs (Cairo's, and qpdf's
/// Factur-X, both with classic tables, possibly with incremental updates after them) are read;
/// a file with cross-reference streams is refused.
struct PDFRevision {
    let bytes: [UInt8]
    /// Object number → offset of its newest version ("N G obj").
    let offsets: [Int: Int]
    let trailer: PDFDictionary
    /// Where the last cross-reference section starts (the new one's /Prev).
    let lastCrossReference: Int

    init(_ bytes: [UInt8]) throws(SigningError) {
        self.bytes = bytes
        guard let startxref = Self.lastIndex(of: Array("startxref".utf8), in: bytes) else {
            throw .unsignablePDF("no startxref")
        }
        var parser = PDFParser(bytes, at: startxref + 9)
        guard let offset = parser.keyword().flatMap(Int.init), (0..<bytes.count).contains(offset) else {
            throw .unsignablePDF("startxref does not point into the file")
        }
        lastCrossReference = offset
        var offsets: [Int: Int] = [:]
        var newest: PDFDictionary?
        var next: Int? = offset
        var visited = Set<Int>()
        while let section = next {
            guard visited.insert(section).inserted, (0..<bytes.count).contains(section) else {
                throw .unsignablePDF("its cross-reference sections loop or point outside the file")
            }
            let sectionTrailer = try Self.readSection(at: section, of: bytes, into: &offsets)
            if newest == nil { newest = sectionTrailer }
            next = sectionTrailer["/Prev"].map { $0.integer ?? -1 }
        }
        guard let newest else { throw .unsignablePDF("no trailer") }
        trailer = newest
        self.offsets = offsets
    }

    /// Reads the table at `offset` into `offsets` (entries already known are newer) and
    /// returns its trailer.
    private static func readSection(
        at offset: Int, of bytes: [UInt8], into offsets: inout [Int: Int]
    ) throws(SigningError) -> PDFDictionary {
        var parser = PDFParser(bytes, at: offset)
        guard parser.keyword() == "xref" else {
            throw .unsignablePDF("its cross-reference data is a stream, which invoi does not update")
        }
        while true {
            guard let word = parser.keyword() else { throw .unsignablePDF("a cross-reference table is cut short") }
            if word == "trailer" { break }
            guard let first = Int(word), let count = parser.keyword().flatMap(Int.init), first >= 0, count >= 0,
                count <= bytes.count / 20
            else { throw .unsignablePDF("a cross-reference subsection header is malformed") }
            for number in first..<(first + count) {
                guard let place = parser.keyword().flatMap(Int.init), parser.keyword() != nil,
                    let kind = parser.keyword()
                else { throw .unsignablePDF("a cross-reference entry is malformed") }
                if kind == "n", offsets[number] == nil { offsets[number] = place }
                // A free entry hides the object's older versions.
                if kind == "f", offsets[number] == nil { offsets[number] = -1 }
            }
        }
        guard let trailer = try parser.value().dictionary else { throw .unsignablePDF("the trailer is no dictionary") }
        return trailer
    }

    /// Object `number`'s value (its dictionary, array, …), as last written.
    func object(_ number: Int) throws(SigningError) -> PDFValue {
        guard let offset = offsets[number], offset >= 0, offset < bytes.count else {
            throw .unsignablePDF("object \(number) is not in the file")
        }
        var parser = PDFParser(bytes, at: offset)
        guard parser.keyword() == String(number), parser.keyword() != nil, parser.keyword() == "obj" else {
            throw .unsignablePDF("object \(number) is not where its cross-reference entry says")
        }
        return try parser.value()
    }

    /// `value`, or the object it refers to; nil for nil.
    func resolved(_ value: PDFValue?) throws(SigningError) -> PDFValue? {
        guard let reference = value?.reference else { return value }
        return try object(reference.number)
    }

    /// The catalog's number and dictionary.
    func catalog() throws(SigningError) -> (number: Int, dictionary: PDFDictionary) {
        guard let root = trailer["/Root"]?.reference, let catalog = try object(root.number).dictionary else {
            throw .unsignablePDF("the trailer names no catalog")
        }
        return (root.number, catalog)
    }

    /// The first page's number and dictionary, down the page tree's first kids.
    func firstPage(of catalog: PDFDictionary) throws(SigningError) -> (number: Int, dictionary: PDFDictionary) {
        var node = catalog["/Pages"]
        for _ in 0..<32 {
            guard let reference = node?.reference, let dictionary = try object(reference.number).dictionary else {
                break
            }
            if dictionary["/Type"]?.isName("/Page") == true { return (reference.number, dictionary) }
            guard
                case .array(let kids) = try resolved(dictionary["/Kids"])
            else { break }
            node = kids.first
        }
        throw .unsignablePDF("no first page in the page tree")
    }

    /// The PDF version of the file's header (`%PDF-1.5` → (1, 5)).
    var headerVersion: (major: Int, minor: Int)? {
        let header = String(decoding: bytes.prefix(8), as: UTF8.self)
        guard header.hasPrefix("%PDF-"), let major = header.dropFirst(5).first?.wholeNumberValue,
            let minor = header.dropFirst(7).first?.wholeNumberValue
        else { return nil }
        return (major, minor)
    }

    static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
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
