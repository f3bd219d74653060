import Foundation
import InvoiCharacters
import InvoiDocument
import InvoiPDFFile

/// The objects of Cairo's file that a tagged PDF's update rewrites, picked out as Cairo writes
/// them (the file is never held whole). `PDFArtifactRewriter` splits Cairo's text into objects
/// and hands each here once, with the bytes before it since the last one; stream data never
/// comes, so no image or font byte is read as an object. Structure elements come in the order
/// they were opened (`StructureTags`).
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

    init(tags: StructureTags) {
        self.tags = tags
    }

    private static let objectHeader = Array(" 0 obj".utf8)
    private static let structElement = Array("<< /Type /StructElem".utf8)
    private static let annotation = Array("<< /Type /Annot".utf8)
    private static let page = Array("<< /Type /Page ".utf8)
    private static let annotations = Array("/Annots".utf8)
    private static let catalogStart = Array("<< /Type /Catalog".utf8)
    private static let cidFont = Array("<< /Type /Font\n   /Subtype /CIDFontType2".utf8)
    private static let glyphMap = Array("/CIDToGIDMap".utf8)

    /// `N 0 obj … ` up to its `endobj` (without it). Nothing is copied unless the object is kept:
    /// most of a page's objects are not.
    func take(_ text: ArraySlice<UInt8>) {
        text.withUnsafeBufferPointer { take($0) }
    }

    private func take(_ text: UnsafeBufferPointer<UInt8>) {
        guard let at = PDFBytes.firstIndex(of: Self.objectHeader, in: UnsafeRawBufferPointer(text)) else { return }
        var digitsStart = at
        while digitsStart > 0, (0x30...0x39).contains(text[digitsStart - 1]) { digitsStart -= 1 }
        guard digitsStart < at, let number = PDFBytes.integer(text[digitsStart..<at]) else { return }
        var bodyStart = at + Self.objectHeader.count
        while bodyStart < text.count, [0x0A, 0x0D, 0x20].contains(text[bodyStart]) { bodyStart += 1 }
        let body = UnsafeBufferPointer(rebasing: text[bodyStart...])
        func object() -> Object { Object(number: number, body: Array(body)) }
        if body.starts(with: Self.structElement) {
            let index = elementCount
            elementCount += 1
            if tags.artifacts.contains(index) { artifactNumbers.insert(number) }
            if tags.attributes[index] != nil || tags.actualTexts[index] != nil || tags.artifactParents.contains(index) {
                elements[index] = object()
            }
        } else if body.starts(with: Self.annotation) {
            annotations.append(object())
        } else if body.starts(with: Self.page) {
            if PDFBytes.firstIndex(of: Self.annotations, in: UnsafeRawBufferPointer(body)) != nil {
                pagesWithAnnotations.append(object())
            }
        } else if body.starts(with: Self.catalogStart) {
            catalog = object()
        } else if body.starts(with: Self.cidFont),
            PDFBytes.firstIndex(of: Self.glyphMap, in: UnsafeRawBufferPointer(body)) == nil
        {
            cidFonts.append(object())
        } else if body.first == UInt8(ascii: "[") {
            arrays.append(object())
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
    /// The structure tree's objects as the file keeps them (object number → body): the
    /// artifacts out of their parents' /K and their parent-tree entries null, and the
    /// attributes Cairo cannot write. They go into the object stream in place of Cairo's.
    static func structureReplacements(_ collected: PDFObjectCollector) -> [Int: [UInt8]] {
        let tags = collected.tags
        let artifacts = collected.artifactNumbers
        var replacements: [Int: [UInt8]] = [:]
        for (index, element) in collected.elements {
            var body = element.body
            if tags.artifactParents.contains(index) { body = withoutArtifacts(body, artifacts) }
            switch tags.attributes[index] {
            case .scope(let column)?:
                body = adding("/A << /O /Table /Scope /\(column ? "Column" : "Row") >>", to: body)
            case .alternative(let text)?:
                body = adding("/Alt \(textString(text))", to: body)
            case nil: break
            }
            if let text = tags.actualTexts[index] { body = adding("/ActualText \(textString(text))", to: body) }
            replacements[element.number] = body
        }
        if !artifacts.isEmpty {
            for array in collected.arrays {
                if let cleaned = nullingArtifacts(array.body, artifacts) { replacements[array.number] = cleaned }
            }
        }
        return replacements
    }

    /// The update after the rewritten file, whose trailer is `trailer`.
    static func update(
        byteCount: Int, trailer: PDFTrailer, collected: PDFObjectCollector, metadata: DocumentMetadata,
        creator: String, claimsUA: Bool
    ) -> [UInt8] {
        guard let catalog = collected.catalog else { return [] }
        let tags = collected.tags
        var objects: [(Int, [UInt8])] = []
        for (annotation, description) in zip(collected.annotations, tags.linkDescriptions) {
            objects.append((annotation.number, adding("/Contents \(textString(description))", to: annotation.body)))
        }
        // Cairo's subsets number their glyphs by CID.
        for font in collected.cidFonts {
            objects.append((font.number, adding("/CIDToGIDMap /Identity", to: font.body)))
        }
        for page in collected.pagesWithAnnotations {
            objects.append((page.number, adding("/Tabs /S", to: page.body)))
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
        objects.append((catalog.number, adding(catalogEntries, to: catalog.body)))

        var bytes: [UInt8] = []
        var offsets: [(Int, Int)] = []
        for (number, body) in objects {
            offsets.append((number, byteCount + bytes.count + 1))
            bytes += Array("\n\(number) 0 obj\n".utf8)
            bytes += body
            if bytes.last != 0x0A { bytes.append(0x0A) }
            bytes += Array("endobj\n".utf8)
        }
        let xrefOffset = byteCount + bytes.count
        var end = PDFCrossReferenceTable.section(Dictionary(offsets, uniquingKeysWith: { $1 }))
        end += "trailer\n<< /Size \(metadataNumber + 1) /Root \(trailer.root) 0 R"
        if let info = trailer.info { end += " /Info \(info) 0 R" }
        end += " /Prev \(trailer.crossReference) >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        return bytes + Array(end.utf8)
    }

    /// `entries` added to a dictionary, before its closing `>>`.
    static func adding(_ entries: String, to dictionary: [UInt8]) -> [UInt8] {
        var close = dictionary.count - 2
        while close >= 0, !(dictionary[close] == 0x3E && dictionary[close + 1] == 0x3E) { close -= 1 }
        guard close >= 0 else { return dictionary }
        return Array(dictionary[..<close]) + Array("   \(entries)\n".utf8) + Array(dictionary[close...])
    }

    /// The element with every reference to an artifact left out of its `/K`.
    static func withoutArtifacts(_ element: [UInt8], _ artifacts: Set<Int>) -> [UInt8] {
        guard let key = PDFBytes.firstIndex(of: kKey, in: element) else { return element }
        let start = key + kKey.count
        let kidsRange: Range<Int>
        let restStart: Int
        if start < element.count, element[start] == UInt8(ascii: "[") {
            guard let close = element[start...].firstIndex(of: UInt8(ascii: "]")) else { return element }
            kidsRange = (start + 1)..<close
            restStart = close + 1
        } else {
            // One kid: `N 0 R` or an MCID.
            var end = start
            var words = 0
            while end < element.count, words < 3 {
                while end < element.count, isSpace(element[end]) { end += 1 }
                let wordStart = end
                while end < element.count, !isSpace(element[end]) { end += 1 }
                if end > wordStart { words += 1 }
            }
            kidsRange = start..<end
            restStart = end
        }
        let kept = items(in: element[kidsRange]).filter { item in
            if case .reference(let number) = item { return !artifacts.contains(number) }
            return true
        }
        var out = Array(element[..<start])
        out += Array("[ ".utf8)
        for item in kept {
            item.append(to: &out)
            out.append(0x20)
        }
        out.append(UInt8(ascii: "]"))
        out += element[restStart...]
        return out
    }

    /// The array with every reference to an artifact made null; nil when it has none.
    static func nullingArtifacts(_ array: [UInt8], _ artifacts: Set<Int>) -> [UInt8]? {
        guard array.first == UInt8(ascii: "["), let close = array.lastIndex(of: UInt8(ascii: "]")) else { return nil }
        let found = items(in: array[1..<close])
        guard found.contains(where: { if case .reference(let n) = $0 { artifacts.contains(n) } else { false } })
        else { return nil }
        var out = Array("[ ".utf8)
        for item in found {
            if case .reference(let number) = item, artifacts.contains(number) {
                out += Array("null".utf8)
            } else {
                item.append(to: &out)
            }
            out.append(0x20)
        }
        out.append(UInt8(ascii: "]"))
        out += array[(close + 1)...]
        return out
    }

    private static let kKey = Array("/K ".utf8)

    enum Item {
        case reference(Int)
        case other(ArraySlice<UInt8>)

        /// `N 0 R` for a reference, the item's own bytes otherwise. The digits are written
        /// directly: a parent tree's array has an item for each marked piece of a page.
        func append(to out: inout [UInt8]) {
            switch self {
            case .reference(let number):
                // Not negative: `items` reads a reference's number from digits alone.
                var digits = number
                var divisor = 1
                while digits >= 10 {
                    digits /= 10
                    divisor *= 10
                }
                while divisor > 0 {
                    out.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
                    divisor /= 10
                }
                out += [0x20, UInt8(ascii: "0"), 0x20, UInt8(ascii: "R")]
            case .other(let bytes): out += bytes
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The items of an array as Cairo writes them: references, integers, `<< … >>` dictionaries.
    static func items(in bytes: ArraySlice<UInt8>) -> [Item] {
        var tokens: [ArraySlice<UInt8>] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if isSpace(bytes[index]) {
                index += 1
                continue
            }
            var end = index
            if bytes[index] == 0x3C, index + 1 < bytes.endIndex, bytes[index + 1] == 0x3C {
                end = index + 2
                while end + 1 < bytes.endIndex, !(bytes[end] == 0x3E && bytes[end + 1] == 0x3E) { end += 1 }
                end = min(end + 2, bytes.endIndex)
            } else {
                while end < bytes.endIndex, !isSpace(bytes[end]) { end += 1 }
            }
            tokens.append(bytes[index..<end])
            index = end
        }
        var items: [Item] = []
        var position = 0
        while position < tokens.count {
            if position + 2 < tokens.count, tokens[position + 2].elementsEqual([UInt8(ascii: "R")]),
                let number = PDFBytes.integer(tokens[position])
            {
                items.append(.reference(number))
                position += 3
            } else {
                items.append(.other(tokens[position]))
                position += 1
            }
        }
        return items
    }

    /// A PDF text string in UTF-16BE with its byte order mark, written in hex.
    static func textString(_ text: String) -> String {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = Array("<FEFF".utf8)
        out.reserveCapacity(6 + 4 * text.utf16.count)
        for unit in text.utf16 {
            out.append(digits[Int(unit >> 12)])
            out.append(digits[Int(unit >> 8) & 0xF])
            out.append(digits[Int(unit >> 4) & 0xF])
            out.append(digits[Int(unit) & 0xF])
        }
        out.append(UInt8(ascii: ">"))
        return String(decoding: out, as: UTF8.self)
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
