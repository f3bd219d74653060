import Foundation
import InvoiModel
import InvoiPayment

/// Invoices for the payment code tests: one line whose rate is the amount due (no VAT),
/// so that each expected amount is the test's own input.
enum PaymentInvoices {
    static let issued = CalendarDate(year: 2026, month: 3, day: 12)!

    static func invoice(currency: String, amount: Decimal, number: String = "INV-0042") -> Invoice {
        var invoice = Invoice(
            fromName: "Acme Studio", invoiceNumber: number, issueDate: issued, currency: Currency(code: currency)!,
            lineItems: [LineItem(id: "1", description: "Design", quantity: 1, rate: amount)])
        invoice.bankBeneficiary = "Acme Studio GmbH"
        return invoice
    }

    static func swiss(
        account: String = "CH4431999123000889012", reference: String = "210000000003139471430009017"
    )
        -> Invoice
    {
        var invoice = invoice(currency: "CHF", amount: 1949.75)
        invoice.bankBeneficiary = ""
        invoice.fromName = "Robert Schneider AG"
        invoice.bankAccount = account
        invoice.paymentReference = reference
        invoice.fromStreet = "Rue du Lac"
        invoice.fromBuildingNumber = "1268"
        invoice.fromPostalCode = "2501"
        invoice.fromCity = "Biel"
        invoice.fromCountry = CountryCode("CH")
        invoice.toName = "Pia-Maria Rutschmann-Schnyder"
        invoice.toStreet = "Grosse Marktgasse"
        invoice.toBuildingNumber = "28"
        invoice.toPostalCode = "9400"
        invoice.toCity = "Rorschach"
        invoice.toCountry = CountryCode("CH")
        return invoice
    }
}

/// The problems' paths, or a record that there were none.
func refusedPaths(_ build: () throws(PaymentRefusal) -> Void) -> [String] {
    do {
        try build()
        return []
    } catch {
        return error.problems.map(\.path)
    }
}
