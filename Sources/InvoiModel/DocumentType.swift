/// What the document is: an invoice, or an estimate (a quote) whose title
/// reads "ESTIMATE" and whose due date is a "valid until" date.
public enum DocumentType: String, Hashable, Sendable, CaseIterable {
    case invoice
    case estimate
}
