import Foundation
import InvoiDocument
import InvoiLayout
import InvoiModel
import Testing

/// The payment QR code in Payment Details: at the content's right edge (left on a
/// right-to-left page), its quiet zone clear of every other op, the caption under it.
@Suite struct PaymentCodeLayoutTests {
    /// A module pattern with no symmetry, so that a mirrored matrix would show.
    static let matrix = QRCodeMatrix(size: 29, modules: (0..<(29 * 29)).map { ($0 * 7 + $0 / 29) % 3 == 0 })!

    static func document(language: String?, kind: ShaperKind, bank: Bool = true, notes: String = "") throws -> Document
    {
        var invoice = Invoice(
            fromName: "Acme Studio", toName: "Client", invoiceNumber: "INV-0042",
            issueDate: CalendarDate(year: 2026, month: 3, day: 12)!, currency: Currency(code: "EUR")!,
            lineItems: [LineItem(id: "1", description: "Design", quantity: 2, rate: 100)])
        if bank {
            invoice.bankBeneficiary = "Acme Studio GmbH mit einem sehr langen Namen, der umbrechen muss"
            invoice.bankName = "Commerzbank"
            invoice.bankAccount = "DE89 3704 0044 0532 0130 00"
            invoice.bankSwift = "COBADEFFXXX"
        }
        invoice.notes = notes
        invoice.language = language
        var content = InvoiceContent(invoice: invoice)
        content.paymentCode = PaymentCode(matrix: matrix, caption: content.wording[.scanToPay])
        return try kind.layout().document(for: content)
    }

    func content(_ language: String) -> InvoiceContent {
        var invoice = Invoice(issueDate: CalendarDate(year: 2026, month: 3, day: 12)!)
        invoice.language = language
        return InvoiceContent(invoice: invoice)
    }

    static func codes(_ document: Document) -> [QRCodeOp] {
        document.pages.flatMap(\.ops).compactMap { if case .qrCode(let code) = $0 { code } else { nil } }
    }

    @Test(arguments: ShaperKind.allCases, ["en", "de", "he", "ar", "ja", "fi"])
    func theQuietZoneIsClearOfEverything(_ kind: ShaperKind, language: String) throws {
        for bank in [true, false] {
            let document = try Self.document(language: language, kind: kind, bank: bank, notes: "Danke!\nBis bald.")
            let code = try #require(Self.codes(document).first)
            #expect(Self.codes(document).count == 1)
            let page = try #require(document.pages.first { $0.ops.contains(.qrCode(code)) })
            for op in page.ops where op != .qrCode(code) {
                #expect(!op.bounds.intersects(code.clearArea), "\(op.bounds) overlaps the code \(code.clearArea)")
            }
            // Inside the page, square, modules at least the minimum size.
            #expect(code.clearArea.minX >= 0 && code.clearArea.maxX <= page.size.width)
            #expect(code.rect.width == code.rect.height)
            #expect(code.moduleSize >= InvoiceStyle.standard.paymentCodeMinimumModule)
            #expect(code.matrix == Self.matrix)
            // The caption right under it, in the document's words (wrapped, perhaps), and the
            // figure's alt text.
            let caption = page.textOps.filter {
                $0.box.minY >= code.clearArea.maxY - 0.01 && $0.box.minX >= code.clearArea.minX - 0.01
                    && $0.box.maxX <= code.clearArea.maxX + 0.01
            }
            #expect(!caption.isEmpty)
            #expect(
                caption.map(\.text).joined().filter { $0 != " " }
                    == content(language).wording[.scanToPay].filter { $0 != " " })
            #expect(code.altText == content(language).wording[.scanToPay])
        }
    }

    @Test(arguments: ShaperKind.allCases)
    func theCodeSitsAtTheEndOfTheLineAndIsMirroredOnlyInPlace(_ kind: ShaperKind) throws {
        let english = try #require(Self.codes(try Self.document(language: "en", kind: kind)).first)
        let hebrew = try #require(Self.codes(try Self.document(language: "he", kind: kind)).first)
        let width = PaperSize.a4.size.width
        let padding = InvoiceStyle.standard.margins.start
        #expect(abs(english.rect.maxX - (width - padding)) < 0.01)
        #expect(abs(hebrew.rect.minX - padding) < 0.01)
        #expect(abs(hebrew.rect.y - english.rect.y) < 0.01)
        #expect(hebrew.matrix == english.matrix)
        #expect(english.altText == "Scan to pay" && hebrew.altText == "סרקו לתשלום")
    }

    /// The code is a Figure of the Payment Details section, its caption a paragraph after the rows.
    @Test func theCodeIsAFigureAndItsCaptionAParagraph() throws {
        let document = try Self.document(language: "en", kind: .fixedAdvances)
        let code = try #require(Self.codes(document).first)
        #expect(code.role == .structure([StructureNode(.section, 5), StructureNode(.figure)]))
        let page = try #require(document.pages.first { $0.ops.contains(.qrCode(code)) })
        let caption = try #require(page.textOps.first { $0.text == "Scan to pay" })
        #expect(caption.role == .structure([StructureNode(.section, 5), StructureNode(.paragraph, 4)]))
    }

    /// The payee's UPI address is a payment detail of its own, in the document's language.
    @Test(arguments: [("en", "UPI ID"), ("de", "UPI-ID"), ("ar", "معرّف UPI")])
    func theUPIAddressIsARow(_ language: String, label: String) {
        var invoice = Invoice(issueDate: CalendarDate(year: 2026, month: 3, day: 12)!)
        invoice.language = language
        invoice.bankName = "Axis Bank"
        invoice.upiId = "acme.design@okaxis"
        let rows = InvoiceContent(invoice: invoice).paymentRows
        #expect(rows.map(\.label) == [InvoiceContent(invoice: invoice).wording[.bank], label])
        #expect(rows.last?.value.contains("acme.design@okaxis") == true)
        invoice.upiId = ""
        #expect(InvoiceContent(invoice: invoice).paymentRows.count == 1)
    }

    @Test func anInvoiceWithoutACodeHasNone() throws {
        var invoice = Invoice(issueDate: CalendarDate(year: 2026, month: 3, day: 12)!)
        invoice.bankAccount = "DE89 3704 0044 0532 0130 00"
        let document = try ShaperKind.fixedAdvances.layout().document(for: invoice)
        #expect(Self.codes(document).isEmpty)
    }
}
