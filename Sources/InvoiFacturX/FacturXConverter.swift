import CQPDF
import Foundation

/// Turns the visible PDF into a Factur-X / ZUGFeRD PDF/A-3b with qpdf: the CII
/// XML embedded as `factur-x.xml` and listed in the catalog's /AF, XMP metadata with the
/// PDF/A identification and the Factur-X extension schema, an sRGB output intent, the Info
/// dictionary in step with the XMP, the Print flag on every annotation, a /CIDToGIDMap on
/// every Type 2 CIDFont, no image interpolation, an end-of-line before every `endstream`,
/// PDF 1.7 and an /ID.
/// It knows bytes only: what the invoice is, and the XML's validity, are the caller's.
public enum FacturXConverter {
    /// The PDF/A-3b bytes of `pdf` with `xml` embedded. The same inputs give the same bytes.
    /// Throws `.unreadablePDF` for a damaged input, `.encryptedPDF`, `.missingColorProfile`
    /// when no sRGB profile is installed, `.conversionFailed` when qpdf fails later.
    public static func makeFacturX(
        fromPDF pdf: [UInt8], embedding xml: [UInt8], conformance: FacturXConformance, metadata: FacturXMetadata
    ) throws(FacturXError) -> [UInt8] {
        try makeFacturX(
            fromPDF: pdf, embedding: xml, conformance: conformance, metadata: metadata,
            colorProfile: ColorProfile.installed.get())
    }

    /// The PDF/A-3 bytes of `pdf` at `metadata.level`, with nothing embedded: an invoice kept
    /// for the years an archive must keep it, by the same conversion as Factur-X's.
    public static func makeArchival(fromPDF pdf: [UInt8], metadata: FacturXMetadata) throws(FacturXError) -> [UInt8] {
        try makeFacturX(
            fromPDF: pdf, embedding: nil, conformance: nil, metadata: metadata,
            colorProfile: ColorProfile.installed.get())
    }

    static func makeFacturX(
        fromPDF pdf: [UInt8], embedding xml: [UInt8]?, conformance: FacturXConformance?, metadata: FacturXMetadata,
        colorProfile: [UInt8]
    ) throws(FacturXError) -> [UInt8] {
        var metadata = metadata
        for path in [\FacturXMetadata.title, \.author] {
            metadata[keyPath: path] = XMPPacket.storable(metadata[keyPath: path])
        }
        metadata.subject = metadata.subject.map(XMPPacket.storable)
        var document = try QPDFSession(pdf: pdf)
        try document.read(byteCount: pdf.count)
        for font in document.cidFontsWithoutGlyphMap {
            document.set("/CIDToGIDMap", document.name("/Identity"), in: font)
        }
        for image in document.interpolatedImages {
            document.set("/Interpolate", document.parse("false"), in: image)
        }
        let date = stamp(metadata.creationDate)
        let root = document.api.qpdfGetRoot(document.handle)
        if let xml, let conformance {
            let attachment = embed(xml, conformance: conformance, date: date, in: document)
            let names = document.value("/Names", in: root)
            if document.isDictionary(names) {
                // Cairo writes no attachments; a name tree of its own would be replaced here.
                document.set("/EmbeddedFiles", attachment.nameTree, in: names)
            } else {
                let dictionary = document.api.qpdfOhNewDictionary(document.handle)
                document.set("/EmbeddedFiles", attachment.nameTree, in: dictionary)
                document.set("/Names", dictionary, in: root)
            }
            document.set(
                "/AF", document.api.qpdfOhWrapInArray(document.handle, attachment.fileSpecification), in: root)
        }
        document.set("/OutputIntents", outputIntents(colorProfile, in: document), in: root)
        if document.api.qpdfOhHasKey(document.handle, root, "/Lang") == QPDF_FALSE, let language = metadata.language,
            !language.isEmpty
        {
            document.set("/Lang", document.text(language), in: root)
        }
        try document.check()

        let info = replaceInfo(metadata, date: date, in: document)
        let packet = XMPPacket(
            title: metadata.title, author: metadata.author, subject: metadata.subject ?? "", producer: info.producer,
            creatorTool: info.creator, date: date,
            documentID: documentID(pdf: pdf, xml: xml ?? [], conformance: conformance, metadata: metadata),
            conformance: conformance, level: metadata.level, claimsPDFUA: metadata.claimsPDFUA)
        let xmp = document.stream(
            packet.bytes, [("/Type", document.name("/Metadata")), ("/Subtype", document.name("/XML"))])
        document.set("/Metadata", xmp, in: root)
        try document.check()

        try printAnnotations(in: document)
        return try document.write(version: "1.7")
    }

    /// The embedded file stream, its file specification and a name tree holding it.
    private static func embed(
        _ xml: [UInt8], conformance: FacturXConformance, date: UTCStamp, in document: borrowing QPDFSession
    ) -> (fileSpecification: qpdf_oh, nameTree: qpdf_oh) {
        let parameters = document.parse("<< >>")
        document.set("/Size", document.integer(xml.count), in: parameters)
        document.set("/ModDate", document.text(date.pdf), in: parameters)
        let file = document.stream(
            xml,
            [
                ("/Type", document.name("/EmbeddedFile")), ("/Subtype", document.name("/text/xml")),
                ("/Params", parameters),
            ])
        let specification = document.indirect(
            document.parse(
                "<< /Type /Filespec /F (\(XMPPacket.attachmentName)) /UF (\(XMPPacket.attachmentName))"
                    + " /Desc (Factur-X invoice) /AFRelationship \(conformance.relationship) >>"))
        let files = document.parse("<< >>")
        document.set("/F", file, in: files)
        document.set("/UF", file, in: files)
        document.set("/EF", files, in: specification)
        let tree = document.parse("<< /Names [ (\(XMPPacket.attachmentName)) ] >>")
        document.api.qpdfOhAppendItem(document.handle, document.value("/Names", in: tree), specification)
        return (specification, tree)
    }

    /// PDF/A's output intent: the colours are sRGB, the space Cairo draws in.
    private static func outputIntents(_ profile: [UInt8], in document: borrowing QPDFSession) -> qpdf_oh {
        let stream = document.stream(
            profile, [("/N", document.integer(3)), ("/Alternate", document.name("/DeviceRGB"))])
        let intent = document.parse(
            "<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1)"
                + " /RegistryName (http://www.color.org) /Info (sRGB IEC61966-2.1) >>")
        document.set("/DestOutputProfile", stream, in: intent)
        return document.api.qpdfOhWrapInArray(document.handle, intent)
    }

    /// A new Info dictionary holding only what the XMP mirrors (PDF/A requires every entry
    /// to agree with it); Cairo's /Producer and /Creator are kept and returned for the XMP.
    private static func replaceInfo(
        _ metadata: FacturXMetadata, date: UTCStamp, in document: borrowing QPDFSession
    ) -> (producer: String, creator: String) {
        let trailer = document.api.qpdfGetTrailer(document.handle)
        let old = document.value("/Info", in: trailer)
        let oldInfo = document.isDictionary(old)
        let producer = (oldInfo ? document.string(document.value("/Producer", in: old)) : nil) ?? "invoi"
        let creator = (oldInfo ? document.string(document.value("/Creator", in: old)) : nil) ?? ""
        let info = document.indirect(document.api.qpdfOhNewDictionary(document.handle))
        if !metadata.title.isEmpty { document.set("/Title", document.text(metadata.title), in: info) }
        if !metadata.author.isEmpty { document.set("/Author", document.text(metadata.author), in: info) }
        if let subject = metadata.subject, !subject.isEmpty {
            document.set("/Subject", document.text(subject), in: info)
        }
        if !creator.isEmpty { document.set("/Creator", document.text(creator), in: info) }
        document.set("/Producer", document.text(producer), in: info)
        document.set("/CreationDate", document.text(date.pdf), in: info)
        document.set("/ModDate", document.text(date.pdf), in: info)
        document.set("/Info", info, in: trailer)
        return (producer, creator)
    }

    /// PDF/A wants every annotation printed and none hidden: the Print flag (4) set, Hidden
    /// (2), Invisible (1), NoView (32) and ToggleNoView (256) cleared. Cairo writes no /F.
    private static func printAnnotations(in document: borrowing QPDFSession) throws(FacturXError) {
        let pageCount = Int(document.api.qpdfGetNumPages(document.handle))
        for index in 0..<pageCount {
            let page = document.api.qpdfGetPageN(document.handle, index)
            let annotations = document.value("/Annots", in: page)
            if document.isArray(annotations) {
                for annotation in document.arrayItems(annotations) where document.isDictionary(annotation) {
                    let flags = document.integerValue(document.value("/F", in: annotation))
                    let printed = ((flags ?? 0) | 4) & ~(1 | 2 | 32 | 256)
                    if flags != printed { document.set("/F", document.integer(printed), in: annotation) }
                }
            }
            // Handles are only freed at cleanup otherwise; a long invoice has many pages.
            document.api.qpdfOhRelease(document.handle, page)
            try document.check()
        }
    }

    static func stamp(_ date: Date) -> UTCStamp {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return UTCStamp(
            year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0,
            minute: parts.minute ?? 0, second: parts.second ?? 0)
    }

    /// xmpMM:DocumentID, a UUID-shaped digest of the inputs: stable for the same inputs (no
    /// random UUID), different for another invoice. Two 64-bit FNV-1a hashes, seeded apart.
    static func documentID(
        pdf: [UInt8], xml: [UInt8], conformance: FacturXConformance?, metadata: FacturXMetadata
    ) -> String {
        var first = Hash(state: 0xcbf2_9ce4_8422_2325)
        var second = Hash(state: 0x6c62_272e_07bb_0142)
        let fields = [
            conformance?.rawValue ?? "PDF/A-3\(metadata.level.rawValue)", metadata.title, metadata.author,
            metadata.subject ?? "",
            stamp(metadata.creationDate).xmp,
        ]
        for part in [pdf, xml] + fields.map({ Array($0.utf8) }) {
            first.add(part)
            second.add(part)
        }
        let hex = Array(String(first.state, radix: 16).leftPadded(16) + String(second.state, radix: 16).leftPadded(16))
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return "uuid:" + groups.joined(separator: "-")
    }

    private struct Hash {
        var state: UInt64

        /// FNV-1a over `bytes`, then a separator, so that fields cannot run into each other.
        mutating func add(_ bytes: [UInt8]) {
            // Not `bytes + separator`: a long invoice's XML would be copied for it.
            for byte in bytes { combine(byte) }
            combine(0xFF)
            combine(UInt8(truncatingIfNeeded: bytes.count))
        }

        private mutating func combine(_ byte: UInt8) {
            state = (state ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// What a PDF writer that streams its file writes itself to make it a PDF/A-3 (a Factur-X when an
/// XML is embedded), instead of having a finished file converted by qpdf, which reads it whole: the
/// same metadata packet, Info entries, output intent and attachment the conversion writes.
public struct PDFAParts: Sendable {
    public struct Attachment: Sendable, Equatable {
        public var name: String
        /// The file, or its zlib stream when `size` is given.
        public var contents: [UInt8]
        /// The file's size when `contents` is compressed.
        public var size: Int?
        public var mediaType: String
        public var description: String
        /// `Alternative` or `Data`, without the name's slash.
        public var relationship: String
        /// A PDF date.
        public var modificationDate: String
    }

    public var metadataPacket: [UInt8]
    /// The Info dictionary's entries (keys without their slash), in the order written.
    public var information: [(key: String, text: String)]
    /// The sRGB profile of the output intent, and its condition.
    public var colorProfile: [UInt8]
    public var outputCondition: String
    public var attachment: Attachment?
    /// The trailer's /ID: the 16 bytes of the metadata's document ID.
    public var documentID: [UInt8]
}

extension FacturXConverter {
    /// The name a Factur-X's XML is embedded under.
    public static var attachmentName: String { XMPPacket.attachmentName }

    /// An XML to embed: its bytes, or its zlib stream and size (a long invoice's XML, compressed
    /// as it was written).
    public enum EmbeddedXML: Sendable {
        case plain([UInt8])
        case compressed(zlib: [UInt8], size: Int)

        var digestBytes: [UInt8] {
            switch self {
            case .plain(let bytes), .compressed(let bytes, _): bytes
            }
        }
    }

    /// The parts of a PDF/A-3 at `metadata.level` with `xml` embedded as Factur-X (`conformance`),
    /// or nothing embedded when `xml` is nil, for a file whose Info names `producer` and `creator`.
    /// Its document ID is a digest of the inputs, the PDF's bytes not among them (they are not
    /// written yet): the same inputs give the same ID, another invoice's XML or title another.
    public static func parts(
        embedding xml: EmbeddedXML?, conformance: FacturXConformance?, metadata: FacturXMetadata, producer: String,
        creator: String
    ) throws(FacturXError) -> PDFAParts {
        try parts(
            embedding: xml, conformance: conformance, metadata: metadata, producer: producer, creator: creator,
            colorProfile: ColorProfile.installed.get())
    }

    static func parts(
        embedding xml: EmbeddedXML?, conformance: FacturXConformance?, metadata: FacturXMetadata, producer: String,
        creator: String, colorProfile: [UInt8]
    ) -> PDFAParts {
        var metadata = metadata
        for path in [\FacturXMetadata.title, \.author] {
            metadata[keyPath: path] = XMPPacket.storable(metadata[keyPath: path])
        }
        metadata.subject = metadata.subject.map(XMPPacket.storable)
        let date = stamp(metadata.creationDate)
        let identifier = documentID(
            pdf: [], xml: xml?.digestBytes ?? [], conformance: conformance, metadata: metadata)
        let packet = XMPPacket(
            title: metadata.title, author: metadata.author, subject: metadata.subject ?? "", producer: producer,
            creatorTool: creator, date: date, documentID: identifier, conformance: xml == nil ? nil : conformance,
            level: metadata.level, claimsPDFUA: metadata.claimsPDFUA)
        var information: [(key: String, text: String)] = []
        if !metadata.title.isEmpty { information.append(("Title", metadata.title)) }
        if !metadata.author.isEmpty { information.append(("Author", metadata.author)) }
        if let subject = metadata.subject, !subject.isEmpty { information.append(("Subject", subject)) }
        if !creator.isEmpty { information.append(("Creator", creator)) }
        information += [("Producer", producer), ("CreationDate", date.pdf), ("ModDate", date.pdf)]
        let hex = Array(identifier.dropFirst("uuid:".count).filter { $0 != "-" }.utf8)
        var identifierBytes: [UInt8] = []
        var index = 0
        while index + 1 < hex.count {
            identifierBytes.append(UInt8(String(decoding: hex[index..<(index + 2)], as: UTF8.self), radix: 16) ?? 0)
            index += 2
        }
        let attachment = xml.flatMap { xml in
            conformance.map { conformance in
                var size: Int?
                if case .compressed(_, let total) = xml { size = total }
                return PDFAParts.Attachment(
                    name: XMPPacket.attachmentName, contents: xml.digestBytes, size: size, mediaType: "text/xml",
                    description: "Factur-X invoice", relationship: String(conformance.relationship.dropFirst()),
                    modificationDate: date.pdf)
            }
        }
        return PDFAParts(
            metadataPacket: packet.bytes, information: information, colorProfile: colorProfile,
            outputCondition: "sRGB IEC61966-2.1", attachment: attachment, documentID: identifierBytes)
    }
}
