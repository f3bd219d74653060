/// The field names an invoice JSON may use, in the app's order: `InvoiceFieldTable`'s.
enum InvoiceKeys {
    static let invoice = InvoiceFieldTable.app.map(\.name)

    /// Optional extensions.
    static let extensions = InvoiceFieldTable.extensions.map(\.name)

    /// The e-invoice fields.
    static let eInvoice = InvoiceFieldTable.eInvoice.map(\.name)

    /// The payment QR code's fields.
    static let payment = InvoiceFieldTable.payment.map(\.name)

    static let lineItem = InvoiceFieldTable.lineItem.map(\.name)

    static let discount = InvoiceFieldTable.discountFields.map(\.name)

    static let customField = InvoiceFieldTable.customFieldFields.map(\.name)

    /// Line-item fields people add that invoi computes itself.
    static let computedLineItemFields: Set<String> = ["amount", "total", "lineTotal"]

    static let allInvoice = invoice + extensions + eInvoice + payment
}

extension Invoice {
    /// The names of an invoice file's top-level fields (to tell an invoice from other JSON files).
    public static let fieldNames = Set(InvoiceKeys.allInvoice)
}
