import InvoiDocument
import InvoiLayout
import InvoiModel
import Testing

/// Amounts in an overridden right-to-left locale (`--locale ar-EG`) on a left-to-right page.
@Suite struct OverriddenLocaleTests {
    /// ICU's leading right-to-left mark made each amount a right-to-left paragraph, which
    /// showed `$-1,828,877.18 US` for `-1,828,877.18 US$`.
    @Test func arabicLocaleAmountsReadAsStored() throws {
        var invoice = Invoice.sample
        invoice.lineItems = [LineItem(id: "item-1", description: "Refund", quantity: -1, rate: decimal("1523981.98"))]
        let document = try ShaperKind.realFonts.layout().document(for: invoice, locale: "ar-EG")
        let amounts = document.allTextOps.filter { $0.text.contains("US$") }
        #expect(amounts.count >= 4)
        for op in amounts {
            #expect(
                !op.text.unicodeScalars.contains { ["\u{200E}", "\u{200F}", "\u{061C}"].contains($0) }, "\(op.text)")
            #expect(op.direction == .leftToRight, "\(op.text)")
            #expect(op.runs.allSatisfy { $0.direction == .leftToRight }, "\(op.text)")
        }
        #expect(document.text("-1,828,778.38\u{A0}US$") != nil)
    }
}
