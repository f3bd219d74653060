import InvoiDocument
import InvoiLayoutTestSupport
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
