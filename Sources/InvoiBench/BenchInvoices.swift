import Foundation
import InvoiModel

/// The invoices the benchmark renders.
enum BenchInvoices {
    /// The built-in sample with its invoice number made unique, as in a batch of
    /// month-end invoices that differ only in their numbers.
    static func sample(number: Int) -> Invoice {
        var invoice = Invoice.sample
        invoice.invoiceNumber = "INV-\(10_000 + number)"
        return invoice
    }

    /// The sample's sender, client and bank details with `count` distinct items whose
    /// descriptions are one or two lines long, as in a long monthly statement.
    static func withItems(_ count: Int) -> Invoice {
        var invoice = Invoice.sample
        let work = ["Backend development", "Design review", "Support hours", "Hosting and monitoring",
                    "Workshop preparation and follow-up notes for the product team", "Copy editing"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        invoice.lineItems = (0..<count).map { index -> LineItem in
            let description = "\(work[index % work.count]), \(months[index % 12]) \(index % 28 + 1) (ticket #\(4_000 + index))"
            let cents = Decimal(index % 100) / 100
            let rate = Decimal(35 + index % 17 * 5) + cents
            return LineItem(id: "item-\(index + 1)", description: description, quantity: Decimal(index % 9 + 1), rate: rate)
        }
        return invoice
    }
}
