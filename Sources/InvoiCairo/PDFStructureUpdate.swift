import Foundation
import InvoiCharacters
import InvoiDocument

/// The objects of Cairo's file that a tagged PDF's update rewrites, picked out of the bytes as
/// Cairo writes them (the file is never held whole). Cairo 1.16 writes each object's text and a
/// stream's data in separate writes, the data ending at a write that starts `\nendstream`:
/// stream data is skipped without being looked into, so no image or font byte is read as an
/// object. Structure elements come in the order they were opened (`StructureTags`).
final class PDFObjectCollector {
    struct Object {
        var number: Int
        var body: [UInt8]
    }

    let tags: StructureTags
    private(set) var catalog: Object?
    /// The elements that gain an attribute or lose their artifact children.
    private(set) var elements: [Int: Object] = [:]
    private(set) var artifactNumbers: Set<Int> = []
    private(set) var annotations: [Object] = []
    private(set) var pagesWithAnnotations: [Object] = []
    /// Arrays (the parent tree's per-page arrays among them).
    private(set) var arrays: [Object] = []
    /// Type 2 CIDFonts, which Cairo writes without the /CIDToGIDMap PDF/UA and PDF/A require.
    private(set) var cidFonts: [Object] = []
    private var elementCount = 0
    private var insideStream = false
    private var pending: [UInt8] = []

    init(tags: StructureTags) {
        self.tags = tags
    }

    private static let endStream = Array("\nendstream".utf8)
    private static let streamStart = Array("stream\n".utf8)
    private static let objectEnd = Array("endobj".utf8)

    func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        var bytes = bytes[...]
        if insideStream {
            guard bytes.starts(with: Self.endStream) else { return }
            insideStream = false
            bytes = bytes.dropFirst(Self.endStream.count)
        }
        pending.append(contentsOf: bytes)
        while let end = Self.firstIndex(of: Self.objectEnd, in: pending) {
            take(pending[..<end])
            pending.removeFirst(end + Self.objectEnd.count)
        }
        if pending.count >= Self.streamStart.count,
            pending.suffix(Self.streamStart.count).elementsEqual(Self.streamStart)
        {
            insideStream = true
            pending.removeAll(keepingCapacity: true)
        } else if pending.count > 1 << 16 {
            // The cross-reference table: no object of ours.
            pending.removeFirst(pending.count - 64)
        }
    }

    /// `N 0 obj … ` up to its `endobj`.
    private func take(_ text: ArraySlice<UInt8>) {
        let header = Array(" 0 obj".utf8)
        guard let at = Self.firstIndex(of: header, in: Array(text)) else { return }
        let start = text.startIndex
        var digitsStart = start + at
        while digitsStart > start, (0x30...0x39).contains(text[digitsStart - 1]) { digitsStart -= 1 }
        guard digitsStart < start + at,
            let number = Int(String(decoding: text[digitsStart..<(start + at)], as: UTF8.self))
        else { return }
        var bodyStart = start + at + header.count
        while bodyStart < text.endIndex, [0x0A, 0x0D, 0x20].contains(text[bodyStart]) { bodyStart += 1 }
        let body = Array(text[bodyStart...])
        let object = Object(number: number, body: body)
        if body.starts(with: Array("<< /Type /StructElem".utf8)) {
            let index = elementCount
            elementCount += 1
            if tags.artifacts.contains(index) { artifactNumbers.insert(number) }
            if tags.attributes[index] != nil || tags.actualTexts[index] != nil || tags.artifactParents.contains(index) {
                elements[index] = object
            }
        } else if body.starts(with: Array("<< /Type /Annot".utf8)) {
            annotations.append(object)
        } else if body.starts(with: Array("<< /Type /Page ".utf8)) {
            if Self.firstIndex(of: Array("/Annots".utf8), in: body) != nil { pagesWithAnnotations.append(object) }
        } else if body.starts(with: Array("<< /Type /Catalog".utf8)) {
            catalog = object
        } else if body.starts(with: Array("<< /Type /Font\n   /Subtype /CIDFontType2".utf8)),
            Self.firstIndex(of: Array("/CIDToGIDMap".utf8), in: body) == nil
        {
            cidFonts.append(object)
        } else if body.first == UInt8(ascii: "[") {
            arrays.append(object)
        }
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return haystack.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                let base = haystack.baseAddress!
                let last = haystack.count - needle.count
                var position = 0
                while position <= last, let found = memchr(base + position, Int32(needle[0]), last - position + 1) {
                    if memcmp(found, needle.baseAddress!, needle.count) == 0 { return UnsafeRawPointer(found) - base }
                    position = UnsafeRawPointer(found) - base + 1
                }
                return nil
            }
        }
    }
}

/// What Cairo 1.16 cannot write into a tagged PDF, appended as an incremental update (ISO
/// 32000-1 §7.5.6): the artifacts taken out of the structure tree (their content stays marked
/// `/Artifact`), `/Scope` on header cells, `/Alt` on the logo's figure, `/Contents` on link
/// annotations, `/Tabs /S` on pages with links, and in the catalog `/Lang`, `/ViewerPreferences`
/// (`/DisplayDocTitle`, the direction) and the XMP metadata (title in the document's language,
/// and the PDF/UA identification when claimed).
enum PDFStructureUpdate {
    static func update(
        byteCount: Int, tail: [UInt8], collected: PDFObjectCollector, metadata: DocumentMetadata,
        creator: String, claimsUA: Bool
    ) -> [UInt8] {
        guard let trailer = PDFLanguageUpdate.lastTrailer(in: tail), let catalog = collected.catalog else { return [] }
        let tags = collected.tags
        let artifacts = collected.artifactNumbers
        var objects: [(Int, [UInt8])] = []
        for (index, element) in collected.elements.sorted(by: { $0.key < $1.key }) {
            var body = String(decoding: element.body, as: UTF8.self)
            if tags.artifactParents.contains(index) { body = withoutArtifacts(body, artifacts) }
            switch tags.attributes[index] {
            case .scope(let column)?:
                body = adding("/A << /O /Table /Scope /\(column ? "Column" : "Row") >>", to: body)
            case .alternative(let text)?:
                body = adding("/Alt \(textString(text))", to: body)
            case nil: break
            }
            if let text = tags.actualTexts[index] { body = adding("/ActualText \(textString(text))", to: body) }
            objects.append((element.number, Array(body.utf8)))
        }
        for array in collected.arrays {
            let text = String(decoding: array.body, as: UTF8.self)
            let cleaned = nullingArtifacts(text, artifacts)
            if cleaned != text { objects.append((array.number, Array(cleaned.utf8))) }
        }
        for (annotation, description) in zip(collected.annotations, tags.linkDescriptions) {
            let body = adding(
                "/Contents \(textString(description))", to: String(decoding: annotation.body, as: UTF8.self))
            objects.append((annotation.number, Array(body.utf8)))
        }
        // Cairo's subsets number their glyphs by CID.
        for font in collected.cidFonts {
            objects.append(
                (
                    font.number,
                    Array(adding("/CIDToGIDMap /Identity", to: String(decoding: font.body, as: UTF8.self)).utf8)
                ))
        }
        for page in collected.pagesWithAnnotations {
            objects.append(
                (page.number, Array(adding("/Tabs /S", to: String(decoding: page.body, as: UTF8.self)).utf8)))
        }
        let metadataNumber = trailer.size
        let xmp = XMPMetadata(metadata: metadata, creator: creator, claimsUA: claimsUA).packet
        objects.append(
            (
                metadataNumber,
                Array("<< /Type /Metadata /Subtype /XML /Length \(xmp.count) >>\nstream\n".utf8) + xmp
                    + Array("\nendstream\n".utf8)
            ))
        var catalogEntries = "/Metadata \(metadataNumber) 0 R"
        if let language = PDFLanguageUpdate.safeTag(metadata.language) { catalogEntries += " /Lang (\(language))" }
        catalogEntries +=
            " /ViewerPreferences << /DisplayDocTitle true"
            + (metadata.direction == .rightToLeft ? " /Direction /R2L" : "") + " >>"
        objects.append(
            (catalog.number, Array(adding(catalogEntries, to: String(decoding: catalog.body, as: UTF8.self)).utf8)))

        var bytes: [UInt8] = []
        var offsets: [(Int, Int)] = []
        for (number, body) in objects {
            offsets.append((number, byteCount + bytes.count + 1))
            bytes += Array("\n\(number) 0 obj\n".utf8) + body
            if bytes.last != 0x0A { bytes.append(0x0A) }
            bytes += Array("endobj\n".utf8)
        }
        let xrefOffset = byteCount + bytes.count
        var end = "xref\n"
        for (number, offset) in offsets.sorted(by: { $0.0 < $1.0 }) {
            let digits = String(offset)
            end += "\(number) 1\n" + String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        end += "trailer\n<< /Size \(metadataNumber + 1) /Root \(trailer.root) 0 R"
        if let info = trailer.info { end += " /Info \(info) 0 R" }
        end += " /Prev \(trailer.xref) >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        return bytes + Array(end.utf8)
    }

    /// `entries` added to a dictionary's text, before its closing `>>`.
    static func adding(_ entries: String, to dictionary: String) -> String {
        guard let close = dictionary.range(of: ">>", options: .backwards) else { return dictionary }
        return dictionary[..<close.lowerBound] + "   " + entries + "\n" + dictionary[close.lowerBound...]
    }

    /// The element's text with every reference to an artifact left out of its `/K`.
    static func withoutArtifacts(_ element: String, _ artifacts: Set<Int>) -> String {
        guard let key = element.range(of: "/K ") else { return element }
        let value = element[key.upperBound...]
        let kids: Substring
        let rest: Substring
        if value.hasPrefix("["), let close = value.range(of: "]") {
            kids = value[value.index(after: value.startIndex)..<close.lowerBound]
            rest = value[close.upperBound...]
        } else {
            let tokens = value.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard tokens.count >= 3 else { return element }
            kids = value[..<tokens[2].endIndex]
            rest = value[tokens[2].endIndex...]
        }
        let kept = references(in: kids).filter { item in
            if case .reference(let number) = item { return !artifacts.contains(number) }
            return true
        }
        let written = kept.map(\.text).joined(separator: " ")
        return element[..<key.upperBound] + "[ " + written + " ]" + rest
    }

    /// An array's text with every reference to an artifact made null.
    static func nullingArtifacts(_ array: String, _ artifacts: Set<Int>) -> String {
        guard array.hasPrefix("["), let close = array.range(of: "]", options: .backwards) else { return array }
        let items = references(in: array[array.index(after: array.startIndex)..<close.lowerBound])
        guard items.contains(where: { if case .reference(let n) = $0 { artifacts.contains(n) } else { false } })
        else { return array }
        let written = items.map { item in
            if case .reference(let number) = item, artifacts.contains(number) { return "null" }
            return item.text
        }
        return "[ " + written.joined(separator: " ") + " ]" + array[close.upperBound...]
    }

    enum Item {
        case reference(Int)
        case other(String)

        var text: String {
            switch self {
            case .reference(let number): "\(number) 0 R"
            case .other(let text): text
            }
        }
    }

    /// The items of an array as Cairo writes them: references, integers, `<< … >>` dictionaries.
    static func references(in text: Substring) -> [Item] {
        var items: [Item] = []
        var tokens: [Substring] = []
        var rest = text[...]
        while let first = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[first...]
            if rest.hasPrefix("<<"), let close = rest.range(of: ">>") {
                tokens.append(rest[..<close.upperBound])
                rest = rest[close.upperBound...]
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                tokens.append(rest[..<end])
                rest = rest[end...]
            }
        }
        var index = 0
        while index < tokens.count {
            if index + 2 < tokens.count, tokens[index + 2] == "R", let number = Int(tokens[index]) {
                items.append(.reference(number))
                index += 3
            } else {
                items.append(.other(String(tokens[index])))
                index += 1
            }
        }
        return items
    }

    /// A PDF text string in UTF-16BE with its byte order mark, written in hex.
    static func textString(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = "<FEFF"
        for unit in text.utf16 {
            for shift in [12, 8, 4, 0] { out.append(digits[Int(unit >> UInt16(shift)) & 0xF]) }
        }
        return out + ">"
    }
}

/// The document's XMP metadata: the title (in the document's language and as the default),
/// author, language, creator tool and dates as the Info dictionary has them, and
/// `pdfuaid:part 1` when the file claims PDF/UA-1.
struct XMPMetadata {
    let metadata: DocumentMetadata
    let creator: String
    let claimsUA: Bool

    var packet: [UInt8] {
        let language = PDFLanguageUpdate.safeTag(metadata.language) ?? "x-default"
        var xml = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
        xml +=
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
        xml += "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
        xml += " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\""
        if claimsUA { xml += " xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\"" }
        xml += ">\n"
        let title = Self.escaped(metadata.title)
        xml += "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(title)</rdf:li>"
        if language != "x-default" { xml += "<rdf:li xml:lang=\"\(language)\">\(title)</rdf:li>" }
        xml += "</rdf:Alt></dc:title>\n"
        if !metadata.author.isEmpty {
            xml += "<dc:creator><rdf:Seq><rdf:li>\(Self.escaped(metadata.author))</rdf:li></rdf:Seq></dc:creator>\n"
        }
        if !metadata.subject.isEmpty {
            xml += "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(Self.escaped(metadata.subject))"
            xml += "</rdf:li></rdf:Alt></dc:description>\n"
        }
        xml += "<dc:language><rdf:Bag><rdf:li>\(language)</rdf:li></rdf:Bag></dc:language>\n"
        if !creator.isEmpty { xml += "<xmp:CreatorTool>\(Self.escaped(creator))</xmp:CreatorTool>\n" }
        if let date = metadata.creationDate, let stamp = PDFDate.string(for: date) {
            xml += "<xmp:CreateDate>\(stamp)</xmp:CreateDate>\n<xmp:ModifyDate>\(stamp)</xmp:ModifyDate>\n"
        }
        if claimsUA { xml += "<pdfuaid:part>1</pdfuaid:part>\n" }
        xml += "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>"
        return Array(xml.utf8)
    }

    /// Character data: markup escaped, and the control characters XML 1.0 cannot hold left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20, scalar != "\t", scalar != "\n" { continue }
            if let entity = XMLEscaping.entity(for: scalar.value, in: .text) {
                out += entity.description
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
