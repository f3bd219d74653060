import Foundation
import Testing

@testable import InvoiModel

/// A line's `date`, `itemId` and `discount`, and the amounts a line discount gives: each
/// expected amount is worked out by hand in the test's comment, never by the code under test.
struct LineFieldTests {
    private func errors(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        rejection(json, sourceLocation: sourceLocation).filter { $0.severity == .error }.map {
            "\($0.path): \($0.message)"
        }
    }

    private func line(_ members: String, currency: String = "EUR") -> String {
        #"{"currency": "\#(currency)", "lineItems": [{"description": "Design", \#(members)}]}"#
    }

    @Test func dateItemIdAndDiscountAreRead() throws {
        let (invoice, warnings) = try decode(
            line(
                #""quantity": 2, "rate": 50, "date": "2026-03-02", "itemId": "SKU-0042", "discount": {"type": "percentage", "value": 10}"#
            ))
        #expect(warnings.isEmpty)
        let item = try #require(invoice.lineItems.first)
        #expect(item.date == CalendarDate(year: 2026, month: 3, day: 2))
        #expect(item.itemId == "SKU-0042")
        #expect(item.discount == Discount(kind: .percentage, value: 10))
    }

    @Test func anEmptyDateIsNone() throws {
        let (invoice, warnings) = try decode(line(#""date": """#))
        #expect(invoice.lineItems.first?.date == nil)
        #expect(warnings.isEmpty)
    }

    @Test func aDateThatIsNoDateIsRefused() {
        #expect(
            errors(line(#""date": "2026-02-30""#)).first?.hasPrefix("lineItems[0].date: ") == true)
        #expect(
            errors(line(#""date": 20260302"#)) == [
                #"lineItems[0].date: expected a date as a string "YYYY-MM-DD", got 20260302"#
            ])
    }

    @Test func theItemIdIsAnIdentifier() {
        #expect(
            errors(line(#""itemId": "SKU\u202E24""#)) == [
                "lineItems[0].itemId: U+202E RIGHT-TO-LEFT OVERRIDE (character 4) is not allowed in an identifier: this invisible character can show its characters in another order than they are stored; remove it"
            ])
    }

    @Test func aLinePercentageIsFromZeroToAHundred() {
        #expect(
            errors(line(#""rate": 10, "discount": {"type": "percentage", "value": 101}"#)) == [
                "lineItems[0].discount.value: a percentage discount is from 0 to 100, got 101"
            ])
    }

    @Test func aNegativeFixedLineDiscountIsRefused() {
        #expect(
            errors(line(#""rate": 10, "discount": {"type": "fixed", "value": -1}"#)) == [
                "lineItems[0].discount.value: a fixed discount is an amount from 0 to the line's quantity × rate, got -1"
            ])
    }

    @Test func aFixedDiscountIsAtMostTheLinesWorth() throws {
        #expect(
            errors(line(#""quantity": 2, "rate": 50, "discount": {"type": "fixed", "value": 100.01}"#)) == [
                "lineItems[0].discount.value: the fixed discount 100.01 is more than the line's quantity × rate (2 × 50 = 100); a fixed discount on a line is from 0 to 100"
            ])
        #expect(
            errors(line(#""quantity": -2, "rate": 50, "discount": {"type": "fixed", "value": 101}"#)) == [
                "lineItems[0].discount.value: the fixed discount 101 is more than the line's quantity × rate (-2 × 50 = -100) in magnitude; a fixed discount on a credit line is from 0 to 100, and it shrinks the credit"
            ])
        // All of it is allowed: the line is then free.
        let (invoice, _) = try decode(line(#""quantity": 2, "rate": 50, "discount": {"type": "fixed", "value": 100}"#))
        #expect(invoice.totals.subtotal.amount == 0)
    }

    /// 3 × 3.33 = 9.99; 10 % of it is 0.999, rounded 1.00; 9.99 − 1.00 = 8.99.
    @Test func aPercentageIsTakenFromTheRoundedGross() throws {
        let (invoice, _) = try decode(
            line(#""quantity": 3, "rate": 3.33, "discount": {"type": "percentage", "value": 10}"#))
        let amounts = invoice.amounts(of: invoice.lineItems[0])
        #expect(amounts.gross.amount == decimal("9.99"))
        #expect(amounts.discount?.amount == decimal("1.00"))
        #expect(amounts.net.amount == decimal("8.99"))
        #expect(invoice.totals.lineAmounts.map(\.amount) == [decimal("8.99")])
    }

    /// −2 × 50 = −100: 10 % takes −10 (net −90); a fixed 5 takes −5 (net −95).
    @Test func aDiscountShrinksACreditLinesMagnitude() throws {
        let (percent, _) = try decode(
            line(#""quantity": -2, "rate": 50, "discount": {"type": "percentage", "value": 10}"#))
        #expect(percent.amounts(of: percent.lineItems[0]).discount?.amount == -10)
        #expect(percent.amounts(of: percent.lineItems[0]).net.amount == -90)
        let (fixed, _) = try decode(line(#""quantity": 2, "rate": -50, "discount": {"type": "fixed", "value": 5}"#))
        #expect(fixed.amounts(of: fixed.lineItems[0]).discount?.amount == -5)
        #expect(fixed.amounts(of: fixed.lineItems[0]).net.amount == -95)
    }

    /// Yen have no minor unit: 7 × 143 = 1001; 15 % is 150.15, rounded 150; net 851.
    @Test func theDiscountIsRoundedToTheCurrencysDigits() throws {
        let (invoice, _) = try decode(
            line(#""quantity": 7, "rate": 143, "discount": {"type": "percentage", "value": 15}"#, currency: "JPY"))
        let amounts = invoice.amounts(of: invoice.lineItems[0])
        #expect(amounts.discount?.amount == 150)
        #expect(amounts.net.amount == 851)
    }

    @Test func aLineWithoutADiscountHasItsGrossAsItsAmount() throws {
        let (invoice, _) = try decode(line(#""quantity": 3, "rate": 3.335"#))
        let amounts = invoice.amounts(of: invoice.lineItems[0])
        #expect(amounts.discount == nil)
        #expect(amounts.gross.amount == decimal("10.01"))
        #expect(amounts.net == amounts.gross)
    }

    /// Lines at 19 % and 7 %: 2 × 100 less 10 % = 180 and 1 × 50 less 5 = 45; subtotal 225;
    /// VAT 180 × 0.19 = 34.20 and 45 × 0.07 = 3.15; total 262.35.
    @Test func theTotalsAndTheBreakdownFollowTheNetAmounts() throws {
        let (invoice, _) = try decode(
            """
            {"currency": "EUR", "vatRate": 19, "lineItems": [
              {"description": "A", "quantity": 2, "rate": 100, "discount": {"type": "percentage", "value": 10}},
              {"description": "B", "quantity": 1, "rate": 50, "vatRate": 7, "discount": {"type": "fixed", "value": 5}}
            ]}
            """)
        let totals = invoice.totals
        #expect(totals.subtotal.amount == 225)
        #expect(totals.vatBreakdown.map(\.taxableAmount.amount) == [180, 45])
        #expect(totals.vatBreakdown.map(\.vat.amount) == [decimal("34.20"), decimal("3.15")])
        #expect(totals.total.amount == decimal("262.35"))
    }

    /// 2 × 100 less 10 % = 180; the invoice's 20 % takes 36; taxable 144, VAT 10 % 14.40.
    @Test func theInvoicesDiscountIsTakenFromTheNetSubtotal() throws {
        let (invoice, _) = try decode(
            #"{"vatRate": 10, "discount": {"type": "percentage", "value": 20}, "lineItems": [{"description": "A", "quantity": 2, "rate": 100, "discount": {"type": "percentage", "value": 10}}]}"#
        )
        #expect(invoice.totals.discount?.amount == 36)
        #expect(invoice.totals.total.amount == decimal("158.40"))
        #expect(
            errors(
                #"{"discount": {"type": "fixed", "value": 190}, "lineItems": [{"description": "A", "quantity": 2, "rate": 100, "discount": {"type": "fixed", "value": 20}}]}"#
            ) == [
                "discount.value: the fixed discount 190 is more than the subtotal $180.00; a fixed discount is from 0 to the subtotal"
            ])
    }

    @Test func theFieldsSurviveTheJSONTheAppWrites() throws {
        var invoice = Invoice.firstLaunch(today: testToday)
        var item = LineItem(id: "a", description: "Design", quantity: 2, rate: 50)
        item.date = CalendarDate(year: 2026, month: 3, day: 2)
        item.itemId = "SKU-1"
        item.discount = Discount(kind: .fixed, value: decimal("12.5"))
        invoice.lineItems = [item]
        let read = try InvoiceDecoder(today: testToday).decode(Data(invoice.prettyPrintedJSON().utf8), file: "a.json")
        #expect(read.warnings.isEmpty)
        #expect(read.invoice.lineItems == [item])
    }
}
