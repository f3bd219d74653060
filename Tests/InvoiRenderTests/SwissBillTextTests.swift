import Foundation
import InvoiDocument
import InvoiModel
import InvoiPayment
import Testing

@testable import InvoiRender

/// The Swiss QR-bill's printed part and its code say the same: the part prints the values the
/// code holds (composed letters included), not the invoice's fields a second time.
@Suite struct SwissBillTextTests {
    @Test func thePrintedPartShowsWhatTheCodeHolds() throws {
        var invoice = Invoice(
            fromName: "Ștefan Țurcanu & Œuvre SÀRL", invoiceNumber: "2026-118 ¿€",
            issueDate: CalendarDate(year: 2026, month: 3, day: 12)!, currency: Currency(code: "CHF")!,
            lineItems: [LineItem(id: "1", description: "Conseil", quantity: 1, rate: 1949.75)])
        invoice.bankAccount = "CH44 3199 9123 0008 8901 2"
        invoice.paymentReference = "21 00000 00003 13947 14300 09017"
        invoice.fromStreet = "Rue du Lac"
        invoice.fromBuildingNumber = "1268"
        invoice.fromPostalCode = "2501"
        // A combining diaeresis: the code holds the composed ü, and so must the part.
        invoice.fromCity = "Zu\u{0308}rich"
        invoice.fromCountry = CountryCode("CH")
        invoice.toName = "Pia-Maria Rutschmann-Schnyder"
        invoice.toStreet = "Grosse Marktgasse"
        invoice.toBuildingNumber = "28"
        invoice.toPostalCode = "9400"
        invoice.toCity = "Rorschach"
        invoice.toCountry = CountryCode("CH")
        let fields = try PaymentPayload(invoice: invoice, scheme: .swiss).text.components(separatedBy: "\r\n")
        let matrix = try #require(QRCodeMatrix(size: 21, modules: Array(repeating: false, count: 441)))
        let bill = try #require(Renderer.swissBill(of: invoice, matrix: matrix, language: "fr", altText: ""))
        #expect(bill.creditor == [fields[5], fields[6] + " " + fields[7], fields[8] + " " + fields[9]])
        #expect(bill.creditor[2].unicodeScalars.elementsEqual("2501 Zürich".unicodeScalars))
        #expect(bill.debtor == [fields[21], fields[22] + " " + fields[23], fields[24] + " " + fields[25]])
        #expect(bill.additionalInformation == fields[29])
    }
}
