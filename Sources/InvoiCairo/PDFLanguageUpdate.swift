import InvoiDocument
import InvoiPDFFile

/// Cairo writes no document language and no reading direction, so a document that is not
/// plain English gets them in an incremental update (ISO 32000-1 §7.5.6) appended to Cairo's
/// file: the catalog again, with `/Lang` and, for a right-to-left document,
/// `/ViewerPreferences << /Direction /R2L >>`, then its own cross-reference section and a
/// trailer pointing back at Cairo's. Cairo's bytes are left as they are.
///
/// The same update sets to `null` the objects Cairo numbered and listed but never wrote (its
/// link tags' structure elements in an untagged file), whose entries in Cairo's table point
/// at other objects.
enum PDFLanguageUpdate {
    /// The PDF with the language update appended, or unchanged when the metadata needs none
    /// (English, left to right) or Cairo's file is not laid out as expected.
    static func appending(to pdf: [UInt8], metadata: DocumentMetadata) -> [UInt8] {
        pdf + update(byteCount: pdf.count, tail: pdf, catalogSource: pdf, metadata: metadata)
    }

    /// The bytes to append to a PDF of `byteCount` bytes that ends with `tail` (its trailer)
    /// and holds its catalog object in `catalogSource`; none when nothing is to be added.
    /// `unwrittenObjects(size)` names the objects below the trailer's size that were never written.
    static func update(
        byteCount: Int, tail: [UInt8], catalogSource: [UInt8], metadata: DocumentMetadata,
        unwrittenObjects: (Int) -> [Int] = { _ in [] }
    ) -> [UInt8] {
        guard let trailer = PDFTrailer(lastIn: tail) else { return [] }
        let rightToLeft = metadata.direction == .rightToLeft
        var update: [UInt8] = []
        var offsets: [Int: Int] = [:]
        if metadata.language != "en" || rightToLeft, let language = safeTag(metadata.language),
            let catalog = objectDictionary(trailer.root, in: catalogSource)
        {
            var entries = " /Lang (\(language))"
            if rightToLeft { entries += " /ViewerPreferences << /Direction /R2L >>" }
            // The catalog's own entries, without its closing `>>`, then the new ones.
            var body = catalog
            body.removeLast(2)
            offsets[trailer.root] = byteCount + 1
            update = Array("\n\(trailer.root) 0 obj\n".utf8) + body + Array("\(entries) >>\nendobj\n".utf8)
        }
        for number in unwrittenObjects(trailer.size) where number != trailer.root {
            if update.isEmpty { update = Array("\n".utf8) }
            offsets[number] = byteCount + update.count
            update += Array("\(number) 0 obj\nnull\nendobj\n".utf8)
        }
        guard !offsets.isEmpty else { return [] }
        let xrefOffset = byteCount + update.count
        var end = PDFCrossReferenceTable.section(offsets)
        end += "trailer\n<< /Size \(trailer.size) /Root \(trailer.root) 0 R"
        if let info = trailer.info { end += " /Info \(info) 0 R" }
        end += " /Prev \(trailer.crossReference) >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        return update + Array(end.utf8)
    }

    /// A BCP 47 tag as a PDF literal string's content: letters, digits and hyphens only.
    static func safeTag(_ tag: String) -> String? {
        // Byte by byte: Foundation's replacingOccurrences cost ~0.5 M instructions on its first use.
        // Only ASCII passes the check below, where the two replacements agree.
        let cleaned = String(decoding: tag.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
        guard !cleaned.isEmpty,
            cleaned.utf8.allSatisfy({
                $0 == 0x2D || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            })
        else { return nil }
        return cleaned
    }

    /// The dictionary `<< … >>` of object `number`, as written.
    static func objectDictionary(_ number: Int, in pdf: [UInt8]) -> [UInt8]? {
        let header = Array("\n\(number) 0 obj".utf8)
        guard let start = PDFCrossReference.lastIndex(of: header, in: pdf),
            let open = firstRange(of: Array("<<".utf8), in: pdf, from: start + header.count),
            let end = firstRange(of: Array("endobj".utf8), in: pdf, from: open),
            let close = PDFCrossReference.lastIndex(of: Array(">>".utf8), in: Array(pdf[open..<end]))
        else { return nil }
        return Array(pdf[open..<(open + close + 2)])
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
