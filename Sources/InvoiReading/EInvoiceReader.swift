import InvoiModel
import InvoiXML

/// Reads a received e-invoice's XML (CII, ZUGFeRD 1.0, UBL Invoice or CreditNote) into an
/// `Invoice` whose `received` holds what the file states as it states it.
public struct EInvoiceReader: Sendable {
    public var limits: XMLLimits

    public init(limits: XMLLimits = XMLLimits()) { self.limits = limits }

    /// `xml` read as an invoice. `attachmentName` is the PDF attachment it came from, if any.
    /// The root element decides: CII's `CrossIndustryInvoice` (D16B) or ZUGFeRD 1.0's
    /// `CrossIndustryDocument` (or its 2014 drafts' `Invoice` in `CBFBUY:5`), UBL's `Invoice` or
    /// `CreditNote`; anything else is refused.
    public func read(xml: [UInt8], attachmentName: String? = nil) throws(EInvoiceReadingError) -> Invoice {
        let document: XMLDocument
        do {
            document = try XMLDocument.parse(xml, limits: limits)
        } catch {
            throw EInvoiceReadingError(message: error.message, path: "", line: error.line, column: error.column)
        }
        let root = document.root
        if let reader = CIIReader(root: root) {
            return try reader.read(root: root, attachmentName: attachmentName)
        }
        if root.localName == "Invoice" && root.namespace == Self.ublInvoice
            || root.localName == "CreditNote" && root.namespace == Self.ublCreditNote
        {
            return try UBLReader.read(root, attachmentName: attachmentName)
        }
        throw EInvoiceReadingError(
            message: "not an e-invoice: root element \(root.localName) in namespace "
                + (root.namespace.isEmpty ? "(none)" : root.namespace),
            path: "/" + root.qualifiedName, line: root.line, column: root.column)
    }

    private static let ublInvoice = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
    private static let ublCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"

    /// Which kind of input `bytes` is, by content (never by the file's name).
    public static func kind(of bytes: some Collection<UInt8>) -> InputKind {
        var index = bytes.startIndex
        // A UTF-8 byte-order mark, then white space.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = bytes.index(index, offsetBy: 3) }
        while index != bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index = bytes.index(after: index)
        }
        guard index != bytes.endIndex else { return .json }
        if bytes[index...].starts(with: Array("%PDF-".utf8)) { return .pdf }
        return bytes[index] == UInt8(ascii: "<") ? .xml : .json
    }

    /// What an input is.
    public enum InputKind: Hashable, Sendable {
        /// invoi's own JSON (or anything else, which the JSON reader then refuses).
        case json
        /// An XML document: CII, ZUGFeRD 1.0 or UBL (the root element tells which).
        case xml
        /// A PDF, which may embed an e-invoice.
        case pdf
    }
}

/// Why a file could not be read as an e-invoice, and where: an element path such as
/// `/Invoice/cac:InvoiceLine[3]/cbc:InvoicedQuantity`, and a line and column when known.
public struct EInvoiceReadingError: Error, Hashable, Sendable {
    public let message: String
    public let path: String
    public let line: Int?
    public let column: Int?

    /// `message` may quote the file's text: its control characters are escaped (`\u{A}`), so
    /// that no message can move a terminal's cursor or break a log line.
    public init(message: String, path: String, line: Int? = nil, column: Int? = nil) {
        self.message = Diagnostic.printable(message)
        self.path = path
        self.line = line
        self.column = column
    }
}
