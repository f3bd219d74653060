import Foundation

extension Invoice {
    /// The sample with every optional extension in use, so that a user
    /// sees each one in a file (`invoi init --example`) and in the rendered page. The
    /// notes explain the choices the file cannot show at once; there is no logo because
    /// there is no image beside the file to point it at.
    public static let example: Invoice = {
        var invoice = sample
        invoice.invoiceNumber = "INV-0002"
        invoice.notes = """
            Thank you for your business. Payment within 30 days by bank transfer, please.
            About this example: "documentType" may be "invoice" or "estimate"; "discount" is \
            {"type": "percentage" or "fixed", "value": …}; "status" is one of draft, sent, partial, \
            paid, overdue or void; "accentColor" is "#RRGGBB" or blue, green, purple or orange; \
            and "logo": "logo.png" puts a PNG, JPEG or SVG image (its path relative to this \
            file) above the company name. Remove any field you do not need.
            """
        invoice.discount = Discount(kind: .percentage, value: 10)
        invoice.amountPaid = 4000
        invoice.fromTaxId = "US 12-3456789"
        invoice.toTaxId = "US 98-7654321"
        invoice.status = .partial
        invoice.accentColor = AccentColor.themes.first?.color
        return invoice
    }()
}
