import Foundation
import InvoiEInvoice
import InvoiLocalization
import InvoiModel
import InvoiTestSupport
import Testing

@testable import InvoiReading

/// invoi's own CII read back: every field the CII carries comes back equal.
@Suite struct CIIRoundTripTests {
    /// The invoice as its CII can give it back. What CII does not carry, or carries otherwise:
    static func expectedBack(_ original: Invoice) -> Invoice {
        var invoice = original
        // Not in EN 16931 at all: presentation and the app's own fields.
        invoice.bankName = ""  // CII D16B has the BIC, not the bank's name
        invoice.locale = nil
        invoice.direction = .auto
        invoice.digits = nil
        invoice.labels = [:]
        invoice.status = nil
        invoice.logo = nil
        invoice.logoAlt = ""
        invoice.accentColor = nil
        invoice.copyMark = nil
        invoice.customFields = []
        invoice.design = nil
        invoice.theme = nil
        invoice.paymentQR = nil
        invoice.upiId = ""
        invoice.allocationNumber = ""
        // The language is not written: it comes back as the seller's country's (nil for English).
        let code = invoice.fromCountry.flatMap { DocumentLanguage.countryLanguages[$0.code] }
        invoice.language = code.flatMap(Language.init(tag:)).flatMap { $0 == .english ? nil : $0.code }
        // A free-form address, and a building number, are written as street lines.
        invoice.fromStreet = Self.streetLines(invoice.fromStreet.isEmpty ? invoice.fromAddress : invoice.fromStreetLine)
        invoice.toStreet = Self.streetLines(invoice.toStreet.isEmpty ? invoice.toAddress : invoice.toStreetLine)
        invoice.fromAddress = ""
        invoice.toAddress = ""
        invoice.fromBuildingNumber = ""
        invoice.toBuildingNumber = ""
        // An IBAN is written without its spaces.
        let compact = invoice.bankAccount.filter { $0 != " " }
        if compact.count >= 15, compact.first?.isLetter == true { invoice.bankAccount = compact }
        // A document discount is written as its amount (BT-92), without a percentage.
        if invoice.discount?.kind == .percentage, let taken = invoice.totals.discount {
            invoice.discount = Discount(kind: .fixed, value: taken.amount)
        }
        // An estimate, a receipt, a proforma … are all invoices (380) in EN 16931.
        if invoice.documentType != .creditNote { invoice.documentType = .invoice }
        // Trimmed as written.
        invoice.notes = invoice.notes.trimmingCharacters(in: .whitespacesAndNewlines)
        invoice.paymentTerms = invoice.paymentTerms.trimmingCharacters(in: .whitespacesAndNewlines)
        // The lines are numbered; EN 16931 has no invoice-wide rate, so the rate and category
        // all lines share is the invoice's, and a category the rate implies is left implied.
        let rates = invoice.lineItems.map { (invoice.vatRate(of: $0), invoice.vatCategory(of: $0)) }
        let shared = rates.allSatisfy { $0 == rates.first! }
        if shared, let (rate, category) = rates.first {
            invoice.vatRate = rate
            invoice.vatCategory = category == VATCategory.implied(byRate: rate) ? nil : category
        } else {
            invoice.vatRate = 0
            invoice.vatCategory = nil
        }
        invoice.lineItems = zip(invoice.lineItems, rates).enumerated().map { index, pair in
            var (item, (rate, category)) = pair
            item.id = LineItem.generatedID(number: index + 1)
            item.description = item.description.trimmingCharacters(in: .whitespacesAndNewlines)
            item.vatRate = shared ? nil : rate
            item.vatCategory = shared || category == VATCategory.implied(byRate: rate) ? nil : category
            // A negative price is written positive, with the quantity's sign turned (BR-27).
            if item.rate < 0 {
                item.rate = -item.rate
                item.quantity = -item.quantity
            }
            return item
        }
        return invoice
    }

    static func streetLines(_ address: String) -> String {
        address.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// Compares field by field, so that a failure names the field.
    static func expectEqual(_ back: Invoice, _ expected: Invoice, _ label: String) {
        var back = back
        back.received = nil
        let left = Mirror(reflecting: back).children.map { ($0.label ?? "?", String(reflecting: $0.value)) }
        let right = Mirror(reflecting: expected).children.map { String(reflecting: $0.value) }
        for ((name, value), expectedValue) in zip(left, right) where value != expectedValue {
            Issue.record("\(label): \(name) came back as \(value), not \(expectedValue)")
        }
        #expect(back == expected, "\(label)")
    }

    static func roundTrip(_ invoice: Invoice, _ profile: EInvoiceProfile, _ label: String) throws {
        let xml = try CIIWriter(profile: profile).write(invoice)
        let back = try CIICorpus.read(bytes: xml)
        expectEqual(back, expectedBack(invoice), "\(label) (\(profile))")
        // Nothing taken otherwise than written, but the language, which CII does not state.
        let fallbacks = back.received?.fallbacks.filter { if case .languageFromCountry = $0 { false } else { true } }
        #expect(fallbacks == [], "\(label) (\(profile))")
        // The stated totals are invoi's own.
        let totals = invoice.totals
        #expect(back.received?.totals.taxInclusive.value == totals.total.amount, "\(label)")
        #expect(back.received?.totals.lineTotal.value == totals.subtotal.amount, "\(label)")
        #expect(back.received?.totals.payable.value == (totals.balanceDue ?? totals.total).amount, "\(label)")
    }

    @Test(arguments: [EInvoiceProfile.en16931, .xrechnung])
    func theEInvoiceExampleComesBack(profile: EInvoiceProfile) throws {
        try Self.roundTrip(.eInvoiceExample, profile, "eInvoiceExample")
    }

    /// The example with every extension: what EN 16931 cannot carry is listed in `expectedBack`.
    @Test func theExampleComesBack() throws {
        var invoice = Invoice.example
        // EN 16931 needs the parties' countries (BR-09, BR-11) to write the document at all.
        invoice.fromCountry = CountryCode("US")
        invoice.toCountry = CountryCode("US")
        try Self.roundTrip(invoice, .en16931, "example")
    }

    /// Lines at two rates, a line discount as a percentage and one as an amount, a credit line,
    /// a payment already made, a service period.
    @Test func linesOfTheirOwnComeBack() throws {
        var invoice = Invoice.eInvoiceExample
        var first = LineItem(id: "a", description: "Consulting", quantity: Decimal(string: "2.5")!, rate: 120)
        first.vatRate = 19
        first.discount = Discount(kind: .percentage, value: 10)
        first.unit = .hour
        var second = LineItem(id: "b", description: "Book", quantity: 3, rate: Decimal(string: "12.99")!)
        second.vatRate = 7
        second.discount = Discount(kind: .fixed, value: 5)
        second.date = CalendarDate(iso: "2026-02-14")
        var credit = LineItem(id: "c", description: "Returned book", quantity: -1, rate: Decimal(string: "12.99")!)
        credit.vatRate = 7
        invoice.lineItems = [first, second, credit]
        invoice.amountPaid = 50
        invoice.delivery = .period(start: CalendarDate(iso: "2026-02-01")!, end: CalendarDate(iso: "2026-02-28")!)
        try Self.roundTrip(invoice, .en16931, "two rates")
    }
}
