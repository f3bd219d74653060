import Foundation
import InvoiEInvoice
import InvoiModel
import InvoiTestSupport
import Testing

@testable import InvoiReading

/// invoi's own UBL read back: every field the UBL carries comes back equal.
@Suite struct UBLRoundTripTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens")

    static func golden(_ name: String) throws -> Invoice {
        let url = goldens.appendingPathComponent("\(name)/invoice.json")
        return try InvoiceDecoder(today: CalendarDate(iso: "2026-03-12")!).decode(
            Data(contentsOf: url), file: "Goldens/\(name)/invoice.json",
            baseDirectory: url.deletingLastPathComponent().path
        ).invoice
    }

    /// The invoice as the UBL can give it back. What UBL does not carry, or carries otherwise:
    static func expectedBack(_ original: Invoice) -> Invoice {
        var invoice = original
        // Not in EN 16931 at all: presentation and the app's own fields.
        invoice.bankName = ""  // BT-86 is the BIC; a bank's name has no term
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
        // A free-form address is written as street lines (BT-35, BT-36, BT-162).
        if invoice.fromStreet.isEmpty {
            invoice.fromStreet = Self.streetLines(invoice.fromAddress)
            invoice.fromAddress = ""
        }
        if invoice.toStreet.isEmpty {
            invoice.toStreet = Self.streetLines(invoice.toAddress)
            invoice.toAddress = ""
        }
        // An IBAN is written without its spaces.
        let compact = invoice.bankAccount.filter { $0 != " " }
        if compact.count >= 15, compact.first?.isLetter == true { invoice.bankAccount = compact }
        // A document discount is written as its amount (BT-92), without a percentage.
        if invoice.discount?.kind == .percentage, let taken = invoice.totals.discount {
            invoice.discount = Discount(kind: .fixed, value: taken.amount)
        }
        // An estimate, a receipt, a proforma … are all invoices (380) in EN 16931.
        if invoice.documentType != .creditNote { invoice.documentType = .invoice }
        // Several VAT rates: each line holds its own, the invoice none (as the readers share it).
        let vat = invoice.lineItems.map { (invoice.vatRate(of: $0), invoice.vatCategory(of: $0)) }
        if let first = vat.first, vat.contains(where: { $0 != first }) {
            for index in invoice.lineItems.indices {
                let (rate, category) = vat[index]
                invoice.lineItems[index].vatRate = rate
                invoice.lineItems[index].vatCategory = category == VATCategory.implied(byRate: rate) ? nil : category
            }
            invoice.vatRate = 0
            invoice.vatCategory = nil
        }
        // A negative price is written positive with the quantity's sign turned (BR-27).
        for index in invoice.lineItems.indices where invoice.lineItems[index].rate < 0 {
            invoice.lineItems[index].quantity.negate()
            invoice.lineItems[index].rate.negate()
        }
        // Trimmed as written.
        invoice.notes = invoice.notes.trimmingCharacters(in: .whitespacesAndNewlines)
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
        // UBL has no element for the language: the reader infers it (the notes' words, else the
        // seller's country), which need not be the language the invoice was made in.
        back.language = expected.language
        let left = Mirror(reflecting: back).children.map { ($0.label ?? "?", String(reflecting: $0.value)) }
        let right = Mirror(reflecting: expected).children.map { String(reflecting: $0.value) }
        for ((name, value), expectedValue) in zip(left, right) where value != expectedValue {
            Issue.record("\(label): \(name) came back as \(value), not \(expectedValue)")
        }
        #expect(back == expected, "\(label)")
    }

    static func roundTrip(_ invoice: Invoice, _ profile: EInvoiceProfile, _ label: String) throws {
        let xml = try UBLWriter(profile: profile).write(invoice)
        let back = try UBLReader.read(try TestXML.parse(xml), attachmentName: nil)
        expectEqual(back, expectedBack(invoice), "\(label) (\(profile))")
        // UBL states no language: it may come from the seller's country, and nothing else may.
        let fallbacks = back.received?.fallbacks.filter {
            if case .languageFromCountry = $0 { false } else { true }
        }
        #expect(fallbacks == [], "\(label) (\(profile))")
        // The stated totals are invoi's own.
        let totals = invoice.totals
        #expect(back.received?.totals.taxInclusive.value == totals.total.amount, "\(label)")
        #expect(back.received?.totals.lineTotal.value == totals.subtotal.amount, "\(label)")
    }

    /// (Peppol refuses its e-mail electronic address; `einvoice-peppol-be` is Peppol's case.)
    @Test(arguments: [EInvoiceProfile.en16931, .xrechnung])
    func theEInvoiceExampleComesBack(profile: EInvoiceProfile) throws {
        try Self.roundTrip(.eInvoiceExample, profile, "eInvoiceExample")
    }

    @Test func theGoldensUBLInvoicesComeBack() throws {
        for (name, profile) in [
            ("einvoice-xrechnung-de", EInvoiceProfile.xrechnung), ("einvoice-peppol-be", .peppol),
            ("einvoice-credit-note", .en16931),
        ] {
            try Self.roundTrip(try Self.golden(name), profile, name)
        }
    }

    /// The example with every extension: what EN 16931 cannot carry is listed in `expectedBack`.
    @Test func theExampleComesBack() throws {
        var invoice = Invoice.example
        // EN 16931 needs the parties' countries (BR-09, BR-11) to write the document at all.
        invoice.fromCountry = CountryCode("US")
        invoice.toCountry = CountryCode("US")
        try Self.roundTrip(invoice, .en16931, "example")
    }
}
