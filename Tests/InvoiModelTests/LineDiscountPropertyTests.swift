import Foundation
import InvoiTestSupport
import Testing

@testable import InvoiModel

/// Line discounts against an independent integer oracle: for seeded random invoices — random
/// currencies, negative lines, several VAT rates, percentage discounts with up to 2 decimals
/// and fixed ones up to the line's amount — each line's gross, discount and net, each VAT
/// row and the totals are what integer arithmetic in minor units gives, and the displayed
/// amounts add up to the digit.
@Suite struct LineDiscountPropertyTests {
    typealias Oracle = TotalsPropertyTests

    @Test func discountedLinesAddUpPerVATRate() throws {
        var random = SplitMix64(seed: 0xD15C_0042)
        let issueDate = try #require(CalendarDate(iso: "2026-03-12"))
        let rates: [Int128] = [0, 700, 1_900, 2_100]  // hundredths of a percent
        var discounted = 0
        for iteration in 0..<2_000 {
            let currency = Currency.all.randomElement(using: &random)!
            let digits = currency.fractionDigits
            var items: [LineItem] = []
            var expected: [(gross: Int128, discount: Int128?, net: Int128)] = []
            var groups: [Int128: Int128] = [:]
            var order: [Int128] = []
            for index in 0..<Int.random(in: 1...10, using: &random) {
                let quantity = Oracle.Scaled(
                    value: Int128(Int.random(in: -2_000...200_000, using: &random)), scale: 2)
                let rate = Oracle.Scaled(value: Int128(Int.random(in: 0...5_000_000, using: &random)), scale: 3)
                let vat = rates.randomElement(using: &random)!
                var item = LineItem(id: "item-\(index + 1)", quantity: quantity.decimal, rate: rate.decimal)
                item.vatRate = Oracle.Scaled(value: vat, scale: 2).decimal
                let gross = Oracle.divideRounded(
                    quantity.value * rate.value, by: quantity.scale + rate.scale - digits)
                var taken: Int128?
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let hundredths = Int128(Int.random(in: 0...10_000, using: &random))
                    item.discount = Discount(
                        kind: .percentage, value: Oracle.Scaled(value: hundredths, scale: 2).decimal)
                    taken = Oracle.divideRounded(gross * hundredths, by: 4)
                case 1:
                    let magnitude = Int128(Int.random(in: 0...Int(gross.magnitude), using: &random))
                    item.discount = Discount(
                        kind: .fixed, value: Oracle.Scaled(value: magnitude, scale: digits).decimal)
                    taken = gross < 0 ? -magnitude : magnitude
                default: break
                }
                if taken != nil { discounted += 1 }
                items.append(item)
                let net = gross - (taken ?? 0)
                expected.append((gross, taken, net))
                if groups[vat] == nil { order.append(vat) }
                groups[vat, default: 0] += net
            }
            let invoice = Invoice(issueDate: issueDate, currency: currency, lineItems: items)
            let totals = invoice.totals
            let formatter = AmountFormatter(invoice: invoice)
            let shown = { (money: Money) in Oracle.displayedMinorUnits(formatter.string(for: money)) ?? 0 }
            let context =
                "invoice \(iteration): \(currency.code) \(items.map { "\($0.quantity)×\($0.rate) \(String(describing: $0.discount))" })"

            for (item, line) in zip(items, expected) {
                let amounts = invoice.amounts(of: item)
                #expect(shown(amounts.gross) == line.gross, "\(context)")
                #expect(amounts.discount.map(shown) == line.discount, "\(context)")
                #expect(shown(amounts.net) == line.net, "\(context)")
                // A discount moves the amount towards zero, never past it.
                #expect(line.net.magnitude <= line.gross.magnitude && line.net * line.gross >= 0, "\(context)")
            }
            #expect(totals.lineAmounts.map(shown) == expected.map(\.net), "\(context)")
            #expect(shown(totals.subtotal) == expected.reduce(0) { $0 + $1.net }, "\(context)")
            let expectedRows = order.map { vat in (groups[vat]!, Oracle.divideRounded(groups[vat]! * vat, by: 4)) }
            #expect(totals.vatBreakdown.map { shown($0.taxableAmount) } == expectedRows.map(\.0), "\(context)")
            #expect(totals.vatBreakdown.map { shown($0.vat) } == expectedRows.map(\.1), "\(context)")
            #expect(
                shown(totals.total) == expected.reduce(0) { $0 + $1.net } + expectedRows.reduce(0) { $0 + $1.1 },
                "\(context)")
        }
        #expect(discounted > 4_000)
    }
}
