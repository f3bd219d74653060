import Foundation
import InvoiModel
import InvoiTestSupport
import InvoiXML
import Testing

@testable import InvoiReading

/// Corpus files read by the UBL reader, each value checked against the XML by hand.
@Suite struct UBLReaderTests {
    static func number(_ text: String) -> StatedNumber { StatedNumber(xml: text)! }
    static func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    /// A corpus file read, or nil (with a message) when the corpus is not here.
    static func read(_ file: String) throws -> Invoice? {
        guard UBLCorpus.directory != nil else {
            print(UBLCorpus.skipMessage)
            return nil
        }
        return try UBLCorpus.read(file)
    }

    /// KoSIT's XRechnung 01.20a: a self-billed invoice (389), a note with a subject code, a
    /// negative quantity, gross prices with price discounts, lines of one day.
    @Test func xRechnungWithPriceAllowances() throws {
        guard
            let invoice = try Self.read(
                "kosit-xrechnung-testsuite__src__test__business-cases__standard__01.20a-INVOICE_ubl.xml")
        else { return }
        let received = try #require(invoice.received)
        #expect(received.source.syntax == .ublInvoice)
        #expect(
            received.source.specification == "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0")
        #expect(received.typeCode == "389")
        #expect(invoice.documentType == .invoice)
        #expect(invoice.invoiceNumber == "1234567890")
        #expect(invoice.issueDate == Self.date("2021-01-25"))
        #expect(invoice.dueDate == Self.date("2021-02-04"))
        #expect(invoice.currency.code == "EUR")
        #expect(invoice.notes == "")
        #expect(received.terms.contains(StatedTerm(.noteSubject, .text("Betriebsstätte"), name: "REG")))
        #expect(invoice.buyerReference == "1234567890-54321-40")
        #expect(invoice.orderReference == "Bestellung XRechnung")

        #expect(invoice.fromName == "Betriebsstätte")
        #expect(invoice.fromElectronicAddress == ElectronicAddress(scheme: "EM", identifier: "seller@email.de"))
        #expect(invoice.fromStreet == "[Seller street]")
        #expect(invoice.fromCity == "[Seller city]")
        #expect(invoice.fromPostalCode == "12345")
        #expect(invoice.fromCountry == CountryCode("DE"))
        #expect(invoice.fromTaxId == "DE123456789")
        #expect(invoice.fromContact == "Reimund Kann")
        #expect(invoice.fromPhone == "0123456789")
        #expect(invoice.fromEmail == "test@test.de")
        #expect(invoice.toName == "Kunde 1")
        #expect(invoice.toTaxId == "DE987654321")
        #expect(invoice.toElectronicAddress == ElectronicAddress(scheme: "EM", identifier: "buyer@info.de"))
        #expect(invoice.toStreet == "[Street]")

        #expect(invoice.delivery == .date(Self.date("2021-01-25")))
        #expect(received.terms.contains(StatedTerm(.deliverToAddress, .text("[Street]\n54321 [City]\nDE"))))
        #expect(received.terms.contains(StatedTerm(.deliverToName, .text("[ShipToTradeParty]"))))
        #expect(received.terms.contains(StatedTerm(.paymentMeans, .text("Bank transfer (42)"))))
        #expect(invoice.paymentReference == "1234567890")
        #expect(invoice.bankAccount == "DE79000000001234567890")
        #expect(invoice.bankBeneficiary == "Postbank Düsseldorf")
        #expect(invoice.bankSwift == "PBNKDEFF")
        #expect(invoice.paymentTerms.hasPrefix("Zahlbar unter Angabe der Rechungs- und Debitornummer"))

        #expect(received.totals.lineTotal == Self.number("300.00"))
        #expect(received.totals.taxExclusive == Self.number("300.00"))
        #expect(received.totals.vat == Self.number("57.00"))
        #expect(received.totals.taxInclusive == Self.number("357.00"))
        #expect(received.totals.payable == Self.number("357.00"))
        #expect(received.totals.allowances == nil)
        #expect(
            received.vatBreakdown == [
                StatedVAT(
                    category: "S", rate: Self.number("19"), taxableAmount: Self.number("300.00"),
                    vat: Self.number("57.00"))
            ])
        #expect(invoice.vatRate == 19)
        #expect(invoice.vatCategory == nil)

        #expect(invoice.lineItems.count == 2)
        let first = invoice.lineItems[0]
        #expect(first.description == "Behältermiete")
        #expect(first.quantity == -1)
        #expect(first.rate == 100)
        #expect(first.date == Self.date("2021-01-25"))
        #expect(first.vatRate == nil)
        let stated = received.lines[0]
        #expect(stated.lineId == "1")
        #expect(stated.quantity.description == "-1.0000")
        #expect(stated.unitCode == "C62")
        #expect(stated.netAmount == Self.number("-100.00"))
        #expect(stated.netPrice == Self.number("100"))
        #expect(stated.baseQuantity == Self.number("1"))
        #expect(stated.grossPrice == Self.number("110"))
        #expect(stated.priceDiscount == Self.number("10"))
        #expect(stated.vatCategory == "S")
        #expect(stated.vatRate == Self.number("19"))
        #expect(invoice.lineItems[1].unit == UnitCode(code: "TNE"))
        #expect(received.lines[1].terms == [StatedTerm(.itemDescription, .text("Ersatztext bei Entsorgung"))])
        // Every element of this file is one EN 16931 maps.
        #expect(received.fallbacks == [])
    }

    /// Peppol BIS 3's maximum credit note: CreditNoteLine, CreditedQuantity, a second VAT
    /// currency, every party, references, attachments.
    @Test func peppolCreditNote() throws {
        guard let invoice = try Self.read("cen-en16931__test__testfiles__CreditNote-Max_content.xml") else { return }
        let received = try #require(invoice.received)
        #expect(received.source.syntax == .ublCreditNote)
        #expect(received.typeCode == "381")
        #expect(invoice.documentType == .creditNote)
        #expect(invoice.invoiceNumber == "2018210")
        #expect(invoice.notes == "Document level Note\nLine break should be respected here.")
        #expect(invoice.currency.code == "SEK")
        #expect(invoice.dueDate == nil)
        #expect(received.totals.vat == Self.number("2500"))
        #expect(received.totals.vatInAccountingCurrency?.amount == Self.number("249"))
        #expect(received.totals.vatInAccountingCurrency?.currency == "EUR")
        #expect(received.totals.payable == Self.number("12500"))
        #expect(received.totals.prepaid == Self.number("0"))
        #expect(invoice.amountPaid == 0)

        let terms = received.terms
        #expect(terms.contains(StatedTerm(.taxPointDate, .date(Self.date("2018-02-08")))))
        #expect(terms.contains(StatedTerm(.buyerAccountingReference, .identifier("BES, 87392", scheme: ""))))
        #expect(terms.contains(StatedTerm(.salesOrderReference, .identifier("INK/0117/JM", scheme: ""))))
        #expect(terms.contains(StatedTerm(.precedingInvoice, .identifier("Preceding invoice no.2", scheme: ""))))
        #expect(terms.contains(StatedTerm(.precedingInvoiceDate, .date(Self.date("2018-01-31")))))
        #expect(terms.contains(StatedTerm(.invoicedObject, .identifier("ABC123", scheme: "VT"))))
        #expect(terms.contains(StatedTerm(.projectReference, .identifier("11111111", scheme: ""))))
        #expect(terms.contains(StatedTerm(.tenderReference, .identifier("Tender 2017-12, lot no. 3", scheme: ""))))
        #expect(terms.contains(StatedTerm(.sellerTradingName, .text("Global Trade Chain"))))
        #expect(terms.contains(StatedTerm(.sellerIdentifier, .identifier("7350000001204", scheme: "0088"))))
        #expect(terms.contains(StatedTerm(.sellerTaxRegistration, .identifier("Godkänd för F-skatt", scheme: "TAX"))))
        #expect(terms.contains(StatedTerm(.sellerLegalInformation, .text("Säte: Big CIty"))))
        #expect(terms.contains(StatedTerm(.buyerContact, .text("B. E. Ställman"))))
        #expect(terms.contains(StatedTerm(.payeeName, .text("Finansiell Support u.p.a."))))
        #expect(terms.contains(StatedTerm(.taxRepresentativeVATId, .identifier("SE998877665501", scheme: ""))))
        #expect(terms.contains(StatedTerm(.deliverToLocation, .identifier("7350000001211", scheme: "0088"))))
        #expect(terms.contains(StatedTerm(.paymentAccount, .identifier("12341234567", scheme: ""))))
        #expect(terms.filter { $0.term == .paymentMeans }.count == 2)  // "Credit transfer (30)" and "30"
        #expect(!terms.contains { $0.term == .remittanceInformation })  // the same PaymentID four times
        // The model holds the invoicing period; the delivery date is kept beside it.
        #expect(invoice.delivery == .period(start: Self.date("2018-02-01"), end: Self.date("2018-02-07")))
        #expect(
            terms.contains(
                StatedTerm(.otherElement, .date(Self.date("2017-12-01")), name: "Delivery/ActualDeliveryDate")))

        #expect(invoice.fromName == "The Global Chain Sweden AB")
        #expect(invoice.fromStreet == "Streetname-line1\nAddStreetname-line2\nAddress-line3")
        #expect(invoice.fromRegistrationId == "1234567890")
        #expect(invoice.fromTaxId == "SE123456789001")
        #expect(invoice.toName == "Project services AB")
        #expect(invoice.toEmail == "B.E.Stallman@projekttjanst.se")
        #expect(invoice.bankAccount == "SE1212341234123412341234")
        #expect(invoice.bankBeneficiary == "Name-of-account_A (normally not used)")
        #expect(invoice.paymentReference == "1800355")
        #expect(invoice.vatExemptionReason == "EU Direcive Article 132, section 1(g)")
        #expect(received.vatBreakdown.map(\.category) == ["S", "E"])
        #expect(received.vatBreakdown[1].exemptionCode == "vatex-eu-132-1g")

        // An allowance and a charge: no model discount, both kept as stated.
        #expect(invoice.discount == nil)
        #expect(
            received.allowancesAndCharges == [
                StatedAllowanceCharge(
                    isCharge: false, amount: Self.number("0"), baseAmount: Self.number("0"),
                    percentage: Self.number("0"), reason: "Discount", reasonCode: "95", vatCategory: "E",
                    vatRate: Self.number("0")),
                StatedAllowanceCharge(
                    isCharge: true, amount: Self.number("0"), baseAmount: Self.number("0"),
                    percentage: Self.number("0"), reason: "Warehousing", reasonCode: "WH", vatCategory: "E",
                    vatRate: Self.number("0")),
            ])

        #expect(received.attachments.count == 3)
        #expect(received.attachments[0] == Attachment(reference: "MT123", description: "Contracted maintenance plan"))
        // "01234567" between line breaks and tabs: base64 of d3 5d b7 e3 9e bb.
        #expect(
            received.attachments[1].embedded
                == Attachment.EmbeddedFile(
                    fileName: "testfilnamn.abc", mimeCode: "text/csv", data: [0xD3, 0x5D, 0xB7, 0xE3, 0x9E, 0xBB]))
        #expect(received.attachments[2].uri == "http://www.example.com/index.html")

        #expect(invoice.lineItems.count == 2)
        let line = invoice.lineItems[0]
        #expect(line.description == "Universal product")
        #expect(line.quantity == 500)
        #expect(line.rate == 20)
        #expect(line.itemId == "UNI+X")
        #expect(line.discount == nil)
        #expect(line.vatRate == 25)
        #expect(invoice.vatRate == 0)
        #expect(invoice.lineItems[1].vatCategory == .exempt)
        #expect(invoice.lineItems[1].vatRate == 0)
        let stated = received.lines[0]
        #expect(stated.unitCode == "EA")
        #expect(stated.grossPrice == Self.number("20.50"))
        #expect(stated.priceDiscount == Self.number("0.50"))
        #expect(stated.allowancesAndCharges.count == 2)
        #expect(
            stated.terms == [
                StatedTerm(.lineNote, .text("Line level Note\nLine break should be respected here.")),
                StatedTerm(.lineAccountingReference, .identifier("Accounting 101-222-8", scheme: "")),
                StatedTerm(.linePeriod, .period(start: Self.date("2018-02-01"), end: Self.date("2018-02-07"))),
                StatedTerm(.lineOrderReference, .identifier("20080117/JM", scheme: "")),
                StatedTerm(.lineObject, .identifier("130-DR35141", scheme: "ABZ")),
                StatedTerm(.itemDescription, .text("Universal product, customized with option X")),
                StatedTerm(.itemBuyerIdentifier, .identifier("Buyer's ID", scheme: "")),
                StatedTerm(.itemStandardIdentifier, .identifier("17350053850016", scheme: "0088")),
                StatedTerm(.itemClassification, .identifier("9873242", scheme: "SSR")),
                StatedTerm(.itemClassification, .identifier("SST3242", scheme: "SST")),
                StatedTerm(.itemOriginCountry, .identifier("SE", scheme: "")),
                StatedTerm(.itemAttribute, .text("A11"), name: "Surface grade"),
                StatedTerm(.itemAttribute, .text("2.33"), name: "Density"),
            ])
        #expect(
            received.fallbacks == [
                .unmappedElement(path: "/CreditNote/cac:Delivery/cbc:ActualDeliveryDate"),
                // Swedish, from the seller's country.
                .languageFromCountry(language: "sv", country: "SE"),
                .unmappedElement(path: "/CreditNote/cbc:UBLVersionID"),
            ])
        #expect(terms.contains(StatedTerm(.otherElement, .text("2.1"), name: "UBLVersionID")))
    }

    /// Japan PINT, example 3: JPY (no decimals), 10 % and exempt lines, line allowances and
    /// charges, a price discount, an embedded attachment.
    @Test func japanesePINTInvoice() throws {
        guard
            let invoice = try Self.read(
                "phive-rules__phive-rules-peppol-pint__src__test__resources__external__test-files__pint-jp__1.1.3__Japan_PINT_Invoice_UBL_Example3-SumInv1.xml"
            )
        else { return }
        let received = try #require(invoice.received)
        #expect(received.source.specification == "urn:peppol:pint:billing-1@jp-1")
        #expect(invoice.currency.code == "JPY")
        #expect(invoice.invoiceNumber == "103")
        #expect(invoice.fromName == "株式会社 〇〇商事")
        #expect(invoice.fromContact == "青木 志郎")
        #expect(invoice.fromElectronicAddress == ElectronicAddress(scheme: "0188", identifier: "1234567890123"))
        #expect(invoice.toName == "株式会社 〇〇物産")
        #expect(invoice.delivery == .period(start: Self.date("2023-10-01"), end: Self.date("2023-10-31")))
        #expect(invoice.paymentTerms == "月末締め翌月20日払い, 銀行手数料振込人負担")
        #expect(invoice.bankAccount == "1234:567:1:3242394")
        #expect(invoice.bankBeneficiary == "ｶ)ﾏﾙﾏﾙｼﾖｳｼﾞ")

        #expect(
            received.vatBreakdown == [
                StatedVAT(
                    category: "S", rate: Self.number("10"), taxableAmount: Self.number("260000"),
                    vat: Self.number("26000")),
                StatedVAT(
                    category: "E", rate: Self.number("0"), taxableAmount: Self.number("3490"), vat: Self.number("0")),
            ])
        let totals = received.totals
        #expect(totals.lineTotal == Self.number("263490"))
        #expect(totals.taxExclusive == Self.number("263490"))
        #expect(totals.vat == Self.number("26000"))
        #expect(totals.taxInclusive == Self.number("289490"))
        #expect(totals.allowances == Self.number("0"))
        #expect(totals.charges == Self.number("0"))
        #expect(totals.rounding == Self.number("0"))
        #expect(totals.payable == Self.number("289490"))
        #expect(totals.payable.description == "289490")

        // Two rates: each line carries its own, the invoice none.
        #expect(invoice.vatRate == 0)
        #expect(invoice.lineItems.map(\.vatRate) == [10, 10, 0])
        #expect(invoice.lineItems.map(\.vatCategory) == [nil, nil, .exempt])
        #expect(invoice.lineItems.map(\.description) == ["デスクチェア", "コピー用紙（A4）", "検定済教科書(算数)"])
        #expect(invoice.lineItems.map(\.quantity) == [5, 5, 10])
        #expect(invoice.lineItems.map(\.rate) == [50000, 500, 349])
        #expect(invoice.lineItems[0].date == Self.date("2023-10-16"))
        // One allowance and two charges: kept as stated, no model discount.
        #expect(invoice.lineItems[0].discount == nil)
        let first = received.lines[0]
        #expect(first.unitCode == "H87")
        #expect(first.netAmount == Self.number("257500"))
        #expect(
            first.allowancesAndCharges == [
                StatedAllowanceCharge(isCharge: false, amount: Self.number("1679"), reason: "値引", reasonCode: "95"),
                StatedAllowanceCharge(isCharge: true, amount: Self.number("1500"), reason: "クリーニング", reasonCode: "CG"),
                StatedAllowanceCharge(isCharge: true, amount: Self.number("7679"), reason: "配送サービス", reasonCode: "FC"),
            ])
        #expect(first.terms.contains(StatedTerm(.itemAttribute, .text("脚"), name: "表示単位名称")))
        #expect(first.terms.contains(StatedTerm(.lineNote, .text("The equipment has 3 year warranty."))))
        #expect(first.terms.contains(StatedTerm(.lineObject, .identifier("D001-1", scheme: ""))))
        #expect(received.lines[1].grossPrice == Self.number("600"))
        #expect(received.lines[1].priceDiscount == Self.number("100"))

        #expect(received.attachments.count == 2)
        let attachment = received.attachments[0]
        #expect(attachment.reference == "doc1")
        #expect(attachment.description == "Usage summary")
        #expect(attachment.uri == "http://www.salescompany.com/summary001.html")
        #expect(attachment.embedded?.fileName == "report.csv")
        #expect(attachment.embedded?.mimeCode == "text/csv")
        #expect(attachment.embedded?.data == Array("https://test-vefa.difi.no/peppolbis/poacc/billing/3.0/bis/".utf8))
        #expect(received.attachments[1].embedded == nil)
    }

    /// Peppol BIS 3 "Rabatter och avgifter": a price for 5 pieces (BaseQuantity 5), document
    /// and line allowances and charges with percentages.
    @Test func baseQuantityAndAllowancesWithPercentages() throws {
        guard let invoice = try Self.read("cen-en16931__test__testfiles__BIS_Billing_30-Rabatter_och_avgifter.xml")
        else { return }
        let received = try #require(invoice.received)
        let line = invoice.lineItems[1]
        #expect(line.quantity == 5)
        // 5000 SEK for 5 pieces: 1000 a piece.
        #expect(line.rate == 1000)
        let stated = received.lines[1]
        #expect(stated.netPrice == Self.number("5000"))
        #expect(stated.baseQuantity == Self.number("5"))
        #expect(stated.baseQuantityUnitCode == "EA")
        #expect(stated.grossPrice == Self.number("6000"))
        #expect(stated.priceDiscount == Self.number("1000"))
        #expect(stated.netAmount == Self.number("4500"))
        #expect(
            stated.allowancesAndCharges.map(\.percentage) == [Self.number("20"), Self.number("25"), Self.number("50")])
        #expect(invoice.lineItems[0].rate == 2000)

        #expect(
            received.allowancesAndCharges == [
                StatedAllowanceCharge(
                    isCharge: false, amount: Self.number("450"), baseAmount: Self.number("4500"),
                    percentage: Self.number("10"), reason: "Campaign discount", vatCategory: "S",
                    vatRate: Self.number("25")),
                StatedAllowanceCharge(
                    isCharge: true, amount: Self.number("3530"), baseAmount: Self.number("176500"),
                    percentage: Self.number("2"), reason: "Lagerhållning", reasonCode: "WH", vatCategory: "S",
                    vatRate: Self.number("25")),
                StatedAllowanceCharge(
                    isCharge: true, amount: Self.number("100"), reason: "Expeditionsavgift", vatCategory: "S",
                    vatRate: Self.number("25")),
            ])
        // Charges beside the allowance: the model's discount would not say what the file says.
        #expect(invoice.discount == nil)
        #expect(received.totals.allowances == Self.number("450"))
        #expect(received.totals.charges == Self.number("3630"))
        #expect(received.totals.taxExclusive == Self.number("179680"))
        #expect(received.totals.payable == Self.number("224600"))
    }

    /// XRechnung's extension: a line with two sub-lines (cac:SubInvoiceLine), read as lines
    /// after it with their parent's id.
    @Test func xRechnungSubLines() throws {
        guard
            let invoice = try Self.read(
                "kosit-xrechnung-testsuite__src__test__business-cases__extension__04.02a-INVOICE_ubl.xml")
        else { return }
        let received = try #require(invoice.received)
        let first = try #require(received.lines.firstIndex { $0.lineId == "1" })
        let lines = received.lines[first...].prefix(3)
        #expect(lines.map(\.lineId) == ["1", "1 1", "1 2"])
        #expect(lines.map(\.parentLineId) == ["", "1", "1"])
        #expect(lines.map(\.netAmount) == [Self.number("27.72"), Self.number("12.32"), Self.number("15.40")])
        #expect(
            invoice.lineItems[first...].prefix(3).map(\.description) == [
                "PDD", "Hose Bernhard ws UKD", "Kasack Bodo blau UKD",
            ])
        #expect(invoice.lineItems[first + 1].quantity == 28)
        #expect(invoice.lineItems[first + 1].rate == Decimal(string: "0.44"))
        #expect(!received.fallbacks.contains { "\($0)".contains("SubInvoiceLine") })
    }

    // MARK: Small documents

    static let header = """
        <Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" \
        xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" \
        xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
        """

    /// A minimal invoice with `head` after the issue date and `lines` as its lines.
    static func document(head: String = "", lines: String? = nil, extra: String = "") -> [UInt8] {
        let line = """
            <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">2</cbc:InvoicedQuantity>
            <cbc:LineExtensionAmount currencyID="EUR">20.00</cbc:LineExtensionAmount>
            <cac:Item><cbc:Name>Thing</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>
            <cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
            </cac:ClassifiedTaxCategory></cac:Item>
            <cac:Price><cbc:PriceAmount currencyID="EUR">10</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
            """
        return Array(
            """
            \(header)
            <cbc:ID>1</cbc:ID><cbc:IssueDate>2026-01-05</cbc:IssueDate>\(head)
            <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
            \(extra)
            <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">20.00</cbc:LineExtensionAmount>
            <cbc:TaxExclusiveAmount currencyID="EUR">20.00</cbc:TaxExclusiveAmount>
            <cbc:TaxInclusiveAmount currencyID="EUR">23.80</cbc:TaxInclusiveAmount>
            <cbc:PayableAmount currencyID="EUR">23.80</cbc:PayableAmount></cac:LegalMonetaryTotal>
            \(lines ?? line)
            </Invoice>
            """.utf8)
    }

    static func read(_ bytes: [UInt8]) throws(EInvoiceReadingError) -> Invoice {
        let root: InvoiXML.XMLElement
        do { root = try TestXML.parse(bytes) } catch { fatalError("test document not well-formed: \(error)") }
        return try UBLReader.read(root, attachmentName: nil)
    }

    @Test func aNumberThatIsNotOneNamesItsElement() throws {
        let lines = """
            <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity>1</cbc:InvoicedQuantity>
            <cbc:LineExtensionAmount currencyID="EUR">1</cbc:LineExtensionAmount><cac:Item><cbc:Name>A</cbc:Name></cac:Item>
            <cac:Price><cbc:PriceAmount>1</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
            <cac:InvoiceLine><cbc:ID>2</cbc:ID>
            <cbc:InvoicedQuantity>1,5</cbc:InvoicedQuantity></cac:InvoiceLine>
            """
        let error = #expect(throws: EInvoiceReadingError.self) {
            try Self.read(Self.document(lines: lines))
        }
        #expect(error?.path == "/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity")
        #expect(error?.line == 13)
        #expect(error?.message.contains("1,5") == true)
    }

    @Test func anImpossibleDateIsAnErrorAndATimeZoneIsDropped() throws {
        let error = #expect(throws: EInvoiceReadingError.self) {
            try Self.read(Self.document(head: "<cbc:DueDate>2026-02-30</cbc:DueDate>"))
        }
        #expect(error?.path == "/Invoice/cbc:DueDate")
        let invoice = try Self.read(Self.document(head: "<cbc:DueDate>2026-02-03+01:00</cbc:DueDate>"))
        #expect(invoice.dueDate == Self.date("2026-02-03"))
        #expect(
            invoice.received?.fallbacks == [
                .dateAsWritten(path: "/Invoice/cbc:DueDate", text: "2026-02-03+01:00"),
                .languageFromCountry(language: "en", country: ""),
            ])
    }

    @Test func badBase64IsAnErrorWithItsPath() throws {
        let reference = """
            <cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment>
            <cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="a.pdf">QUJD*</cbc:EmbeddedDocumentBinaryObject>
            </cac:Attachment></cac:AdditionalDocumentReference>
            """
        let error = #expect(throws: EInvoiceReadingError.self) {
            try Self.read(Self.document(extra: reference))
        }
        #expect(
            error?.path == "/Invoice/cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject")
    }

    @Test func unknownCodesAreKeptWithAFallback() throws {
        let lines = """
            <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="XYZ9">2</cbc:InvoicedQuantity>
            <cbc:LineExtensionAmount currencyID="EUR">20.00</cbc:LineExtensionAmount>
            <cac:Item><cbc:Name>Thing</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>L</cbc:ID>
            <cbc:Percent>7</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
            </cac:ClassifiedTaxCategory></cac:Item>
            <cac:Price><cbc:PriceAmount currencyID="EUR">10</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
            """
        let bytes = Self.document(lines: lines).replacing(
            Array("<cbc:DocumentCurrencyCode>EUR".utf8), with: Array("<cbc:DocumentCurrencyCode>XQQ".utf8))
        let invoice = try Self.read(bytes)
        #expect(invoice.currency.code == "XQQ")
        #expect(invoice.lineItems[0].unit == .one)
        #expect(invoice.received?.lines[0].unitCode == "XYZ9")
        #expect(invoice.received?.lines[0].vatCategory == "L")
        #expect(invoice.vatCategory == nil)
        #expect(invoice.vatRate == 7)
        #expect(
            invoice.received?.fallbacks == [
                .unknownCurrency("XQQ"), .unknownUnitCode("XYZ9"), .vatCategoryAsWritten("L"),
                .languageFromCountry(language: "en", country: ""),
            ])
    }

    /// Elements no EN 16931 term maps are kept by name, a line's with the line.
    @Test func whatIsNotMappedIsKept() throws {
        let lines = """
            <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">2</cbc:InvoicedQuantity>
            <cbc:LineExtensionAmount currencyID="EUR">20.00</cbc:LineExtensionAmount>
            <cac:Item><cbc:Name>Thing</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>
            <cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID><cbc:Name>Value added tax</cbc:Name>
            </cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
            <cac:Price><cbc:PriceAmount currencyID="EUR">10</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
            """
        let invoice = try Self.read(Self.document(head: "<cbc:CopyIndicator>false</cbc:CopyIndicator>", lines: lines))
        let received = try #require(invoice.received)
        #expect(received.terms == [StatedTerm(.otherElement, .text("false"), name: "CopyIndicator")])
        #expect(
            received.lines[0].terms == [
                StatedTerm(.otherElement, .text("Value added tax"), name: "Item/ClassifiedTaxCategory/TaxScheme/Name")
            ])
        #expect(
            received.fallbacks.filter { if case .unmappedElement = $0 { true } else { false } } == [
                .unmappedElement(path: "/Invoice/cbc:CopyIndicator"),
                .unmappedElement(
                    path: "/Invoice/cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cac:TaxScheme/cbc:Name"),
            ])
    }

    @Test func aSingleAllowanceIsTheModelsDiscount() throws {
        let allowance = """
            <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>
            <cbc:MultiplierFactorNumeric>5</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">1.00</cbc:Amount>
            <cbc:BaseAmount currencyID="EUR">20.00</cbc:BaseAmount>
            <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
            </cac:AllowanceCharge>
            """
        let invoice = try Self.read(Self.document(extra: allowance))
        #expect(invoice.discount == Discount(kind: .percentage, value: 5))
        #expect(invoice.received?.allowancesAndCharges.first?.vatCategory == "S")
    }

    @Test func aCreditNoteTypeCodeMakesACreditNoteAndNoteSubjectsAreTerms() throws {
        let invoice = try Self.read(
            Self.document(
                head: "<cbc:Note>#AAI#Bitte beachten</cbc:Note><cbc:Note>Plain</cbc:Note><cbc:Note>Two</cbc:Note>"
            )
            .replacing(Array(">380<".utf8), with: Array(">381<".utf8)))
        #expect(invoice.documentType == .creditNote)
        #expect(invoice.received?.typeCode == "381")
        #expect(invoice.notes == "Plain\n\nTwo")
        #expect(invoice.received?.terms.first == StatedTerm(.noteSubject, .text("Bitte beachten"), name: "AAI"))
    }
}
