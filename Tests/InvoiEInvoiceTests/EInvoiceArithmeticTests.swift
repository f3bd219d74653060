import Foundation
import InvoiEInvoice
import InvoiModel
import InvoiTestSupport
import Testing

/// Over many random invoices, the written XML adds up the way EN 16931's rules check it:
/// the lines' net amounts sum to BT-106 (BR-CO-10), BT-106 − BT-107 = BT-109 (BR-CO-13),
/// BT-109 + BT-110 = BT-112 (BR-CO-15), BT-112 − BT-113 = BT-115 (BR-CO-16), and the
/// breakdown's rows add up to BT-109 and BT-110 (BR-CO-14). Checked in Swift; a handful
/// also go through the validation kit.
@Suite struct EInvoiceArithmeticTests {
    static func randomInvoice(_ generator: inout SplitMix64) -> Invoice {
        var invoice = Invoice.eInvoiceExample
        let rates: [Decimal] = [0, 7, 19]
        let count = Int.random(in: 1...8, using: &generator)
        invoice.lineItems = (1...count).map { number in
            var item = LineItem(
                id: LineItem.generatedID(number: number), description: "Item \(number)",
                quantity: Decimal(Int.random(in: -2...40, using: &generator))
                    / Decimal([1, 2, 4, 100].randomElement(using: &generator)!),
                rate: Decimal(Int.random(in: 1...500_000, using: &generator))
                    / Decimal([1, 10, 100, 1000].randomElement(using: &generator)!))
            if item.quantity == 0 { item.quantity = 1 }
            return item
        }
        invoice.discount = nil
        invoice.amountPaid = nil
        invoice.vatCategory = nil
        if Bool.random(using: &generator) {
            // One rate for the whole invoice, maybe with a discount.
            invoice.vatRate = rates.randomElement(using: &generator)!
            switch Int.random(in: 0...2, using: &generator) {
            case 0:
                invoice.discount = Discount(
                    kind: .percentage, value: Decimal(Int.random(in: 1...50, using: &generator)))
            case 1:
                let subtotal = invoice.totals.subtotal.amount
                if subtotal > 1 { invoice.discount = Discount(kind: .fixed, value: (subtotal / 3).rounded(2)) }
            default: break
            }
        } else {
            invoice.vatRate = 19
            for index in invoice.lineItems.indices {
                let rate = rates.randomElement(using: &generator)!
                invoice.lineItems[index].vatRate = rate
                invoice.lineItems[index].vatCategory = rate == 0 ? .zeroRated : .standard
            }
        }
        if Int.random(in: 0...3, using: &generator) == 0 {
            invoice.amountPaid = (invoice.totals.total.amount / 2).rounded(2)
        }
        return invoice
    }

    func expectAddsUp(_ read: XMLValues.Totals, lines: Int, _ label: String) {
        #expect(read.lineNetAmounts.count == lines, "\(label)")
        #expect(read.lineNetAmounts.reduce(0, +) == read.lineTotal, "BR-CO-10 \(label)")
        #expect((read.lineTotal ?? 0) - (read.allowanceTotal ?? 0) == read.taxBasis, "BR-CO-13 \(label)")
        #expect((read.taxBasis ?? 0) + (read.taxTotal ?? 0) == read.grandTotal, "BR-CO-15 \(label)")
        #expect((read.grandTotal ?? 0) - (read.prepaid ?? 0) == read.due, "BR-CO-16 \(label)")
        #expect(read.breakdownBases.reduce(0, +) == read.taxBasis, "breakdown bases \(label)")
        #expect(read.breakdownTaxes.reduce(0, +) == read.taxTotal, "breakdown VAT \(label)")
    }

    @Test func randomInvoicesAddUp() throws {
        var generator = SplitMix64(seed: 0x1A2B_3C4D)
        var validated: [(name: String, bytes: [UInt8])] = []
        for index in 0..<300 {
            let invoice = Self.randomInvoice(&generator)
            let found = EInvoiceRequirements(profile: .en16931, syntax: .cii).problems(of: invoice)
            try #require(found == [], "case \(index): \(found)")
            let cii = try CIIWriter(profile: .en16931).write(invoice)
            // Written a piece at a time (a Factur-X's XML), the same bytes, a piece per line and the rest.
            var pieces: [[UInt8]] = []
            try CIIWriter(profile: .en16931).write(invoice) { pieces.append(Array($0)) }
            #expect(pieces.joined().elementsEqual(cii), "case \(index)")
            #expect(pieces.count == invoice.lineItems.count + 1, "case \(index)")
            let ubl = try UBLWriter(profile: .en16931).write(invoice)
            let label = "case \(index): \(invoice.prettyPrintedJSON())"
            expectAddsUp(
                XMLValues.totals(cii: String(decoding: cii, as: UTF8.self)), lines: invoice.lineItems.count, label)
            expectAddsUp(
                XMLValues.totals(ubl: String(decoding: ubl, as: UTF8.self)), lines: invoice.lineItems.count, label)
            if index < 4 {
                validated += [("random-\(index).cii", cii), ("random-\(index).ubl", ubl)]
            }
        }
        try EInvoiceValidator.expectValid(validated, profile: .en16931)
    }
}

extension Decimal {
    /// Rounded half away from zero to `digits` places.
    fileprivate func rounded(_ digits: Int) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, digits, .plain)
        return result
    }
}
