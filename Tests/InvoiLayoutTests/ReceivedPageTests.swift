import Foundation
import InvoiDocument
import InvoiModel
import Testing

@testable import InvoiLayout

/// The page of a received e-invoice: what the file states, as it states it.
@Suite struct ReceivedPageTests {
    func number(_ text: String) -> StatedNumber { StatedNumber(xml: text)! }

    /// The content with its no-break spaces (German amounts' `30,87 €`) as plain ones.
    func content(_ invoice: Invoice) -> InvoiceContent {
        func plain(_ text: String) -> String {
            text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        }
        var content = InvoiceContent(invoice: invoice)
        for index in content.items.indices {
            content.items[index].description = plain(content.items[index].description)
            content.items[index].details.notes = plain(content.items[index].details.notes)
            content.items[index].quantity = plain(content.items[index].quantity)
            content.items[index].rate = plain(content.items[index].rate)
            content.items[index].amount = plain(content.items[index].amount)
        }
        content.totalsRows = content.totalsRows.map { .init(label: plain($0.label), value: plain($0.value)) }
        content.total.value = plain(content.total.value)
        content.taxNote = plain(content.taxNote)
        if var settlement = content.settlement {
            settlement.rows = settlement.rows.map { .init(label: plain($0.label), value: plain($0.value)) }
            settlement.balanceDue.value = plain(settlement.balanceDue.value)
            content.settlement = settlement
        }
        content.information = content.information.map {
            .init(heading: $0.heading, rows: $0.rows.map { .init(label: plain($0.label), value: plain($0.value)) })
        }
        return content
    }

    /// A German invoice of two lines at two rates, with a document allowance and a charge, a
    /// sub-line, a prepaid amount and a rounding; its stated line amount and totals are not
    /// what invoi would work out (BT-131 of the first line is 0.01 more than quantity × price).
    func received() -> Invoice {
        var invoice = Invoice(
            fromName: "Lieferant GmbH", toName: "Kunde AG", invoiceNumber: "R-2026-17",
            issueDate: CalendarDate(year: 2026, month: 3, day: 12)!, currency: Currency(code: "EUR")!)
        invoice.language = "de"
        invoice.lineItems = [
            LineItem(id: "1", description: "Beratung", quantity: decimal("2.5"), rate: decimal("12.3456")),
            LineItem(id: "2", description: "Fahrtkosten", quantity: 1, rate: 40),
            LineItem(id: "2.1", description: "Anfahrt", quantity: 1, rate: 0),
        ]
        invoice.paymentReference = "RF18539007547034"
        var first = StatedLine(
            lineId: "1", quantity: number("2.500"), unitCode: "HUR", netPrice: number("12.3456"),
            baseQuantity: number("1"), netAmount: number("30.87"), vatCategory: "S", vatRate: number("19"))
        first.terms = [
            StatedTerm(.itemDescription, .text("Workshop, zweiter Tag")),
            StatedTerm(.itemAttribute, .text("rot"), name: "Farbe"),
            StatedTerm(.linePeriod, .period(start: CalendarDate(year: 2026, month: 3, day: 1), end: nil)),
        ]
        first.allowancesAndCharges = [
            StatedAllowanceCharge(isCharge: false, amount: number("1.00"), reason: "Treuerabatt", reasonCode: "95")
        ]
        let second = StatedLine(
            lineId: "2", quantity: number("1"), netPrice: number("40.00"), baseQuantity: number("10"),
            baseQuantityUnitCode: "KMT", netAmount: number("40.00"), vatCategory: "S", vatRate: number("7"))
        let sub = StatedLine(
            lineId: "2.1", quantity: number("1"), netPrice: number("0"), netAmount: number("0.00"),
            vatCategory: "S", vatRate: number("7"), parentLineId: "2")
        var totals = StatedTotals(
            lineTotal: number("70.87"), allowances: number("5.00"), charges: number("2.50"),
            taxExclusive: number("68.37"), vat: number("7.44"), taxInclusive: number("75.81"),
            prepaid: number("10.00"), rounding: number("0.19"), payable: number("66.00"))
        totals.vatInAccountingCurrency = (number("31.02"), "PLN")
        invoice.received = ReceivedInvoice(
            source: .init(syntax: .cii, specification: "urn:cen.eu:en16931:2017"), typeCode: "380",
            totals: totals,
            vatBreakdown: [
                StatedVAT(category: "S", rate: number("19"), taxableAmount: number("28.37"), vat: number("5.39")),
                StatedVAT(category: "S", rate: number("7"), taxableAmount: number("40.00"), vat: number("2.80")),
            ],
            allowancesAndCharges: [
                StatedAllowanceCharge(
                    isCharge: false, amount: number("5.00"), baseAmount: number("50.00"), percentage: number("10"),
                    reason: "Sonderrabatt", vatCategory: "S", vatRate: number("19")),
                StatedAllowanceCharge(isCharge: true, amount: number("2.50"), reason: "Verpackung"),
            ],
            lines: [first, second, sub],
            terms: [
                StatedTerm(.contractReference, .identifier("V-77", scheme: "")),
                StatedTerm(.mandateReference, .identifier("MANDAT-1", scheme: "")),
                StatedTerm(.noteSubject, .text("Lieferung frei Haus"), name: "AAI"),
            ],
            attachments: [
                Attachment(
                    reference: "Stundenzettel", description: "März",
                    embedded: .init(
                        fileName: "zeit.pdf", mimeCode: "application/pdf", data: Array(repeating: 0, count: 2_500))),
                Attachment(reference: "Lieferschein", uri: "https://example.com/ls.pdf"),
            ])
        return invoice
    }

    @Test func theLinesShowTheirStatedFiguresWithTheirWrittenDecimals() throws {
        let content = content(received())
        #expect(content.items[0].quantity == "2,500 Std.")
        #expect(content.items[0].rate == "12,3456 €")
        // As stated, 0.01 more than 2.5 × 12.3456 rounded: never recomputed.
        #expect(content.items[0].amount == "30,87 €")
        #expect(content.items[1].rate == "40,00 € / 10 km")
        #expect(content.items[0].description == "Beratung")
        let description = content.items[0].details.notes.split(separator: "\n").map(String.init)
        #expect(description.contains { $0.hasSuffix(": Workshop, zweiter Tag") })
        #expect(description.contains("Farbe: rot"))
        #expect(description.contains { $0.contains("Treuerabatt") && $0.contains("-1,00 €") })
        #expect(content.items[2].description.hasPrefix("↳ Anfahrt"))
    }

    @Test func theTotalsAreTheStatedOnes() throws {
        let content = content(received())
        let values = content.totalsRows.map(\.value)
        #expect(values.first == "70,87 €")
        #expect(values.contains("-5,00 €") && values.contains("2,50 €") && values.contains("68,37 €"))
        #expect(content.totalsRows.contains { $0.label.contains("28,37 €") && $0.value == "5,39 €" })
        #expect(content.totalsRows.contains { $0.label.contains("40,00 €") && $0.value == "2,80 €" })
        // BT-110 as stated (7.44), though the breakdown's rows add up to 8.19.
        #expect(values.contains("7,44 €"))
        #expect(content.totalsRows.contains { $0.value.contains("31,02") && $0.value.contains("PLN") })
        #expect(content.total.value == "75,81 €")
        let settlement = try #require(content.settlement)
        #expect(settlement.rows.map(\.value) == ["-10,00 €", "0,19 €"])
        #expect(settlement.balanceDue.value == "66,00 €")
    }

    @Test func figuresThatDisagreeAreShownAsStatedAndNamed() throws {
        let page = content(received())
        // BT-110 states 7.44; the breakdown's rows add up to 8.19 (BR-CO-14). Every other
        // figure follows from the stated ones.
        let note = try #require(page.taxNote.split(separator: "\n").last.map(String.init))
        #expect(note.contains("BR-CO-14 (BT-110 7,44 € ≠ 8,19 €)"))
        #expect(!note.contains("BR-CO-15"))
        var invoice = received()
        var statement = try #require(invoice.received)
        statement.totals.vat = StatedNumber(xml: "8.19")
        statement.totals.taxInclusive = StatedNumber(xml: "76.56")!
        statement.totals.payable = StatedNumber(xml: "66.75")!
        invoice.received = statement
        #expect(statement.disagreements.isEmpty)
        #expect(!content(invoice).taxNote.contains("BR-CO"))
    }

    @Test func everyOtherTermIsInAGroupOfAdditionalInformation() throws {
        let content = content(received())
        let rows = content.information.flatMap(\.rows)
        #expect(rows.contains { $0.value.contains("V-77") })
        #expect(rows.contains { $0.value.contains("MANDAT-1") })
        #expect(rows.contains { $0.value.contains("RF18539007547034") })
        #expect(rows.contains { $0.label.contains("AAI") && $0.value == "Lieferung frei Haus" })
        #expect(rows.contains { $0.value.contains("urn:cen.eu:en16931:2017") })
        let attachments = try #require(content.information.last)
        #expect(attachments.rows.count == 2)
        #expect(attachments.rows[0].value.contains("zeit.pdf") && attachments.rows[0].value.contains("3 KB"))
        #expect(attachments.rows[1].value.contains("https://example.com/ls.pdf"))
    }

    @Test(arguments: ShaperKind.allCases)
    func thePageHoldsEveryGroupAfterTheTotals(kind: ShaperKind) throws {
        let invoice = received()
        let document = try kind.layout().document(for: invoice)
        let content = InvoiceContent(invoice: invoice)
        let texts = document.allTextOps.map(\.text).joined(separator: " ")
        for group in content.information {
            for row in group.rows {
                for word in row.value.split(whereSeparator: \.isWhitespace).prefix(2) {
                    #expect(texts.contains(word), "\(word)")
                }
            }
        }
        let total = try #require(document.allTextOps.first { $0.text.hasPrefix("75,81") })
        let contract = try #require(document.allTextOps.first { $0.text.contains("V-77") })
        #expect(
            contract.box.minY > total.box.maxY || document.page(of: contract.text)! > document.page(of: total.text)!)
    }

    @Test func anInvoiceOfInvoisOwnIsUnchanged() {
        var invoice = received()
        invoice.received = nil
        let content = content(invoice)
        #expect(content.information.isEmpty)
        #expect(content.items[0].amount == "30,86 €")
    }
}
