import InvoiDocument
import InvoiLayout
import InvoiLayoutTestSupport
import InvoiTestSupport
import InvoiText
import Testing

/// Properties every layout must have, over many generated invoices (fixed advances).
@Suite struct LayoutPropertyTests {
    let layout = InvoiceLayout(shaper: FixedAdvanceShaper())
    let shaper = FixedAdvanceShaper()

    func inkRect(_ op: TextOp) -> Rect {
        let metrics = shaper.metrics(for: op.font)
        return Rect(
            x: op.origin.x, y: op.origin.y - metrics.ascent, width: op.width,
            height: metrics.ascent + metrics.descent)
    }

    @Test(arguments: 0..<120)
    func generatedInvoicesKeepTheGeometryRules(seed: Int) throws {
        var generator = ContentGenerator(rng: SplitMix64(seed: UInt64(seed)))
        let content = generator.content(maxItems: seed % 4 == 0 ? 300 : 25)
        let document = layout.document(for: content)
        let style = InvoiceStyle.standard

        for (pageIndex, page) in document.pages.enumerated() {
            let contentBox = Rect(
                x: style.margins.start, y: style.margins.start, width: page.size.width - 2 * style.margins.start,
                height: page.size.height - 2 * style.margins.top)
            let texts = page.textOps
            let rules = page.ops.compactMap { op -> LineOp? in if case .line(let l) = op { l } else { nil } }
            for text in texts {
                #expect(
                    contentBox.contains(inkRect(text)), "page \(pageIndex + 1): \(text.text) leaves the content box")
                #expect(
                    contentBox.contains(text.box), "page \(pageIndex + 1): box of \(text.text) leaves the content box")
            }
            for (i, a) in texts.enumerated() {
                for b in texts[(i + 1)...] where inkRect(a).intersects(inkRect(b)) {
                    Issue.record("page \(pageIndex + 1): \"\(a.text)\" overlaps \"\(b.text)\"")
                }
                for rule in rules {
                    let band = Rect(
                        x: min(rule.from.x, rule.to.x), y: rule.from.y - rule.width / 2,
                        width: abs(rule.to.x - rule.from.x), height: rule.width)
                    #expect(!band.intersects(inkRect(a)), "page \(pageIndex + 1): rule crosses \"\(a.text)\"")
                }
            }
        }

        // Numbers share one right edge (Rate, Amount) and one centre (Qty) across all pages.
        let allTexts = document.pages.flatMap(\.textOps)
        func ops(for strings: Set<String>, alignment: TextAlignment) -> [TextOp] {
            allTexts.filter {
                strings.contains($0.text) && $0.alignment == alignment && $0.font.size == style.itemText.font.size
            }
        }
        let amountEdges = Set(
            ops(for: Set(content.items.map(\.amount)), alignment: .right)
                .filter { $0.font.weight == .medium }.map { ($0.origin.x + $0.width) * 100 }.map { $0.rounded() })
        #expect(amountEdges.count <= 1, "amount right edges: \(amountEdges)")
        let rateEdges = Set(
            ops(for: Set(content.items.map(\.rate)), alignment: .right)
                .filter { $0.font.weight == .regular }.map { (($0.origin.x + $0.width) * 100).rounded() })
        #expect(rateEdges.count <= 1, "rate right edges: \(rateEdges)")
        let quantityCentres = Set(
            ops(for: Set(content.items.map(\.quantity)), alignment: .center)
                .map { (($0.origin.x + $0.width / 2) * 100).rounded() })
        #expect(quantityCentres.count <= 1, "quantity centres: \(quantityCentres)")

        // Every string is there, in order (a wrapped one across consecutive ops).
        let squeezed = allTexts.map(\.text).joined().filter { !$0.isWhitespace }
        let strings =
            [content.sender.name, content.client.name, content.invoiceNumber] + content.sender.details
            + content.client.details + content.items.flatMap { [$0.description, $0.rate, $0.amount] }
            + content.paymentRows.map(\.value) + [content.total.value]
        for string in strings where !string.isEmpty {
            let needle = string.filter { !$0.isWhitespace }
            #expect(squeezed.contains(needle), "missing: \(string)")
        }

        // Footers exactly when there is more than one page; the table header on every page with rows.
        let count = document.pages.count
        for (index, page) in document.pages.enumerated() {
            let pageText = page.textOps.map(\.text).joined().filter { !$0.isWhitespace }
            let footer = pageText.hasSuffix("Page\(index + 1)of\(count)")
            #expect(footer == (count > 1), "footer on page \(index + 1) of \(count)")
            let hasRows = page.textOps.contains { op in content.items.contains { $0.amount == op.text } }
            if hasRows {
                #expect(page.textOps.contains { $0.text == "AMOUNT" }, "table header missing on page \(index + 1)")
            }
        }
    }
}
