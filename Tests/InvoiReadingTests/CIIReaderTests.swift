import Foundation
import InvoiModel
import InvoiTestSupport
import InvoiXML
import Testing

@testable import InvoiReading

/// Corpus files read by the CII reader, each checked against values looked up by hand in the XML.
@Suite struct CIIReaderTests {
    static func number(_ text: String) -> StatedNumber { StatedNumber(xml: text)! }
    static func date(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

    /// XRechnung 3.0 CII (KoSIT 01.20a): a partial invoice (389) with gross prices and their
    /// discounts, a negative quantity, one-day line periods, a note with a subject code.
    @Test func xrechnungWithPriceAllowances() throws {
        guard
            let invoice = try CIICorpus.read(
                "kosit-xrechnung-testsuite__src__test__business-cases__standard__01.20a-INVOICE_uncefact.xml")
        else { return }
        let received = try #require(invoice.received)
        #expect(received.source.syntax == .cii)
        #expect(
            received.source.specification == "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0")
        #expect(received.typeCode == "389")
        #expect(invoice.documentType == .invoice)
        #expect(invoice.invoiceNumber == "1234567890")
        #expect(invoice.issueDate == Self.date("2021-01-25"))
        #expect(invoice.dueDate == Self.date("2021-02-04"))
        #expect(invoice.currency.code == "EUR")
        #expect(invoice.buyerReference == "1234567890-54321-40")
        #expect(invoice.orderReference == "Bestellung XRechnung")
        #expect(invoice.fromName == "Betriebsstätte")
        #expect(invoice.fromContact == "Reimund Kann")
        #expect(invoice.fromPhone == "0123456789")
        #expect(invoice.fromEmail == "test@test.de")
        #expect(invoice.fromElectronicAddress?.description == "EM:seller@email.de")
        #expect(invoice.fromStreet == "[Street]" && invoice.fromPostalCode == "12345" && invoice.fromCity == "[City]")
        #expect(invoice.fromCountry?.code == "DE")
        #expect(invoice.fromTaxId == "DE123456789")
        #expect(invoice.toName == "Kunde 1")
        #expect(invoice.toTaxId == "DE987654321")
        #expect(invoice.toElectronicAddress?.description == "EM:buyer@info.de")
        #expect(invoice.bankAccount == "DE79000000001234567890")
        #expect(invoice.bankBeneficiary == "Postbank Düsseldorf")
        #expect(invoice.bankSwift == "PBNKDEFF")
        #expect(invoice.paymentReference == "1234567890")
        #expect(invoice.delivery == .date(Self.date("2021-01-25")))
        #expect(invoice.paymentTerms.hasPrefix("Zahlbar unter Angabe der Rechungs- und Debitornummer"))
        // The only note has a subject code: a term, not the notes.
        #expect(invoice.notes == "")
        #expect(received.terms.contains(StatedTerm(.noteSubject, .text("Betriebsstätte"), name: "REG")))
        #expect(received.terms.contains(StatedTerm(.paymentMeans, .text("Bank transfer (42)"))))
        #expect(received.terms.contains(StatedTerm(.deliverToName, .text("[ShipToTradeParty]"))))
        #expect(received.terms.contains(StatedTerm(.deliverToAddress, .text("[Street]\n54321 [City]\nDE"))))
        // Every line at 19 % S: the invoice's rate, the category implied.
        #expect(invoice.vatRate == 19 && invoice.vatCategory == nil)
        #expect(invoice.lineItems.allSatisfy { $0.vatRate == nil && $0.vatCategory == nil })
        // German from the words of the payment terms ("Zahlbar", "der", "und").
        #expect(invoice.language == "de")
        #expect(received.fallbacks.isEmpty)

        #expect(invoice.lineItems.count == 2 && received.lines.count == 2)
        let first = invoice.lineItems[0]
        #expect(first.description == "Behältermiete")
        #expect(first.quantity == -1 && first.rate == 100 && first.unit == .one)
        #expect(first.date == Self.date("2021-01-25"))
        let stated = received.lines[0]
        #expect(stated.lineId == "1")
        #expect(stated.quantity == Self.number("-1.0000") && stated.quantity.fractionDigits == 4)
        #expect(stated.grossPrice == Self.number("110.0000"))
        #expect(stated.priceDiscount == Self.number("10.000000000000000000"))
        #expect(stated.priceDiscount?.fractionDigits == 18)
        #expect(stated.netPrice == Self.number("100.0000") && stated.baseQuantity == Self.number("1.0000"))
        #expect(stated.netAmount == Self.number("-100.00"))
        #expect(stated.vatCategory == "S" && stated.vatRate == Self.number("19.00"))
        let second = invoice.lineItems[1]
        #expect(second.unit.code == "TNE" && second.quantity == 4)
        #expect(received.lines[1].unitCode == "TNE")
        #expect(received.lines[1].terms.contains(StatedTerm(.itemDescription, .text("Ersatztext bei Entsorgung"))))

        let totals = received.totals
        #expect(totals.lineTotal == Self.number("300.00") && totals.taxExclusive == Self.number("300.00"))
        #expect(totals.allowances == Self.number("0.00") && totals.charges == Self.number("0.00"))
        #expect(totals.vat == Self.number("57.00") && totals.taxInclusive == Self.number("357.00"))
        #expect(totals.prepaid == Self.number("0.00") && totals.payable == Self.number("357.00"))
        #expect(
            received.vatBreakdown == [
                StatedVAT(
                    category: "S", rate: Self.number("19.00"), taxableAmount: Self.number("300.00"),
                    vat: Self.number("57.00"))
            ])
        #expect(!received.fallbacks.contains { if case .unmappedElement = $0 { true } else { false } })
    }

    /// CEN's example 5, EN 16931's maximum content: two VAT rates, a second VAT currency, a
    /// document allowance and charge, an embedded attachment, a tax representative, a payee, two
    /// accounts, a preceding invoice with its date.
    @Test func en16931MaximumContent() throws {
        guard let invoice = try CIICorpus.read("cen-en16931__cii__examples__CII_example5.xml") else { return }
        let received = try #require(invoice.received)
        #expect(invoice.invoiceNumber == "TOSL110" && received.typeCode == "380")
        #expect(invoice.currency.code == "DKK")
        #expect(received.totals.vat == Self.number("675.00"))
        #expect(received.totals.vatInAccountingCurrency?.amount == Self.number("628.62"))
        #expect(received.totals.vatInAccountingCurrency?.currency == "EUR")
        #expect(received.totals.taxInclusive == Self.number("4675"))
        #expect(received.totals.prepaid == Self.number("2337.5") && invoice.amountPaid == Decimal(string: "2337.5"))
        #expect(received.totals.payable == Self.number("2337.5"))
        #expect(received.vatBreakdown.map(\.rate) == [Self.number("25"), Self.number("12")])
        #expect(received.vatBreakdown.map(\.taxableAmount) == [Self.number("1500"), Self.number("2500")])
        #expect(received.terms.contains(StatedTerm(.taxPointDate, .date(Self.date("2013-04-10")))))

        #expect(
            received.allowancesAndCharges == [
                StatedAllowanceCharge(
                    isCharge: false, amount: Self.number("150"), baseAmount: Self.number("1500"),
                    percentage: Self.number("10"), reason: "Loyal customer", reasonCode: "95", vatCategory: "S",
                    vatRate: Self.number("25")),
                StatedAllowanceCharge(
                    isCharge: true, amount: Self.number("150"), baseAmount: Self.number("1500"),
                    percentage: Self.number("10"), reason: "Packaging", reasonCode: "ABL", vatCategory: "S",
                    vatRate: Self.number("25")),
            ])
        // An allowance and a charge: no single discount for the model.
        #expect(invoice.discount == nil)

        let attachment = try #require(received.attachments.first)
        #expect(received.attachments.count == 1)
        #expect(attachment.reference == "sales slip" && attachment.description == "your sales slip")
        let embedded = try #require(attachment.embedded)
        #expect(embedded.fileName == "EHF.pdf" && embedded.mimeCode == "application/pdf")
        #expect(Array(embedded.data.prefix(8)) == Array("JVBERi0x".utf8))

        #expect(invoice.fromStreet == "Hoofdstraat 4\nOm de hoek" && invoice.fromCountry?.code == "NL")
        #expect(invoice.fromRegistrationId == "NL16356706" && invoice.fromTaxId == "NL16356706")
        #expect(invoice.fromContact == "Anthon Larsen" && invoice.fromEmail == "Anthon@Selco.nl")
        #expect(
            invoice.toEmail == "john.hansen@buyercompany.dk" && invoice.toStreet == "Anystreet, Building 1\n5th floor")
        #expect(invoice.dueDate == Self.date("2013-05-10"))
        #expect(invoice.delivery == .date(Self.date("2013-04-15")))
        #expect(invoice.precedingInvoice == "TOSL109")
        #expect(invoice.bankAccount == "DK1212341234123412" && invoice.paymentReference == "Payref1")
        for term in [
            StatedTerm(.sellerIdentifier, .identifier("5790000436101", scheme: "0088")),
            StatedTerm(.sellerTradingName, .text("SelCo")),
            StatedTerm(.sellerLegalInformation, .text("Export")),
            StatedTerm(.sellerTaxRegistration, .identifier("NL16356706", scheme: "FC")),
            StatedTerm(.sellerCountrySubdivision, .text("Overijssel")),
            StatedTerm(.buyerContact, .text("John Hansen")),
            StatedTerm(.buyerContactPhone, .text("+4598989898")),
            StatedTerm(.taxRepresentativeName, .text("Dick Panama")),
            StatedTerm(.taxRepresentativeVATId, .identifier("DK16356609", scheme: "VA")),
            StatedTerm(.payeeName, .text("Dagobert Duck")),
            StatedTerm(.salesOrderReference, .identifier("123", scheme: "")),
            StatedTerm(.contractReference, .identifier("2013-05", scheme: "")),
            StatedTerm(.projectReference, .identifier("Project345", scheme: "")),
            StatedTerm(.despatchAdviceReference, .identifier("5433", scheme: "")),
            StatedTerm(.receivingAdviceReference, .identifier("3544", scheme: "")),
            StatedTerm(.creditorIdentifier, .identifier("DK5678", scheme: "")),
            StatedTerm(.mandateReference, .identifier("123456", scheme: "")),
            StatedTerm(.paymentAccount, .identifier("A", scheme: "")),
            StatedTerm(.precedingInvoiceDate, .date(Self.date("2013-03-10"))),
            StatedTerm(.buyerAccountingReference, .identifier("67543", scheme: "")),
            StatedTerm(.noteSubject, .text("Ordered through our website"), name: "AAI"),
        ] {
            #expect(received.terms.contains(term), "\(term)")
        }

        // Two rates: each line keeps its own.
        #expect(invoice.vatRate == 0)
        #expect(invoice.lineItems.map(\.vatRate).contains(25) && invoice.lineItems.map(\.vatRate).contains(12))
        let line = received.lines[0]
        #expect(invoice.lineItems[0].itemId == "JB007" && invoice.lineItems[0].date == Self.date("2013-03-10"))
        #expect(invoice.lineItems[0].quantity == 1000 && invoice.lineItems[0].rate == 1)
        #expect(line.grossPrice == Self.number("1.1") && line.priceDiscount == Self.number("10"))
        #expect(line.allowancesAndCharges.count == 2 && invoice.lineItems[0].discount == nil)
        for term in [
            StatedTerm(.lineNote, .text("first line")),
            StatedTerm(.itemStandardIdentifier, .identifier("1234567890128", scheme: "0088")),
            StatedTerm(.itemBuyerIdentifier, .identifier("BUY123", scheme: "")),
            StatedTerm(.itemAttribute, .text("2 mm"), name: "Thickness"),
            StatedTerm(.itemOriginCountry, .identifier("NL", scheme: "")),
            StatedTerm(.lineOrderReference, .identifier("1", scheme: "")),
            StatedTerm(.lineObject, .identifier("Object2", scheme: "")),
        ] {
            #expect(line.terms.contains(term), "\(term)")
        }
    }

    /// A Factur-X EXTENDED bundle: a GROUP line with DETAIL sub-lines at other rates.
    @Test func extendedSubLines() throws {
        guard
            let invoice = try CIICorpus.read(
                "easybill-zugferd-php__tests__zugferd2__Tests__Examples__EXTENDED__Extended___SubInvoiceLines_Kaffee_Bundle_Set_Bsp4__.xml"
            )
        else { return }
        let received = try #require(invoice.received)
        #expect(invoice.invoiceNumber == "50099877" && invoice.issueDate == Self.date("2026-05-30"))
        #expect(received.lines.map(\.lineId).prefix(3) == ["1", "1.1", "1.2"])
        #expect(received.lines.map(\.parentLineId).prefix(3) == ["", "1", "1"])
        #expect(invoice.lineItems[0].description == "Kaffee-Display \"Delicous\"")
        #expect(invoice.lineItems[0].quantity == 2 && invoice.lineItems[0].unit.code == "H87")
        #expect(invoice.lineItems[1].description == "Kenia Röstung" && invoice.lineItems[1].vatRate == 7)
        #expect(received.lines[1].netAmount == Self.number("30.00"))
        // The line status, an EXTENDED element, is kept under the line by its path.
        #expect(
            received.lines[0].terms.contains(
                StatedTerm(.otherElement, .text("GROUP"), name: "AssociatedDocumentLineDocument/LineStatusReasonCode")))
        #expect(
            received.fallbacks.contains(.unmappedElement(path: "AssociatedDocumentLineDocument/LineStatusReasonCode")))
        #expect(received.totals.taxInclusive == Self.number("235.44") && received.totals.vat == Self.number("19.44"))
        #expect(
            received.terms.contains(
                StatedTerm(.buyerAccountingReference, .identifier("Kostenstelle BT-19", scheme: ""))))
        // Notes with subject codes only: German by their words.
        #expect(invoice.language == "de")
        #expect(!received.fallbacks.contains { if case .languageFromCountry = $0 { true } else { false } })
    }

    /// ZUGFeRD 1.0 EXTENDED (its own namespaces, `ApplicablePercent`, the bank's name).
    @Test func zugferd1() throws {
        guard let invoice = try CIICorpus.read("mustangproject__validator__src__test__resources__validV1.xml") else {
            return
        }
        let received = try #require(invoice.received)
        #expect(received.source.syntax == .zugferd1)
        #expect(received.source.specification == "urn:ferd:CrossIndustryDocument:invoice:1p0:extended")
        #expect(invoice.invoiceNumber == "RE-20171118/506" && invoice.issueDate == Self.date("2017-11-18"))
        #expect(invoice.fromName == "Bei Spiel GmbH" && invoice.fromTaxId == "DE136695976")
        #expect(received.terms.contains(StatedTerm(.sellerTaxRegistration, .identifier("22/815/0815/4", scheme: "FC"))))
        #expect(
            invoice.toName == "Theodor Est" && invoice.toStreet == "Bahnstr. 42" && invoice.toTaxId == "DE999999999")
        #expect(invoice.bankAccount == "DE88 2008 0000 0970 3757 00" && invoice.bankSwift == "COBADEFFXXX")
        #expect(invoice.bankName == "Commerzbank")
        #expect(invoice.dueDate == Self.date("2017-12-09") && invoice.delivery == .date(Self.date("2017-11-17")))
        #expect(received.vatBreakdown.map(\.rate) == [Self.number("7.00"), Self.number("19.00")])
        #expect(received.vatBreakdown.map(\.vat) == [Self.number("11.20"), Self.number("63.84")])
        #expect(received.totals.lineTotal == Self.number("496.00") && received.totals.payable == Self.number("571.04"))
        #expect(invoice.lineItems[0].vatRate == 7 && invoice.lineItems[0].unit == .hour)
        #expect(invoice.lineItems[1].quantity == 400 && invoice.lineItems[1].rate == Decimal(string: "0.79"))
        #expect(received.lines[1].netPrice == Self.number("0.7900"))
        // The document's name (EXTENDED) is kept by its path.
        #expect(
            received.terms.contains(StatedTerm(.otherElement, .text("RECHNUNG"), name: "HeaderExchangedDocument/Name")))
        #expect(invoice.language == "de")
    }
}

/// What the reader refuses, and where it says the problem is.
@Suite struct CIIReaderErrorTests {
    static let header = """
        <rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" \
        xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" \
        xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
        <rsm:ExchangedDocument><ram:ID>1</ram:ID><ram:TypeCode>380</ram:TypeCode>
        <ram:IssueDateTime><udt:DateTimeString format="102">DATE</udt:DateTimeString></ram:IssueDateTime>
        DOCUMENT</rsm:ExchangedDocument>
        <rsm:SupplyChainTradeTransaction>
        <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
        <ram:SpecifiedTradeProduct><ram:Name>A</ram:Name></ram:SpecifiedTradeProduct>
        <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>10</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
        <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="UNIT">QUANTITY</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
        <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>CATEGORY</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>10</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
        </ram:IncludedSupplyChainTradeLineItem>
        <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>S</ram:Name></ram:SellerTradeParty>
        <ram:BuyerTradeParty><ram:Name>B</ram:Name></ram:BuyerTradeParty>
        ATTACHMENT</ram:ApplicableHeaderTradeAgreement>
        <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>CURRENCY</ram:InvoiceCurrencyCode>
        TERMS        <ram:SpecifiedTradeSettlementHeaderMonetarySummation>SUMMATION</ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        </ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>
        """

    static let fullSummation = """
        <ram:LineTotalAmount>10</ram:LineTotalAmount><ram:TaxBasisTotalAmount>10</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">0</ram:TaxTotalAmount><ram:GrandTotalAmount>10.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>10.00</ram:DuePayableAmount>
        """

    static func document(
        date: String = "20240131", quantity: String = "1", unit: String = "C62", category: String = "Z",
        currency: String = "EUR", summation: String = fullSummation, attachment: String = "", document: String = "",
        terms: String = ""
    ) -> [UInt8] {
        Array(
            header.replacingOccurrences(of: "DATE", with: date).replacingOccurrences(of: "QUANTITY", with: quantity)
                .replacingOccurrences(of: "UNIT", with: unit).replacingOccurrences(of: "CATEGORY", with: category)
                .replacingOccurrences(of: "CURRENCY", with: currency)
                .replacingOccurrences(of: "SUMMATION", with: summation)
                .replacingOccurrences(of: "ATTACHMENT", with: attachment)
                .replacingOccurrences(of: "DOCUMENT", with: document).replacingOccurrences(of: "TERMS", with: terms)
                .utf8)
    }

    static func error(_ bytes: [UInt8]) throws -> EInvoiceReadingError {
        do {
            _ = try CIICorpus.read(bytes: bytes)
        } catch let error as EInvoiceReadingError {
            return error
        }
        throw TestError("read without an error")
    }

    @Test func theTemplateReads() throws {
        let invoice = try CIICorpus.read(bytes: Self.document())
        #expect(invoice.invoiceNumber == "1" && invoice.lineItems.count == 1)
        #expect(invoice.received?.totals.payable == StatedNumber(xml: "10.00"))
        #expect(invoice.received?.fallbacks == [.languageFromCountry(language: "en", country: "")])
        #expect(invoice.language == nil)
    }

    @Test func aNumberThatIsNotOneIsAnErrorAtItsElement() throws {
        let error = try Self.error(Self.document(quantity: "1,5"))
        #expect(
            error.path
                == "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity"
        )
        #expect(error.message.contains("1,5"))
        #expect(error.line == 9 && error.column != nil)
    }

    @Test func anImpossibleDateIsAnError() throws {
        let error = try Self.error(Self.document(date: "20240231"))
        #expect(error.path.hasSuffix("rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString"))
        #expect(error.message.contains("20240231"))
    }

    @Test func aBadAttachmentIsAnErrorAtItsElement() throws {
        let attachment = """
            <ram:AdditionalReferencedDocument><ram:IssuerAssignedID>a</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode>
            <ram:AttachmentBinaryObject mimeCode="text/plain" filename="a.txt">aGVsbG8*</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>
            """
        let error = try Self.error(Self.document(attachment: attachment))
        #expect(error.path.hasSuffix("ram:AdditionalReferencedDocument/ram:AttachmentBinaryObject"))
        // Line breaks inside base64 are fine.
        let good = attachment.replacingOccurrences(of: "aGVsbG8*", with: "aGVs\n  bG8=")
        let invoice = try CIICorpus.read(bytes: Self.document(attachment: good))
        #expect(invoice.received?.attachments.first?.embedded?.data == Array("hello".utf8))
    }

    @Test func codesOffTheListsAreKeptAndLogged() throws {
        let invoice = try CIICorpus.read(bytes: Self.document(unit: "QQQ", category: "L", currency: "XTS"))
        let received = try #require(invoice.received)
        #expect(invoice.lineItems[0].unit == .one && received.lines[0].unitCode == "QQQ")
        #expect(invoice.vatCategory == nil && received.lines[0].vatCategory == "L")
        #expect(invoice.currency.code == "XTS" && invoice.currency.fractionDigits == 2)
        for fallback in [ReadingFallback.unknownUnitCode("QQQ"), .vatCategoryAsWritten("L"), .unknownCurrency("XTS")] {
            #expect(received.fallbacks.contains(fallback), "\(fallback)")
        }
    }

    @Test func absentTotalsAreWorkedOutAndLogged() throws {
        let invoice = try CIICorpus.read(
            bytes: Self.document(summation: "<ram:TaxTotalAmount currencyID=\"EUR\">1.90</ram:TaxTotalAmount>"))
        let received = try #require(invoice.received)
        #expect(received.totals.lineTotal == StatedNumber(xml: "10"))
        #expect(received.totals.taxInclusive == StatedNumber(xml: "11.90"))
        #expect(received.totals.payable == StatedNumber(xml: "11.90"))
        for term in ["BT-106", "BT-109", "BT-112", "BT-115"] {
            #expect(received.fallbacks.contains(.missingTotal(term: term)), "\(term)")
        }
    }

    /// A due date as a month (format 610) is kept as written, as a term, and logged.
    @Test func aDateInAnotherFormatIsKeptAsWritten() throws {
        let terms = """
            <ram:SpecifiedTradePaymentTerms><ram:Description>30 Tage</ram:Description>
            <ram:DueDateDateTime><udt:DateTimeString format="610">202402</udt:DateTimeString></ram:DueDateDateTime>
            </ram:SpecifiedTradePaymentTerms>
            """
        let invoice = try CIICorpus.read(bytes: Self.document(terms: terms))
        let received = try #require(invoice.received)
        #expect(invoice.dueDate == nil && invoice.paymentTerms == "30 Tage")
        #expect(
            received.terms.contains(
                StatedTerm(.otherElement, .text("202402"), name: "SpecifiedTradePaymentTerms/DueDateDateTime")))
        #expect(
            received.fallbacks.contains(
                .dateAsWritten(
                    path:
                        "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString",
                    text: "202402")))
    }

    /// The language the file states wins; notes without a subject are the notes, a blank line
    /// between two; with one, a term named by the code.
    @Test func statedLanguageAndNotes() throws {
        let document = """
            <ram:LanguageID>fr</ram:LanguageID>
            <ram:IncludedNote><ram:Content>Erste Zeile</ram:Content></ram:IncludedNote>
            <ram:IncludedNote><ram:Content>Zweite</ram:Content></ram:IncludedNote>
            <ram:IncludedNote><ram:Content>GmbH</ram:Content><ram:SubjectCode>REG</ram:SubjectCode></ram:IncludedNote>
            """
        let invoice = try CIICorpus.read(bytes: Self.document(document: document))
        #expect(invoice.language == "fr")
        #expect(invoice.notes == "Erste Zeile\n\nZweite")
        #expect(invoice.received?.terms.contains(StatedTerm(.noteSubject, .text("GmbH"), name: "REG")) == true)
        #expect(invoice.received?.fallbacks == [])
    }

    /// Malformed XML is refused with the parser's line and column.
    @Test func malformedXMLNamesItsPlace() throws {
        let error = try Self.error(Array("<Invoice>\n  <a></b>".utf8))
        #expect(error.line == 2 && error.column != nil && error.path == "", "\(error)")
    }

    /// The attachment a PDF's XML came from is kept with the source.
    @Test func theAttachmentNameIsKept() throws {
        let invoice = try EInvoiceReader().read(xml: Self.document(), attachmentName: "factur-x.xml")
        #expect(invoice.received?.source == .init(syntax: .cii, attachmentName: "factur-x.xml", specification: ""))
    }

    @Test func notAnEInvoice() throws {
        let bytes = Array("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>".utf8)
        do {
            _ = try EInvoiceReader().read(xml: bytes)
            Issue.record("read")
        } catch {
            // Until invoi's XML parser is written, it refuses everything; afterwards the root decides.
            if !error.message.contains("not written yet") {
                #expect(
                    error.message == "not an e-invoice: root element html in namespace http://www.w3.org/1999/xhtml")
                #expect(error.path == "/html")
            }
        }
    }
}
