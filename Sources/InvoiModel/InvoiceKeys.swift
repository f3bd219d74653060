/// The field names an invoice JSON may use, in the app's order.
enum InvoiceKeys {
    static let invoice = [
        "fromName", "fromEmail", "fromPhone", "fromAddress",
        "toName", "toEmail", "toAddress",
        "invoiceNumber", "issueDate", "dueDate", "currency", "vatRate", "lineItems",
        "bankBeneficiary", "bankName", "bankAccount", "bankSwift",
    ]

    /// Optional extensions.
    static let extensions = [
        "documentType", "notes", "discount", "amountPaid", "fromTaxId", "toTaxId",
        "status", "logo", "logoAlt", "accentColor", "locale", "language", "direction", "digits",
        "labels", "allocationNumber", "copyMark",
    ]

    /// The e-invoice fields.
    static let eInvoice = [
        "fromStreet", "fromCity", "fromPostalCode", "fromCountry",
        "toStreet", "toCity", "toPostalCode", "toCountry",
        "fromRegistrationId", "fromContact", "fromElectronicAddress", "toElectronicAddress",
        "buyerReference", "orderReference", "precedingInvoice", "paymentTerms",
        "deliveryDate", "periodStart", "periodEnd", "vatCategory", "vatExemptionReason",
    ]

    /// The payment QR code's fields.
    static let payment = ["paymentQR", "paymentReference", "upiId", "fromBuildingNumber", "toBuildingNumber"]

    static let lineItem = ["id", "description", "quantity", "rate", "unit", "vatRate", "vatCategory"]

    static let discount = ["type", "value"]

    /// Line-item fields people add that invoi computes itself.
    static let computedLineItemFields: Set<String> = ["amount", "total", "lineTotal"]

    static let allInvoice = invoice + extensions + eInvoice + payment
}

extension Invoice {
    /// The names of an invoice file's top-level fields (to tell an invoice from other JSON files).
    public static let fieldNames = Set(InvoiceKeys.allInvoice)
}
