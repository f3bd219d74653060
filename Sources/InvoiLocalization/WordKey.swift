/// Every piece of text invoi itself prints, by the key that names it in the catalogs
/// (`Catalogs/<language>.json`) and in an invoice's `labels`.
public enum WordKey: String, CaseIterable, Hashable, Sendable {
    case invoiceTitle = "title.invoice"
    case estimateTitle = "title.estimate"
    case taxInvoiceTitle = "title.taxInvoice"
    case taxInvoiceReceiptTitle = "title.taxInvoiceReceipt"
    case receiptTitle = "title.receipt"
    case proformaTitle = "title.proforma"
    case creditNoteTitle = "title.creditNote"
    case billTo
    case issueDate
    case dueDate
    case validUntil
    case allocationNumber
    /// The items table's column heads, in the order a theme lists its columns. The item's own
    /// number (an SKU or article number), not the line's position.
    case itemColumn = "column.item"
    case descriptionColumn = "column.description"
    /// When the line's goods or services were supplied.
    case dateColumn = "column.date"
    case quantityColumn = "column.quantity"
    /// The unit of measure the quantity counts (hours, pieces).
    case unitColumn = "column.unit"
    case rateColumn = "column.rate"
    /// The line's own discount.
    case discountColumn = "column.discount"
    /// The line's tax rate, headed by the tax's name ("VAT") where the language does so.
    case taxColumn = "column.tax"
    case amountColumn = "column.amount"
    case subtotal
    case discount
    case discountPercent
    case tax
    case total
    /// The total of a document that charges no tax, where the language's `total` names one ("Total TTC").
    case totalWithoutTax
    case paid
    case balanceDue
    case paymentDetails
    case beneficiary = "payment.beneficiary"
    case bank = "payment.bank"
    case account = "payment.account"
    case swift = "payment.swift"
    /// The payee's UPI address (India's Unified Payments Interface).
    case upiId = "payment.upiId"
    /// The caption under a payment QR code.
    case scanToPay = "payment.scanToPay"
    /// The caption under a code that verifies a tax invoice (Saudi Arabia's ZATCA code), which
    /// pays nothing.
    case scanToVerify = "taxInvoice.scanToVerify"
    case notes
    case taxId
    case draftStamp = "stamp.draft"
    case partiallyPaidStamp = "stamp.partiallyPaid"
    case paidStamp = "stamp.paid"
    case overdueStamp = "stamp.overdue"
    case voidStamp = "stamp.void"
    case footer
    case footerPage
    case paymentTerms
    case deliveryDate
    case servicePeriod
    case buyerReference
    case orderReference
    case precedingInvoice
    /// The marks beside the title: the original, a copy, a copy certified true to the original.
    case originalMark = "copyMark.original"
    case copyMark = "copyMark.copy"
    case certifiedCopyMark = "copyMark.certifiedCopy"
    /// The line under a digitally signed document's pages.
    case signedNote
    /// The logo's default alternative text, for a reader who cannot see it.
    case logoAlt

    /// The values invoi fills into this key's text, each written `{name}` in it.
    public var placeholders: [Placeholder] {
        switch self {
        case .allocationNumber, .precedingInvoice: [.number]
        case .discountPercent, .tax: [.rate]
        case .taxId: [.id]
        case .footer: [.number, .page, .pages]
        case .footerPage: [.page, .pages]
        case .logoAlt: [.name]
        default: []
        }
    }
}

/// A value filled into a catalog text: `{rate}` in "VAT {rate}%".
public enum Placeholder: String, CaseIterable, Hashable, Sendable {
    case rate
    case id
    case number
    case page
    case pages
    case name

    /// How it is written in a text: `{rate}`.
    public var written: String { "{" + rawValue + "}" }
}
