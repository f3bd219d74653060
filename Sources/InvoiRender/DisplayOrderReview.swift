import InvoiDocument
import InvoiLocalization
import InvoiModel
import InvoiText

/// Warnings for text whose page would read differently from the file: a free-text line
/// whose invisible marks move its digits, an identifier whose right-to-left letters do.
/// Lines without marks, and identifiers that are ASCII, are passed over without bidi work.
public struct DisplayOrderReview: Sendable {
    public init() {}

    public func warnings(for invoice: Invoice, file: String) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let fallback: TextDirection = invoice.isRightToLeft ? .rightToLeft : .leftToRight
        func review(freeText text: String, path: String) {
            guard Self.mayHoldMark(text) else { return }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated()
            where DigitOrder.marksReorderDigits(in: String(line), fallbackDirection: fallback) {
                let place = lines.count > 1 ? "line \(number + 1) " : ""
                warnings.append(
                    Diagnostic(
                        severity: .warning, file: file, path: path,
                        message:
                            "\(place)shows its digits in another order than they are stored: an invisible bidi mark (U+200E, U+200F or U+061C) moves them; remove the mark unless the order on the page is meant"
                    ))
            }
        }
        func review(identifier text: String, path: String) {
            // As the page shows it: right-to-left words in it are isolates of their own.
            guard DigitOrder.identifierReordersDigits(Wording.english.identifier(text)) else { return }
            warnings.append(
                Diagnostic(
                    severity: .warning, file: file, path: path,
                    message:
                        "shows its digits in another order than they are stored: right-to-left letters in it turn the digit groups after them; write the identifier in Latin letters and digits"
                ))
        }
        for (path, text) in Self.freeText(of: invoice) { review(freeText: text, path: path) }
        for (index, item) in invoice.lineItems.enumerated() {
            review(freeText: item.description, path: "lineItems[\(index)].description")
        }
        for key in invoice.labels.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            review(freeText: invoice.labels[key] ?? "", path: "labels.\(key.rawValue)")
        }
        for (path, text) in Self.identifiers(of: invoice) { review(identifier: text, path: path) }
        return warnings
    }

    private static func freeText(of invoice: Invoice) -> KeyValuePairs<String, String> {
        [
            "fromName": invoice.fromName, "fromAddress": invoice.fromAddress, "fromStreet": invoice.fromStreet,
            "fromCity": invoice.fromCity, "fromPostalCode": invoice.fromPostalCode, "fromContact": invoice.fromContact,
            "toName": invoice.toName, "toAddress": invoice.toAddress, "toStreet": invoice.toStreet,
            "toCity": invoice.toCity, "toPostalCode": invoice.toPostalCode, "bankBeneficiary": invoice.bankBeneficiary,
            "bankName": invoice.bankName, "paymentTerms": invoice.paymentTerms,
            "vatExemptionReason": invoice.vatExemptionReason, "notes": invoice.notes,
        ]
    }

    private static func identifiers(of invoice: Invoice) -> KeyValuePairs<String, String> {
        [
            "invoiceNumber": invoice.invoiceNumber, "allocationNumber": invoice.allocationNumber,
            "bankAccount": invoice.bankAccount, "bankSwift": invoice.bankSwift, "fromPhone": invoice.fromPhone,
            "fromEmail": invoice.fromEmail, "toEmail": invoice.toEmail, "fromTaxId": invoice.fromTaxId,
            "toTaxId": invoice.toTaxId, "fromRegistrationId": invoice.fromRegistrationId,
            "buyerReference": invoice.buyerReference, "orderReference": invoice.orderReference,
            "precedingInvoice": invoice.precedingInvoice,
        ]
    }

    /// A byte scan for the lead bytes of LRM, RLM (E2 80 8E/8F) and ALM (D8 9C).
    private static func mayHoldMark(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0xE2 || $0 == 0xD8 }
    }
}
