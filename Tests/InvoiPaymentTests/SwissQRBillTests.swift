import Foundation
import InvoiModel
import Testing

@testable import InvoiPayment

struct SwissQRBillTests {
    @Test func payloadFollowsTheImplementationGuidelines() throws {
        let bill = try SwissQRBill(invoice: PaymentInvoices.swiss())
        let fields = bill.payload.components(separatedBy: "\r\n")
        #expect(fields.count == 31)
        #expect(Array(fields[0..<4]) == ["SPC", "0200", "1", "CH4431999123000889012"])
        #expect(Array(fields[4..<11]) == ["S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH"])
        #expect(Array(fields[11..<18]) == Array(repeating: "", count: 7))
        #expect(Array(fields[18..<20]) == ["1949.75", "CHF"])
        #expect(
            Array(fields[20..<27]) == [
                "S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse", "28", "9400", "Rorschach", "CH",
            ])
        #expect(Array(fields[27...]) == ["QRR", "210000000003139471430009017", "INV-0042", "EPD"])
    }

    @Test func anIBANTakesACreditorReferenceOrNone() throws {
        var invoice = PaymentInvoices.swiss(account: "CH9300762011623852957", reference: "RF18539007547034")
        var fields = try SwissQRBill(invoice: invoice).payload.components(separatedBy: "\r\n")
        #expect(Array(fields[27..<29]) == ["SCOR", "RF18539007547034"])
        invoice.paymentReference = ""
        invoice.toStreet = ""
        invoice.toPostalCode = ""
        invoice.toCity = ""
        invoice.toCountry = nil
        fields = try SwissQRBill(invoice: invoice).payload.components(separatedBy: "\r\n")
        #expect(Array(fields[20..<27]) == Array(repeating: "", count: 7))
        #expect(Array(fields[27..<29]) == ["NON", ""])
    }

    @Test func aQRIBANNeedsAQRReferenceAndTheReverse() {
        let withoutReference = PaymentInvoices.swiss(reference: "")
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try SwissQRBill(invoice: withoutReference) } == [
                "paymentReference"
            ])
        let withRF = PaymentInvoices.swiss(reference: "RF18539007547034")
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try SwissQRBill(invoice: withRF) } == ["paymentReference"])
        let ordinary = PaymentInvoices.swiss(account: "CH9300762011623852957")
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try SwissQRBill(invoice: ordinary) } == ["paymentReference"]
        )
        let badCheckDigit = PaymentInvoices.swiss(reference: "210000000003139471430009018")
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try SwissQRBill(invoice: badCheckDigit) } == [
                "paymentReference"
            ])
    }

    @Test func missingAddressPartsAndAWrongCurrencyAreNamed() {
        var invoice = PaymentInvoices.swiss()
        invoice.currency = Currency(code: "USD")!
        invoice.fromPostalCode = ""
        invoice.fromCountry = nil
        invoice.toCity = ""
        invoice.bankAccount = "DE89370400440532013000"
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try SwissQRBill(invoice: invoice) } == [
                "currency", "bankAccount", "fromPostalCode", "fromCountry", "toCity",
            ])
    }

    @Test func aZeroBalanceIsRefused() {
        var invoice = PaymentInvoices.swiss()
        invoice.amountPaid = 1949.75
        #expect(refusedPaths { () throws(PaymentRefusal) in _ = try SwissQRBill(invoice: invoice) } == ["amountPaid"])
    }

    @Test func charactersOutsideTheGuidelinesSetAreRefusedByPath() throws {
        var invoice = PaymentInvoices.swiss()
        invoice.fromName = "Müller – Partner™ AG"
        invoice.toCity = "北京"
        invoice.invoiceNumber = "INV-42 😀"
        invoice.toStreet = "Ω-Strasse"
        let refusal = try #require(throws: PaymentRefusal.self) { try SwissQRBill(invoice: invoice) }
        #expect(refusal.problems.map(\.path) == ["fromName", "toStreet", "toCity", "invoiceNumber"])
        let messages = refusal.problems.map(\.message)
        #expect(messages[0].contains("'–' (U+2013), write '-'") && messages[0].contains("'™' (U+2122)"))
        #expect(messages[1].contains("'Ω' (U+03A9)"))
        #expect(messages[2].contains("'北' (U+5317)") && messages[2].contains("'京' (U+4EAC)"))
        #expect(messages[3].contains("U+1F600"))
    }

    @Test func theLatinSetIsTakenAndCombiningMarksAreComposed() throws {
        var invoice = PaymentInvoices.swiss()
        invoice.fromName = "Ștefan Țurcanu & Œuvre SÀRL"
        invoice.fromCity = "Zu\u{0308}rich"
        invoice.invoiceNumber = "€ 42 ¿ÿ"
        let fields = try SwissQRBill(invoice: invoice).payload.components(separatedBy: "\r\n")
        #expect(fields[5] == "Ștefan Țurcanu & Œuvre SÀRL")
        #expect(fields[9] == "Zürich" && fields[9].unicodeScalars.count == 6)
        #expect(fields[29] == "€ 42 ¿ÿ")
    }

    /// Before, a line break was flattened into a space in the code while the part printed two lines.
    @Test func aLineBreakInAnAddressIsRefused() {
        var invoice = PaymentInvoices.swiss()
        invoice.toStreet = "Grosse\r\nMarktgasse"
        invoice.fromCity = "Biel\u{0B}"
        #expect(
            refusedPaths { () throws(PaymentRefusal) in _ = try SwissQRBill(invoice: invoice) } == [
                "fromCity", "toStreet",
            ])
    }
}
