import Foundation
import InvoiModel
import InvoiTestSupport
import InvoiXML
import Testing

@testable import InvoiReading

/// What ZUGFeRD 1.0 files leave out or write otherwise, as the FeRD corpus's samples do: lines
/// without a net price or any price or amount, free-text lines, an empty currency code, a
/// period with an impossible day, the 2014 drafts' namespace.
@Suite struct CIIZUGFeRD1Tests {
    static func number(_ text: String) -> StatedNumber { StatedNumber(xml: text)! }

    /// A ZUGFeRD 1.0 invoice: `LINES` its line items, `CURRENCY` the currency code's text,
    /// `PERIOD` the header's invoicing period, `SELLER` the seller's country, `AMOUNTID` the
    /// summation's `currencyID` attribute.
    static let template = """
        <rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" \
        xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12" \
        xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
        <rsm:HeaderExchangedDocument><ram:ID>RE-1</ram:ID><ram:TypeCode>380</ram:TypeCode>
        <ram:IssueDateTime><udt:DateTimeString format="102">20140519</udt:DateTimeString></ram:IssueDateTime>
        </rsm:HeaderExchangedDocument>
        <rsm:SpecifiedSupplyChainTradeTransaction>
        <ram:ApplicableSupplyChainTradeAgreement>
        <ram:SellerTradeParty><ram:Name>S</ram:Name><ram:PostalTradeAddress><ram:CountryID>SELLER</ram:CountryID>\
        </ram:PostalTradeAddress></ram:SellerTradeParty>
        <ram:BuyerTradeParty><ram:Name>B</ram:Name></ram:BuyerTradeParty>
        </ram:ApplicableSupplyChainTradeAgreement>
        <ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>CURRENCY</ram:InvoiceCurrencyCode>
        PERIOD<ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:LineTotalAmount AMOUNTID>100.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount>19.00</ram:TaxTotalAmount><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>119.00</ram:DuePayableAmount>
        </ram:SpecifiedTradeSettlementMonetarySummation></ram:ApplicableSupplyChainTradeSettlement>
        LINES</rsm:SpecifiedSupplyChainTradeTransaction></rsm:CrossIndustryDocument>
        """

    /// A line: `agreement` its prices (the whole agreement element), `amount` its net amount
    /// (nil: none written).
    static func line(name: String, quantity: String, agreement: String = "", amount: String?) -> String {
        let settlement =
            amount.map {
                """
                <ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode>\
                <ram:CategoryCode>S</ram:CategoryCode><ram:ApplicablePercent>19</ram:ApplicablePercent></ram:ApplicableTradeTax>\
                <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount>\($0)</ram:LineTotalAmount>\
                </ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>
                """
            } ?? ""
        return """
            <ram:IncludedSupplyChainTradeLineItem>\(agreement)\
            <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">\(quantity)</ram:BilledQuantity>\
            </ram:SpecifiedSupplyChainTradeDelivery>\(settlement)\
            <ram:SpecifiedTradeProduct><ram:Name>\(name)</ram:Name></ram:SpecifiedTradeProduct>
            </ram:IncludedSupplyChainTradeLineItem>
            """
    }

    static func document(
        lines: [String], currency: String = "EUR", period: String = "", seller: String = "DE", amountID: String = ""
    ) -> [UInt8] {
        Array(
            template.replacingOccurrences(of: "LINES", with: lines.joined(separator: "\n"))
                .replacingOccurrences(of: "CURRENCY", with: currency).replacingOccurrences(of: "PERIOD", with: period)
                .replacingOccurrences(of: "SELLER", with: seller)
                .replacingOccurrences(of: "AMOUNTID", with: amountID).utf8)
    }

    static func read(_ bytes: [UInt8]) throws -> Invoice { try EInvoiceReader().read(xml: bytes) }

    // MARK: 1. Prices

    /// Intarsys's COMFORT/EXTENDED lines: a gross price and its discount, no net price. The net
    /// price is the gross less the discount, logged; the gross and the discount stay as stated.
    @Test func aGrossPriceLessItsDiscountIsTheNetPrice() throws {
        let agreement = """
            <ram:SpecifiedSupplyChainTradeAgreement><ram:GrossPriceProductTradePrice>\
            <ram:ChargeAmount>60.00</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">2</ram:BasisQuantity>\
            <ram:AppliedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>\
            <ram:ActualAmount>10.00</ram:ActualAmount><ram:Reason>Rabatt</ram:Reason></ram:AppliedTradeAllowanceCharge>\
            </ram:GrossPriceProductTradePrice></ram:SpecifiedSupplyChainTradeAgreement>
            """
        let invoice = try Self.read(
            Self.document(lines: [Self.line(name: "A", quantity: "4", agreement: agreement, amount: "100.00")]))
        let received = try #require(invoice.received)
        let line = try #require(received.lines.first)
        #expect(line.netPrice == Self.number("50.00"))
        #expect(line.grossPrice == Self.number("60.00"))
        #expect(line.priceDiscount == Self.number("10.00"))
        // The gross price's base quantity is the net price's.
        #expect(line.baseQuantity == Self.number("2"))
        #expect(invoice.lineItems.first?.rate == 25)
        #expect(received.fallbacks.contains(.netPriceFromGross))
    }

    /// Intarsys's BASIC lines: no price at all, a quantity and an amount: the price is the
    /// amount over the quantity, logged.
    @Test func withoutAnyPriceTheAmountOverTheQuantity() throws {
        let invoice = try Self.read(
            Self.document(lines: [
                Self.line(name: "A", quantity: "20.0000", amount: "198.00"),
                Self.line(name: "B", quantity: "3", amount: "-98.00"),
            ]))
        let received = try #require(invoice.received)
        #expect(received.lines.map(\.netPrice) == [Self.number("9.90"), Self.number("-32.6667")])
        #expect(received.lines.allSatisfy { $0.grossPrice == nil })
        #expect(received.fallbacks.contains(.priceFromAmount))
        #expect(!received.fallbacks.contains(.netPriceFromGross))
    }

    /// Konik's acme_invoice-42: one line, a quantity and nothing else. Its amount is the sum of
    /// line amounts (the only line's), its price that over the quantity, each logged.
    @Test func theOnlyLineWithoutAnAmountHasTheSumsRest() throws {
        let invoice = try Self.read(
            Self.document(lines: [
                Self.line(name: "Saddle", quantity: "2", amount: nil),
                Self.line(name: "Bell", quantity: "1", amount: "30.00"),
            ]))
        let received = try #require(invoice.received)
        #expect(received.lines.map(\.netAmount) == [Self.number("70.00"), Self.number("30.00")])
        #expect(received.lines[0].netPrice == Self.number("35.00"))
        #expect(received.fallbacks.contains(.lineAmountFromTotal) && received.fallbacks.contains(.priceFromAmount))
    }

    /// Two lines without an amount cannot be told apart: an error, as before.
    @Test func twoLinesWithoutAnAmountAreAnError() throws {
        #expect(throws: EInvoiceReadingError.self) {
            try Self.read(
                Self.document(lines: [
                    Self.line(name: "A", quantity: "1", amount: nil), Self.line(name: "B", quantity: "1", amount: nil),
                ]))
        }
    }

    /// Intarsys's free-text lines (a note, nothing else) are the invoice's notes, not lines.
    @Test func aTextLineIsANote() throws {
        let text = """
            <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:IncludedNote>\
            <ram:Content>Wir erlauben uns folgende Positionen in Rechnung zu stellen:</ram:Content>\
            </ram:IncludedNote></ram:AssociatedDocumentLineDocument>\
            <ram:SpecifiedSupplyChainTradeSettlement /></ram:IncludedSupplyChainTradeLineItem>
            """
        let invoice = try Self.read(
            Self.document(lines: [text, Self.line(name: "A", quantity: "1", amount: "100.00")]))
        let received = try #require(invoice.received)
        #expect(invoice.lineItems.count == 1 && received.lines.count == 1)
        #expect(invoice.notes == "Wir erlauben uns folgende Positionen in Rechnung zu stellen:")
        #expect(received.fallbacks.contains(.textLineAsNote))
    }

    // MARK: 2. Periods

    /// Intarsys's EXTENDED_Kostenrechnung: a period starting "20139102" (no such day): kept as
    /// written and logged, not refused; a date-time's date is taken.
    @Test func aPeriodWithAnImpossibleDayIsKeptAsWritten() throws {
        let period = """
            <ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20139102</udt:DateTimeString>\
            </ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">20130930</udt:DateTimeString>\
            </ram:EndDateTime></ram:BillingSpecifiedPeriod>
            """
        let invoice = try Self.read(
            Self.document(lines: [Self.line(name: "A", quantity: "1", amount: "100.00")], period: period))
        let received = try #require(invoice.received)
        #expect(invoice.delivery == nil)
        #expect(
            received.terms.contains(
                StatedTerm(.otherElement, .text("20139102 – 2013-09-30"), name: "BillingSpecifiedPeriod")))
        #expect(received.fallbacks.contains { if case .dateAsWritten(_, "20139102") = $0 { true } else { false } })

        let withTime = """
            <ram:BillingSpecifiedPeriod><ram:StartDateTime>2013-09-01T00:00:00</ram:StartDateTime>\
            <ram:EndDateTime><udt:DateTimeString format="610">201309</udt:DateTimeString></ram:EndDateTime>\
            </ram:BillingSpecifiedPeriod>
            """
        let timed = try #require(
            try Self.read(
                Self.document(lines: [Self.line(name: "A", quantity: "1", amount: "100.00")], period: withTime)
            ).received)
        #expect(
            timed.terms.contains(
                StatedTerm(.otherElement, .text("2013-09-01 – 201309"), name: "BillingSpecifiedPeriod")))
    }

    /// The issue date stays strict: an impossible one is an error.
    @Test func anImpossibleIssueDateIsStillAnError() throws {
        let bytes = Self.document(lines: [Self.line(name: "A", quantity: "1", amount: "100.00")])
        let bad = Array(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "20140519", with: "20149102").utf8)
        #expect(throws: EInvoiceReadingError.self) { try Self.read(bad) }
    }

    // MARK: 3. Currency

    /// Mustang's RE-20151008_504 writes `<InvoiceCurrencyCode/>`: the amounts' `currencyID`
    /// gives it, else (none written) the euro-area seller's country; each logged.
    @Test func anEmptyCurrencyCodeIsTakenFromTheAmountsOrTheSellersCountry() throws {
        let lines = [Self.line(name: "A", quantity: "1", amount: "100.00")]
        let fromAmounts = try Self.read(Self.document(lines: lines, currency: "", amountID: "currencyID=\"CHF\""))
        #expect(fromAmounts.currency.code == "CHF")
        #expect(fromAmounts.received?.fallbacks.contains(.currencyFromAmounts("CHF")) == true)

        let fromCountry = try Self.read(Self.document(lines: lines, currency: ""))
        #expect(fromCountry.currency.code == "EUR")
        #expect(
            fromCountry.received?.fallbacks.contains(.currencyFromSellerCountry(currency: "EUR", country: "DE")) == true
        )

        // No currency anywhere, and a seller outside the euro area: still an error.
        #expect(throws: EInvoiceReadingError.self) {
            try Self.read(Self.document(lines: lines, currency: "", seller: "CH"))
        }
        #expect(throws: EInvoiceReadingError.self) {
            try Self.read(Self.document(lines: lines, currency: "", seller: ""))
        }
    }

    // MARK: 4. The 2014 drafts

    /// Mustang's RE-20140519_499: the root `Invoice` in `CBFBUY:5`, ZUGFeRD 1.0's elements in no
    /// namespace. Read with the ZUGFeRD 1.0 mapping, logged.
    @Test func theDraftNamespaceReadsAsZUGFeRD1() throws {
        let draft = """
            <rsm:Invoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CBFBUY:5">
            <rsm:SpecifiedExchangedDocumentContext><TestIndicator>false</TestIndicator>\
            <GuidelineSpecifiedDocumentContextParameter><ID>urn:ferd:invoice:rc:comfort</ID>\
            </GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
            <rsm:HeaderExchangedDocument><ID>RE-20140519/499</ID><TypeCode>380</TypeCode>\
            <IssueDateTime format="102">20140519</IssueDateTime></rsm:HeaderExchangedDocument>
            <rsm:SpecifiedSupplyChainTradeTransaction>
            <ApplicableSupplyChainTradeAgreement><SellerTradeParty><Name>usegroup</Name></SellerTradeParty>\
            <BuyerTradeParty><Name>Theodor Est</Name></BuyerTradeParty></ApplicableSupplyChainTradeAgreement>
            <ApplicableSupplyChainTradeSettlement><InvoiceCurrencyCode>EUR</InvoiceCurrencyCode>\
            <SpecifiedTradeSettlementMonetarySummation><LineTotalAmount currencyID="EUR">160.00</LineTotalAmount>\
            <TaxBasisTotalAmount currencyID="EUR">160.00</TaxBasisTotalAmount><TaxTotalAmount currencyID="EUR">11.20</TaxTotalAmount>\
            <GrandTotalAmount currencyID="EUR">171.20</GrandTotalAmount><DuePayableAmount currencyID="EUR">171.20</DuePayableAmount>\
            </SpecifiedTradeSettlementMonetarySummation></ApplicableSupplyChainTradeSettlement>
            <IncludedSupplyChainTradeLineItem><AssociatedDocumentLineDocument><LineID>1</LineID></AssociatedDocumentLineDocument>\
            <SpecifiedSupplyChainTradeAgreement><NetPriceProductTradePrice><ChargeAmount currencyID="EUR">160.00</ChargeAmount>\
            </NetPriceProductTradePrice></SpecifiedSupplyChainTradeAgreement>\
            <SpecifiedSupplyChainTradeDelivery><BilledQuantity unitCode="HUR">1</BilledQuantity></SpecifiedSupplyChainTradeDelivery>\
            <SpecifiedSupplyChainTradeSettlement><ApplicableTradeTax><TypeCode>VAT</TypeCode><CategoryCode>S</CategoryCode>\
            <ApplicablePercent>7.00</ApplicablePercent></ApplicableTradeTax><SpecifiedTradeSettlementMonetarySummation>\
            <LineTotalAmount currencyID="EUR">160.00</LineTotalAmount></SpecifiedTradeSettlementMonetarySummation>\
            </SpecifiedSupplyChainTradeSettlement><SpecifiedTradeProduct><Name>Design</Name></SpecifiedTradeProduct>\
            </IncludedSupplyChainTradeLineItem>
            </rsm:SpecifiedSupplyChainTradeTransaction></rsm:Invoice>
            """
        let invoice = try Self.read(Array(draft.utf8))
        let received = try #require(invoice.received)
        #expect(received.source.syntax == .zugferd1)
        #expect(received.source.specification == "urn:ferd:invoice:rc:comfort")
        #expect(invoice.invoiceNumber == "RE-20140519/499")
        #expect(invoice.issueDate == CalendarDate(iso: "2014-05-19"))
        #expect(invoice.fromName == "usegroup" && invoice.toName == "Theodor Est")
        #expect(received.totals.payable == Self.number("171.20"))
        #expect(received.lines.map(\.netPrice) == [Self.number("160.00")])
        #expect(invoice.lineItems.first?.unit == .hour && invoice.vatRate == 7)
        #expect(received.fallbacks.first == .readAsZUGFeRD1(namespace: "urn:un:unece:uncefact:data:standard:CBFBUY:5"))
    }

    // MARK: 6. Signatures

    /// An XML digital signature is no business term: left out of the other elements, logged once.
    @Test func aSignatureIsNotShown() throws {
        let net = """
            <ram:SpecifiedSupplyChainTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount>\
            </ram:NetPriceProductTradePrice></ram:SpecifiedSupplyChainTradeAgreement>
            """
        let bytes = Self.document(lines: [Self.line(name: "A", quantity: "1", agreement: net, amount: "100.00")])
        let signed = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: "</rsm:CrossIndustryDocument>",
            with: """
                <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo>\
                <ds:Reference URI=""><ds:DigestValue>AAAA</ds:DigestValue></ds:Reference></ds:SignedInfo>\
                <ds:SignatureValue>QUJDRA==</ds:SignatureValue></ds:Signature></rsm:CrossIndustryDocument>
                """)
        let received = try #require(try Self.read(Array(signed.utf8)).received)
        #expect(!received.terms.contains { $0.term == .otherElement })
        #expect(
            received.fallbacks.filter { if case .unmappedElement = $0 { true } else { false } } == [
                .unmappedElement(path: "Signature")
            ])
    }
}
