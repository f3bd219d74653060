import InvoiDocument
import InvoiLayoutTestSupport
import Testing

@testable import InvoiLayout

@Suite struct PaginationTests {
    let layout = InvoiceLayout(shaper: FixedAdvanceShaper())

    func content(
        items: Int, description: (Int) -> String = { "Design work, item \($0)" },
        bank: Bool = true
    ) -> InvoiceContent {
        InvoiceContent(
            title: "INVOICE", invoiceNumber: "INV-0042",
            sender: .init(name: "Acme Studio", email: "hello@acmestudio.com", details: ["+1 234 567 8900"]),
            client: .init(name: "Meridian Group", email: "client@email.com", details: ["456 Client St, New York"]),
            dates: [.init(label: "Issue Date", value: "Mar 12, 2026")],
            items: (0..<items).map {
                .init(description: description($0), quantity: "1", rate: "$1.00", amount: "$\($0).00")
            },
            totalsRows: [.init(label: "Subtotal", value: "$99.00")],
            total: .init(label: "Total", value: "$99.00"),
            paymentRows: bank ? [.init(label: "Bank", value: "First National Bank")] : [],
            documentTitle: "Invoice INV-0042", author: "Acme Studio")
    }

    /// Which page each item's amount landed on.
    func pages(of document: Document, items: Int) -> [Int] {
        (0..<items).map { item in
            document.pages.firstIndex { $0.textOps.contains { $0.text == "$\(item).00" } } ?? -1
        }
    }

    @Test func aFewItemsFitOnePageWithoutFooter() {
        let document = layout.document(for: content(items: 5))
        #expect(document.pages.count == 1)
        #expect(!document.pages[0].textOps.contains { $0.text.contains("Page 1") })
    }

    @Test func sixtyItemsFlowOverPagesWithRepeatedHeaderAndFooters() {
        let document = layout.document(for: content(items: 60))
        #expect(document.pages.count > 1)
        let placement = pages(of: document, items: 60)
        #expect(!placement.contains(-1))
        #expect(placement == placement.sorted(), "rows stay in order")
        for (index, page) in document.pages.enumerated() where placement.contains(index) {
            #expect(page.textOps.filter { $0.text == "DESCRIPTION" }.count == 1)
            #expect(page.textOps.contains { $0.text == "INV-0042 · Page \(index + 1) of \(document.pages.count)" })
        }
    }

    @Test(arguments: 1...80)
    func totalsNeverStartAPageAlone(items: Int) {
        let document = layout.document(for: content(items: items))
        let totalsPage = document.pages.firstIndex { $0.textOps.contains { $0.text == "Subtotal" } }!
        let lastRowPage = pages(of: document, items: items).last!
        #expect(
            totalsPage == lastRowPage,
            "\(items) items: totals on page \(totalsPage + 1), last row on \(lastRowPage + 1)")
        // Payment details are kept whole: label and row on one page.
        let label = document.pages.firstIndex { $0.textOps.contains { $0.text == "PAYMENT DETAILS" } }
        let row = document.pages.firstIndex { $0.textOps.contains { $0.text == "First National Bank" } }
        #expect(label == row)
    }

    @Test func pagesButTheLastAreUsedToTheirBottom() {
        let document = layout.document(for: content(items: 120, bank: false))
        let style = InvoiceStyle.standard
        for page in document.pages.dropLast() {
            let lowest = page.ops.compactMap { op -> Double? in if case .line(let l) = op { l.from.y } else { nil } }
                .max()!
            // Less than one row (plus the footer) is left unused.
            #expect(page.size.height - style.margins.top - lowest < 80, "lowest rule at \(lowest)")
        }
    }

    @Test func aRowTallerThanAPageIsSplitBetweenLines() {
        let long = (0..<400).map { "word\($0)" }.joined(separator: " ")
        let document = layout.document(for: content(items: 2, description: { $0 == 0 ? long : "short" }))
        #expect(document.pages.count >= 2)
        let squeezed = document.pages.flatMap(\.textOps).map(\.text).joined(separator: " ")
        for index in [0, 199, 399] {
            #expect(squeezed.contains("word\(index) ") || squeezed.contains("word\(index)"))
        }
        for page in document.pages {
            for op in page.textOps {
                #expect(op.box.maxY <= page.size.height - InvoiceStyle.standard.margins.top + 0.01)
            }
        }
    }
}
