import Foundation
import InvoiModel
import Testing

/// The round trip's comparison finds what differs, names it, and nothing else.
@Suite struct FieldComparisonTests {
    @Test func namesEachDifferingLeafWithBothValues() {
        let original = Invoice.eInvoiceExample
        var changed = original
        changed.lineItems[1].quantity = 2
        changed.lineItems[0].vatRate = 7
        changed.toCity = "Anderswo"
        changed.delivery = .date(CalendarDate(iso: "2026-02-01")!)
        let found = FieldComparison().differences(original, changed).map(\.description)
        #expect(found.contains("lineItems[1].quantity: expected 1, got 2"), "\(found)")
        #expect(found.contains("lineItems[0].vatRate: expected nil, got 7"), "\(found)")
        #expect(found.contains("toCity: expected \"Musterstadt\", got \"Anderswo\""), "\(found)")
        #expect(found.contains { $0.hasPrefix("delivery: expected period(") }, "\(found)")
        #expect(found.count == 4, "\(found)")
    }

    @Test func equalDecimalsWrittenDifferentlyAreEqual() {
        var original = Invoice.eInvoiceExample
        var read = original
        original.lineItems[0].rate = Decimal(string: "85.50")!
        read.lineItems[0].rate = Decimal(string: "85.5")!
        #expect(FieldComparison().differences(original, read).isEmpty)
    }

    @Test func countsAndExclusions() {
        let original = Invoice.eInvoiceExample
        var read = original
        read.lineItems.removeLast()
        read.lineItems[0].id = "1"
        read.logoAlt = "Logo"
        let found = FieldComparison(excluded: ["lineItems[*].id", "logoAlt"]).differences(original, read)
        #expect(found.map(\.description) == ["lineItems.count: expected 2, got 1"])
    }
}
