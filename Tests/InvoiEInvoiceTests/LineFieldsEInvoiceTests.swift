import Foundation
import InvoiEInvoice
import InvoiModel
import Testing

/// A line's item id (BT-155), date (BG-26) and discount (BG-27) in both syntaxes, on
/// `Fixtures/line-fields.json`: an XRechnung invoice whose lines use every one of them, a
/// credit line among them. The amounts expected are worked out by hand:
///
/// - 24.5 × 85 = 2082.50, less 10 % (208.25) = 1874.25
/// - 1 × 640.35, less a fixed 40.35 = 600.00 (7 %)
/// - 3 × 33.33 = 99.99, less 12.5 % (12.49875, rounded 12.50) = 87.49
/// - −1 × 120 = −120.00, less 10 % (−12.00) = −108.00 (a credit: the allowance is negative too,
///   which the rule sets accept)
///
/// Subtotal 2453.74; VAT 19 % of 1853.74 = 352.21 and 7 % of 600.00 = 42.00; total 2847.95.
@Suite struct LineFieldsEInvoiceTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/line-fields.json")

    static func invoice() throws -> Invoice {
        try InvoiceDecoder(today: EInvoiceGoldenFiles.today).decode(
            Data(contentsOf: fixture), file: "Fixtures/line-fields.json"
        ).invoice
    }

    static func write(_ syntax: EInvoiceSyntax, _ profile: EInvoiceProfile) throws -> String {
        String(decoding: try EInvoiceGoldenFiles.write(try invoice(), syntax, profile), as: UTF8.self)
    }

    /// Each line's element, one string per line (`ram:IncludedSupplyChainTradeLineItem`,
    /// `cac:InvoiceLine`).
    static func lines(_ xml: String, element: String) -> [String] {
        xml.components(separatedBy: "<\(element)>").dropFirst().map { $0.components(separatedBy: "</\(element)>")[0] }
    }

    static func collapsed(_ xml: String) -> String {
        xml.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    }

    @Test func theTotalsAreTheNetLinesAddedUp() throws {
        let totals = try Self.invoice().totals
        #expect(totals.lineAmounts.map(\.amount) == [Decimal(string: "1874.25"), 600, Decimal(string: "87.49"), -108])
        #expect(totals.subtotal.amount == Decimal(string: "2453.74"))
        #expect(totals.vat.amount == Decimal(string: "394.21"))
        #expect(totals.total.amount == Decimal(string: "2847.95"))
    }

    @Test(arguments: [EInvoiceProfile.en16931, .xrechnung])
    func ciiLinesCarryTheItemIdThePeriodAndTheAllowance(profile: EInvoiceProfile) throws {
        let lines = Self.lines(try Self.write(.cii, profile), element: "ram:IncludedSupplyChainTradeLineItem")
            .map(Self.collapsed)
        try #require(lines.count == 4)
        #expect(
            lines[0].contains(
                "<ram:SpecifiedTradeProduct><ram:SellerAssignedID>DES-100</ram:SellerAssignedID><ram:Name>"))
        #expect(
            lines[0].contains(
                #"</ram:ApplicableTradeTax><ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20260210</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">20260210</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>"#
            ))
        #expect(
            lines[0].contains(
                "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>2082.50</ram:BasisAmount><ram:ActualAmount>208.25</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Discount</ram:Reason></ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>1874.25</ram:LineTotalAmount>"
            ))
        // A fixed discount states no base and no percentage; a line without a date no period.
        #expect(
            lines[1].contains(
                "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>40.35</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode>"
            ))
        #expect(!lines[1].contains("BillingSpecifiedPeriod"))
        #expect(!lines[2].contains("SellerAssignedID"))
        #expect(lines[2].contains("<ram:BasisAmount>99.99</ram:BasisAmount><ram:ActualAmount>12.50</ram:ActualAmount>"))
        #expect(lines[2].contains("<ram:LineTotalAmount>87.49</ram:LineTotalAmount>"))
        #expect(
            lines[3].contains("<ram:BasisAmount>-120.00</ram:BasisAmount><ram:ActualAmount>-12.00</ram:ActualAmount>"))
        #expect(lines[3].contains("<udt:DateTimeString format=\"102\">20260225</udt:DateTimeString>"))
        #expect(lines[3].contains("<ram:LineTotalAmount>-108.00</ram:LineTotalAmount>"))
    }

    @Test(arguments: [EInvoiceProfile.en16931, .xrechnung])
    func ublLinesCarryTheItemIdThePeriodAndTheAllowance(profile: EInvoiceProfile) throws {
        let lines = Self.lines(try Self.write(.ubl, profile), element: "cac:InvoiceLine").map(Self.collapsed)
        try #require(lines.count == 4)
        #expect(
            lines[0].contains(
                #"<cbc:LineExtensionAmount currencyID="EUR">1874.25</cbc:LineExtensionAmount><cac:InvoicePeriod><cbc:StartDate>2026-02-10</cbc:StartDate><cbc:EndDate>2026-02-10</cbc:EndDate></cac:InvoicePeriod><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">208.25</cbc:Amount><cbc:BaseAmount currencyID="EUR">2082.50</cbc:BaseAmount></cac:AllowanceCharge>"#
            ))
        #expect(
            lines[0].contains(
                "</cbc:Name><cac:SellersItemIdentification><cbc:ID>DES-100</cbc:ID></cac:SellersItemIdentification><cac:ClassifiedTaxCategory>"
            ))
        #expect(
            lines[1].contains(
                #"<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">40.35</cbc:Amount></cac:AllowanceCharge>"#
            ))
        #expect(!lines[1].contains("InvoicePeriod"))
        #expect(!lines[2].contains("SellersItemIdentification"))
        #expect(lines[3].contains(#"<cbc:LineExtensionAmount currencyID="EUR">-108.00</cbc:LineExtensionAmount>"#))
    }

    /// XRechnung and Peppol keep a line's period within the invoice's (PEPPOL-EN16931-R110,
    /// R111); EN 16931 itself does not.
    @Test func aLineDateOutsideTheServicePeriodIsRefusedWhereTheRulesSaySo() throws {
        var invoice = try Self.invoice()
        invoice.lineItems[3].date = CalendarDate(iso: "2026-01-28")
        invoice.lineItems[0].date = CalendarDate(iso: "2026-03-01")
        for (profile, syntax) in [(EInvoiceProfile.xrechnung, EInvoiceSyntax.cii), (.xrechnung, .ubl), (.peppol, .ubl)]
        {
            let found = EInvoiceRequirements(profile: profile, syntax: syntax).problems(of: invoice)
            #expect(
                found.map { "\($0.path): \($0.message)" } == [
                    "lineItems[0].date: 2026-03-01 is outside the invoice's service period 2026-02-01 – 2026-02-28; \(profile.name) needs a line's date within it (PEPPOL-EN16931-R110, PEPPOL-EN16931-R111)",
                    "lineItems[3].date: 2026-01-28 is outside the invoice's service period 2026-02-01 – 2026-02-28; \(profile.name) needs a line's date within it (PEPPOL-EN16931-R110, PEPPOL-EN16931-R111)",
                ])
        }
        #expect(EInvoiceRequirements(profile: .en16931, syntax: .cii).problems(of: invoice).isEmpty)
    }

    /// Custom fields have no general place in EN 16931: nothing of them is written.
    @Test(arguments: EInvoiceSyntax.allCases)
    func customFieldsAreNotWritten(syntax: EInvoiceSyntax) throws {
        let xml = try Self.write(syntax, .en16931)
        #expect(!xml.contains("KST-4711"))
        #expect(!xml.contains("Projekt"))
    }

    /// The official rule sets: EN 16931 and XRechnung in both syntaxes, Peppol BIS in UBL,
    /// Factur-X BASIC in CII (which has no item id: left out there).
    /// The same lines in a credit note too (UBL's `CreditNoteLine`).
    @Test func everyProfilePassesTheValidator() throws {
        let invoice = try Self.invoice()
        var creditNote = invoice
        creditNote.documentType = .creditNote
        creditNote.precedingInvoice = "RE-2026-0042"
        for syntax in EInvoiceSyntax.allCases {
            for profile in syntax.profiles where profile.hasLines {
                let documents = try [("invoice", invoice), ("credit-note", creditNote)].map { name, document in
                    (
                        "line-fields.\(name).\(syntax.rawValue).\(profile.rawValue)",
                        try EInvoiceGoldenFiles.write(document, syntax, profile)
                    )
                }
                try EInvoiceValidator.expectValid(documents, profile: profile)
            }
        }
    }
}
