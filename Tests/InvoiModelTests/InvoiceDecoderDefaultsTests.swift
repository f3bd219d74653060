import Foundation
import Testing

@testable import InvoiModel

@Suite struct InvoiceDecoderDefaultsTests {
    @Test func emptyObjectIsTheFirstLaunchInvoice() throws {
        let (invoice, warnings) = try decode("{}")
        #expect(warnings.isEmpty)
        #expect(invoice == Invoice.firstLaunch(today: testToday))
        for text in [
            invoice.fromName, invoice.fromEmail, invoice.fromPhone, invoice.fromAddress,
            invoice.toName, invoice.toEmail, invoice.toAddress,
            invoice.bankBeneficiary, invoice.bankName, invoice.bankAccount, invoice.bankSwift,
        ] {
            #expect(text == "")
        }
        #expect(invoice.invoiceNumber == "INV-0001")
        #expect(invoice.issueDate == testToday)
        #expect(invoice.dueDate == nil)
        #expect(invoice.currency.code == "USD")
        #expect(invoice.vatRate == 0)
        #expect(invoice.lineItems == [LineItem(id: "item-1", description: "", quantity: 1, rate: 0)])
        #expect(invoice.locale == nil)
    }

    @Test func missingIssueDateIsToday() throws {
        let other = try #require(CalendarDate(iso: "2031-07-04"))
        let (invoice, _) = try InvoiceDecoder(today: other).decode(Data("{}".utf8), file: "x.json")
        #expect(invoice.issueDate == other)
    }

    @Test func readsEveryField() throws {
        let (invoice, warnings) = try decode(
            """
            {
              "fromName": "Acme Studio", "fromEmail": "hello@acmestudio.com", "fromPhone": "+1 234 567 8900",
              "fromAddress": "123 Design Ave\\nSan Francisco",
              "toName": "Meridian Group", "toEmail": "client@email.com", "toAddress": "456 Client St, New York",
              "invoiceNumber": "INV-0042", "issueDate": "2026-03-01", "dueDate": "2026-03-31",
              "currency": "EUR", "vatRate": 7.5,
              "lineItems": [
                {"id": "a", "description": "Design", "quantity": 2, "rate": 300.10},
                {"description": "Credit", "quantity": -1, "rate": 0.1}
              ],
              "bankBeneficiary": "Acme Studio Ltd.", "bankName": "First National Bank",
              "bankAccount": "GB29 NWBK 6016 1331 9268 19", "bankSwift": "NWBKGB2L",
              "locale": "en-IE"
            }
            """)
        #expect(warnings.isEmpty)
        #expect(invoice.fromName == "Acme Studio")
        #expect(invoice.fromAddress == "123 Design Ave\nSan Francisco")
        #expect(invoice.toAddress == "456 Client St, New York")
        #expect(invoice.invoiceNumber == "INV-0042")
        #expect(invoice.issueDate.iso == "2026-03-01")
        #expect(invoice.dueDate?.iso == "2026-03-31")
        #expect(invoice.currency.code == "EUR")
        #expect(invoice.vatRate == decimal("7.5"))
        #expect(
            invoice.lineItems == [
                LineItem(id: "a", description: "Design", quantity: 2, rate: decimal("300.1")),
                LineItem(id: "item-2", description: "Credit", quantity: -1, rate: decimal("0.1")),
            ])
        #expect(invoice.bankSwift == "NWBKGB2L")
        #expect(invoice.locale == "en-IE")
    }

    @Test func lineItemFieldsDefaultToTheAppsNewItem() throws {
        let (invoice, _) = try decode(#"{"lineItems": [{}, {"description": "x"}]}"#)
        #expect(
            invoice.lineItems == [
                LineItem(id: "item-1", description: "", quantity: 1, rate: 0),
                LineItem(id: "item-2", description: "x", quantity: 1, rate: 0),
            ])
    }

    @Test func emptyLineItemsStayEmpty() throws {
        #expect(try decode(#"{"lineItems": []}"#).invoice.lineItems.isEmpty)
    }

    @Test func emptyDueDateMeansNone() throws {
        #expect(try decode(#"{"dueDate": ""}"#).invoice.dueDate == nil)
    }

    @Test func nullMeansNotGiven() throws {
        let (invoice, warnings) = try decode(
            #"{"fromName": null, "vatRate": null, "invoiceNumber": null, "dueDate": null}"#)
        #expect(warnings.isEmpty)
        #expect(invoice == Invoice.firstLaunch(today: testToday))
    }

    /// Numbers are taken from their digits: none of these survive a trip through Double.
    @Test func keepsNumbersExact() throws {
        let (invoice, _) = try decode(
            """
            {"vatRate": 19.999999999999999, "lineItems": [
              {"quantity": 0.1, "rate": 123456789012.34567},
              {"quantity": 1e2, "rate": 2.5E-1},
              {"quantity": -0.0, "rate": 1.000}
            ]}
            """)
        #expect("\(invoice.vatRate)" == "19.999999999999999")
        #expect("\(invoice.lineItems[0].rate)" == "123456789012.34567")
        #expect(invoice.lineItems[0].quantity == decimal("0.1"))
        #expect(invoice.lineItems[1].quantity == 100)
        #expect(invoice.lineItems[1].rate == decimal("0.25"))
        #expect(invoice.lineItems[2].quantity == 0)
    }

    @Test func acceptsAUTF8ByteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"fromName": "Zoë"}"#.utf8)
        let (invoice, _) = try InvoiceDecoder(today: testToday).decode(data, file: "bom.json")
        #expect(invoice.fromName == "Zoë")
    }

    @Test func extensionKeysAreKnown() throws {
        // A fixed discount must fit the subtotal, so the invoice has one item worth 100.
        let (invoice, warnings) = try decode(
            """
            {"documentType": "estimate", "notes": "Thanks", "discount": {"type": "fixed", "value": 5},
             "amountPaid": 10, "fromTaxId": "DE1", "toTaxId": "FR2", "status": "paid", "logo": "logo.png",
             "accentColor": "blue", "locale": "de-DE", "lineItems": [{"rate": 100}]}
            """)
        #expect(warnings.isEmpty)
        #expect(invoice.locale == "de-DE")
        #expect(invoice.documentType == .estimate)
        #expect(invoice.notes == "Thanks")
        #expect(invoice.discount == Discount(kind: .fixed, value: 5))
        #expect(invoice.amountPaid == 10)
        #expect(invoice.fromTaxId == "DE1" && invoice.toTaxId == "FR2")
        #expect(invoice.status == .paid)
        #expect(invoice.logo?.path == "logo.png")
        #expect(invoice.accentColor == AccentColor(red: 0x3B, green: 0x82, blue: 0xF6))
    }

    @Test func removesControlCharactersFromText() throws {
        let (invoice, warnings) = try decode(
            #"{"fromName": "Acme\u001b[31m Studio\u0007", "toAddress": "a\r\nb\rc\u2028d\te", "bankName": "\u202eFirst\u0085"}"#
        )
        #expect(invoice.fromName == "Acme[31m Studio")
        #expect(invoice.toAddress == "a\nb\nc\nd\te")
        #expect(invoice.bankName == "First")
        #expect(warnings.map(\.path) == ["fromName", "bankName"])
        #expect(warnings[0].message.contains("removed 2 invisible control characters"))
    }

    @Test func keepsEveryScript() throws {
        let (invoice, warnings) = try decode(#"{"toName": "שלום עולם", "fromName": "شركة", "toAddress": "東京都 ✓ 😀"}"#)
        #expect(warnings.isEmpty)
        #expect(invoice.toName == "שלום עולם")
        #expect(invoice.fromName == "شركة")
        #expect(invoice.toAddress == "東京都 ✓ 😀")
    }

    @Test func encodedJSONDecodesToTheSameInvoice() throws {
        for original in [Invoice.sample, Invoice.firstLaunch(today: testToday)] {
            var invoice = original
            invoice.toAddress = "Line 1\nLine \"2\"\t\\"
            invoice.locale = "de-CH"
            invoice.lineItems.append(
                LineItem(
                    id: "x", description: "tiny", quantity: decimal("-0.001"),
                    rate: decimal("0.0000000000000000001")))
            let (decoded, warnings) = try InvoiceDecoder(today: testToday).decode(
                Data(invoice.prettyPrintedJSON().utf8), file: "roundtrip.json")
            #expect(warnings.isEmpty)
            #expect(decoded == invoice)
        }
    }

    @Test func firstLaunchJSONHasEveryFieldInOrder() {
        let json = Invoice.firstLaunch(today: testToday).prettyPrintedJSON()
        #expect(
            json == """
                {
                  "fromName": "",
                  "fromEmail": "",
                  "fromPhone": "",
                  "fromAddress": "",
                  "toName": "",
                  "toEmail": "",
                  "toAddress": "",
                  "invoiceNumber": "INV-0001",
                  "issueDate": "2026-03-12",
                  "dueDate": "",
                  "currency": "USD",
                  "vatRate": 0,
                  "lineItems": [
                    {
                      "id": "item-1",
                      "description": "",
                      "quantity": 1,
                      "rate": 0
                    }
                  ],
                  "bankBeneficiary": "",
                  "bankName": "",
                  "bankAccount": "",
                  "bankSwift": ""
                }

                """)
    }
}

@Suite struct HugeInputTests {
    /// Pathological but valid inputs are handled in linear time and without crashing.
    @Test func longNumbersAndKeys() throws {
        let zeros = String(repeating: "0", count: 200_000)
        let (invoice, warnings) = try decode(
            """
            {"vatRate": 1.5\(zeros), "\(String(repeating: "k", count: 200_000))": 1,
             "lineItems": [{"quantity": 100000.\(zeros)}]}
            """)
        #expect(invoice.vatRate == decimal("1.5"))
        #expect(invoice.lineItems[0].quantity == 100_000)
        #expect(warnings.count == 1)
        #expect(warnings[0].message.count < 100)
    }
}
