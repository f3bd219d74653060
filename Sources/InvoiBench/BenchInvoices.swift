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

    /// The sample's sender, client and bank details with `count` distinct one-line items
    /// (as in the sixty-items golden), as in a long monthly statement. Each `variant` has
    /// item texts and amounts of its own.
    static func withItems(_ count: Int, variant: Int = 0) -> Invoice {
        var invoice = Invoice.sample
        let work = [
            "Design review", "Development sprint", "Support hours", "Hosting and monitoring",
            "Workshop preparation", "Copy editing",
        ]
        invoice.lineItems = (0..<count).map { index -> LineItem in
            let description = "\(work[(index + variant) % work.count]) #\(index + 1 + variant * count)"
            let cents = Decimal((index + variant * 7) % 100) / 100
            let rate = Decimal(35 + index % 17 * 5) + cents
            return LineItem(
                id: "item-\(index + 1)", description: description, quantity: Decimal(index % 9 + 1), rate: rate)
        }
        return invoice
    }
}
