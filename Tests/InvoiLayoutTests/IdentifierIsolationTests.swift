import InvoiDocument
import InvoiLayout
import InvoiModel
import Testing

/// Identifiers stand on the page as left-to-right isolates: their parts keep their order
/// whatever the document's direction, and a link holds the address, not the isolate.
@Suite struct IdentifierIsolationTests {
    @Test func emailLinksOfARightToLeftPageHoldTheBareAddress() throws {
        let document = try ShaperKind.realFonts.layout().document(for: RightToLeftTests.invoice(language: "he"))
        let links = document.pages.flatMap(\.ops).compactMap { op -> String? in
            if case .link(let link) = op { return link.uri }
            return nil
        }
        #expect(links == ["mailto:noa@levi.co.il"])
    }

    @Test func aNonLatinIdentifierOnALeftToRightPageIsLeftToRight() throws {
        var invoice = RightToLeftTests.invoice(language: "en")
        invoice.toEmail = "דוד@example.co.il"
        invoice.invoiceNumber = "חש-2026-7"
        let document = try ShaperKind.realFonts.layout().document(for: invoice)
        let email = try #require(document.allTextOps.first { $0.text.contains("@example.co.il") })
        #expect(email.text == "\u{2066}\u{2067}דוד\u{2069}@example.co.il\u{2069}")
        #expect(email.direction == .leftToRight)
        // The address reads from its Hebrew name to its domain, left to right.
        let shown = email.runs.map { String(decoding: Array(email.text.utf8)[$0.textRange], as: UTF8.self) }
        #expect(shown.firstIndex { $0.contains("דוד") }! < shown.firstIndex { $0.contains("example") }!)
    }

    @Test func identifiersOfARightToLeftPageAreLeftToRightIsolates() throws {
        var invoice = RightToLeftTests.invoice(language: "he")
        invoice.fromTaxId = "IL 515 123 456"
        invoice.buyerReference = "PO 77 12"
        let document = try ShaperKind.realFonts.layout().document(for: invoice)
        let taxLine = try #require(document.allTextOps.first { $0.text.contains("515") })
        #expect(taxLine.text.contains("\u{2066}IL 515 123 456\u{2069}"))
        // Shaped alone, a reference or an account number is a left-to-right paragraph.
        for value in ["PO 77 12", "IL62 0108 0000 0009 9999 999", "+972-52-555-0187"] {
            let op = try #require(document.text(value), "\(value)")
            #expect(op.direction == .leftToRight)
            #expect(op.runs.allSatisfy { $0.direction == .leftToRight })
        }
    }

    /// The byte offsets of the op's digits in the order its glyphs are drawn, left to right.
    static func digitsLeftToRight(_ op: TextOp) -> [Int] {
        let bytes = Array(op.text.utf8)
        return op.runs.flatMap(\.glyphs).map(\.cluster).filter { (0x30...0x39).contains(bytes[$0]) }
    }

    @Test(arguments: ["en", "he"])
    func digitGroupsAfterARightToLeftWordKeepTheirOrder(_ language: String) throws {
        var invoice = RightToLeftTests.invoice(language: language)
        invoice.orderReference = "IL62 0108 בנק 0000 0009"
        invoice.invoiceNumber = "INV \u{0640}6016 1331"
        let document = try ShaperKind.realFonts.layout().document(for: invoice)
        for needle in ["0108", "6016"] {
            let op = try #require(document.allTextOps.first { $0.text.contains(needle) })
            let digits = Self.digitsLeftToRight(op)
            #expect(digits.count >= 8)
            #expect(digits == digits.sorted(), "\(op.text): \(digits)")
        }
    }
}
