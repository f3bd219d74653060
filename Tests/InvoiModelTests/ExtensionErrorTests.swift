import Foundation
import Testing

@testable import InvoiModel

/// Bad extension fields: each error names the file and the JSON path and says what
/// is accepted (every problem reported with its JSON path).
@Suite struct ExtensionErrorTests {
    private static let oneThousand = #""lineItems": [{"quantity": 10, "rate": 100}]"#

    @Test(arguments: [
        (#""Estimate""#, #"unknown document type "Estimate" — did you mean "estimate"?"#),
        (#""estimat""#, #"unknown document type "estimat" — did you mean "estimate"?"#),
        (
            #""quote""#,
            #"unknown document type "quote"; use "invoice", "estimate", "taxInvoice", "taxInvoiceReceipt", "receipt", "proforma" or "creditNote""#
        ),
        ("1", "expected a string, got 1; put it in double quotes"),
    ])
    func badDocumentType(_ value: String, _ message: String) {
        #expect(
            rejection(#"{"documentType": \#(value)}"#).map(\.description)
                == ["invoi: error: bills/acme.json: documentType: \(message)"])
    }

    @Test(arguments: [
        (#""Paid""#, #"unknown status "Paid" — did you mean "paid"?"#),
        (#""partially paid""#, #"unknown status "partially paid" — did you mean "partial"?"#),
        (#""over_due""#, #"unknown status "over_due" — did you mean "overdue"?"#),
        (#""cancelled""#, #"unknown status "cancelled"; use "draft", "sent", "partial", "paid", "overdue" or "void""#),
        ("true", "expected a string, got true"),
    ])
    func badStatus(_ value: String, _ message: String) {
        #expect(
            rejection(#"{"status": \#(value)}"#).map(\.description)
                == ["invoi: error: bills/acme.json: status: \(message)"])
    }

    @Test(arguments: [
        (
            #"10"#, "discount",
            #"expected a discount object such as {"type": "percentage", "value": 10} or {"type": "fixed", "value": 50}, got 10"#
        ),
        (
            #"{"value": 10}"#, "discount",
            #"the discount has no "type"; give "percentage" or "fixed", as in {"type": "percentage", "value": 10} or {"type": "fixed", "value": 50}"#
        ),
        (
            #"{"type": "fixed", "value": null}"#, "discount",
            #"the discount has no "value"; give a number, as in {"type": "percentage", "value": 10} or {"type": "fixed", "value": 50}"#
        ),
        (
            #"{"type": "percent", "value": 10}"#, "discount.type",
            #"unknown discount type "percent" — did you mean "percentage"?"#
        ),
        (
            #"{"type": "amount", "value": 10}"#, "discount.type",
            #"unknown discount type "amount"; use "percentage" or "fixed""#
        ),
        (
            #"{"type": "percentage", "value": "10%"}"#, "discount.value",
            #"expected a number, got "10%"; write the number without quotes or %, with "type": "percentage""#
        ),
        (#"{"type": "fixed", "value": "ten"}"#, "discount.value", #"expected a number, got "ten""#),
        (
            #"{"type": "percentage", "value": 100.01}"#, "discount.value",
            "a percentage discount is from 0 to 100, got 100.01"
        ),
        (#"{"type": "percentage", "value": -1}"#, "discount.value", "a percentage discount is from 0 to 100, got -1"),
        (
            #"{"type": "fixed", "value": -0.01}"#, "discount.value",
            "a fixed discount is an amount from 0 to the subtotal, got -0.01"
        ),
        (
            #"{"type": "fixed", "value": 1000.01}"#, "discount.value",
            "the fixed discount 1000.01 is more than the subtotal $1,000.00; a fixed discount is from 0 to the subtotal"
        ),
        (
            #"{"type": "fixed", "value": 2e12}"#, "discount.value",
            "2e12 is beyond the limit of ±1000000000000 (10^12) that invoi accepts for amounts"
        ),
    ])
    func badDiscount(_ value: String, _ path: String, _ message: String) {
        #expect(
            rejection(#"{\#(Self.oneThousand), "discount": \#(value)}"#).map(\.description)
                == ["invoi: error: bills/acme.json: \(path): \(message)"])
    }

    @Test func fixedDiscountIsCheckedAgainstTheSubtotalInItsCurrency() {
        #expect(
            rejection(
                """
                {"currency": "EUR", "lineItems": [{"quantity": 3, "rate": 0.335}], "discount": {"type": "fixed", "value": 1.02}}
                """
            ).map(\.message) == [
                "the fixed discount 1.02 is more than the subtotal 1,01\u{A0}€; a fixed discount is from 0 to the subtotal"
            ])
        #expect(rejection(#"{"discount": {"type": "fixed", "value": 1}}"#).map(\.path) == ["discount.value"])
    }

    @Test func discountsAtTheirBoundsAreAccepted() throws {
        for discount in [
            #"{"type": "fixed", "value": 1000}"#, #"{"type": "fixed", "value": 0}"#,
            #"{"type": "percentage", "value": 100}"#, #"{"type": "percentage", "value": 0}"#,
        ] {
            let (invoice, warnings) = try decode(#"{\#(Self.oneThousand), "discount": \#(discount)}"#)
            #expect(warnings.isEmpty)
            #expect(invoice.discount != nil)
        }
        // Nothing to discount: only a zero fixed discount fits an empty invoice.
        #expect(try decode(#"{"discount": {"type": "fixed", "value": 0}}"#).invoice.discount?.value == 0)
    }

    @Test func unknownDiscountFieldsWarn() throws {
        let (invoice, warnings) = try decode(
            #"{\#(Self.oneThousand), "discount": {"type": "fixed", "value": 5, "vlaue": 6, "note": "x"}}"#)
        #expect(invoice.discount == Discount(kind: .fixed, value: 5))
        #expect(
            warnings.map(\.description) == [
                #"invoi: warning: bills/acme.json: discount: unknown field "vlaue" — did you mean "value"?"#,
                #"invoi: warning: bills/acme.json: discount: unknown field "note" is ignored"#,
            ])
    }

    @Test func discountFieldGivenTwice() {
        #expect(
            rejection(#"{\#(Self.oneThousand), "discount": {"type": "fixed", "type": "percentage", "value": 5}}"#).map(
                \.path)
                == ["discount.type"])
    }

    @Test(arguments: [
        ("-0.01", "amountPaid is the amount already received, 0 or more, got -0.01"),
        ("-500", "amountPaid is the amount already received, 0 or more, got -500"),
        (
            "1000000000000.5",
            "1000000000000.5 is beyond the limit of ±1000000000000 (10^12) that invoi accepts for amounts"
        ),
        (#""500""#, #"expected a number, got "500"; write the number without quotes"#),
    ])
    func badAmountPaid(_ value: String, _ message: String) {
        #expect(
            rejection(#"{"amountPaid": \#(value)}"#).map(\.description)
                == ["invoi: error: bills/acme.json: amountPaid: \(message)"])
    }

    @Test func balanceDueBeyondTheLimit() {
        #expect(
            rejection(#"{"lineItems": [{"rate": -1e12}], "amountPaid": 1}"#).map(\.description) == [
                "invoi: error: bills/acme.json: amountPaid: the balance due -1000000000001 (total minus amountPaid) is beyond the limit of ±1000000000000 (10^12)"
            ])
    }

    @Test func overpaymentWarns() throws {
        let (invoice, warnings) = try decode(#"{\#(Self.oneThousand), "amountPaid": 1000.01}"#)
        #expect(invoice.totals.balanceDue?.amount == decimal("-0.01"))
        #expect(
            warnings.map(\.description) == [
                "invoi: warning: bills/acme.json: amountPaid: $1,000.01 paid is more than the total $1,000.00: the balance due is negative"
            ])
        #expect(try decode(#"{\#(Self.oneThousand), "amountPaid": 1000}"#).warnings.isEmpty)
        #expect(try decode(#"{"amountPaid": 0}"#).warnings.isEmpty)
    }

    private static let colourForms =
        ##"expected a colour as "#RRGGBB" (e.g. "#3B82F6") or a theme name ("blue", "green", "purple" or "orange")"##

    @Test(arguments: [
        (#""red""#, #"got "red""#),
        (##""#12345""##, ##"got "#12345""##),
        (##""#1234567""##, ##"got "#1234567""##),
        (##""#GG0000""##, ##"got "#GG0000""##),
        (#""""#, #"got """#),
        (#""Blue""#, #"got "Blue" — did you mean "blue"?"#),
        (#"" green ""#, #"got " green " — did you mean "green"?"#),
        (##""#38f""##, ##"got "#38f" — did you mean "#3388FF"?"##),
        (##""3B82F6""##, ##"got "3B82F6" — did you mean "#3B82F6"?"##),
        (#""rgb(1, 2, 3)""#, #"got "rgb(1, 2, 3)""#),
    ])
    func badAccentColor(_ value: String, _ found: String) {
        #expect(
            rejection(#"{"accentColor": \#(value)}"#).map(\.description)
                == ["invoi: error: bills/acme.json: accentColor: \(Self.colourForms), \(found)"])
    }

    @Test func accentColorMustBeAString() {
        #expect(
            rejection(#"{"accentColor": 3900150}"#).map(\.message) == [
                "expected a string, got 3900150; put it in double quotes"
            ])
    }

    @Test(arguments: [
        (#""""#, #"expected the path of a PNG, JPEG or SVG image, got ""; leave the field out for no logo"#),
        (#""  ""#, #"expected the path of a PNG, JPEG or SVG image, got "  "; leave the field out for no logo"#),
        (
            #""logo.gif""#,
            #""logo.gif" is not a PNG, JPEG or SVG image (by its extension ".gif"); give a .png, .jpg, .jpeg or .svg file"#
        ),
        // Found by tools/fuzz json: the extension was quoted raw, with the path's line break.
        (
            #""logo.s\n[vg""#,
            #""logo.s\n[vg" is not a PNG, JPEG or SVG image (by its extension ".s\n[vg"); give a .png, .jpg, .jpeg or .svg file"#
        ),
        (#""brand/logo""#, #""brand/logo" has no file extension; give a .png, .jpg, .jpeg or .svg file"#),
        (#""img.png/""#, #""img.png/" has no file extension; give a .png, .jpg, .jpeg or .svg file"#),
        ("[]", "expected a string, got an array"),
    ])
    func badLogo(_ value: String, _ message: String) {
        #expect(
            rejection(#"{"logo": \#(value)}"#).map(\.description)
                == ["invoi: error: bills/acme.json: logo: \(message)"])
    }

    /// Every bad extension is reported with the rest of the file's problems, in source order.
    @Test func reportsEveryExtensionProblemTogether() {
        let diagnostics = rejection(
            """
            {
              "documentType": "bill",
              "notes": 5,
              "vatRate": 120,
              "discount": {"type": "percent", "value": 200},
              "amountPaid": -1,
              "fromTaxId": ["DE1"],
              "status": "done",
              "logo": "logo.bmp",
              "accentColor": "#12",
              "colr": "red"
            }
            """)
        #expect(
            diagnostics.map(\.path) == [
                "documentType", "notes", "vatRate", "discount.type", "amountPaid",
                "fromTaxId", "status", "logo", "accentColor", "",
            ])
        #expect(diagnostics.map(\.severity) == Array(repeating: .error, count: 9) + [.warning])
    }

    /// A bad discount value is reported once, not again by the subtotal check.
    @Test func aBadDiscountIsReportedOnce() {
        #expect(rejection(#"{"discount": {"type": "fixed", "value": -5}}"#).count == 1)
    }
}
