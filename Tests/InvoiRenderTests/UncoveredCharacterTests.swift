import InvoiDocument
import InvoiModel
import InvoiRender
import Testing

/// `Renderer.layOut` finds the characters no installed font covers from the layout itself,
/// and re-shapes the document only when there are some: it must list exactly what
/// re-shaping every text op lists, in the same order.
@Suite struct UncoveredCharacterTests {
    let settings = RenderSettings(format: .pdf)

    @Test func sampleHasNone() throws {
        let renderer = try #require(GoldenTests.renderer)
        let laidOut = try renderer.layOut(.sample, settings: settings)
        #expect(laidOut.uncoveredCharacters.isEmpty)
        #expect(renderer.uncoveredCharacters(in: laidOut.document).isEmpty)
    }

    /// Devanagari and a private-use character (no font of the fixed set has them) in the
    /// header, on the second line of a wrapped description on a later page, and in the bank details.
    @Test func listsThemInOrderOfFirstAppearance() throws {
        let renderer = try #require(GoldenTests.renderer)
        var invoice = Invoice.sample
        invoice.fromName = "Studio \u{0915}"
        invoice.lineItems = (1...60).map { number in
            LineItem(id: "item-\(number)", description: "Work item \(number)", quantity: 1, rate: 10)
        }
        invoice.lineItems[49].description = String(repeating: "long words ", count: 12) + "\u{E000}"
        invoice.bankName = "Bank \u{0916}"

        let laidOut = try renderer.layOut(invoice, settings: settings)
        #expect(laidOut.document.pages.count > 2)
        #expect(laidOut.uncoveredCharacters == ["\u{0915}", "\u{E000}", "\u{0916}"])
        #expect(laidOut.uncoveredCharacters == renderer.uncoveredCharacters(in: laidOut.document))
    }

    @Test func layOutGivesTheSameDocument() throws {
        let renderer = try #require(GoldenTests.renderer)
        var invoice = Invoice.sample
        invoice.toName = "Client \u{0915}"
        #expect(
            try renderer.layOut(invoice, settings: settings).document
                == renderer.document(for: invoice, settings: settings))
        #expect(
            try renderer.layOut(.sample, settings: settings).document
                == renderer.document(for: .sample, settings: settings))
    }
}
