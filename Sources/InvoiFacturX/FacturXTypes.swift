import Foundation

/// The Factur-X profile of the embedded XML, as the XMP's `fx:ConformanceLevel` spells it.
public enum FacturXConformance: String, Sendable, CaseIterable {
    case minimum = "MINIMUM"
    case basicWL = "BASIC WL"
    case basic = "BASIC"
    case en16931 = "EN 16931"
    case extended = "EXTENDED"

    /// The file specification's `/AFRelationship`. MINIMUM and BASIC WL are not full invoices,
    /// so their XML is data about the PDF; for the other profiles the XML is the invoice in
    /// another form, which Factur-X 1.0 and ZUGFeRD 2 mark `/Alternative`.
    var relationship: String {
        switch self {
        case .minimum, .basicWL: "/Data"
        case .basic, .en16931, .extended: "/Alternative"
        }
    }
}

/// What the document says about itself, written both in the Info dictionary and in the XMP,
/// which PDF/A requires to agree.
public struct FacturXMetadata: Sendable, Equatable {
    /// `/Title`, `dc:title`; left out of both when empty.
    public var title: String
    /// `/Author`, `dc:creator`; left out of both when empty.
    public var author: String
    /// `/Subject`, `dc:description`; left out of both when nil or empty.
    public var subject: String?
    /// Creation and modification date (written in UTC). The caller's, so that the same
    /// inputs give the same bytes (it honours SOURCE_DATE_EPOCH upstream).
    public var creationDate: Date
    /// A BCP 47 tag for the catalog's `/Lang` when the PDF has none.
    public var language: String?
    /// The PDF/A level claimed: A (accessible) for a tagged PDF, B otherwise.
    public var level: PDFALevel = .b
    /// Also claim PDF/UA-1 (`pdfuaid:part 1`, declared in the extension schemas).
    public var claimsPDFUA = false

    public init(title: String, author: String, subject: String? = nil, creationDate: Date, language: String? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.creationDate = creationDate
        self.language = language
    }
}

/// PDF/A-3's conformance levels invoi writes: B (the look is kept) and A (B, and the file is
/// tagged: its structure, reading order and text are there for a screen reader).
public enum PDFALevel: String, Sendable, CaseIterable {
    case a = "A"
    case b = "B"
}

/// Why a conversion failed. The messages are qpdf's, for a log or a diagnostic.
public enum FacturXError: Error, Sendable, Equatable {
    /// The visible PDF could not be read: not a PDF, damaged or cut short.
    case unreadablePDF(String)
    /// The visible PDF is encrypted, which PDF/A forbids.
    case encryptedPDF
    /// No sRGB ICC profile at any of the paths looked at (Debian `icc-profiles-free`).
    case missingColorProfile(searched: [String])
    /// qpdf failed while the document was changed or written.
    case conversionFailed(String)
    /// qpdf's library could not be opened (it is loaded on the first conversion).
    case libraryUnavailable(String)
}
