import InvoiTestSupport

@testable import InvoiLayout

/// Generates invoice contents with random lengths and scripts.
struct ContentGenerator {
    var rng: SplitMix64

    private static let words: [[String]] = [
        [
            "design", "retainer", "consulting", "hours", "brand", "identity", "website", "maintenance", "for",
            "the", "March", "sprint", "review", "https://example.com/projects/2026/invoice-tracking", "co-op",
            "GB29NWBK60161331926819", "supercalifragilisticexpialidocious-extraordinarily-long",
        ],
        ["חשבונית", "עבור", "שלום", "עיצוב", "2026", "אתר"],
        ["设计", "咨询服务", "网站维护", "品牌", "東京", "株式会社"],
        ["تصميم", "موقع", "شركة", "الخدمات", "2026"],
    ]

    mutating func text(maxWords: Int) -> String {
        let count = Int.random(in: 0...maxWords, using: &rng)
        let script = Int.random(in: 0..<10, using: &rng)
        let pool = Self.words[script < 6 ? 0 : script - 6 < 3 ? script - 5 : 0]
        var words: [String] = []
        for _ in 0..<count {
            words.append(pool.randomElement(using: &rng)!)
            if Int.random(in: 0..<12, using: &rng) == 0 { words.append("\n") }
        }
        return words.joined(separator: " ").replacingOccurrences(of: " \n ", with: "\n")
    }

    mutating func amount() -> String {
        let digits = Int.random(in: 1...13, using: &rng)
        let number = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
        return "$" + number + ".00"
    }

    mutating func content(maxItems: Int) -> InvoiceContent {
        let items = (0..<Int.random(in: 0...maxItems, using: &rng)).map { _ in
            InvoiceContent.Item(
                description: text(maxWords: 14),
                quantity: String(Int.random(in: 1...1000, using: &rng)),
                rate: amount(), amount: amount())
        }
        let hasBank = Bool.random(using: &rng)
        return InvoiceContent(
            title: "INVOICE",
            invoiceNumber: text(maxWords: 2),
            sender: .init(
                name: text(maxWords: 8), email: "hello@acmestudio.com",
                details: [text(maxWords: 4), text(maxWords: 12)]),
            client: .init(name: text(maxWords: 6), email: text(maxWords: 1), details: [text(maxWords: 12)]),
            dates: Bool.random(using: &rng)
                ? [.init(label: "Issue Date", value: "Mar 12, 2026"), .init(label: "Due Date", value: "Apr 11, 2026")]
                : [.init(label: "Issue Date", value: "Mar 12, 2026")],
            items: items,
            totalsRows: [.init(label: "Subtotal", value: amount()), .init(label: "VAT 20%", value: amount())],
            total: .init(label: "Total", value: amount()),
            paymentRows: hasBank
                ? [
                    .init(label: "Bank", value: text(maxWords: 5)),
                    .init(label: "Account", value: "GB29 NWBK 6016 1331 9268 19"),
                ] : [],
            documentTitle: "Invoice",
            author: ""
        )
    }
}
