import Foundation
import Testing

@testable import InvoiModel

/// The e-invoice fields: read, checked against EN 16931's code lists with
/// JSON paths, and checked together (service period, category and rate, exemption reason,
/// one rate under a discount).
struct EInvoiceFieldTests {
    @Test func everyFieldIsRead() throws {
        let (invoice, warnings) = try decode(
            """
            {"fromStreet": "Hauptstraße 1", "fromCity": "Berlin", "fromPostalCode": "10115", "fromCountry": "DE",
             "toStreet": "Rue de Rivoli 2", "toCity": "Paris", "toPostalCode": "75001", "toCountry": "FR",
             "fromRegistrationId": "HRB 12345", "fromContact": "Erika Mustermann",
             "fromElectronicAddress": "EM:rechnung@acme.de", "toElectronicAddress": "0204:991-12345-67",
             "buyerReference": "991-12345-67", "orderReference": "PO-4711", "precedingInvoice": "INV-0007",
             "paymentTerms": "30 days net", "periodStart": "2026-02-01", "periodEnd": "2026-02-28",
             "vatRate": 19, "vatCategory": "S",
             "lineItems": [{"rate": 100, "quantity": 8, "unit": "hour"}, {"rate": 10, "unit": "KGM", "vatRate": 7},
                           {"rate": 5, "vatRate": 0, "vatCategory": "E"}],
             "vatExemptionReason": "Exempt under §4 UStG"}
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(invoice.fromCountry?.code == "DE")
        #expect(invoice.toCountry?.code == "FR")
        #expect(invoice.fromElectronicAddress == ElectronicAddress(scheme: "EM", identifier: "rechnung@acme.de"))
        #expect(invoice.toElectronicAddress?.description == "0204:991-12345-67")
        #expect(
            invoice.delivery == .period(start: CalendarDate(iso: "2026-02-01")!, end: CalendarDate(iso: "2026-02-28")!))
        #expect(invoice.vatCategory == .standard)
        #expect(invoice.lineItems.map(\.unit.code) == ["HUR", "KGM", "C62"])
        #expect(invoice.lineItems.map { invoice.vatRate(of: $0) } == [19, 7, 0])
        #expect(invoice.lineItems.map { invoice.vatCategory(of: $0) } == [.standard, .standard, .exempt])
        #expect(
            [
                invoice.fromStreet, invoice.fromCity, invoice.fromPostalCode, invoice.buyerReference,
                invoice.orderReference, invoice.precedingInvoice, invoice.paymentTerms, invoice.fromContact,
                invoice.fromRegistrationId,
            ] == [
                "Hauptstraße 1", "Berlin", "10115", "991-12345-67", "PO-4711", "INV-0007", "30 days net",
                "Erika Mustermann", "HRB 12345",
            ])
    }

    @Test func theJSONWrittenReadsBackToTheSameInvoice() throws {
        let (invoice, _) = try decode(
            """
            {"fromCountry": "DE", "toElectronicAddress": "9930:DE123456789", "deliveryDate": "2026-03-01",
             "vatRate": 0, "vatCategory": "AE", "vatExemptionReason": "Reverse charge",
             "lineItems": [{"rate": 100, "unit": "DAY"}], "paymentTerms": "Net 14", "buyerReference": "X"}
            """)
        let (again, warnings) = try decode(invoice.prettyPrintedJSON())
        #expect(warnings.isEmpty)
        #expect(again == invoice)
    }

    @Test func eachFieldErrorNamesItsPath() {
        let diagnostics = rejection(
            """
            {"fromCountry": "de", "toCountry": "Germany", "fromElectronicAddress": "acme@example.com",
             "toElectronicAddress": "1234:5", "vatCategory": "X",
             "lineItems": [{"unit": "hr"}, {"unit": "kgm"}, {"vatCategory": "ae"}, {"vatRate": 101}]}
            """)
        #expect(
            diagnostics.map(\.path) == [
                "fromCountry", "toCountry", "fromElectronicAddress", "toElectronicAddress", "vatCategory",
                "lineItems[0].unit", "lineItems[1].unit", "lineItems[2].vatCategory", "lineItems[3].vatRate",
            ])
        #expect(diagnostics[0].message == #"unknown country "de" — did you mean "DE"? (codes are upper case)"#)
        #expect(diagnostics[1].message.contains("ISO 3166-1 alpha-2"))
        #expect(diagnostics[2].message.hasPrefix(#"expected "SCHEME:ID""#))
        #expect(diagnostics[3].message.hasPrefix(#"unknown electronic address scheme "1234""#))
        #expect(diagnostics[6].message == #"unknown unit "kgm" — did you mean "KGM"? (codes are upper case)"#)
        #expect(diagnostics[7].message.contains(#"did you mean "AE""#))
    }

    @Test func aServicePeriodNeedsBothEndsInOrder() {
        #expect(rejection(#"{"periodStart": "2026-02-01"}"#).map(\.path) == ["periodEnd"])
        #expect(rejection(#"{"periodEnd": "2026-02-01"}"#).map(\.path) == ["periodStart"])
        let reversed = rejection(#"{"periodStart": "2026-02-10", "periodEnd": "2026-02-01"}"#)
        #expect(
            reversed.map(\.description) == [
                "invoi: error: bills/acme.json: periodEnd: the service period ends (2026-02-01) before it starts (2026-02-10)"
            ])
        #expect(
            rejection(#"{"deliveryDate": "2026-02-01", "periodStart": "2026-02-01", "periodEnd": "2026-02-02"}"#)
                .map(\.path) == ["deliveryDate"])
    }

    @Test func aCategoryMustFitItsRate() {
        #expect(rejection(#"{"vatRate": 19, "vatCategory": "Z"}"#).map(\.path) == ["vatCategory"])
        #expect(rejection(#"{"vatRate": 0, "vatCategory": "S"}"#).map(\.path) == ["vatCategory"])
        #expect(
            rejection(#"{"vatRate": 19, "lineItems": [{"vatCategory": "E"}]}"#).map(\.path) == [
                "lineItems[0].vatCategory", "vatExemptionReason",
            ])
    }

    @Test func categoriesWithoutVATNeedTheReason() throws {
        for category in VATCategory.allCases where category.needsExemptionReason {
            let diagnostics = rejection(#"{"vatCategory": "\#(category.rawValue)"}"#)
            #expect(diagnostics.map(\.path) == ["vatExemptionReason"], "\(category)")
            #expect(diagnostics.first?.message.contains("(\(category.name))") == true)
            _ = try decode(#"{"vatCategory": "\#(category.rawValue)", "vatExemptionReason": "Why"}"#)
        }
        _ = try decode(#"{"vatCategory": "Z"}"#)
    }

    @Test func aDiscountNeedsOneRateAcrossTheLines() throws {
        let diagnostics = rejection(
            #"{"vatRate": 19, "discount": {"type": "percentage", "value": 10}, "lineItems": [{"rate": 1}, {"rate": 2, "vatRate": 7}]}"#
        )
        #expect(diagnostics.map(\.path) == ["discount"])
        // The same rate given on every line is one rate.
        let (invoice, _) = try decode(
            #"{"discount": {"type": "fixed", "value": 1}, "lineItems": [{"rate": 10, "vatRate": 7}, {"rate": 20, "vatRate": 7}]}"#
        )
        #expect(invoice.totals.vatBreakdown.map(\.vat.amount) == [decimal("2.03")])
    }

    /// 19% and 7% lines: one row each, each rounded once, in the order the lines use them.
    @Test func totalsHaveARowPerRate() throws {
        let (invoice, _) = try decode(
            """
            {"currency": "EUR", "vatRate": 19, "lineItems": [
              {"quantity": 3, "rate": 33.33}, {"quantity": 1, "rate": 10.05, "vatRate": 7},
              {"quantity": 1, "rate": 0.01}, {"quantity": 2, "rate": 4.99, "vatRate": 7}]}
            """)
        let totals = invoice.totals
        #expect(totals.vatBreakdown.map(\.rate) == [19, 7])
        #expect(totals.vatBreakdown.map(\.taxableAmount.amount) == [decimal("100"), decimal("20.03")])
        #expect(totals.vatBreakdown.map(\.vat.amount) == [decimal("19"), decimal("1.4")])
        #expect(totals.vat.amount == decimal("20.4"))
        #expect(totals.total.amount == decimal("140.43"))
    }

    @Test func anInvoiceWithoutLineRatesHasOneRow() throws {
        let (invoice, _) = try decode(#"{"vatRate": 20, "lineItems": [{"rate": 10}]}"#)
        #expect(invoice.totals.vatBreakdown.map(\.category) == [.standard])
        let (untaxed, _) = try decode(#"{"lineItems": [{"rate": 10}]}"#)
        #expect(untaxed.totals.vatBreakdown.map(\.category) == [.zeroRated])
        #expect(untaxed.totals.vat.amount == 0)
    }

    @Test func unitAliasesAndCodes() {
        #expect(UnitCode(codeOrAlias: "Hours") == .hour)
        #expect(UnitCode(codeOrAlias: "month") == .month)
        #expect(UnitCode(codeOrAlias: "HUR") == .hour)
        #expect(UnitCode(codeOrAlias: "hr") == nil)
        #expect(UnitCode(code: "QQQ") == nil)
    }

    @Test func theCodeListsAreTheRulesOwn() {
        #expect(EInvoiceCodeLists.countryCodes.count > 240)
        #expect(EInvoiceCodeLists.countryCodes.contains("XI"))
        #expect(EInvoiceCodeLists.unitCodes.count > 2000)
        #expect(EInvoiceCodeLists.electronicAddressSchemes.isSuperset(of: ["0088", "0204", "0208", "9930", "EM"]))
    }
}

/// The JSON `invoi init` writes keeps the language fields, so that `init --einvoice`
/// writes the German example as German.
struct LanguageFieldsInJSONTests {
    @Test func languageDirectionLabelsAndAllocationNumberAreWritten() throws {
        let (invoice, _) = try decode(
            #"{"language": "he", "direction": "ltr", "labels": {"total": "Gesamt", "billTo": "An"}, "allocationNumber": "123"}"#
        )
        let json = invoice.prettyPrintedJSON()
        #expect(json.contains(#""labels": {"billTo": "An", "total": "Gesamt"}"#))
        let (again, warnings) = try decode(json)
        #expect(warnings.isEmpty)
        #expect(again == invoice)
        #expect(Invoice.eInvoiceExample.prettyPrintedJSON().contains(#""language": "de""#))
    }
}
