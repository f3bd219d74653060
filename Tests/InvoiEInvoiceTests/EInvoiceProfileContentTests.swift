import Foundation
import InvoiEInvoice
import InvoiModel
import Testing

/// What each profile writes: an invoice with every optional field invoi has filled in passes
/// the validation kit in every profile, so no profile writes an element it does not use, and
/// every shape of the payment account keeps the schema's order.
@Suite struct EInvoiceProfileContentTests {
    /// The e-invoice example with every optional field filled: both parties' VAT identifiers
    /// and electronic addresses, the seller's registration, contact and bank (with BIC), a
    /// discount, a payment already made, a delivery date, notes, terms, both references and
    /// the invoice a correction refers to.
    static var rich: Invoice {
        var invoice = Invoice.eInvoiceExample
        // One rate across the lines, since a discount is one allowance in one rate.
        invoice.lineItems[1].vatRate = nil
        invoice.discount = Discount(kind: .percentage, value: 5)
        invoice.amountPaid = 100
        invoice.toTaxId = "DE811569869"
        invoice.fromElectronicAddress = ElectronicAddress(scheme: "9930", identifier: "DE123456789")
        invoice.delivery = .date(CalendarDate(iso: "2026-03-02")!)
        invoice.precedingInvoice = "RE-2026-0017"
        invoice.toAddress = "Rathausplatz 1\nZimmer 204"
        invoice.toStreet = ""
        return invoice
    }

    /// The rich invoice in `profile`: MINIMUM has no paid amount (BT-113), so it is left out there.
    static func rich(for profile: EInvoiceProfile) -> Invoice {
        var invoice = rich
        if profile == .minimum { invoice.amountPaid = nil }
        return invoice
    }

    /// The rich invoice's other shapes: a credit note over a service period, and an
    /// intra-community supply (VAT category K: the buyer's VAT identifier, a deliver-to
    /// address, an exemption reason) to a French buyer.
    static func shapes(for profile: EInvoiceProfile) -> [(name: String, invoice: Invoice)] {
        var creditNote = rich(for: profile)
        creditNote.documentType = .creditNote
        creditNote.delivery = .period(start: CalendarDate(iso: "2026-02-01")!, end: CalendarDate(iso: "2026-02-28")!)
        var supply = rich(for: profile)
        supply.vatRate = 0
        supply.vatCategory = .intraCommunitySupply
        supply.vatExemptionReason = "Intra-community supply"
        supply.toCountry = CountryCode("FR")
        supply.toTaxId = "FR32123456789"
        supply.toCity = "Paris"
        supply.toPostalCode = "75001"
        supply.toElectronicAddress = ElectronicAddress(scheme: "9957", identifier: "FR32123456789")
        return [("invoice", rich(for: profile)), ("credit-note", creditNote), ("supply", supply)]
    }

    @Test(arguments: EInvoiceProfile.allCases)
    func aRichInvoicePassesTheKit(_ profile: EInvoiceProfile) throws {
        var documents: [(name: String, bytes: [UInt8])] = []
        for (name, invoice) in Self.shapes(for: profile) {
            for syntax in EInvoiceSyntax.allCases where syntax.accepts(profile) {
                let bytes = try EInvoiceGoldenFiles.write(invoice, syntax, profile)
                documents.append(("rich-\(name).\(profile.rawValue).\(syntax.rawValue)", bytes))
            }
        }
        try EInvoiceValidator.expectValid(documents, profile: profile)
    }

    /// MINIMUM identifies the buyer by name (and legal registration) only: BT-48 is not in it.
    @Test func minimumLeavesOutTheBuyersVATIdentifier() throws {
        let minimum = String(decoding: try CIIWriter(profile: .minimum).write(Self.rich(for: .minimum)), as: UTF8.self)
        #expect(!minimum.contains("DE811569869"))
        #expect(minimum.contains("DE123456789"))
        let basicWL = String(decoding: try CIIWriter(profile: .basicWL).write(Self.rich), as: UTF8.self)
        #expect(basicWL.contains("DE811569869"))
    }

    /// An account that is no IBAN is a proprietary id, written after the account name as the
    /// CII schema orders them.
    @Test func anAccountThatIsNoIBANKeepsTheSchemaOrder() throws {
        var invoice = Self.rich
        invoice.bankAccount = "123456789"
        invoice.bankBeneficiary = "Muster Design GmbH"
        let xml = String(decoding: try CIIWriter(profile: .en16931).write(invoice), as: UTF8.self)
        let name = try #require(xml.range(of: "<ram:AccountName>"))
        let account = try #require(xml.range(of: "<ram:ProprietaryID>123456789</ram:ProprietaryID>"))
        #expect(name.lowerBound < account.lowerBound)
        #expect(xml.contains("<ram:TypeCode>30</ram:TypeCode>"))
        for profile in EInvoiceSyntax.cii.profiles {
            var shaped = invoice
            if profile == .minimum { shaped.amountPaid = nil }
            var documents = [("account.\(profile.rawValue).cii", try CIIWriter(profile: profile).write(shaped))]
            if EInvoiceSyntax.ubl.accepts(profile) {
                documents.append(("account.\(profile.rawValue).ubl", try UBLWriter(profile: profile).write(shaped)))
            }
            try EInvoiceValidator.expectValid(documents.map { (name: $0.0, bytes: $0.1) }, profile: profile)
        }
    }

    /// BGN and HRK left ISO 4217's current list when Bulgaria and Croatia took the euro: the
    /// rules refuse them (BR-CL-03, BR-CL-04), so invoi does, by the field's path, in every
    /// profile; the page still takes them.
    @Test(arguments: ["BGN", "HRK"])
    func withdrawnCurrenciesAreRefused(_ code: String) throws {
        let currency = try #require(Currency(code: code))
        var invoice = Self.rich
        invoice.currency = currency
        for syntax in EInvoiceSyntax.allCases {
            for profile in syntax.profiles {
                var shaped = invoice
                if profile == .minimum { shaped.amountPaid = nil }
                let found = EInvoiceRequirements(profile: profile, syntax: syntax).problems(of: shaped)
                #expect(found.map(\.path) == ["currency"], "\(syntax) \(profile): \(found)")
                #expect(found.first?.message.contains("BR-CL-03, BR-CL-04") == true)
                #expect(found.first?.message.contains(code) == true)
            }
        }
        #expect(throws: EInvoiceRefusal.self) { _ = try UBLWriter().write(invoice) }
    }

    /// Every other currency invoi knows is in the rules' list (the three-decimal ones are
    /// refused for their decimals instead).
    @Test func theOtherCurrenciesAreInTheCodeList() {
        let outside = Currency.all.filter { !$0.isInEInvoiceCodeList }.map(\.code)
        #expect(outside == ["BGN", "HRK"])
    }
}
