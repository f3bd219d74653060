import InvoiModel
import InvoiXML

/// Reads a UBL 2.1 `Invoice` or `CreditNote` (EN 16931, XRechnung, Peppol BIS 3 and PINT).
enum UBLReader {
    /// `root` (an `Invoice` or `CreditNote` element) read as an invoice.
    static func read(_ root: XMLElement, attachmentName: String?) throws(EInvoiceReadingError) -> Invoice {
        throw EInvoiceReadingError(message: "reading UBL is not written yet", path: "/" + root.qualifiedName)
    }
}
