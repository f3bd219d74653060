import Foundation
import InvoiTestSupport
import Testing

@testable import InvoiModel

@Suite struct TotalsPropertyTests {
    static let invoiceCount = 10_000
    static let overrideLocales =
        Array(Set(Currency.all.map(\.conventionalLocale))).sorted() + ["ar-SA", "fr-FR", "en-US"]

    /// An amount as integer minor units with its number of decimals: `value / 10^scale`.
    struct Scaled {
        var value: Int128
        var scale: Int

        var decimal: Decimal {
            Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX"))! / pow(Decimal(10), scale)
        }
    }

    /// value / 10^shift, rounded half away from zero: the oracle for the model's rounding.
    static func divideRounded(_ value: Int128, by shift: Int) -> Int128 {
        guard shift > 0 else { return value * power(-shift) }
        let divisor = power(shift)
        let magnitude = value.magnitude
        let quotient = (magnitude + UInt128(divisor) / 2) / UInt128(divisor)
        return value < 0 ? -Int128(quotient) : Int128(quotient)
    }

    static func power(_ exponent: Int) -> Int128 {
        (0..<exponent).reduce(Int128(1)) { value, _ in value * 10 }
    }

    /// The number a formatted amount shows, in minor units: its Latin digits, negative
    /// when it has a minus sign (ASCII or U+2212).
    static func displayedMinorUnits(_ text: String) -> Int128? {
        let digits = text.filter { $0.isASCII && $0.isNumber }
        guard let magnitude = Int128(digits) else { return nil }
        return text.contains("-") || text.contains("\u{2212}") ? -magnitude : magnitude
    }

    /// For ≥ 10,000 seeded random invoices — random currencies and locales, quantities with
    /// up to 3 decimals, negative lines, VAT rates with decimals, amounts up to 10^11,
    /// percentage and fixed discounts, amounts paid — the displayed line amounts sum to the
    /// displayed subtotal, subtotal − discount + VAT = total and total − paid = balance due
    /// as displayed, and every amount equals an independent integer computation.
    @Test func displayedAmountsAddUp() throws {
        var random = SplitMix64(seed: 0x1A2B_3C4D)
        let issueDate = try #require(CalendarDate(iso: "2026-03-12"))
        for iteration in 0..<Self.invoiceCount {
            let currency = Currency.all.randomElement(using: &random)!
            let locale =
                Int.random(in: 0..<4, using: &random) == 0
                ? Self.overrideLocales.randomElement(using: &random) : nil
            let digits = currency.fractionDigits
            let large = Int.random(in: 0..<10, using: &random) == 0
            var items: [LineItem] = []
            var expectedLines: [Int128] = []
            for index in 0..<Int.random(in: 1...8, using: &random) {
                let quantity = Scaled(
                    value: Int128(Int.random(in: large ? 1...9_000 : -20_000...1_000_000, using: &random)),
                    scale: 3)
                let rateScale = Int.random(in: 0...4, using: &random)
                let rateLimit = large ? 10_000_000_000 : 100_000
                var rate = Scaled(
                    value: Int128(Int.random(in: 0...rateLimit, using: &random)) * Self.power(rateScale) / 7,
                    scale: rateScale)
                if Int.random(in: 0..<6, using: &random) == 0 { rate.value = -rate.value }
                items.append(
                    LineItem(id: "item-\(index + 1)", description: "", quantity: quantity.decimal, rate: rate.decimal))
                expectedLines.append(
                    Self.divideRounded(quantity.value * rate.value, by: quantity.scale + rate.scale - digits))
            }
            let vatHundredths =
                Int.random(in: 0..<3, using: &random) == 0 ? 0 : Int.random(in: 0...10_000, using: &random)
            let vatRate = Scaled(value: Int128(vatHundredths), scale: 2)
            let expectedSubtotal = expectedLines.reduce(0, +)
            let (discount, expectedDiscount) = Self.randomDiscount(
                subtotal: expectedSubtotal, digits: digits, using: &random)
            let (amountPaid, expectedPaid) = Self.randomPayment(large: large, digits: digits, using: &random)
            let invoice = Invoice(
                issueDate: issueDate, currency: currency, vatRate: vatRate.decimal,
                lineItems: items, locale: locale, discount: discount, amountPaid: amountPaid)

            let totals = invoice.totals
            let formatter = AmountFormatter(invoice: invoice)
            let shownLines = totals.lineAmounts.map { Self.displayedMinorUnits(formatter.string(for: $0)) }
            let shownSubtotal = Self.displayedMinorUnits(formatter.string(for: totals.subtotal))
            let shownVAT = Self.displayedMinorUnits(formatter.string(for: totals.vat))
            let shownTotal = Self.displayedMinorUnits(formatter.string(for: totals.total))
            let shownDiscount = totals.discount.map { Self.displayedMinorUnits(formatter.string(for: $0)) }
            let shownPaid = totals.paid.map { Self.displayedMinorUnits(formatter.string(for: $0)) }
            let shownBalance = totals.balanceDue.map { Self.displayedMinorUnits(formatter.string(for: $0)) }
            let context =
                "invoice \(iteration): \(currency.code) \(locale ?? "-") \(invoice.lineItems.map { "\($0.quantity)×\($0.rate)" }) VAT \(invoice.vatRate) discount \(String(describing: discount)) paid \(String(describing: amountPaid))"

            // The independent integer oracle.
            let expectedVAT = Self.divideRounded((expectedSubtotal - (expectedDiscount ?? 0)) * vatRate.value, by: 4)
            let expectedTotal = expectedSubtotal - (expectedDiscount ?? 0) + expectedVAT
            #expect(shownLines == expectedLines.map { Optional($0) }, "\(context)")
            #expect(shownSubtotal == expectedSubtotal, "\(context)")
            #expect(shownDiscount == expectedDiscount.map { Optional($0) }, "\(context)")
            #expect(shownVAT == expectedVAT, "\(context)")
            #expect(shownTotal == expectedTotal, "\(context)")
            #expect(shownPaid == expectedPaid.map { Optional($0) }, "\(context)")
            #expect(shownBalance == expectedPaid.map { Optional(expectedTotal - $0) }, "\(context)")

            // The invariants, on the displayed numbers alone.
            let lineSum = shownLines.reduce(Int128(0)) { $0 + ($1 ?? 0) }
            #expect(lineSum == shownSubtotal, "\(context)")
            #expect((shownSubtotal ?? 0) - ((shownDiscount ?? 0) ?? 0) + (shownVAT ?? 0) == shownTotal, "\(context)")
            if let shownPaid, let shownBalance {
                #expect((shownTotal ?? 0) - (shownPaid ?? 0) == shownBalance, "\(context)")
            }
        }
    }

    /// Lines with VAT rates of their own: for seeded random invoices whose lines
    /// take one of a few rates (a discount only when they share one), each tax row's VAT is
    /// its lines' rounded amounts × rate, rounded once; the rows as displayed add up to the
    /// VAT, the lines to the subtotal, and subtotal − discount + VAT = total, to the digit.
    @Test func displayedAmountsAddUpPerVATRate() throws {
        var random = SplitMix64(seed: 0x5EED_0011)
        let issueDate = try #require(CalendarDate(iso: "2026-03-12"))
        let rates: [Int128] = [0, 500, 550, 700, 1_900, 2_000, 2_100]  // hundredths of a percent
        for iteration in 0..<2_000 {
            let currency = Currency.all.randomElement(using: &random)!
            let digits = currency.fractionDigits
            let shared = Int.random(in: 0..<4, using: &random) == 0
            let sharedRate = rates.randomElement(using: &random)!
            var items: [LineItem] = []
            var expectedLines: [Int128] = []
            var groups: [Int128: Int128] = [:]
            var order: [Int128] = []
            for index in 0..<Int.random(in: 1...12, using: &random) {
                let quantity = Scaled(value: Int128(Int.random(in: -2_000...200_000, using: &random)), scale: 2)
                let rate = Scaled(value: Int128(Int.random(in: 0...5_000_000, using: &random)), scale: 3)
                let vat = shared ? sharedRate : rates.randomElement(using: &random)!
                var item = LineItem(
                    id: "item-\(index + 1)", quantity: quantity.decimal, rate: rate.decimal)
                item.vatRate = Scaled(value: vat, scale: 2).decimal
                item.vatCategory = vat > 0 ? .standard : (Bool.random(using: &random) ? .zeroRated : nil)
                items.append(item)
                let line = Self.divideRounded(quantity.value * rate.value, by: quantity.scale + rate.scale - digits)
                expectedLines.append(line)
                if groups[vat] == nil { order.append(vat) }
                groups[vat, default: 0] += line
            }
            let expectedSubtotal = expectedLines.reduce(0, +)
            let (discount, expectedDiscount) =
                shared ? Self.randomDiscount(subtotal: expectedSubtotal, digits: digits, using: &random) : (nil, nil)
            let invoice = Invoice(issueDate: issueDate, currency: currency, lineItems: items, discount: discount)
            let totals = invoice.totals
            let formatter = AmountFormatter(invoice: invoice)
            let shown = { (money: Money) in Self.displayedMinorUnits(formatter.string(for: money)) ?? 0 }
            let context =
                "invoice \(iteration): \(currency.code) \(items.map { "\($0.quantity)×\($0.rate) @\($0.vatRate!)" })"

            // The independent oracle, row by row; the discount is taken in the only row.
            let expectedRows = order.enumerated().map { index, vat in
                let taxable = groups[vat]! - (index == 0 ? (expectedDiscount ?? 0) : 0)
                return (taxable, Self.divideRounded(taxable * vat, by: 4))
            }
            #expect(totals.vatBreakdown.count == order.count, "\(context)")
            for (row, expected) in zip(totals.vatBreakdown, expectedRows) {
                #expect(shown(row.taxableAmount) == expected.0, "\(context)")
                #expect(shown(row.vat) == expected.1, "\(context)")
            }
            let expectedVAT = expectedRows.reduce(0) { $0 + $1.1 }
            #expect(shown(totals.vat) == expectedVAT, "\(context)")

            // The invariants, on the displayed numbers alone.
            #expect(totals.lineAmounts.reduce(0) { $0 + shown($1) } == shown(totals.subtotal), "\(context)")
            #expect(totals.vatBreakdown.reduce(0) { $0 + shown($1.vat) } == shown(totals.vat), "\(context)")
            #expect(
                shown(totals.subtotal) - (totals.discount.map(shown) ?? 0) + shown(totals.vat) == shown(totals.total),
                "\(context)")
            #expect(
                totals.vatBreakdown.reduce(0) { $0 + shown($1.taxableAmount) } == shown(totals.taxableAmount),
                "\(context)")
        }
    }

    /// No discount, a percentage with up to 2 decimals, or a fixed amount (with more or fewer
    /// decimals than the currency has) within the subtotal; with the discount the oracle
    /// expects, in minor units.
    static func randomDiscount(
        subtotal: Int128, digits: Int,
        using random: inout SplitMix64
    ) -> (Discount?, Int128?) {
        switch Int.random(in: 0..<3, using: &random) {
        case 1:
            let percent = Scaled(value: Int128(Int.random(in: 0...10_000, using: &random)), scale: 2)
            return (Discount(kind: .percentage, value: percent.decimal), divideRounded(subtotal * percent.value, by: 4))
        case 2 where subtotal >= 0:
            // Up to the subtotal, written with `scale` decimals.
            let scale = Int.random(in: 0...(digits + 2), using: &random)
            let limit = scale >= digits ? subtotal * power(scale - digits) : subtotal / power(digits - scale)
            let value = Scaled(value: Int128(Int.random(in: 0...Int(clamping: limit), using: &random)), scale: scale)
            return (Discount(kind: .fixed, value: value.decimal), divideRounded(value.value, by: scale - digits))
        default:
            return (nil, nil)
        }
    }

    /// No payment, or one with up to 3 decimals; with the rounded amount the oracle expects.
    static func randomPayment(large: Bool, digits: Int, using random: inout SplitMix64) -> (Decimal?, Int128?) {
        guard Bool.random(using: &random) else { return (nil, nil) }
        let scale = Int.random(in: 0...3, using: &random)
        let paid = Scaled(
            value: Int128(Int.random(in: 0...(large ? 100_000_000_000_000 : 100_000_000), using: &random)),
            scale: scale)
        return (paid.decimal, divideRounded(paid.value, by: scale - digits))
    }
}
