import CQPDF
import Glibc
import InvoiSpeedups

/// A file embedded in a PDF: its file specification's entries and its bytes, decoded.
public struct PDFEmbeddedFile: Hashable, Sendable {
    /// `/UF`, else `/F`, else its key in the /EmbeddedFiles name tree.
    public var name: String
    /// `/Desc`; "" when absent.
    public var description: String
    /// `/AFRelationship` without its slash (`Alternative`, `Data`, `Source`); "" when absent.
    public var relationship: String
    /// The embedded stream's `/Subtype` as a MIME type (`text/xml`); "" when absent.
    public var mimeType: String
    /// The file's bytes, every filter undone.
    public var data: [UInt8]

    public init(name: String, description: String = "", relationship: String = "", mimeType: String = "", data: [UInt8]) {
        self.name = name
        self.description = description
        self.relationship = relationship
        self.mimeType = mimeType
        self.data = data
    }
}

/// How much of a PDF invoi reads when it looks for the e-invoice inside.
public struct PDFAttachmentLimits: Hashable, Sendable {
    /// The largest embedded file, decoded.
    public var maximumFileSize: Int
    /// The most embedded files (and name tree entries) looked at.
    public var maximumCount: Int

    public init(maximumFileSize: Int = 16 << 20, maximumCount: Int = 1_000) {
        self.maximumFileSize = maximumFileSize
        self.maximumCount = maximumCount
    }
}

/// Why a PDF's e-invoice could not be read.
public enum PDFAttachmentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// qpdf could not parse the file; its message names the object and offset.
    case unreadable(String)
    /// The file is encrypted: its attachments are not read.
    case encrypted
    /// More embedded files or name tree entries than `limit`.
    case tooManyAttachments(limit: Int)
    /// An embedded file larger than `limit` bytes once decoded.
    case attachmentTooLarge(name: String, limit: Int)
    /// An embedded file whose data cannot be decoded (damaged, or a filter invoi does not undo).
    case undecodableAttachment(name: String, reason: String)
    /// No attachment is an e-invoice; the names of those there are.
    case noEInvoice(attachments: [String])
    /// Several XML attachments are e-invoices and none has a Factur-X, ZUGFeRD or XRechnung name.
    case ambiguousEInvoice(attachments: [String])
    /// qpdf's library could not be opened.
    case libraryUnavailable(String)

    public var description: String {
        switch self {
        case .unreadable(let message): return "not a readable PDF: \(message)"
        case .encrypted: return "the PDF is encrypted; invoi does not read the attachments of an encrypted PDF"
        case .tooManyAttachments(let limit):
            return "the PDF has more than \(limit) embedded files, the most invoi looks at"
        case .attachmentTooLarge(let name, let limit):
            return "the embedded file \"\(name)\" is larger than \(limit >> 20) MB, the most invoi reads of one"
        case .undecodableAttachment(let name, let reason):
            return "the embedded file \"\(name)\" cannot be decoded: \(reason)"
        case .noEInvoice(let names):
            let listed =
                names.isEmpty
                ? "it has no embedded files" : "its embedded files: " + names.map { "\"\($0)\"" }.joined(separator: ", ")
            return "no embedded e-invoice (\(PDFAttachments.invoiceNames.joined(separator: ", ")), or an XML "
                + "file whose root is a CII or UBL invoice); \(listed)"
        case .ambiguousEInvoice(let names):
            return "several embedded files are e-invoices ("
                + names.map { "\"\($0)\"" }.joined(separator: ", ") + "); invoi reads one"
        case .libraryUnavailable(let message): return message
        }
    }
}

/// The files a PDF embeds, read with qpdf from the catalog's /Names /EmbeddedFiles name tree
/// and its /AF array: nothing else of the PDF is read (no content stream, no script, no form).
public enum PDFAttachments {
    /// The names Factur-X, ZUGFeRD (1 and 2) and XRechnung give the invoice, matched ignoring case,
    /// the first listed first when a PDF has several (a ZUGFeRD 2.0 file may carry both).
    public static let invoiceNames = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"]

    /// Every embedded file of `pdf`, in the order the name tree and then /AF list them.
    public static func files(
        in pdf: [UInt8], limits: PDFAttachmentLimits = PDFAttachmentLimits()
    ) throws(PDFAttachmentError) -> [PDFEmbeddedFile] {
        let document = try open(pdf)
        let specifications = try document.fileSpecifications(limits: limits)
        var files: [PDFEmbeddedFile] = []
        for specification in specifications {
            files.append(try document.file(specification, limits: limits))
        }
        return files
    }

    /// The embedded e-invoice: the file named as Factur-X, ZUGFeRD or XRechnung name it, else the one
    /// XML file whose root element is a CII or UBL invoice. Only the files looked at are decoded.
    public static func eInvoice(
        in pdf: [UInt8], limits: PDFAttachmentLimits = PDFAttachmentLimits()
    ) throws(PDFAttachmentError) -> PDFEmbeddedFile {
        let document = try open(pdf)
        let specifications = try document.fileSpecifications(limits: limits)
        for invoiceName in invoiceNames {
            if let named = specifications.first(where: { $0.name.lowercased() == invoiceName }) {
                return try document.file(named, limits: limits)
            }
        }
        var found: [PDFEmbeddedFile] = []
        for specification in specifications where specification.mayBeXML {
            let file = try document.file(specification, limits: limits)
            if let root = rootElementName(of: file.data), eInvoiceRoots.contains(root) { found.append(file) }
        }
        switch found.count {
        case 1: return found[0]
        case 0: throw .noEInvoice(attachments: specifications.map(\.name))
        default: throw .ambiguousEInvoice(attachments: found.map(\.name))
        }
    }

    /// The root elements (local names) of the e-invoice syntaxes invoi reads.
    static let eInvoiceRoots: Set<String> = ["CrossIndustryInvoice", "CrossIndustryDocument", "Invoice", "CreditNote"]

    /// The local name of an XML document's root element, looked for past a byte order mark, the
    /// XML declaration, processing instructions, comments and a document type declaration; nil
    /// when the bytes do not start like XML.
    static func rootElementName(of bytes: [UInt8]) -> String? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skip(past terminator: [UInt8]) -> Bool {
            while index + terminator.count <= bytes.count {
                if bytes[index..<index + terminator.count].elementsEqual(terminator) {
                    index += terminator.count
                    return true
                }
                index += 1
            }
            return false
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else { return nil }
            let rest = bytes[(index + 1)...]
            if rest.starts(with: Array("?".utf8)) {
                guard skip(past: Array("?>".utf8)) else { return nil }
            } else if rest.starts(with: Array("!--".utf8)) {
                guard skip(past: Array("-->".utf8)) else { return nil }
            } else if rest.starts(with: Array("!".utf8)) {
                // A document type declaration; an internal subset's `>` would end it early, and the
                // name after it is then no element's: no e-invoice has one.
                guard skip(past: Array(">".utf8)) else { return nil }
            } else {
                let name = rest.prefix {
                    !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: ">")
                        || $0 == UInt8(ascii: "/"))
                }
                guard !name.isEmpty, name.count <= 200 else { return nil }
                let qualified = String(decoding: name, as: UTF8.self)
                return qualified.split(separator: ":").last.map(String.init)
            }
        }
        return nil
    }

    private static func open(_ pdf: [UInt8]) throws(PDFAttachmentError) -> AttachmentDocument {
        let session: QPDFSession
        do {
            session = try QPDFSession(pdf: pdf)
        } catch {
            if case .libraryUnavailable(let message) = error { throw .libraryUnavailable(message) }
            throw .unreadable("\(error)")
        }
        let document = AttachmentDocument(session: session)
        try document.read(byteCount: pdf.count)
        return document
    }
}

/// One file specification found, before its data is read.
struct FileSpecification {
    var name: String
    var description: String
    var relationship: String
    var mimeType: String
    /// The /EF stream.
    var stream: qpdf_oh

    /// Whether its name or MIME type says XML, or neither says anything.
    var mayBeXML: Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".xml") || mimeType.lowercased().contains("xml")
            || (mimeType.isEmpty && !lowered.contains("."))
    }
}

/// A received PDF opened with qpdf for its attachments; a class so that the session (which is
/// not copyable) lives as long as the object handles taken from it.
final class AttachmentDocument {
    private var session: QPDFSession

    init(session: consuming QPDFSession) {
        self.session = session
    }

    func read(byteCount: Int) throws(PDFAttachmentError) {
        if let problem = session.parse(byteCount: byteCount, named: "file") { throw .unreadable(problem) }
        if session.api.qpdfIsEncrypted(session.handle) != QPDF_FALSE { throw .encrypted }
    }

    /// The qpdf error since the last check, as an unreadable PDF.
    private func check() throws(PDFAttachmentError) {
        if session.api.qpdfHasError(session.handle) != QPDF_FALSE { throw .unreadable(session.errorText()) }
    }

    /// The file specifications of the /EmbeddedFiles name tree, then those of /AF not already
    /// listed (the same stream is one file).
    func fileSpecifications(limits: PDFAttachmentLimits) throws(PDFAttachmentError) -> [FileSpecification] {
        let root = session.api.qpdfGetRoot(session.handle)
        try check()
        var found: [FileSpecification] = []
        var streams = Set<Int32>()
        var budget = limits.maximumCount
        func add(_ specification: qpdf_oh, key: String?) throws(PDFAttachmentError) {
            guard session.isDictionary(specification) else { return }
            let embedded = session.value("/EF", in: specification)
            guard session.isDictionary(embedded) else { return }
            var stream = session.value("/UF", in: embedded)
            if session.api.qpdfOhIsStream(session.handle, stream) == QPDF_FALSE {
                stream = session.value("/F", in: embedded)
            }
            guard session.api.qpdfOhIsStream(session.handle, stream) != QPDF_FALSE else { return }
            guard streams.insert(session.api.qpdfOhGetObjectId(session.handle, stream)).inserted else { return }
            guard found.count < limits.maximumCount else { throw .tooManyAttachments(limit: limits.maximumCount) }
            let name =
                [session.string(session.value("/UF", in: specification)),
                 session.string(session.value("/F", in: specification)), key]
                .compactMap { $0 }.first { !$0.isEmpty } ?? ""
            found.append(
                FileSpecification(
                    name: name, description: session.string(session.value("/Desc", in: specification)) ?? "",
                    relationship: nameText(session.value("/AFRelationship", in: specification)),
                    mimeType: nameText(session.value("/Subtype", in: session.api.qpdfOhGetDict(session.handle, stream))),
                    stream: stream))
        }
        let names = session.value("/Names", in: root)
        if session.isDictionary(names) {
            // The name tree: /Names pairs at the leaves, /Kids below; a node seen twice (a loop) is skipped.
            var pending = [(node: session.value("/EmbeddedFiles", in: names), depth: 0)]
            var visited = Set<Int32>()
            while let (node, depth) = pending.popLast() {
                guard session.isDictionary(node), depth <= 64 else { continue }
                if session.api.qpdfOhIsIndirect(session.handle, node) != QPDF_FALSE {
                    guard visited.insert(session.api.qpdfOhGetObjectId(session.handle, node)).inserted else {
                        continue
                    }
                }
                budget -= 1
                guard budget >= 0 else { throw .tooManyAttachments(limit: limits.maximumCount) }
                let pairs = session.value("/Names", in: node)
                if session.isArray(pairs) {
                    let items = boundedItems(pairs, limit: 2 * limits.maximumCount + 2)
                    guard let items else { throw .tooManyAttachments(limit: limits.maximumCount) }
                    var index = 0
                    while index + 1 < items.count {
                        try add(items[index + 1], key: session.string(items[index]))
                        index += 2
                    }
                }
                let kids = session.value("/Kids", in: node)
                if session.isArray(kids) {
                    guard let items = boundedItems(kids, limit: limits.maximumCount) else {
                        throw .tooManyAttachments(limit: limits.maximumCount)
                    }
                    // Reversed onto the stack, so that the tree is read in its order.
                    pending += items.reversed().map { ($0, depth + 1) }
                }
            }
        }
        let associated = session.value("/AF", in: root)
        if session.isArray(associated) {
            guard let items = boundedItems(associated, limit: limits.maximumCount) else {
                throw .tooManyAttachments(limit: limits.maximumCount)
            }
            for item in items { try add(item, key: nil) }
        }
        try check()
        return found
    }

    /// An array's items, or nil when it has more than `limit`.
    private func boundedItems(_ array: qpdf_oh, limit: Int) -> [qpdf_oh]? {
        let count = Int(session.api.qpdfOhGetArrayNItems(session.handle, array))
        guard count <= limit else { return nil }
        return session.arrayItems(array)
    }

    /// A name object's text without its slash (qpdf has undone `#2F`), "" for anything else.
    private func nameText(_ object: qpdf_oh) -> String {
        guard session.api.qpdfOhIsName(session.handle, object) != QPDF_FALSE,
            let text = session.api.qpdfOhGetName(session.handle, object)
        else { return "" }
        let name = String(cString: text)
        return name.hasPrefix("/") ? String(name.dropFirst()) : name
    }

    /// The file's bytes. A FlateDecode stream is inflated by invoi up to the limit (qpdf would
    /// inflate a bomb whole); ASCIIHex and ASCII85, which only shrink, by qpdf; other filters are refused.
    func file(_ specification: FileSpecification, limits: PDFAttachmentLimits) throws(PDFAttachmentError)
        -> PDFEmbeddedFile
    {
        let dictionary = session.api.qpdfOhGetDict(session.handle, specification.stream)
        let filterObject = session.value("/Filter", in: dictionary)
        let filters =
            session.isArray(filterObject)
            ? (boundedItems(filterObject, limit: 8) ?? []).map(nameText) : [nameText(filterObject)].filter { !$0.isEmpty }
        let parameters = session.value("/DecodeParms", in: dictionary)
        let predictor =
            session.isDictionary(parameters)
            ? session.integerValue(session.value("/Predictor", in: parameters)) ?? 1 : 1
        let data: [UInt8]
        let tooLarge = PDFAttachmentError.attachmentTooLarge(name: specification.name, limit: limits.maximumFileSize)
        switch filters {
        case []:
            data = try streamData(specification, decoding: false)
        case ["FlateDecode"] where predictor == 1:
            let raw = try streamData(specification, decoding: false)
            guard let decompressor = DeflateDecompressor() else {
                throw .undecodableAttachment(name: specification.name, reason: "no memory for a decompressor")
            }
            // The decompressor grows its buffer fourfold from four times the input: the first
            // size past the limit is the last it tries, and a result over the limit is refused.
            var bound = max(4 * raw.count, 4096)
            while bound < limits.maximumFileSize { bound *= 4 }
            guard let inflated = decompressor.zlibDecompress(raw, limit: bound) else {
                throw .undecodableAttachment(
                    name: specification.name,
                    reason: "its FlateDecode data is damaged or inflates to more than \(limits.maximumFileSize >> 20) MB")
            }
            data = inflated
        case ["ASCIIHexDecode"], ["ASCII85Decode"]:
            data = try streamData(specification, decoding: true)
        default:
            let list = filters.isEmpty ? "none" : filters.joined(separator: ", ")
            let reason =
                predictor == 1
                ? "its filters (\(list)) are not ones invoi undoes for an attachment"
                : "a FlateDecode predictor, which invoi does not undo for an attachment"
            throw .undecodableAttachment(name: specification.name, reason: reason)
        }
        guard data.count <= limits.maximumFileSize else { throw tooLarge }
        return PDFEmbeddedFile(
            name: specification.name, description: specification.description,
            relationship: specification.relationship, mimeType: specification.mimeType, data: data)
    }

    /// The stream's bytes as stored (`decoding` false) or with qpdf's general filters undone.
    private func streamData(_ specification: FileSpecification, decoding: Bool) throws(PDFAttachmentError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        var filtered: QPDF_BOOL = QPDF_FALSE
        let code = session.api.qpdfOhGetStreamData(
            session.handle, specification.stream, decoding ? qpdf_dl_generalized : qpdf_dl_none, &filtered, &buffer,
            &length)
        defer { free(buffer) }
        if code & QPDF_ERRORS != 0 || session.api.qpdfHasError(session.handle) != QPDF_FALSE {
            throw .undecodableAttachment(name: specification.name, reason: session.errorText())
        }
        guard let buffer else { return [] }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }
}
