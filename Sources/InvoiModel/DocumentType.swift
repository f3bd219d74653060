/// What the document is; it decides the title (in the document's language) and whether the
/// due date is a "valid until" date (an estimate's).
public enum DocumentType: String, Hashable, Sendable, CaseIterable {
    case invoice
    case estimate
    /// A VAT invoice that lets the buyer deduct input tax (Israel: חשבונית מס).
    case taxInvoice
    /// A tax invoice that is also the receipt for its payment (Israel: חשבונית מס / קבלה).
    case taxInvoiceReceipt
    /// A receipt for a payment (Israel: קבלה).
    case receipt
    /// A payment demand before the tax invoice (Israel: חשבון עסקה).
    case proforma
    /// Reduces or cancels an earlier invoice (Israel: חשבונית זיכוי).
    case creditNote
}

/// Which way the page runs: by the language (`auto`), or forced.
public enum DocumentDirection: String, Hashable, Sendable, CaseIterable {
    case auto
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
