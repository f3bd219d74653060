import CCairo

/// What makes a tagged PDF a PDF/A-3 file, written by the PDF backend with the rest of the file as
/// it streams out (a long invoice is never held whole): the caller's Info entries, an output
/// intent's colour profile and, asked for once the last page is written (`ending`), the metadata
/// packet, an embedded file (a Factur-X's XML, made then, when the pages' memory is free again)
/// and the document's ID. What each holds is the caller's (the Factur-X module knows the schema).
public struct PDFArchive: Sendable {
    /// The Info dictionary, in place of Cairo's (PDF/A: it must agree with the packet).
    public var information: [InformationEntry]
    /// The ICC profile of the output intent (sRGB: the space Cairo draws in).
    public var colorProfile: [UInt8]
    /// The output intent's condition (`sRGB IEC61966-2.1`).
    public var outputCondition: String
    /// The name of the file `ending` will embed, if any (the catalog names it before it comes).
    public var attachmentName: String?
    /// The parts that come at the end of the file.
    public var ending: @Sendable () throws -> Ending

    public struct Ending: Sendable {
        /// The XMP metadata packet, in place of the one the backend writes.
        public var metadataPacket: [UInt8]
        public var attachment: PDFAttachment?
        /// The trailer's /ID, both halves (16 bytes).
        public var documentID: [UInt8]

        public init(metadataPacket: [UInt8], attachment: PDFAttachment?, documentID: [UInt8]) {
            self.metadataPacket = metadataPacket
            self.attachment = attachment
            self.documentID = documentID
        }
    }

    public struct InformationEntry: Hashable, Sendable {
        /// The key without its slash (`Title`).
        public var key: String
        public var text: String

        public init(key: String, text: String) {
            self.key = key
            self.text = text
        }
    }

    public init(
        information: [InformationEntry], colorProfile: [UInt8], outputCondition: String, attachmentName: String?,
        ending: @escaping @Sendable () throws -> Ending
    ) {
        self.attachmentName = attachmentName
        self.information = information
        self.colorProfile = colorProfile
        self.outputCondition = outputCondition
        self.ending = ending
    }
}

/// A file embedded in a PDF/A-3 document and listed in the catalog's /AF.
public struct PDFAttachment: Hashable, Sendable {
    /// The file's name (`factur-x.xml`): ASCII letters, digits and `._-` only (others are dropped).
    public var name: String
    /// The file, or its zlib stream when `size` is given (written as it is, with /FlateDecode).
    public var contents: [UInt8]
    /// The file's size when `contents` is compressed.
    public var size: Int?
    /// Its MIME type (`text/xml`).
    public var mediaType: String
    public var description: String
    /// How it relates to the document: `Alternative`, `Data`, `Source`.
    public var relationship: String
    /// Its modification date as a PDF date (`D:20260312093000+00'00'`).
    public var modificationDate: String

    public init(
        name: String, contents: [UInt8], size: Int? = nil, mediaType: String, description: String,
        relationship: String, modificationDate: String
    ) {
        self.size = size
        self.name = String(
            name.unicodeScalars.filter {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "._-".unicodeScalars.contains($0)
            })
        self.contents = contents
        self.mediaType = mediaType
        self.description = description
        self.relationship = relationship
        self.modificationDate = modificationDate
    }
}

extension PDFBackend {
    /// What the Info dictionary's /Producer names: the library that writes the file's bytes.
    public static var producer: String {
        "cairo \(String(cString: cairo_version_string())) (https://cairographics.org)"
    }
}

extension PDFArchive {
    /// The Info dictionary's bytes.
    var informationDictionary: [UInt8] {
        var text = "<<"
        for entry in information {
            text += " /\(PDFWriting.name(entry.key).dropFirst()) "
            // Dates and other plain ASCII as literal strings (as a date is read), the rest in UTF-16.
            let isPlain = entry.text.utf8.allSatisfy { (0x20...0x7E).contains($0) && !"()\\".utf8.contains($0) }
            text += isPlain ? "(\(entry.text))" : PDFWriting.textString(entry.text)
        }
        return Array((text + " >>").utf8)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
