import Foundation
import InvoiDocument
import InvoiLayout
import InvoiLayoutTestSupport
import InvoiLocalization
import InvoiModel
import InvoiTestSupport
import InvoiText
import Testing

/// No text leaves its box or the page, and no amount is cut, overlapped or pushed off it, for
/// labels and values of any length (0–500 characters), in every language and direction: every
/// label key overridden, every free-text and identifier field filled. Seeded, so a failure
/// names a case anyone can replay.
@Suite struct LongTextInvariantTests {
    static let realShaper = Result { try FontShaper(configuration: .fixed) }

    /// Every language in its own direction and in the other one.
    static let cases: [(language: String, direction: DocumentDirection)] = Language.all.flatMap { language in
        [(language.code, .auto), (language.code, language.isRightToLeft ? .leftToRight : .rightToLeft)]
    }

    @Test(arguments: 0..<cases.count)
    func fixedAdvances(caseIndex: Int) {
        let (language, direction) = Self.cases[caseIndex]
        for round in 0..<3 {
            let seed = UInt64(caseIndex * 10 + round)
            check(seed: seed, language: language, direction: direction, shaper: FixedAdvanceShaper())
        }
    }

    @Test(arguments: Language.all.map(\.code))
    func realFonts(language: String) throws {
        let seed = UInt64(1000 + (Language.all.firstIndex { $0.code == language } ?? 0))
        check(seed: seed, language: language, direction: .auto, shaper: try Self.realShaper.get())
    }

    /// The issue's cases, one at a time, with the real fonts.
    @Test(arguments: [
        ("labels.column.amount", 65), ("labels.column.amount", 100), ("labels.total", 70),
        ("orderReference", 90), ("buyerReference", 90), ("labels.column.rate", 120),
        ("labels.subtotal", 200), ("labels.payment.account", 150), ("labels.issueDate", 120),
    ])
    func longTextOnTheSample(field: String, length: Int) throws {
        var invoice = Invoice.sample
        let text = String(repeating: "Abcdefghij", count: length / 10 + 1).prefix(length)
        switch field {
        case "orderReference": invoice.orderReference = String(text)
        case "buyerReference": invoice.buyerReference = String(text)
        default:
            let key = try #require(WordKey(rawValue: String(field.dropFirst("labels.".count))))
            invoice.labels[key] = String(text)
        }
        let shaper = try Self.realShaper.get()
        let document = check(invoice, shaper: shaper, place: "\(field) × \(length)")
        // The table starts on the first page; at most Payment Details goes over to a second.
        #expect(document.pages.count <= 2, "\(field) × \(length)")
        #expect(document.page(of: "$2,400.00") == 0, "\(field) × \(length)")
        // The client's name is not squeezed into a sliver of a column.
        #expect(document.text("Meridian Group") != nil, "\(field) × \(length)")
    }

    func check(seed: UInt64, language: String, direction: DocumentDirection, shaper: any TextShaper) {
        var maker = LongText(rng: SplitMix64(seed: seed), language: language)
        let invoice = maker.invoice(language: language, direction: direction)
        check(invoice, shaper: shaper, place: "seed \(seed), \(language) \(direction.rawValue)")
    }

    @discardableResult
    func check(_ invoice: Invoice, shaper: any TextShaper, place: String) -> Document {
        let content = InvoiceContent(invoice: invoice)
        let document = InvoiceLayout(shaper: shaper).document(for: content)
        let geometry = PageGeometry(shaper: shaper)
        let style = InvoiceStyle.standard
        let tolerance = 0.01

        func plain(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }))
        }
        // Every number a reader checks: quantity, rate and amount of each row, each total.
        var numbers = content.items.flatMap { [$0.quantity, $0.rate, $0.amount] }
        numbers += (content.totalsRows + [content.total]).map(\.value)
        if let settlement = content.settlement {
            numbers += settlement.rows.map(\.value) + [settlement.balanceDue.value]
        }
        let amounts = Set(numbers.map(plain).filter { !$0.isEmpty })

        for (index, page) in document.pages.enumerated() {
            let pagePlace = "\(place), page \(index + 1)"
            let content = Rect(
                x: style.margins.start - tolerance, y: style.margins.start - tolerance,
                width: page.size.width - 2 * style.margins.start + 2 * tolerance,
                height: page.size.height - 2 * style.margins.top + 2 * tolerance)
            let texts = page.textOps
            let inks = texts.map(geometry.inkRect)
            for (text, ink) in zip(texts, inks) {
                #expect(content.contains(ink), "\(pagePlace): \"\(text.text.prefix(40))\" leaves the page's content")
                #expect(content.contains(text.box), "\(pagePlace): the box of \"\(text.text.prefix(40))\" leaves it")
                #expect(
                    ink.minX >= text.box.minX - tolerance && ink.maxX <= text.box.maxX + tolerance,
                    "\(pagePlace): \"\(text.text.prefix(40))\" leaves its box")
            }
            for rule in page.lines {
                let slack = rule.width / 2
                for point in [rule.from, rule.to] {
                    #expect(
                        point.x >= content.minX - slack && point.x <= content.maxX + slack
                            && point.y >= content.minY - slack && point.y <= content.maxY + slack,
                        "\(pagePlace): a rule leaves the page's content")
                }
            }
            for case .link(let link) in page.ops {
                #expect(content.contains(link.rect), "\(pagePlace): a link leaves the page's content")
            }
            for (i, a) in inks.enumerated() {
                for j in (i + 1)..<inks.count where a.intersects(inks[j]) {
                    Issue.record(
                        "\(pagePlace): \"\(texts[i].text.prefix(40))\" overlaps \"\(texts[j].text.prefix(40))\"")
                }
            }
        }
        // Each number is drawn whole, as one line of text.
        let drawn = Set(document.allTextOps.map { plain($0.text) })
        for amount in amounts where !drawn.contains(amount) {
            Issue.record("\(place): \"\(amount)\" is not drawn whole")
        }
        return document
    }
}

/// Random texts for the invariant test: words of random lengths in the language's script, or
/// one word as long as the whole text.
struct LongText {
    var rng: SplitMix64
    let letters: [Character]

    init(rng: SplitMix64, language: String) {
        self.rng = rng
        let script: String =
            switch language {
            case "he": "אבגדהוזחטיכלמנסעפצקרשת"
            case "ar", "fa": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
            case "ja": "あいうえおかきくけこ日本語請求書"
            case "zh-Hans": "发票金额数量单价合计日期客户"
            case "ko": "가나다라마바사아자차카타파하"
            case "el": "αβγδεζηθικλμνξοπρστυφχψω"
            case "ru", "uk": "абвгдежзийклмнопрстуфхцчшщыэюя"
            default: "abcdefghijklmnopqrstuvwxyzäöüéñ"
            }
        letters = Array(script + "ABCXYZ0123456789")
    }

    mutating func length() -> Int {
        // Mostly short, often long, sometimes the longest.
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: Int.random(in: 0...12, using: &rng)
        case 1: Int.random(in: 0...80, using: &rng)
        default: Int.random(in: 0...500, using: &rng)
        }
    }

    mutating func text(length: Int? = nil, spaces: Bool = true) -> String {
        let length = length ?? self.length()
        let unbroken = !spaces || Int.random(in: 0..<3, using: &rng) == 0
        var text = ""
        while text.count < length {
            let word = Int.random(in: 1...14, using: &rng)
            for _ in 0..<word where text.count < length {
                text.append(letters.randomElement(using: &rng)!)
            }
            if !unbroken, text.count < length - 1 { text.append(" ") }
        }
        return text
    }

    /// An identifier: ASCII, no spaces.
    mutating func identifier() -> String {
        let length = self.length()
        return String((0..<length).map { _ in "ABCDEFGHKLMNPQRSTUVWXYZ0123456789-".randomElement(using: &rng)! })
    }

    mutating func invoice(language: String, direction: DocumentDirection) -> Invoice {
        var invoice = Invoice.sample
        invoice.language = language
        invoice.direction = direction
        for key in WordKey.allCases {
            var label = text()
            // Sometimes with its placeholders, which fill in numbers.
            if Bool.random(using: &rng) { label += " " + key.placeholders.map(\.written).joined(separator: " ") }
            invoice.labels[key] = label
        }
        invoice.fromName = text()
        invoice.fromAddress = text()
        invoice.toName = text()
        invoice.toAddress = text()
        invoice.notes = text()
        invoice.paymentTerms = text()
        invoice.bankBeneficiary = text()
        invoice.bankName = text()
        invoice.vatExemptionReason = text()
        invoice.fromContact = text()
        invoice.invoiceNumber = identifier()
        invoice.bankAccount = identifier()
        invoice.bankSwift = identifier()
        invoice.fromPhone = identifier()
        invoice.fromEmail = identifier() + "@example.com"
        invoice.toEmail = identifier() + "@example.com"
        invoice.fromTaxId = identifier()
        invoice.toTaxId = identifier()
        invoice.allocationNumber = identifier()
        invoice.buyerReference = identifier()
        invoice.orderReference = identifier()
        invoice.precedingInvoice = identifier()
        invoice.documentType = DocumentType.allCases.randomElement(using: &rng)!
        invoice.status = InvoiceStatus.allCases.randomElement(using: &rng)
        invoice.discount = Bool.random(using: &rng) ? Discount(kind: .percentage, value: 10) : nil
        invoice.amountPaid = Bool.random(using: &rng) ? 1000 : nil
        if let start = CalendarDate(iso: "2026-03-01"), let end = CalendarDate(iso: "2026-03-31") {
            invoice.delivery = Bool.random(using: &rng) ? .period(start: start, end: end) : .date(end)
        }
        invoice.lineItems = (1...Int.random(in: 1...6, using: &rng)).map { index in
            LineItem(
                id: "item-\(index)", description: text(),
                quantity: Decimal(Int.random(in: -5...5000, using: &rng)) / 10,
                rate: Decimal(Int.random(in: 0...99_999_999, using: &rng)) / 1000)
        }
        // Drawn last, so that the cases above stay what they were.
        invoice.copyMark = ([nil] + CopyMark.allCases.map(Optional.some)).randomElement(using: &rng)!
        return invoice
    }
}
