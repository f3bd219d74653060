import Foundation
import InvoiPDFFile
import InvoiSpeedups

/// Passes a tagged PDF's bytes from Cairo to the output as they come, adding what makes the
/// file tagged and what Cairo 1.16 cannot write:
/// - each page's marked content (`MarkedContentWriter`): put in before Cairo compresses the
///   content stream (`editing`, with the deflate speedup) or, for a stream that was not
///   gathered, by inflating, marking and deflating it here (its /Length object then follows the
///   new size);
/// - in Cairo's page dictionary the page's /StructParents, /Annots and /Tabs; in the catalog the
///   structure tree, /MarkInfo, the language, the viewer preferences and the XMP metadata; in
///   each Type 2 CIDFont the /CIDToGIDMap PDF/UA and PDF/A require;
/// - invoi's own objects (the structure elements, the parent tree, the link annotations), in
///   compressed object streams (ISO 32000-1 §7.5.7) between Cairo's objects once pages have
///   gathered 64 KB of them, and one at the end, numbered from a base above Cairo's numbers;
/// - a PDF/A file's header version, Info dictionary and uninterpolated images (`PDFArchive`);
/// - in place of Cairo's cross-reference table, a compressed cross-reference stream (§7.5.8)
///   over both ranges of numbers, with Cairo's offsets moved by what was added before them.
///
/// Only the text between Cairo's streams is looked through, and a stream's data only when it must
/// be marked here. Nothing of a written page is kept but an entry a page and an offset an object.
///
/// A value, not a class: Cairo calls `process` about 1,800 times a page, and each access to a
/// class's stored property is checked for exclusivity at run time; the stream that owns it pays
/// one check a call instead.
struct PDFFileRewriter {
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
    /// Where Cairo's offsets shift: from Cairo's offset `from` on, add `by`. In order of `from`.
    private var shifts: [(from: Int, by: Int)] = []
    private var received = 0
    /// How many of `pending`'s bytes have been looked through for objects.
    private var searched = 0
    private var written = 0
    /// From `xref` on: Cairo's cross-reference table and trailer, replaced at the end.
    private var inTrailer = false
    /// Where the file's bytes go, a piece at a time (a stream's data a piece of its own).
    private let output: (UnsafeBufferPointer<UInt8>) -> Void

    /// The first number of invoi's own objects; every number of Cairo's must stay below it.
    let base: Int
    /// Where each of invoi's objects is, by its number less `base`, in four bytes (a 200,000-item
    /// invoice has over a million): 0 for none, `placed` for an object in place (its offset in
    /// `placedOffsets`), else `(s + 1) << 14 | index` for the `index`th object of the `s`th
    /// object stream.
    private var ownEntries: [UInt32] = []
    private var placedOffsets: [Int: Int] = [:]
    /// The object streams' numbers, in the order they were written.
    private var objectStreams: [Int] = []
    private static let placed = UInt32.max
    /// The most objects in one object stream, and object streams in the file.
    static let objectStreamLimit = 1 << 14
    private static let objectStreamCountLimit = (1 << 18) - 2

    /// While Cairo writes a page: its marks, for a content stream that comes compressed.
    var pageMarks: PageMarkApplication?
    /// What the next page dictionary Cairo writes gains.
    var pageDictionaryEntries: [UInt8] = []
    /// What the catalog gains.
    var catalogEntries: [UInt8] = []
    /// A PDF/A file's: the header's version (`7` for 1.7), the Info dictionary in place of
    /// Cairo's, images that are not interpolated, and the trailer's entries (/ID).
    var headerMinorVersion: UInt8?
    var information: [UInt8]?
    var forbidsInterpolation = false
    var trailerEntries = ""
    /// The object number of the last page dictionary Cairo wrote, until taken.
    private var pageObject: Int?
    /// While Cairo writes a page: the marking of its content stream before compression, which
    /// tells which stream it marked.
    var editing: GatheredStreamEditing?
    /// Why the file could not be written as it should, once something went wrong.
    private(set) var failure: String?

    init(base: Int, output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.base = base
        self.output = output
    }

    private static let endStream = Array("\nendstream".utf8)
    private static let streamStart = Array(">>\nstream\n".utf8)
    private static let objectEnd = Array("endobj".utf8)
    private static let contentPrefix = Array("<< /Length ".utf8)
    private static let contentSuffix = Array(" 0 R\n   /Filter /FlateDecode\n>>\nstream\n".utf8)
    private static let xrefStart = Array("\nxref\n".utf8)
    private static let objectHeader = Array(" 0 obj".utf8)
    private static let pageStart = Array("<< /Type /Page ".utf8)
    private static let catalogStart = Array("<< /Type /Catalog".utf8)
    private static let cidFontStart = Array("<< /Type /Font\n   /Subtype /CIDFontType2".utf8)
    private static let glyphMap = Array("/CIDToGIDMap".utf8)
    private static let identityGlyphMap = Array("/CIDToGIDMap /Identity".utf8)
    private static let informationStart = Array("<< /Producer ".utf8)
    private static let interpolated = Array("/Interpolate true".utf8)
    private static let notInterpolated = Array("/Interpolate false".utf8)
    private static let header = Array("%PDF-1.".utf8)

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
        // Cairo writes its header in pieces (`%PDF-`, `1.5`, …), before anything else.
        if let headerMinorVersion, written == 0, pending.count > Self.header.count {
            if pending.starts(with: Self.header) { pending[Self.header.count] = UInt8(ascii: "0") + headerMinorVersion }
            self.headerMinorVersion = nil
        }
        if inTrailer { return }
        // Objects are looked for where a stream begins (its data comes in the next write) and
        // once some text has gathered, not at each of Cairo's ~1,800 small writes a page.
        let startsStream =
            pending.last == Self.streamStart.last && pending.count >= Self.streamStart.count
            && pending.suffix(Self.streamStart.count).elementsEqual(Self.streamStart)
        guard startsStream || pending.count - searched >= Self.searchStep else { return }
        takeObjects()
        if startsStream {
            var header = pending
            pending = []
            searched = 0
            mode = Self.contentLengthObject(header).map { .holding(lengthObject: $0) } ?? .passing
            held = []
            // An image's dictionary comes with its stream: PDF/A forbids interpolating it.
            if forbidsInterpolation, let at = PDFBytes.firstIndex(of: Self.interpolated, in: header) {
                header.replaceSubrange(at..<(at + Self.interpolated.count), with: Self.notInterpolated)
                emit(header)
                shifts.append((received, written - received))
            } else {
                emit(header)
            }
        }
    }

    /// How much text gathers before it is looked through.
    private static let searchStep = 4096

    /// The page dictionary Cairo wrote last, once: its object number.
    mutating func takePageObject() -> Int? {
        if case .text = mode, !inTrailer { takeObjects() }
        defer { pageObject = nil }
        return pageObject
    }

    /// Writes `objects` as object stream `number` here, between Cairo's objects (Cairo has
    /// finished a page and written all of it).
    mutating func insert(_ objects: PDFObjectStreamBuilder, as number: Int) {
        guard case .text = mode, !inTrailer else {
            failure = "Cairo was inside an object when a page ended"
            return
        }
        takeObjects()
        pending.withUnsafeBufferPointer { emit($0) }
        pending.removeAll(keepingCapacity: true)
        searched = 0
        emitObjectStream(objects, as: number)
        shifts.append((received, written - received))
    }

    /// The objects complete in the text gathered, with what they gain, passed on in order, then the
    /// start of Cairo's cross-reference table if it has come. Only the bytes not yet looked through
    /// are, with the few before them where a word may begin.
    private mutating func takeObjects() {
        // The objects are taken from the front of `pending`, which is shortened once at the end.
        var taken = 0
        var from = max(0, searched - Self.objectEnd.count)
        while let end = PDFBytes.firstIndex(of: Self.objectEnd, in: pending, from: from) {
            let start = taken
            taken = end + Self.objectEnd.count
            from = taken
            // Cairo's offset just after the object.
            let cairoEnd = received - (pending.count - taken)
            if let rewritten = rewritten(pending[start..<taken]) {
                emit(rewritten)
                shifts.append((cairoEnd, written - cairoEnd))
            } else {
                pending[start..<taken].withUnsafeBufferPointer { emit($0) }
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

    /// The object (with the text before it since the last one) as it goes into the file, when it
    /// changes: a page dictionary, the catalog, a CIDFont, a rewritten stream's length.
    private mutating func rewritten(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard let header = text.withUnsafeBytes({ PDFBytes.firstIndex(of: Self.objectHeader, in: $0) }) else {
            return nil
        }
        let at = text.startIndex + header
        var digitsStart = at
        while digitsStart > text.startIndex, (0x30...0x39).contains(text[digitsStart - 1]) { digitsStart -= 1 }
        guard let number = PDFBytes.integer(text[digitsStart..<at]) else { return nil }
        if number >= base, failure == nil {
            failure = "Cairo numbered more objects than the \(base) set aside for it"
        }
        var bodyStart = at + Self.objectHeader.count
        while bodyStart < text.endIndex, [0x0A, 0x0D, 0x20].contains(text[bodyStart]) { bodyStart += 1 }
        let body = text[bodyStart...]
        let entries: [UInt8]
        if body.starts(with: Self.pageStart) {
            pageObject = number
            entries = pageDictionaryEntries
            pageDictionaryEntries = []
        } else if body.starts(with: Self.catalogStart) {
            entries = catalogEntries
        } else if let information, body.starts(with: Self.informationStart) {
            var out = Array(text[..<bodyStart])
            out += information
            out += Array("\nendobj".utf8)
            return out
        } else if body.starts(with: Self.cidFontStart),
            body.withUnsafeBytes({ PDFBytes.firstIndex(of: Self.glyphMap, in: $0) }) == nil
        {
            // Cairo numbers its subsets' glyphs by CID.
            entries = Self.identityGlyphMap
        } else if let length = newLengths.removeValue(forKey: number) {
            var out = Array(text[..<bodyStart])
            PDFWriting.append(length, to: &out)
            out += Array("\nendobj".utf8)
            return out
        } else {
            return nil
        }
        guard !entries.isEmpty else { return nil }
        let dictionary = text[..<(text.endIndex - Self.objectEnd.count)]
        guard let added = PDFWriting.adding(entries, to: dictionary) else {
            failure = "object \(number) of Cairo's is not a dictionary"
            return nil
        }
        return added + Self.objectEnd
    }

    /// The rest, once Cairo is done: the `plain` objects (streams cannot go into an object
    /// stream), the last object stream `objects`, then a cross-reference stream numbered
    /// `crossReferenceNumber`, the highest number of the file, in place of Cairo's table.
    mutating func finish(
        objects: PackedObjectStream?, plain: [PlainObject], crossReferenceNumber: Int
    ) {
        defer { pending = [] }
        if !inTrailer { takeObjects() }
        guard inTrailer, let table = PDFCrossReferenceTable(startOf: pending),
            let cairoTrailer = PDFTrailer(table.trailer, crossReference: 0)
        else {
            failure = failure ?? "Cairo's cross-reference table is not as expected"
            return
        }
        guard table.entries.count <= base else {
            failure = failure ?? "Cairo numbered more objects than the \(base) set aside for it"
            return
        }
        emit([0x0A])
        for object in plain {
            place(object.number)
            emit(Array("\(object.number) 0 obj\n".utf8) + object.dictionary)
            // A stream's bytes go out as they are: an embedded invoice of 200,000 lines is 3.8 MB.
            if let data = object.stream {
                emit(Array("\nstream\n".utf8))
                emit(data)
                emit(Array("\nendstream".utf8))
            }
            emit(Array("\nendobj\n".utf8))
        }
        if let objects { emit(objects) }
        // qpdf takes an object number above a third of the file's size for a damaged file's:
        // a small file with many pages set aside is padded with a comment.
        let shortfall = 3 * (crossReferenceNumber + 1) - written
        if shortfall > 0 {
            var padding: [UInt8] = []
            for _ in 0..<(shortfall / 128 + 1) { padding += [0x25] + [UInt8](repeating: 0x20, count: 126) + [0x0A] }
            emit(padding)
        }

        let crossReferenceOffset = written
        place(crossReferenceNumber)
        // The rows: Cairo's numbers from 0, then invoi's from the base, compressed as they are
        // made (a million objects' rows would be 7 MB at once).
        var largest = max(written, crossReferenceNumber)
        for entry in table.entries {
            if case .free(let next, _) = entry { largest = max(largest, next) }
        }
        var middle = 1
        while middle < 8, largest >> (8 * middle) != 0 { middle += 1 }
        // Zlib a piece at a time once the rows pass a piece (its set-up costs more than a small
        // file's rows), else libdeflate on them all.
        var packing: PiecewiseDeflate?
        var rows: [UInt8] = []
        let rowsPerPiece = 8_192
        rows.reserveCapacity(rowsPerPiece * (3 + middle))
        var isPacked = true
        func append(_ type: UInt8, _ second: Int, _ third: Int) {
            rows.append(type)
            for shift in stride(from: 8 * (middle - 1), through: 0, by: -8) {
                rows.append(UInt8((second >> shift) & 0xFF))
            }
            rows.append(UInt8(third >> 8))
            rows.append(UInt8(third & 0xFF))
            if rows.count >= rowsPerPiece * (3 + middle) {
                if packing == nil { packing = PiecewiseDeflate() }
                isPacked = isPacked && packing != nil && rows.withUnsafeBytes { packing!.append($0) }
                rows.removeAll(keepingCapacity: true)
            }
        }
        for entry in table.entries {
            switch entry {
            case .free(let next, let generation): append(0, next, generation)
            case .inUse(let offset): append(1, shifted(offset), 0)
            case .compressed(let stream, let index): append(2, stream, index)
            }
        }
        for (index, entry) in ownEntries.enumerated() {
            if entry == 0 {
                append(0, 0, 0)
            } else if entry == Self.placed {
                append(1, placedOffsets[base + index] ?? 0, 0)
            } else {
                append(2, objectStreams[Int(entry >> 14) - 1], Int(entry & 0x3FFF))
            }
        }
        var packedRows: [UInt8]?
        // A one-page invoice's rows, a few hundred bytes, are not worth compressing.
        let isCompressed = packing != nil || rows.count > Self.uncompressedRows
        if let packing {
            isPacked = isPacked && rows.withUnsafeBytes { packing.append($0) } && packing.finish()
            packedRows = isPacked ? packing.output : nil
        } else {
            packedRows = isCompressed ? deflated(rows) : rows
        }
        rows = []
        guard let packedRows else {
            failure = "the cross-reference stream could not be compressed"
            return
        }
        var dictionary = "<< /Type /XRef /Size \(crossReferenceNumber + 1)"
        dictionary += " /Index [ 0 \(table.entries.count) \(base) \(ownEntries.count) ]"
        dictionary += " /W [ 1 \(middle) 2 ] /Root \(cairoTrailer.root) 0 R"
        if let info = cairoTrailer.info { dictionary += " /Info \(info) 0 R" }
        dictionary += trailerEntries
        dictionary += " /Length \(packedRows.count)\(isCompressed ? " /Filter /FlateDecode" : "") >>"
        emit(Array("\(crossReferenceNumber) 0 obj\n\(dictionary)\nstream\n".utf8))
        emit(packedRows)
        emit(Array("\nendstream\nendobj\nstartxref\n\(crossReferenceOffset)\n%%EOF\n".utf8))
    }

    /// Up to this many bytes of rows, the cross-reference stream is not compressed.
    private static let uncompressedRows = 2_048

    private mutating func emitObjectStream(_ objects: PDFObjectStreamBuilder, as number: Int) {
        if let packed = pack(objects, as: number) { emit(packed) }
    }

    /// `objects` as object stream `number`, compressed, to be written with `emit(_:)`: the
    /// structure's last stream is packed before a Factur-X's XML is made, so that its text (a long
    /// table's kids, 2 MB of 200,000 rows) is let go first.
    mutating func pack(_ objects: PDFObjectStreamBuilder, as number: Int) -> PackedObjectStream? {
        guard objects.numbers.count <= Self.objectStreamLimit, objectStreams.count < Self.objectStreamCountLimit else {
            failure = "more objects than a tagged PDF's object streams hold"
            return nil
        }
        var header = objects.header
        header[header.count - 1] = 0x0A
        guard let packed = deflated(header + objects.data) else {
            failure = "the structure tree could not be compressed"
            return nil
        }
        objectStreams.append(number)
        let stream = UInt32(objectStreams.count) << 14
        for (index, member) in objects.numbers.enumerated() { record(member, stream | UInt32(index)) }
        return PackedObjectStream(number: number, count: objects.numbers.count, first: header.count, data: packed)
    }

    private mutating func emit(_ packed: PackedObjectStream) {
        place(packed.number)
        emit(
            Array(
                ("\(packed.number) 0 obj\n<< /Type /ObjStm /N \(packed.count) /First \(packed.first)"
                    + " /Length \(packed.data.count) /Filter /FlateDecode >>\nstream\n").utf8))
        emit(packed.data)
        emit(Array("\nendstream\nendobj\n".utf8))
    }

    /// Object `number` of invoi's, written in place here.
    private mutating func place(_ number: Int) {
        record(number, Self.placed)
        placedOffsets[number] = written
    }

    private mutating func record(_ number: Int, _ entry: UInt32) {
        let index = number - base
        precondition(index >= 0, "invoi's objects are numbered from the base")
        if index >= ownEntries.count { ownEntries += repeatElement(0, count: index + 1 - ownEntries.count) }
        ownEntries[index] = entry
    }

    private func deflated(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBytes { DeflateCompressor.zlibCompressedOnThisThread($0) }
    }

    /// Cairo's `offset` in the file written.
    private func shifted(_ offset: Int) -> Int {
        // The last shift from at or before the offset.
        var low = 0
        var high = shifts.count
        while low < high {
            let middle = (low + high) / 2
            if shifts[middle].from <= offset { low = middle + 1 } else { high = middle }
        }
        return offset + (low > 0 ? shifts[low - 1].by : 0)
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

    /// The held stream's data: marked here when it is the page's content and was not marked as
    /// Cairo compressed it, else as it was.
    private mutating func finishHeld(lengthObject: Int, endingAt cairoEnd: Int) {
        let original = held
        held = []
        // Marked already, before Cairo's compression: nothing is left to change.
        if let editing, editing.takeEdited(count: original.count) { return emit(original) }
        guard let pageMarks, pageMarks.isPending, let decompressor = DeflateDecompressor(),
            let content = decompressor.zlibDecompress(original),
            let marked = content.withUnsafeBytes({ pageMarks.apply(to: $0) }),
            let output = deflated(marked)
        else { return emit(original) }
        newLengths[lengthObject] = output.count
        emit(output)
        shifts.append((cairoEnd, written - cairoEnd))
    }
}

/// An object stream compressed, with what its dictionary says of it.
struct PackedObjectStream {
    let number: Int
    /// Its objects, and the offset of the first in the decompressed data.
    let count: Int
    let first: Int
    let data: [UInt8]
}

/// An object written whole after the pages, outside the object streams: its dictionary, and the
/// stream's bytes as they go into the file (already compressed where the dictionary says so).
struct PlainObject {
    let number: Int
    let dictionary: [UInt8]
    let stream: [UInt8]?

    init(number: Int, dictionary: String, stream: [UInt8]? = nil) {
        self.number = number
        self.dictionary = Array(dictionary.utf8)
        self.stream = stream
    }
}
