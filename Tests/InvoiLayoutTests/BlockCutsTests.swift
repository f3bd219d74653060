import InvoiDocument
import InvoiLayoutTestSupport
import InvoiModel
import Testing

@testable import InvoiLayout

/// Cutting a block taller than a page between its text lines (`BlockCuts`), and long
/// text flowing over many pages through it.
@Suite struct BlockCutsTests {
    private func line(_ text: String, top: Double, height: Double = 10) -> DrawOp {
        .text(
            TextOp(
                text: text, font: FontSpec(weight: .regular, size: 10), color: .black, tracking: 0,
                origin: Point(x: 0, y: top + 8), direction: .leftToRight, runs: [],
                box: Rect(x: 0, y: top, width: 100, height: height), alignment: .left))
    }

    @Test func aCutIsALineBottomThatNoLineStraddles() {
        // Lines at 0, 10, 20, 30; a tall one beside them from 5 to 25.
        let block = Block(
            height: 40,
            ops: [
                line("a", top: 0), line("b", top: 10), line("c", top: 20), line("d", top: 30),
                line("tall", top: 5, height: 20),
            ])
        let cuts = BlockCuts(block)
        #expect(cuts.cut(after: 0, atMost: 39) == 30)
        #expect(cuts.cut(after: 0, atMost: 29) == nil)  // 10 and 20 are straddled by "tall", 25 by "c"
        #expect(cuts.cut(after: 30, atMost: 39) == nil)
        #expect(cuts.cut(after: 25, atMost: 40) == 40)
    }

    @Test func piecesTakeTheOpsThatStartInThemMovedToTheirStart() {
        let block = Block(
            height: 40, ops: [line("a", top: 0), line("b", top: 10), line("c", top: 20), line("d", top: 30)])
        let pieces = BlockCuts(block).pieces(cutAt: [10, 30], startingAt: [0, 10, 30])
        #expect(pieces.map { $0.map(\.textValue) } == [["a"], ["b", "c"], ["d"]])
        #expect(pieces[1].map(\.topY) == [0, 10])
        #expect(pieces[2].map(\.topY) == [0])
    }

    @Test func theSpaceAboveAPieceIsDroppedWhenAsked() {
        let block = Block(height: 50, ops: [line("a", top: 0), line("b", top: 25)])
        let cuts = BlockCuts(block)
        #expect(cuts.firstTop(after: 10) == 25)
        #expect(cuts.firstTop(after: 40) == 40)
    }

    /// A word of 100,000 characters, far taller than a page: every line on exactly one
    /// page, in order, none lost, none beyond the page's bottom margin.
    @Test func anOverLongWordFlowsOverPagesWhole() {
        let layout = InvoiceLayout(shaper: FixedAdvanceShaper())
        let word = String(repeating: "W", count: 100_000)
        var content = PaginationTests().content(items: 1)
        content.sender.name = word
        let document = layout.document(for: content)
        #expect(document.pages.count > 10)
        let pieces = document.pages.flatMap { page in
            page.textOps.filter { $0.text.allSatisfy { $0 == "W" } }.sorted { $0.box.minY < $1.box.minY }.map(\.text)
        }
        #expect(pieces.joined() == word)
        let bottom = PaperSize.a4.size.height - InvoiceStyle.standard.margins.top
        for page in document.pages {
            #expect(page.textOps.allSatisfy { $0.box.maxY <= bottom + 0.01 })
        }
    }
}

extension DrawOp {
    fileprivate var textValue: String? {
        if case .text(let text) = self { text.text } else { nil }
    }
}

/// Metadata carries a short form of long text: each SVG page repeats the title.
@Suite struct MetadataTextTests {
    @Test func aLongSenderNameIsShortenedInTheTitleAndAuthor() {
        var invoice = Invoice.sample
        invoice.fromName = String(repeating: "W", count: 1 << 20)
        let content = InvoiceContent(invoice: invoice)
        #expect(content.documentTitle.count == 200)
        #expect(content.documentTitle.hasSuffix("W…"))
        #expect(content.author.count == 200)
        #expect(content.sender.name.count == 1 << 20)  // the page shows it all
    }

    @Test func shortTextIsKept() {
        #expect(InvoiceContent(invoice: .sample).author == Invoice.sample.fromName)
    }
}

/// A long table is laid out twice — measured, then a page at a time — and must come out
/// exactly as when its rows are laid out once and kept.
@Suite struct PagePlanTests {
    private func invoice(items: Int, rightToLeft: Bool = false) -> Invoice {
        var invoice = Invoice.sample
        invoice.lineItems = (0..<items).map { index in
            var item = LineItem.empty(number: index + 1)
            // Some rows wrap onto two or three lines; one is taller than a page.
            item.description =
                index == 40
                ? String(repeating: "A very long description of the work. ", count: 400)
                : "Work package \(index)" + String(repeating: " with more detail", count: index % 4)
            item.quantity = 1
            item.rate = 10
            return item
        }
        invoice.status = .paid
        if rightToLeft { invoice.language = "he" }
        return invoice
    }

    @Test(arguments: [false, true])
    func measuringOnlyTheHeightsGivesTheSamePages(rightToLeft: Bool) {
        let content = InvoiceContent(invoice: invoice(items: 120, rightToLeft: rightToLeft))
        var kept = InvoiceLayout(shaper: FixedAdvanceShaper())
        kept.rowsKeptWhole = .max
        var measured = kept
        measured.rowsKeptWhole = 0
        let whole = kept.layOut(content).document
        let streamed = measured.layOut(content).document
        #expect(whole.pages.count > 5)
        #expect(streamed == whole)
    }

    @Test func thePlanKnowsThePageCountBeforeAnyPage() {
        let plan = InvoiceLayout(shaper: FixedAdvanceShaper()).plan(InvoiceContent(invoice: invoice(items: 120)))
        var pages = 0
        plan.forEachPage { page in
            pages += 1
            #expect(page.textOps.contains { $0.text.contains("Page \(pages) of \(plan.outline.pageCount)") })
        }
        #expect(pages == plan.outline.pageCount)
    }

    @Test func anOutputFailureStopsTheLayout() {
        struct Full: Error {}
        let plan = InvoiceLayout(shaper: FixedAdvanceShaper()).plan(InvoiceContent(invoice: invoice(items: 120)))
        var pages = 0
        #expect(throws: Full.self) {
            try plan.forEachPage { _ in
                pages += 1
                if pages == 2 { throw Full() }
            }
        }
        #expect(pages == 2)
    }
}
