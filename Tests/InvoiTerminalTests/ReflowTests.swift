import InvoiDocument
import Testing

@testable import InvoiTerminal

@Suite struct ReflowTests {
    func op(_ text: String, y: Double, end: LineEnd) -> TextOp {
        TextOp(
            text: text, font: FontSpec(weight: .regular, size: 9), color: Color(rgb: 0x111111), tracking: 0,
            origin: Point(x: 42, y: y + 10), direction: .leftToRight, runs: [],
            box: Rect(x: 42, y: y, width: 200, height: 14),
            alignment: .left, lineEnd: end)
    }

    @Test func wrappedLinesOfOneParagraphAreJoined() {
        let ops: [DrawOp] = [
            .text(op("Brand identity:", y: 100, end: .wrappedAtSpace)),
            .text(op("logo and type", y: 114, end: .wrappedInWord)),
            .text(op("system", y: 128, end: .paragraphEnd)),
            .text(op("Next", y: 142, end: .paragraphEnd)),
        ]
        let joined = Reflow.joiningWrappedLines(ops)
        #expect(joined.count == 2)
        guard case .text(let first) = joined[0].op else {
            Issue.record("not text")
            return
        }
        #expect(first.text == "Brand identity: logo and typesystem")
        #expect(joined[0].lastBaseline == 138)
        #expect(first.box.maxY == 142)
    }

    @Test func aWrappedLineIsNotJoinedAcrossColumns() {
        var other = op("other column", y: 114, end: .paragraphEnd)
        other.box.x = 300
        let joined = Reflow.joiningWrappedLines([.text(op("first", y: 100, end: .wrappedAtSpace)), .text(other)])
        #expect(joined.count == 2)
    }

    @Test func thePreviewShowsAWrappedParagraphOnOneRowWhenItFits() {
        let page = Page(
            size: PaperSize.a4.size,
            ops: [
                .text(op("Brand identity: logo, colour palette and type", y: 100, end: .wrappedAtSpace)),
                .text(op("system", y: 114, end: .paragraphEnd)),
            ])
        let text = String(
            decoding: TerminalBackend().text(
                of: Document(pages: [page], metadata: .init(title: "", author: "")),
                columns: 140, usesColor: false), as: UTF8.self)
        #expect(text.contains("Brand identity: logo, colour palette and type system"))
    }
}
