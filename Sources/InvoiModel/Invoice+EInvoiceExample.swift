import Foundation

extension Invoice {
    /// A complete German invoice to a public buyer that every e-invoice profile accepts
    /// (XRechnung in CII and UBL, EN 16931): what `invoi init --einvoice` writes. Two VAT
    /// rates, a Leitweg-ID as buyer reference and electronic address, the seller's contact,
    /// a SEPA account and a service period.
    public static let eInvoiceExample: Invoice = {
        var invoice = Invoice(
            fromName: "Muster Design GmbH",
            fromEmail: "rechnung@muster-design.example",
            fromPhone: "+49 30 1234567",
            toName: "Stadtverwaltung Musterstadt",
            toEmail: "eingangsrechnungen@musterstadt.example",
            invoiceNumber: "RE-2026-0042",
            issueDate: CalendarDate(year: 2026, month: 3, day: 12) ?? CalendarDate.today(),
            dueDate: CalendarDate(year: 2026, month: 4, day: 11),
            currency: Currency(code: "EUR") ?? .usd,
            vatRate: 19,
            lineItems: [
                LineItem(id: "item-1", description: "Gestaltung Bürgerbroschüre", quantity: 24, rate: 85),
                LineItem(id: "item-2", description: "Druck Bürgerbroschüre, 500 Stück", quantity: 1, rate: 640),
            ],
            bankBeneficiary: "Muster Design GmbH",
            bankName: "Berliner Sparkasse",
            bankAccount: "DE75 5121 0800 1245 1261 99",
            bankSwift: "BELADEBEXXX",
            language: "de",
            notes: "Vielen Dank für Ihren Auftrag.",
            fromTaxId: "DE123456789"
        )
        invoice.lineItems[0].unit = .hour
        // Printed matter: the reduced rate.
        invoice.lineItems[1].vatRate = 7
        invoice.fromStreet = "Friedrichstraße 10"
        invoice.fromCity = "Berlin"
        invoice.fromPostalCode = "10117"
        invoice.fromCountry = CountryCode("DE")
        invoice.fromRegistrationId = "HRB 123456 B"
        invoice.fromContact = "Erika Mustermann"
        invoice.fromElectronicAddress = ElectronicAddress(scheme: "EM", identifier: "rechnung@muster-design.example")
        invoice.toStreet = "Rathausplatz 1"
        invoice.toCity = "Musterstadt"
        invoice.toPostalCode = "12345"
        invoice.toCountry = CountryCode("DE")
        invoice.toElectronicAddress = ElectronicAddress(scheme: "0204", identifier: "04011000-12345-03")
        invoice.buyerReference = "04011000-12345-03"
        invoice.orderReference = "B-2026-117"
        invoice.paymentTerms = "Zahlbar innerhalb von 30 Tagen ohne Abzug."
        if let start = CalendarDate(year: 2026, month: 2, day: 1), let end = CalendarDate(year: 2026, month: 2, day: 28)
        {
            invoice.delivery = .period(start: start, end: end)
        }
        return invoice
    }()
}
