import Foundation
import InvoiDocument
import InvoiModel
import InvoiTestSupport

/// Generates whole invoices using every extension field at random (and sometimes none), with
/// the logo's intrinsic size drawn separately since the layout is handed the decoded image.
struct InvoiceGenerator {
    var text: ContentGenerator

    init(seed: UInt64) {
        text = ContentGenerator(rng: SplitMix64(seed: seed))
    }

    private mutating func chance(_ oneIn: Int) -> Bool {
        Int.random(in: 0..<oneIn, using: &text.rng) == 0
    }

    private mutating func decimal(maxUnits: Int, fractionDigits: Int) -> Decimal {
        let scale = Int(pow(10, Double(fractionDigits)))
        let units = Int.random(in: 0...(maxUnits * scale), using: &text.rng)
        return Decimal(units) / Decimal(scale)
    }

    /// Notes with explicit line breaks, blank lines and lines longer than the page is wide.
    mutating func notes() -> String {
        let lines = (0..<Int.random(in: 1...12, using: &text.rng)).map { _ -> String in
            switch Int.random(in: 0..<5, using: &text.rng) {
            case 0: ""
            case 1: (0..<Int.random(in: 20...120, using: &text.rng)).map { "note\($0)" }.joined(separator: " ")
            default: text.text(maxWords: 10).replacingOccurrences(of: "\n", with: " ")
            }
        }
        let joined = lines.joined(separator: "\n")
        return joined.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Thank you" : joined
    }

    /// A logo of a random intrinsic size: ordinary, tiny, huge, extremely thin, or unusable.
    mutating func logo() -> EmbeddedImage {
        let sizes: [Size] = [
            Size(width: 400, height: 100), Size(width: 16, height: 16), Size(width: 30, height: 300),
            Size(width: 5000, height: 20), Size(width: 100_000, height: 1), Size(width: 0, height: 40),
            Size(width: .nan, height: 10), Size(width: .infinity, height: 10), Size(width: -5, height: 10),
            Size(width: 1e-300, height: 1e300),
        ]
        let size = sizes.randomElement(using: &text.rng)!
        return .vector(SanitizedSVG(source: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", size: size))
    }

    mutating func invoice(maxItems: Int) -> (Invoice, EmbeddedImage?) {
        let currency = [Currency.usd, Currency(code: "EUR")!, Currency(code: "JPY")!, Currency(code: "KWD")!]
            .randomElement(using: &text.rng)!
        let items = (0..<Int.random(in: 1...maxItems, using: &text.rng)).map { index in
            LineItem(
                id: "item-\(index)", description: text.text(maxWords: 12),
                quantity: decimal(maxUnits: 40, fractionDigits: 1) - (chance(10) ? 45 : 0),
                rate: decimal(maxUnits: 5000, fractionDigits: currency.fractionDigits))
        }
        var invoice = Invoice(
            fromName: text.text(maxWords: 6), fromEmail: chance(3) ? "" : "hello@acmestudio.com",
            fromPhone: text.text(maxWords: 3), fromAddress: text.text(maxWords: 10),
            toName: text.text(maxWords: 5), toEmail: text.text(maxWords: 1), toAddress: text.text(maxWords: 10),
            invoiceNumber: chance(5) ? "" : "INV-\(Int.random(in: 1...9999, using: &text.rng))",
            issueDate: CalendarDate(year: 2026, month: 3, day: 12)!,
            dueDate: chance(2) ? CalendarDate(year: 2026, month: 4, day: 11)! : nil,
            currency: currency, vatRate: chance(3) ? 0 : decimal(maxUnits: 30, fractionDigits: 1),
            lineItems: items,
            bankName: chance(2) ? text.text(maxWords: 4) : "",
            bankAccount: chance(2) ? "GB29 NWBK 6016 1331 9268 19" : "")
        invoice.documentType = chance(3) ? .estimate : .invoice
        if chance(2) { invoice.notes = notes() }
        let subtotal = invoice.totals.subtotal.amount
        switch Int.random(in: 0..<3, using: &text.rng) {
        case 0: invoice.discount = Discount(kind: .percentage, value: decimal(maxUnits: 100, fractionDigits: 1))
        case 1 where subtotal > 0:
            invoice.discount = Discount(kind: .fixed, value: min(subtotal, decimal(maxUnits: 2000, fractionDigits: 0)))
        default: break
        }
        if chance(2) { invoice.amountPaid = decimal(maxUnits: 20000, fractionDigits: currency.fractionDigits) }
        if chance(2) { invoice.fromTaxId = "GB 123 4567 89" }
        if chance(2) { invoice.toTaxId = text.text(maxWords: 3) }
        invoice.status = chance(6) ? nil : InvoiceStatus.allCases.randomElement(using: &text.rng)
        invoice.accentColor = chance(2) ? nil : AccentColor.themes.randomElement(using: &text.rng)?.color
        return (invoice, chance(2) ? logo() : nil)
    }
}
