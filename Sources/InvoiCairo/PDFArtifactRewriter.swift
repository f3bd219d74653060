import Foundation
import InvoiPDFFile
import InvoiSpeedups

/// Marks a tagged PDF's artifacts as ISO 32000-1 §14.8.2.2 asks, `/Artifact BMC … EMC`, in
/// Cairo's output as it passes. Cairo 1.16 refuses a tag named `Artifact`, so `StructureTags`
/// opens a `NonStruct` tag for an artifact; here, in each content stream Cairo wrote,
/// `/NonStruct << /MCID n >> BDC` becomes `/Artifact BMC` (the update then takes those elements
/// out of the structure tree). A rewritten stream changes length, so its /Length object and
/// Cairo's cross-reference table are written anew with the shifted offsets; everything else
/// passes unchanged. It relies on Cairo writing a stream's data in writes of
/// their own, the data ending at a write that starts `\nendstream`.
///
/// The structure tree's objects (elements, the parent tree's arrays) are held back instead: Cairo
/// writes each as an object of its own, uncompressed, which made a tagged sample half as large
/// again as an untagged one. At the end they go, with what the structure update changes in
/// them, into one compressed object stream (ISO 32000-1 §7.5.7), and Cairo's cross-reference
/// table becomes a compressed cross-reference stream (§7.5.8), which the object stream needs.
///
/// A value, not a class: Cairo calls `process` about 1,800 times a page, and each access to a
/// class's stored property is checked for exclusivity at run time (0.34 M instructions an
/// invoice); the stream that owns it pays one check a call instead.
struct PDFArtifactRewriter {
    private enum Mode {
        case text
        /// Inside a stream that is passed on as it comes (fonts, images).
        case passing
        /// Inside a content stream, held until it ends.
        case holding(lengthObject: Int)
    }

    private var mode = Mode.text
    private var pending: [UInt8] = []
    private var held: [UInt8] = []
    /// Length objects of rewritten streams, and their new values.
    private var newLengths: [Int: Int] = [:]
    /// Where Cairo's offsets shift: from Cairo's offset `from` on, add `by`.
    private var shifts: [(from: Int, by: Int)] = []
    private var received = 0
    /// How many of `pending`'s bytes have been looked through for objects.
    private var searched = 0
    private var written = 0
    /// From `xref` on: the cross-reference table and trailer, rewritten at the end.
    private var inTrailer = false
    private let decompressor = DeflateDecompressor()
    /// The structure tree's object stream and the cross-reference stream: level 2, whose
    /// smaller output keeps a 60-item invoice within 1.3× its untagged size (level 1: 1.31×).
    private let compressor = DeflateCompressor()
    /// Content streams, inflated to mark artifacts and deflated again: level 1, as small on
    /// Cairo's content and 0.9 % fewer instructions on a 500-item invoice than level 2.
    private let contentCompressor = DeflateCompressor(level: 1)
    /// Where the file's bytes go, a piece at a time (a stream's data a piece of its own).
    private let output: (UnsafeBufferPointer<UInt8>) -> Void
    /// The structure tree's objects, held back for the object stream, in Cairo's order.
    private var heldObjects: [(number: Int, body: [UInt8])] = []
    /// Shown the text of each object outside streams, held back or written, up to its `endobj`
    /// and with the bytes before it since the last one (the collector reads the objects there).
    var onObject: ((ArraySlice<UInt8>) -> Void)?
    /// While Cairo writes a page: the marking of its content stream before compression
    /// (`markingArtifacts`), which tells which stream it marked.
    var editing: GatheredStreamEditing?
    /// After `finish`: the file's trailer (its cross-reference stream's dictionary).
    private(set) var trailer: PDFTrailer?
    /// After `finish`: why Cairo's end of file could not be rewritten, if it could not.
    private(set) var failure: String?

    init(output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.output = output
    }

    private static let endStream = Array("\nendstream".utf8)
    private static let streamStart = Array(">>\nstream\n".utf8)
    private static let objectEnd = Array("endobj".utf8)
    private static let contentPrefix = Array("<< /Length ".utf8)
    private static let contentSuffix = Array(" 0 R\n   /Filter /FlateDecode\n>>\nstream\n".utf8)
    private static let marker = Array("/NonStruct << /MCID ".utf8)
    private static let xrefStart = Array("\nxref\n".utf8)
    private static let objectHeader = Array(" 0 obj\n".utf8)

    /// Takes Cairo's bytes; hands what goes to the file to `output`.
    mutating func process(_ bytes: UnsafeBufferPointer<UInt8>) {
        received += bytes.count
        switch mode {
        case .passing:
            guard bytes.starts(with: Self.endStream) else { return emit(bytes) }
            mode = .text
        case .holding(let lengthObject):
            guard bytes.starts(with: Self.endStream) else {
                held.append(contentsOf: bytes)
                return
            }
            finishHeld(lengthObject: lengthObject, endingAt: received - bytes.count)
            mode = .text
        case .text: break
        }
        pending.append(contentsOf: bytes)
        if inTrailer { return }
        // Objects are looked for where a stream begins (its data comes in the next write) and
        // once some text has gathered, not at each of Cairo's ~1,800 small writes a page.
        let startsStream =
            pending.last == Self.streamStart.last && pending.count >= Self.streamStart.count
            && pending.suffix(Self.streamStart.count).elementsEqual(Self.streamStart)
        guard startsStream || pending.count - searched >= Self.searchStep else { return }
        takeObjects()
        if startsStream {
            let header = pending
            pending = []
            searched = 0
            mode = Self.contentLengthObject(header).map { .holding(lengthObject: $0) } ?? .passing
            held = []
            emit(header)
        }
    }

    /// How much text gathers before it is looked through.
    private static let searchStep = 4096

    /// The objects complete in the text gathered, held back or passed on in order, then the start
    /// of Cairo's cross-reference table if it has come. Only the bytes not yet looked through are,
    /// with the few before them where a word may begin.
    private mutating func takeObjects() {
        // The objects are taken from the front of `pending`, which is shortened once at the end.
        var taken = 0
        var from = max(0, searched - Self.objectEnd.count)
        while let end = PDFBytes.firstIndex(of: Self.objectEnd, in: pending, from: from) {
            let objectText = Array(pending[taken..<(end + Self.objectEnd.count)])
            taken = end + Self.objectEnd.count
            from = taken
            // Cairo's offset just after the object.
            let cairoEnd = received - (pending.count - taken)
            if let object = Self.structureObject(objectText) {
                onObject?(objectText.dropLast(Self.objectEnd.count))
                heldObjects.append(object)
                // Everything after it moves back by its size.
                shifts.append((cairoEnd, (shifts.last?.by ?? 0) - objectText.count))
            } else {
                let written = rewrittenLength(objectText, endingAt: cairoEnd)
                onObject?(written.dropLast(Self.objectEnd.count))
                emit(written)
            }
        }
        if let xref = PDFBytes.firstIndex(
            of: Self.xrefStart, in: pending, from: taken > 0 ? taken : max(0, searched - Self.xrefStart.count))
        {
            pending[taken..<xref].withUnsafeBufferPointer { emit($0) }
            pending.removeFirst(xref)
            inTrailer = true
        } else {
            pending.removeFirst(taken)
        }
        searched = pending.count
    }

    /// The rest, once Cairo is done: the held objects in an object stream, `replacements`
    /// (object number → new body) taking the place of theirs, then a cross-reference stream
    /// with Cairo's offsets moved, in place of Cairo's table and trailer. `replacements` is asked
    /// for once every object has been shown (`onObject`): the last ones wait for it here.
    mutating func finish(replacing replacements: () -> [Int: [UInt8]] = { [:] }) {
        defer { pending = [] }
        if !inTrailer { takeObjects() }
        let replacements = replacements()
        guard inTrailer, let table = PDFCrossReferenceTable(startOf: pending),
            let cairoTrailer = PDFTrailer(table.trailer, crossReference: 0)
        else {
            failure = "Cairo's cross-reference table is not as expected"
            return
        }
        // The object stream, when there is a structure tree to hold, then the cross-reference stream.
        let streamNumber = table.entries.count
        let crossReferenceNumber = streamNumber + (heldObjects.isEmpty ? 0 : 1)
        var places: [Int: Int] = [:]
        var header: [UInt8] = []
        var data: [UInt8] = []
        for (index, object) in heldObjects.enumerated() {
            places[object.number] = index
            header += Array("\(object.number) \(data.count) ".utf8)
            data += replacements[object.number] ?? object.body
            data.append(0x0A)
        }
        emit([0x0A])
        var additions: [PDFCrossReferenceEntry] = []
        if !heldObjects.isEmpty {
            header[header.count - 1] = 0x0A
            guard let packed = deflated(header + data) else {
                failure = "the structure tree could not be compressed"
                return
            }
            additions.append(.inUse(offset: written))
            emit(
                Array(
                    ("\(streamNumber) 0 obj\n<< /Type /ObjStm /N \(heldObjects.count) /First \(header.count)"
                        + " /Length \(packed.count) /Filter /FlateDecode >>\nstream\n").utf8))
            emit(packed)
            emit(Array("\nendstream\nendobj\n".utf8))
        }

        let crossReferenceOffset = written
        var entries: [PDFCrossReferenceEntry] = table.entries.enumerated().map { number, entry in
            if let index = places[number] { return .compressed(stream: streamNumber, index: index) }
            if case .inUse(let offset) = entry { return .inUse(offset: shifted(offset)) }
            return entry
        }
        entries += additions
        entries.append(.inUse(offset: crossReferenceOffset))
        let trailer = PDFTrailer(
            root: cairoTrailer.root, size: crossReferenceNumber + 1, info: cairoTrailer.info,
            crossReference: crossReferenceOffset)
        let (widths, rows) = PDFCrossReferenceEntry.binary(entries)
        guard let packedRows = deflated(rows) else {
            failure = "the cross-reference stream could not be compressed"
            return
        }
        var dictionary = "<< /Type /XRef /Size \(trailer.size) /W [ \(widths.map(String.init).joined(separator: " ")) ]"
        dictionary += " /Root \(trailer.root) 0 R"
        if let info = trailer.info { dictionary += " /Info \(info) 0 R" }
        dictionary += " /Length \(packedRows.count) /Filter /FlateDecode >>"
        emit(Array("\(crossReferenceNumber) 0 obj\n\(dictionary)\nstream\n".utf8))
        emit(packedRows)
        emit(Array("\nendstream\nendobj\nstartxref\n\(crossReferenceOffset)\n%%EOF\n".utf8))
        self.trailer = trailer
    }

    /// An object of the structure tree, unchanged since Cairo wrote it: its number and body.
    /// Its text must be the object alone (`\nN 0 obj\n… endobj`), not the file's header before it.
    static func structureObject(_ text: [UInt8]) -> (number: Int, body: [UInt8])? {
        var index = 0
        while index < text.count, text[index] == 0x0A || text[index] == 0x0D || text[index] == 0x20 { index += 1 }
        let digitsStart = index
        while index < text.count, (0x30...0x39).contains(text[index]) { index += 1 }
        guard index > digitsStart, let number = PDFBytes.integer(text[digitsStart..<index]),
            text[index...].starts(with: objectHeader)
        else { return nil }
        let bodyStart = index + objectHeader.count
        let body = text[bodyStart..<(text.count - objectEnd.count)]
        guard structureStarts.contains(where: { body.starts(with: $0) }) else { return nil }
        var end = body.endIndex
        while end > bodyStart, text[end - 1] == 0x0A || text[end - 1] == 0x20 { end -= 1 }
        return (number, Array(text[bodyStart..<end]))
    }

    /// How the structure tree's objects begin: elements, the root, the parent tree and its
    /// per-page arrays (Cairo writes no other array as an object of its own).
    private static let structureStarts = [
        "<< /Type /StructElem", "<< /Type /StructTreeRoot", "<< /Nums", "[",
    ].map { Array($0.utf8) }

    private func deflated(_ bytes: [UInt8], by compressor: DeflateCompressor? = nil) -> [UInt8]? {
        guard let compressor = compressor ?? self.compressor else { return nil }
        var compressed = [UInt8](repeating: 0, count: compressor.zlibBound(forInputCount: bytes.count))
        let count = bytes.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { compressor.zlibCompress(input, into: $0) }
        }
        guard let count else { return nil }
        compressed.removeSubrange(count...)
        return compressed
    }

    private func shifted(_ offset: Int) -> Int {
        var delta = 0
        for shift in shifts where shift.from <= offset { delta = shift.by }
        return offset + delta
    }

    private mutating func emit(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { emit($0) }
    }

    private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        written += bytes.count
        output(bytes)
    }

    /// The object of a content stream's header (`<< /Length N 0 R /Filter /FlateDecode >>`
    /// and nothing else): its length object N.
    private static func contentLengthObject(_ header: [UInt8]) -> Int? {
        guard let start = PDFBytes.firstIndex(of: contentPrefix, in: header),
            header.count > contentSuffix.count, header.suffix(contentSuffix.count).elementsEqual(contentSuffix)
        else { return nil }
        let digits = header[(start + contentPrefix.count)..<(header.count - contentSuffix.count)]
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// The held stream's data, rewritten when it marks artifacts (else as it was).
    private mutating func finishHeld(lengthObject: Int, endingAt cairoEnd: Int) {
        let original = held
        held = []
        // Marked already, before Cairo's compression: nothing is left to change.
        if let editing, editing.takeEdited(count: original.count) { return emit(original) }
        guard let decompressor, let content = decompressor.zlibDecompress(original),
            let marked = content.withUnsafeBytes(Self.markingArtifacts),
            let output = deflated(marked, by: contentCompressor)
        else { return emit(original) }
        let count = output.count
        newLengths[lengthObject] = count
        emit(output)
        shifts.append((cairoEnd, written - cairoEnd))
    }

    /// `content` with every `/NonStruct << /MCID n >> BDC` as `/Artifact BMC`; nil when it has
    /// none (fonts, images, pages without artifacts). It runs on each page's content stream
    /// before Cairo compresses it (`editing`), and on a stream that was not marked then.
    static func markingArtifacts(_ content: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let base = content.baseAddress else { return nil }
        let close = Array(" >> BDC".utf8)
        let artifact = Array("/Artifact BMC".utf8)
        var out: [UInt8] = []
        var copied = 0
        var position = 0
        while position < content.count,
            let found = memchr(base + position, Int32(marker[0]), content.count - position)
        {
            let index = UnsafeRawPointer(found) - base
            position = index + 1
            guard content.count - index >= marker.count, memcmp(found, marker, marker.count) == 0 else { continue }
            var end = index + marker.count
            while end < content.count, (0x30...0x39).contains(content[end]) { end += 1 }
            guard end > index + marker.count, content.count - end >= close.count,
                memcmp(base + end, close, close.count) == 0
            else { continue }
            if out.isEmpty { out.reserveCapacity(content.count) }
            out.append(contentsOf: content[copied..<index])
            out.append(contentsOf: artifact)
            copied = end + close.count
            position = copied
        }
        guard copied > 0 else { return nil }
        out.append(contentsOf: content[copied...])
        return out
    }

    /// A stream's length object with its new value, when the stream was rewritten; the object
    /// as it was otherwise. Its offset shift is noted after it.
    private mutating func rewrittenLength(_ object: [UInt8], endingAt cairoEnd: Int) -> [UInt8] {
        guard !newLengths.isEmpty, let header = PDFBytes.firstIndex(of: Self.objectHeader, in: object)
        else { return object }
        var digitsStart = header
        while digitsStart > 0, (0x30...0x39).contains(object[digitsStart - 1]) { digitsStart -= 1 }
        guard let number = PDFBytes.integer(object[digitsStart..<header]),
            let length = newLengths.removeValue(forKey: number)
        else { return object }
        let rewritten = Array(object[..<(header + Self.objectHeader.count)]) + Array("   \(length)\nendobj".utf8)
        // Everything after this object moves by the change in its size, on top of the stream's.
        shifts.append((cairoEnd, (shifts.last?.by ?? 0) + rewritten.count - object.count))
        return rewritten
    }
}
