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

    /// The German XRechnung example (`invoi init --einvoice`) with `count` generated lines, the
    /// same on every run: two VAT rates, hours and pieces, quantities and prices with decimals, a
    /// line date on some. What an e-invoice read back is measured with.
    static func eInvoice(lines count: Int) -> Invoice {
        var invoice = Invoice.eInvoiceExample
        let work = [
            "Gestaltung Broschüre", "Druck Plakate A2", "Lizenz Bildmaterial", "Beratung Barrierefreiheit",
            "Satz und Korrektur", "Fotografie, Tagessatz", "Übersetzung Englisch",
        ]
        invoice.lineItems = (0..<count).map { index -> LineItem in
            let quarters = Decimal(index % 4) / 4
            var item = LineItem(
                id: "item-\(index + 1)", description: "\(work[index % work.count]), Position \(index + 1)",
                quantity: Decimal(index % 12 + 1) + quarters, rate: Decimal(40 + index * 37 % 900) / 10)
            if index % 3 == 0 { item.unit = .hour }
            // Printed matter at the reduced rate.
            if index % 7 == 1 { item.vatRate = 7 }
            return item
        }
        return invoice
    }
}
