import CCairo
import Foundation
import InvoiDocument
import InvoiSpeedups

/// What a PDF may be given beside the document.
public struct PDFOptions: Sendable {
    /// The creator string written in the metadata ("invoi 1.2.0").
    public var creator: String
    /// Tagged (the default): the structure layout gave the ops, for screen readers and reflow.
    /// Untagged only to measure what tagging costs.
    public var isTagged: Bool
    /// Claim PDF/UA-1 in the metadata (`pdfuaid:part 1`); only a tagged file can.
    public var claimsPDFUA: Bool
    /// Write a PDF/A-3 file (a tagged one): its metadata, output intent, attachment and ID.
    public var archive: PDFArchive?

    public init(
        creator: String = "invoi", isTagged: Bool = true, claimsPDFUA: Bool = false, archive: PDFArchive? = nil
    ) {
        self.creator = creator
        self.isTagged = isTagged || archive != nil
        self.claimsPDFUA = claimsPDFUA && self.isTagged
        self.archive = archive
    }
}

/// `--format pdf`: every page on one Cairo PDF surface, written out as it is drawn.
/// Text keeps its UTF-8 and clusters so it stays selectable and searchable;
/// fonts are embedded as subsets; email links become link annotations.
public struct PDFBackend: Backend {
    public typealias Options = PDFOptions

    public let fonts: CairoFontCache

    /// A backend drawing with `fonts`: pass every backend of a process the same cache,
    /// so that each font file is opened once however many backends are made.
    public init(fonts: CairoFontCache = CairoFontCache()) {
        self.fonts = fonts
    }

    public var format: OutputFormat { .pdf }

    public func render(_ document: Document) throws -> RenderedOutput {
        try render(document, options: PDFOptions())
    }

    public func writer(
        for outline: DocumentOutline, options: PDFOptions, to target: any OutputTarget
    ) throws
        -> Writer
    {
        guard outline.pageCount > 0 else { throw BackendError("pdf: the document has no pages") }
        try Self.checkSize(outline.firstPageSize)
        let stream = PDFStream(sink: try target.sink(forPage: nil, of: outline.pageCount))
        let surface = CairoSurface(
            cairo_pdf_surface_create_for_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    let stream = Unmanaged<PDFStream>.fromOpaque(closure).takeUnretainedValue()
                    return stream.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
                        ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
                },
                Unmanaged.passUnretained(stream).toOpaque(), outline.firstPageSize.width,
                outline.firstPageSize.height),
            dependency: stream)
        try surface.checkStatus("creating the PDF surface")
        setMetadata(outline.metadata, creator: options.creator, on: surface)
        let context = CairoContext(drawingOn: surface)
        try context.checkStatus("creating the PDF context")
        var tags: StructureTags?
        if options.isTagged {
            let numbers = PDFObjectNumbers(base: PDFObjectNumbers.base(forPageCount: outline.pageCount))
            tags = StructureTags(context: context.handle, numbers: numbers)
            stream.rewriter = PDFFileRewriter(base: numbers.base) { [unowned stream] piece in
                _ = stream.passPiece(UnsafeRawBufferPointer(piece))
            }
            if let archive = options.archive {
                stream.rewriter?.headerMinorVersion = 7
                stream.rewriter?.information = archive.informationDictionary
                stream.rewriter?.forbidsInterpolation = true
            }
        }
        let painter = PagePainter(context: context, fonts: fonts, target: .pdf, tags: tags)
        return Writer(
            surface: surface, context: context, stream: stream, metadata: outline.metadata, options: options,
            painter: painter)
    }

    /// One Cairo PDF surface, a page drawn and written at a time.
    public struct Writer: PageWriter {
        let surface: CairoSurface
        let context: CairoContext
        let stream: PDFStream
        let metadata: DocumentMetadata
        let options: PDFOptions
        let painter: PagePainter
        /// A tagged PDF's structure objects not yet written.
        private var objects = PDFObjectStreamBuilder()
        private static let objectStreamSize = 1 << 16
        private static let objectStreamCount = 4_096

        init(
            surface: CairoSurface, context: CairoContext, stream: PDFStream, metadata: DocumentMetadata,
            options: PDFOptions, painter: PagePainter
        ) {
            self.surface = surface
            self.context = context
            self.stream = stream
            self.metadata = metadata
            self.options = options
            self.painter = painter
        }

        public mutating func write(_ page: Page) throws {
            try PDFBackend.checkSize(page.size)
            cairo_pdf_surface_set_size(surface.handle, page.size.width, page.size.height)
            guard let tags = painter.tags else {
                try painter.paint(page.ops)
                cairo_show_page(context.handle)
                try stream.rethrow()
                try context.checkStatus("finishing a page")
                return
            }
            tags.beginPage(size: page.size)
            try painter.paint(page.ops)
            tags.endPage()
            let marks = PageMarkApplication(tags.marks)
            stream.rewriter?.pageMarks = marks
            stream.rewriter?.pageDictionaryEntries = tags.pageDictionaryEntries()
            // The page's marks become its marked content as Cairo compresses its content stream,
            // where the deflate speedup gathers it; the rewriter marks a stream that was not.
            let marking: (UnsafeRawBufferPointer) -> [UInt8]? = { marks.apply(to: $0) }
            GatheredStreamEditing.applying(marking) { editing in
                stream.rewriter?.editing = editing
                cairo_show_page(context.handle)
                stream.rewriter?.editing = nil
            }
            stream.rewriter?.pageMarks = nil
            try stream.rethrow()
            try context.checkStatus("finishing a page")
            if let failure = marks.failure {
                throw BackendError("pdf: the page's marked content did not reach its content stream (\(failure))")
            }
            guard !marks.isPending, let pageObject = stream.rewriter?.takePageObject() else {
                throw BackendError("pdf: Cairo wrote the page without the marks of its marked content")
            }
            tags.addPieces(marks.extraPieces)
            tags.pageWritten(as: pageObject, into: &objects)
            // Gathered over pages up to a size: an invoice of a page or two has one object stream.
            if objects.data.count >= Self.objectStreamSize || objects.numbers.count >= Self.objectStreamCount {
                stream.rewriter?.insert(objects, as: tags.allocateNumber())
                objects = PDFObjectStreamBuilder()
            }
            if let failure = stream.rewriter?.failure { throw BackendError("pdf: \(failure)") }
        }

        public mutating func finish() throws {
            guard let tags = painter.tags else {
                // Cairo writes the catalog and the trailer while it finishes the file.
                stream.isFinishing = true
                cairo_surface_finish(surface.handle)
                // What the output refused is the error to report, before Cairo's own status.
                try stream.rethrow()
                try surface.checkStatus("writing the PDF")
                stream.flush()
                try stream.rethrow()
                let update = PDFLanguageUpdate.update(
                    byteCount: stream.byteCount, tail: stream.tail, catalogSource: stream.catalog ?? [],
                    metadata: metadata, unwrittenObjects: stream.unwrittenObjects(below:))
                if !update.isEmpty { try stream.sink.write(update) }
                return
            }
            tags.finish(into: &objects)
            let metadataNumber = tags.allocateNumber()
            let archival = options.archive.map { ArchivalObjects($0, numbering: tags) }
            var catalog = catalogEntries(metadata: metadataNumber, structure: tags.rootNumber)
            if let archival { catalog += archival.catalogEntries }
            stream.rewriter?.catalogEntries = catalog
            let streamNumber = tags.allocateNumber()
            cairo_surface_finish(surface.handle)
            try stream.rethrow()
            try surface.checkStatus("writing the PDF")
            let packedObjects = objects.isEmpty ? nil : stream.rewriter?.pack(objects, as: streamNumber)
            objects = PDFObjectStreamBuilder()
            // Asked for once Cairo has let go of what it held for the pages, and the structure's
            // text is compressed.
            let ending = try options.archive?.ending()
            if let ending {
                let identifier = ending.documentID.map { String($0, radix: 16).leftPadded(2) }.joined()
                stream.rewriter?.trailerEntries = " /ID [ <\(identifier)> <\(identifier)> ]"
            }
            let xmp =
                ending?.metadataPacket
                ?? XMPMetadata(metadata: metadata, creator: options.creator, claimsUA: options.claimsPDFUA).packet
            var plain = [
                PlainObject(
                    number: metadataNumber, dictionary: "<< /Type /Metadata /Subtype /XML /Length \(xmp.count) >>",
                    stream: xmp)
            ]
            if let archival, let ending { plain += try archival.objects(attachment: ending.attachment) }
            stream.rewriter?.finish(
                objects: packedObjects, plain: plain, crossReferenceNumber: tags.allocateNumber())
            if let failure = stream.rewriter?.failure { throw BackendError("pdf: \(failure)") }
            stream.flush()
            try stream.rethrow()
        }

        /// The catalog's entries for a tagged file: its structure, language, title display and
        /// reading direction, and metadata.
        private func catalogEntries(metadata metadataNumber: Int, structure: Int) -> [UInt8] {
            var entries = "/Metadata \(metadataNumber) 0 R /StructTreeRoot \(structure) 0 R"
            entries += " /MarkInfo << /Marked true >>"
            if let language = PDFLanguageUpdate.safeTag(metadata.language) { entries += " /Lang (\(language))" }
            entries +=
                " /ViewerPreferences << /DisplayDocTitle true"
                + (metadata.direction == .rightToLeft ? " /Direction /R2L" : "") + " >>"
            return Array(entries.utf8)
        }
    }

    private func setMetadata(_ metadata: DocumentMetadata, creator: String, on surface: CairoSurface) {
        func set(_ key: cairo_pdf_metadata_t, _ value: String) {
            guard !value.isEmpty else { return }
            cairo_pdf_surface_set_metadata(surface.handle, key, value)
        }
        set(CAIRO_PDF_METADATA_TITLE, metadata.title)
        set(CAIRO_PDF_METADATA_AUTHOR, metadata.author)
        set(CAIRO_PDF_METADATA_SUBJECT, metadata.subject)
        set(CAIRO_PDF_METADATA_CREATOR, creator)
        // Cairo 1.16 would write the current time (it ignores SOURCE_DATE_EPOCH):
        // a given date makes the output reproducible.
        if let date = metadata.creationDate, let stamp = PDFDate.string(for: date) {
            set(CAIRO_PDF_METADATA_CREATE_DATE, stamp)
            set(CAIRO_PDF_METADATA_MOD_DATE, stamp)
        }
    }

    /// A PDF/A file's own objects beside the structure: the output intent's profile, and the
    /// attachment with its file specification.
    private struct ArchivalObjects {
        let archive: PDFArchive
        let profileNumber: Int
        let attachmentNumbers: (file: Int, specification: Int)?

        init(_ archive: PDFArchive, numbering tags: StructureTags) {
            self.archive = archive
            profileNumber = tags.allocateNumber()
            attachmentNumbers = archive.attachmentName.map { _ in (tags.allocateNumber(), tags.allocateNumber()) }
        }

        var catalogEntries: [UInt8] {
            var entries = " /OutputIntents [ << /Type /OutputIntent /S /GTS_PDFA1"
            entries += " /OutputConditionIdentifier \(PDFWriting.textString(archive.outputCondition))"
            entries += " /Info \(PDFWriting.textString(archive.outputCondition))"
            entries += " /RegistryName (http://www.color.org) /DestOutputProfile \(profileNumber) 0 R >> ]"
            if let name = archive.attachmentName, let numbers = attachmentNumbers {
                entries += " /AF [ \(numbers.specification) 0 R ]"
                entries += " /Names << /EmbeddedFiles << /Names [ (\(name))"
                entries += " \(numbers.specification) 0 R ] >> >>"
            }
            return Array(entries.utf8)
        }

        /// The profile's stream, and the attachment the catalog announced (`archive.attachmentName`).
        func objects(attachment: PDFAttachment?) throws -> [PlainObject] {
            var objects = [try Self.stream(profileNumber, archive.colorProfile, "/N 3 /Alternate /DeviceRGB")]
            if let numbers = attachmentNumbers {
                guard let attachment, attachment.name == archive.attachmentName else {
                    throw BackendError("pdf: the attachment the catalog names is not the one given")
                }
                let subtype = PDFWriting.name(attachment.mediaType)
                let parameters =
                    "/Type /EmbeddedFile /Subtype \(subtype) /Params << /Size \(attachment.size ?? attachment.contents.count)"
                    + " /ModDate (\(attachment.modificationDate)) >>"
                objects.append(
                    try Self.stream(numbers.file, attachment.contents, parameters, isCompressed: attachment.size != nil)
                )
                // The name is ASCII without parentheses or backslashes (`PDFAttachment`).
                let name = "(\(attachment.name))"
                let specification =
                    "<< /Type /Filespec /F \(name) /UF \(name) /Desc \(PDFWriting.textString(attachment.description))"
                    + " /AFRelationship \(PDFWriting.name(attachment.relationship))"
                    + " /EF << /F \(numbers.file) 0 R /UF \(numbers.file) 0 R >> >>"
                objects.append(PlainObject(number: numbers.specification, dictionary: specification))
            }
            return objects
        }

        /// A compressed stream object.
        private static func stream(
            _ number: Int, _ data: [UInt8], _ entries: String, isCompressed: Bool = false
        ) throws -> PlainObject {
            guard
                let packed = isCompressed
                    ? data : data.withUnsafeBytes({ DeflateCompressor.zlibCompressedOnThisThread($0) })
            else {
                throw BackendError("pdf: an embedded stream could not be compressed")
            }
            return PlainObject(
                number: number, dictionary: "<< \(entries) /Length \(packed.count) /Filter /FlateDecode >>",
                stream: packed)
        }
    }

    /// PDF viewers accept pages from 3 to 14 400 points on a side.
    static func checkSize(_ size: Size) throws {
        guard size.width.isFinite, size.height.isFinite, (1...14_400).contains(size.width),
            (1...14_400).contains(size.height)
        else { throw BackendError("pdf: page size \(size.width) × \(size.height) pt is not drawable") }
    }
}

/// What a Cairo stream surface writes, passed on to the output as it comes. It keeps what
/// the language update needs — the byte count, the catalog object and the file's last
/// bytes (the trailer) — so the file is never held whole.
final class PDFStream {
    let sink: any ByteSink
    private(set) var byteCount = 0
    /// The last 4 to 8 KB written (the trailer and the end of the cross-reference table).
    private(set) var tail: [UInt8] = []
    /// `\nN 0 obj … endobj` of the catalog, once written.
    private(set) var catalog: [UInt8]?
    private var capturing: [UInt8]?
    private var error: (any Error)?
    /// Set before Cairo finishes the file: only then is the catalog looked for and the tail kept.
    var isFinishing = false

    private static let tailSize = 4096
    private static let catalogMark = Array("/Type /Catalog".utf8)
    private static let objectEnd = Array("endobj".utf8)

    init(sink: any ByteSink) {
        self.sink = sink
    }

    /// Cairo writes in pieces of a few hundred bytes: they go out in blocks of this size.
    private static let blockSize = 1 << 16
    private var block: [UInt8] = []

    /// A tagged PDF's: adds its marked content and structure to Cairo's file as it passes. Unchecked:
    /// Cairo calls `write` about 1,800 times a page, and a checked access to a stored property of
    /// a class costs more than the rewriter's own work on most calls; only `write` and the
    /// writer reach it, never both at once (Cairo calls back within the writer's calls).
    @exclusivity(unchecked) var rewriter: PDFFileRewriter?

    /// The objects Cairo wrote, by number, when it writes the whole file (no rewriter): Cairo 1.16
    /// lists in its cross-reference table objects it numbered but never wrote (the structure
    /// elements of its link tags, outside a tagged file), at offsets that hold other objects.
    private(set) var writtenObjects: [Bool] = []

    /// False (and the error kept) when the output refused the bytes.
    func write(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard error == nil else { return false }
        if rewriter != nil {
            rewriter?.process(raw.assumingMemoryBound(to: UInt8.self))
            return error == nil
        }
        noteObjectHeader(raw)
        return pass(raw)
    }

    /// Cairo writes every object's `N 0 obj` at the start of a piece of its own (its printf
    /// hands on what it formatted before each number), so a piece's first bytes are enough.
    private func noteObjectHeader(_ raw: UnsafeRawBufferPointer) {
        guard let first = raw.first, (0x30...0x39).contains(first) else { return }
        var number = 0
        var index = 0
        while index < raw.count, index < 10, (0x30...0x39).contains(raw[index]) {
            number = number * 10 + Int(raw[index] - 0x30)
            index += 1
        }
        let header = Self.objectHeader
        guard raw.count - index >= header.count, number > 0 else { return }
        for offset in 0..<header.count where raw[index + offset] != header[offset] { return }
        if writtenObjects.count <= number {
            writtenObjects += repeatElement(false, count: number + 1 - writtenObjects.count)
        }
        writtenObjects[number] = true
    }

    private static let objectHeader = Array(" 0 obj".utf8)

    /// Object numbers below `size` that Cairo did not write.
    func unwrittenObjects(below size: Int) -> [Int] {
        (1..<max(1, size)).filter { $0 >= writtenObjects.count || !writtenObjects[$0] }
    }

    /// A piece the rewriter hands on.
    func passPiece(_ raw: UnsafeRawBufferPointer) -> Bool { pass(raw) }

    /// The file's bytes, a piece at a time, to the output.
    private func pass(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard error == nil else { return false }
        // Typed, so that appending copies the bytes in one go rather than one at a time.
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        if block.count + bytes.count > Self.blockSize {
            guard flush() else { return false }
        }
        if bytes.count >= Self.blockSize {
            do {
                try sink.write(raw)
            } catch {
                self.error = error
                return false
            }
        } else {
            if block.capacity < Self.blockSize { block.reserveCapacity(Self.blockSize) }
            block.append(contentsOf: bytes)
        }
        byteCount += bytes.count
        if isFinishing { keep(bytes) }
        return true
    }

    /// While Cairo finishes the file: the tail, and the catalog once its mark has gone by.
    /// Cairo writes a few hundred bytes at a time (a sample PDF makes about 800 calls), so
    /// nothing here allocates per call and the mark is looked for only in the new bytes.
    private func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        // The mark may begin in the bytes before these: look from its length back.
        let searchStart = max(0, tail.count - (Self.catalogMark.count - 1))
        tail.append(contentsOf: bytes)
        if var object = capturing {
            capturing = nil
            object.append(contentsOf: bytes)
            capture(object)
        } else if catalog == nil, let mark = PDFBytes.firstIndex(of: Self.catalogMark, in: tail, from: searchStart),
            let header = Self.objectHeaderStart(in: tail, before: mark)
        {
            capture(Array(tail[header...]))
        }
        if tail.count > 2 * Self.tailSize { tail.removeFirst(tail.count - Self.tailSize) }
    }

    /// Sends the bytes held back to the output; false (and the error kept) when it refuses them.
    @discardableResult
    func flush() -> Bool {
        guard error == nil else { return false }
        guard !block.isEmpty else { return true }
        do {
            try sink.write(block)
        } catch {
            self.error = error
            return false
        }
        block.removeAll(keepingCapacity: true)
        return true
    }

    /// Throws what the output threw while Cairo wrote.
    func rethrow() throws {
        if let error { throw error }
    }

    private func capture(_ object: [UInt8]) {
        if let end = PDFBytes.firstIndex(of: Self.objectEnd, in: object) {
            catalog = Array(object[..<(end + Self.objectEnd.count)])
            capturing = nil
        } else {
            capturing = object
        }
    }

    /// Where `\nN 0 obj` starts, the last one before `index`.
    private static func objectHeaderStart(in bytes: [UInt8], before index: Int) -> Int? {
        let obj = Array(" 0 obj".utf8)
        var position = index - obj.count
        while position >= 0 {
            if bytes[position..<(position + obj.count)].elementsEqual(obj) {
                var start = position
                while start > 0, (0x30...0x39).contains(bytes[start - 1]) { start -= 1 }
                return start > 0 && bytes[start - 1] == 0x0A ? start - 1 : nil
            }
            position -= 1
        }
        return nil
    }
}
