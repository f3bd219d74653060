import Foundation
import InvoiFacturX
import InvoiModel
import InvoiReading

/// Reads an invoice from the bytes of any input invoi takes, by their content: invoi's JSON
/// (decoded as always, no copy), a received e-invoice's XML (CII, ZUGFeRD 1.0, UBL), or a PDF
/// that embeds one (Factur-X, ZUGFeRD, XRechnung). The CLI, the batch paths and the server
/// read through here.
public struct InvoiceInput: Sendable {
    public var decoder: InvoiceDecoder
    public var reader: EInvoiceReader
    public var pdfLimits: PDFAttachmentLimits

    public init(
        decoder: InvoiceDecoder, reader: EInvoiceReader = EInvoiceReader(),
        pdfLimits: PDFAttachmentLimits = PDFAttachmentLimits()
    ) {
        self.decoder = decoder
        self.reader = reader
        self.pdfLimits = pdfLimits
    }

    /// The invoice in `data` and its warnings; for a received invoice, one per stated figure
    /// that disagrees with the others (BR-CO-10 … BR-CO-16). Throws `InvoiceDecodingError` with
    /// the file, the element path and the line and column for input that is no invoice, and
    /// `InvoiceInputUnavailable` when qpdf's library, needed for a PDF, cannot be opened.
    public func read(
        _ data: Data, file: String, baseDirectory: String? = nil
    ) throws -> (invoice: Invoice, warnings: [Diagnostic]) {
        switch EInvoiceReader.kind(of: data) {
        case .json: return try decoder.decode(data, file: file, baseDirectory: baseDirectory)
        case .xml: return try readXML([UInt8](data), file: file, attachmentName: nil)
        case .pdf:
            let attachment: PDFEmbeddedFile
            do {
                attachment = try PDFAttachments.eInvoice(in: [UInt8](data), limits: pdfLimits)
            } catch {
                if case .libraryUnavailable(let message) = error { throw InvoiceInputUnavailable(message: message) }
                throw InvoiceDecodingError(diagnostics: [
                    Diagnostic(severity: .error, file: file, message: Diagnostic.printable(Self.excerpt("\(error)")))
                ])
            }
            return try readXML(attachment.data, file: file, attachmentName: attachment.name)
        }
    }

    /// The kind of input `data` is, by content.
    public static func kind(of data: Data) -> EInvoiceReader.InputKind { EInvoiceReader.kind(of: data) }

    private func readXML(
        _ xml: [UInt8], file: String, attachmentName: String?
    ) throws(InvoiceDecodingError) -> (invoice: Invoice, warnings: [Diagnostic]) {
        // An error in an embedded file names it after the PDF: `bill.pdf: factur-x.xml:12:5: …`.
        let shown = attachmentName.map { "\(file): \(Diagnostic.printable($0))" } ?? file
        do {
            let invoice = try reader.read(xml: xml, attachmentName: attachmentName)
            let warnings = (invoice.received?.disagreements ?? []).map {
                Diagnostic(severity: .warning, file: shown, message: $0.description)
            }
            return (invoice, warnings)
        } catch {
            throw InvoiceDecodingError(diagnostics: [
                Diagnostic(
                    severity: .error, file: shown, path: Diagnostic.printable(error.path),
                    message: Diagnostic.printable(error.message), line: error.line, column: error.column)
            ])
        }
    }

    /// qpdf's message may quote the file: at most a few lines' worth of it is shown.
    private static func excerpt(_ text: String) -> String {
        text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}

/// qpdf's library, which reading a PDF needs, could not be opened (exit 69 on the command line).
public struct InvoiceInputUnavailable: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension Invoice {
    /// What invoi's own invoice (its JSON, and the CII and UBL it writes from it) cannot carry
    /// of a received one, by business term name and EN 16931 number: what a conversion leaves
    /// out. Empty when nothing is lost, and for an invoice that was not received.
    public var termsLostInConversion: [String] {
        guard let received else { return [] }
        return received.termsLost(keepingOneAllowance: discount != nil)
    }
}

extension ReceivedInvoice {
    /// `keepingOneAllowance`: a single document allowance was read as the invoice's discount.
    func termsLost(keepingOneAllowance: Bool) -> [String] {
        var lost: [String] = []
        var seen = Set<BusinessTerm>()
        for term in terms.map(\.term) + lines.flatMap({ $0.terms.map(\.term) }) where seen.insert(term).inserted {
            lost.append(term.rawValue)
        }
        if !disagreements.isEmpty { lost.append("the stated totals (BG-22), which disagree with the lines") }
        if totals.vatInAccountingCurrency != nil { lost.append("VAT in the accounting currency (BT-111)") }
        if let rounding = totals.rounding, rounding.value != 0 { lost.append("rounding amount (BT-114)") }
        if vatBreakdown.contains(where: { !$0.exemptionReason.isEmpty || !$0.exemptionCode.isEmpty }) {
            lost.append("VAT exemption reasons (BT-120, BT-121)")
        }
        let discountOnly =
            keepingOneAllowance && allowancesAndCharges.count == 1 && !allowancesAndCharges[0].isCharge
        if !allowancesAndCharges.isEmpty && !discountOnly { lost.append("document allowances and charges (BG-20, BG-21)") }
        if lines.contains(where: { !$0.allowancesAndCharges.isEmpty }) {
            lost.append("line allowances and charges (BG-27, BG-28)")
        }
        if lines.contains(where: { $0.grossPrice != nil || $0.priceDiscount != nil }) {
            lost.append("gross prices and price discounts (BT-148, BT-147)")
        }
        if lines.contains(where: { $0.baseQuantity.map { $0.value != 1 } ?? false }) {
            lost.append("price base quantities (BT-149)")
        }
        if lines.contains(where: { !$0.parentLineId.isEmpty }) { lost.append("sub-lines' parents (ParentLineID)") }
        if !attachments.isEmpty { lost.append("attachments (BG-24)") }
        return lost
    }
}
