import Foundation
import InvoiDocument
import InvoiLayout
import InvoiLayoutTestSupport
import InvoiModel
import Testing

/// The Rate column shows the rate a reader can multiply: its own decimals up to 4, while the
/// amounts keep the currency's.
@Suite struct RateColumnTests {
    func document(_ items: [(quantity: String, rate: String)], currency: Currency, locale: String? = nil) -> Document {
        var invoice = Invoice.sample
        invoice.currency = currency
        invoice.locale = locale
        invoice.lineItems = items.enumerated().map { index, item in
            LineItem(
                id: "item-\(index + 1)", description: "Item \(index + 1)", quantity: decimal(item.quantity),
                rate: decimal(item.rate))
        }
        return InvoiceLayout(shaper: FixedAdvanceShaper()).document(for: invoice)
    }

    @Test func showsTheRatesOwnDecimals() {
        let document = document([("1000", "0.004"), ("3", "33.335"), ("2", "95")], currency: .usd)
        #expect(document.text("$0.004") != nil)
        #expect(document.text("$4.00") != nil)
        #expect(document.text("$33.335") != nil)
        #expect(document.text("$100.01") != nil)
        #expect(document.text("$95.00") != nil)
        #expect(document.text("$0.00") == nil)
        #expect(document.text("$33.34") == nil)
    }

    @Test func showsTheRatesOwnDecimalsInTheLocale() throws {
        let euro = try #require(Currency(code: "EUR"))
        let document = document([("3", "0.335")], currency: euro)
        #expect(document.text("0,335\u{A0}€") != nil)
        #expect(document.text("1,01\u{A0}€") != nil)
        let overridden = self.document([("3", "0.335")], currency: euro, locale: "en-US")
        #expect(overridden.text("€0.335") != nil)
    }
}
