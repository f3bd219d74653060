import InvoiDocument
import InvoiLayoutTestSupport
import InvoiText
import Testing

@testable import InvoiLayout

@Suite struct LineEndTests {
    let layout = InvoiceLayout(shaper: FixedAdvanceShaper())

    func content(description: String, address: String) -> InvoiceContent {
        InvoiceContent(
            title: "INVOICE", invoiceNumber: "INV-1",
            sender: .init(name: "Acme", email: "", details: [address]),
            client: .init(name: "", email: "", details: []), dates: [],
            items: [.init(description: description, quantity: "1", rate: "$1.00", amount: "$1.00")],
            totalsRows: [], total: .init(label: "Total", value: "$1.00"), paymentRows: [],
            documentTitle: "", author: "")
    }

    @Test func wrappedLinesSayHowTheyContinue() {
        let words = (1...40).map { "word\($0)" }.joined(separator: " ")
        let unbroken = String(repeating: "x", count: 120)
        let document = layout.document(
            for: content(description: words + "\n" + unbroken, address: "Line one\nLine two"))
        let ops = document.pages[0].textOps
        let description = ops.filter { $0.text.hasPrefix("word") || $0.text.contains("word") }
        #expect(description.count > 1)
        #expect(description.dropLast().allSatisfy { $0.lineEnd == .wrappedAtSpace })
        #expect(description.last?.lineEnd == .paragraphEnd, "an explicit newline ends the paragraph")
        let xs = ops.filter { $0.text.hasPrefix("xxx") }
        #expect(xs.count > 1)
        #expect(xs.dropLast().allSatisfy { $0.lineEnd == .wrappedInWord })
        #expect(xs.last?.lineEnd == .paragraphEnd)
        #expect(ops.first { $0.text == "Line one" }?.lineEnd == .paragraphEnd)
    }
}

/// ASCII paragraphs find their lines byte for byte, any other with Foundation's search: the two
/// must agree wherever the first answers.
@Suite struct LineEndSearchTests {
    func line(_ text: String) -> ShapedLine { ShapedLine(text: text, direction: .leftToRight, runs: []) }

    @Test func bytesAndFoundationFindTheSameEnds() throws {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["word", "x", "ab", " ", "  ", "\t", "\n", "\r\n", "-", ".", "12,50"]
        for _ in 0..<3_000 {
            let text = (0..<(1 + next(14))).map { _ in pieces[next(pieces.count)] }.joined()
            // Lines as a breaker cuts them: runs of the text without the blanks at the cuts, and
            // now and then a line that is not in it (or is empty).
            var lines: [ShapedLine] = []
            for part in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r\n" || $0 == "\t" }) {
                lines.append(line(String(part)))
                if next(7) == 0 { lines.append(line(next(2) == 0 ? "" : "zz")) }
            }
            if next(3) == 0, lines.count > 1 { lines.swapAt(0, lines.count - 1) }
            let bytes = try #require(Typesetter.asciiLineEnds(of: lines, in: text))
            #expect(bytes == Typesetter.searchedLineEnds(of: lines, in: text), "\(text.debugDescription)")
        }
    }

    @Test func otherTextGoesTheGeneralWay() {
        #expect(Typesetter.asciiLineEnds(of: [line("Grüße")], in: "Grüße aus Köln") == nil)
        #expect(Typesetter.asciiLineEnds(of: [line("a\nb")], in: "a\nb") == nil)
        #expect(Typesetter.asciiLineEnds(of: [line("Hello"), line("world")], in: "Hello world") != nil)
    }
}
