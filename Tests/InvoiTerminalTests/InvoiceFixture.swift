import InvoiDocument

/// Builds draw ops the way the layout does, with a monospace fake shaper
/// (every cluster 0.6 em, wide characters 1.2 em), geometry in points.
enum Fixture {
    static let page = PaperSize.a4.size
    static let left = 42.0
    static let right = 595.28 - 42.0
    static let primary = Color(rgb: 0x111111)
    static let muted = Color(rgb: 0x888888)
    static let border = Color(rgb: 0xE5E5E5)
    static let face = FontFace(
        family: "Fake Mono", weight: 400, path: "/fake.ttf", index: 0, postScriptName: "FakeMono")

    /// A text op of `text` at `px` CSS pixels, put in `box` by `alignment`
    /// on `baseline`. `runs` gives (UTF-8 range, direction) in visual order;
    /// default one left-to-right run.
    static func text(
        _ text: String, px: Double, weight: FontWeight = .regular, color: Color = primary,
        box: (minX: Double, maxX: Double), baseline: Double, alignment: TextAlignment = .left,
        direction: TextDirection = .leftToRight,
        runs: [(Range<Int>, TextDirection)]? = nil
    ) -> DrawOp {
        let size = px * 0.75
        let runSpecs = runs ?? [(0..<text.utf8.count, .leftToRight)]
        let glyphRuns = runSpecs.map { range, runDirection in
            var glyphs: [Glyph] = []
            var offset = 0
            for character in text {
                let length = character.utf8.count
                if range.contains(offset) {
                    let wide =
                        character.unicodeScalars.first.map {
                            $0.value >= 0x1100 && $0.value < 0xFFFF && !(0x0590...0x08FF).contains($0.value)
                        } ?? false
                    glyphs.append(
                        Glyph(
                            id: UInt32(character.unicodeScalars.first?.value ?? 0), cluster: offset,
                            advance: size * (wide ? 1.2 : 0.6)))
                }
                offset += length
            }
            if runDirection == .rightToLeft { glyphs.reverse() }
            return GlyphRun(font: face, size: size, direction: runDirection, textRange: range, glyphs: glyphs)
        }
        let width = glyphRuns.reduce(0) { $0 + $1.width }
        let originX: Double
        switch alignment {
        case .left: originX = box.minX
        case .right: originX = box.maxX - width
        case .center: originX = (box.minX + box.maxX - width) / 2
        }
        return .text(
            TextOp(
                text: text, font: FontSpec(weight: weight, size: size), color: color, tracking: 0,
                origin: Point(x: originX, y: baseline), direction: direction, runs: glyphRuns,
                box: Rect(x: box.minX, y: baseline - size, width: box.maxX - box.minX, height: size * 1.5),
                alignment: alignment))
    }

    static func rule(
        y: Double, from: Double = left, to: Double = right, px: Double = 1, color: Color = border
    ) -> DrawOp {
        .line(LineOp(from: Point(x: from, y: y), to: Point(x: to, y: y), width: px * 0.75, color: color))
    }

    // Columns of the invoice (points).
    static let headerLeft = (minX: left, maxX: 297.0)
    static let headerRight = (minX: 297.0, maxX: right)
    static let description = (minX: left, maxX: 319.28)
    static let quantity = (minX: 319.28, maxX: 361.28)
    static let rate = (minX: 361.28, maxX: 457.28)
    static let amount = (minX: 457.28, maxX: right)
    static let totals = (minX: 409.28, maxX: right)

    static let longDescription = "Website development, responsive, with CMS setup"
    static let cjkDescription = "ロゴデザイン 東京オフィス"
    static let hebrewDescription = "עיצוב לוגו 2024"
    static let hostileDescription = "\u{1B}[31mred\u{9B}2J\u{202E}evil\u{07}done"
    static let amounts = ["$2,400.00", "$3,150.00", "$480.00", "$12.50", "$1.50"]

    /// An invoice-shaped page: header, bill-to and dates, a table of five items
    /// (one long, one CJK, one Hebrew, one hostile), totals and payment details.
    static func invoicePage(footer: String? = nil) -> Page {
        var ops: [DrawOp] = [
            text("Acme Studio", px: 26, weight: .bold, box: headerLeft, baseline: 62),
            text("INVOICE", px: 34, weight: .bold, box: headerRight, baseline: 67, alignment: .right),
            text("hello@acmestudio.com", px: 12, color: muted, box: headerLeft, baseline: 80),
            text("INV-0001", px: 12, color: muted, box: headerRight, baseline: 86, alignment: .right),
            text("+1 234 567 8900", px: 12, color: muted, box: headerLeft, baseline: 94),
            text("123 Design Ave, San Francisco", px: 12, color: muted, box: headerLeft, baseline: 108),

            text("BILL TO", px: 10, weight: .semibold, color: muted, box: headerLeft, baseline: 150),
            text(
                "ISSUE DATE", px: 10, weight: .semibold, color: muted, box: (399.28, 464.28), baseline: 150,
                alignment: .right),
            text(
                "DUE DATE", px: 10, weight: .semibold, color: muted, box: (488.28, right), baseline: 150,
                alignment: .right),
            text("Meridian Group", px: 15, weight: .bold, box: headerLeft, baseline: 166),
            text("Mar 1, 2026", px: 12, box: (399.28, 464.28), baseline: 165, alignment: .right),
            text("Mar 31, 2026", px: 12, box: (488.28, right), baseline: 165, alignment: .right),
            text("client@email.com", px: 12, color: muted, box: headerLeft, baseline: 180),

            text("DESCRIPTION", px: 10, weight: .semibold, color: muted, box: description, baseline: 230),
            text("QTY", px: 10, weight: .semibold, color: muted, box: quantity, baseline: 230, alignment: .center),
            text("RATE", px: 10, weight: .semibold, color: muted, box: rate, baseline: 230, alignment: .right),
            text("AMOUNT", px: 10, weight: .semibold, color: muted, box: amount, baseline: 230, alignment: .right),
            rule(y: 238, px: 1.5, color: primary),
        ]
        let items: [(String, String, String)] = [
            ("Brand identity design", "3", "$800.00"),
            (longDescription, "3", "$1,050.00"),
            (cjkDescription, "2", "$240.00"),
            (hebrewDescription, "12.5", "$1.00"),
            (hostileDescription, "1.5", "$1.00"),
        ]
        var y = 256.0
        for (index, item) in items.enumerated() {
            let runs: [(Range<Int>, TextDirection)]?
            let direction: TextDirection
            if item.0 == hebrewDescription {
                let hebrewBytes = "עיצוב לוגו ".utf8.count
                runs = [(hebrewBytes..<item.0.utf8.count, .leftToRight), (0..<hebrewBytes, .rightToLeft)]
                direction = .rightToLeft
            } else {
                runs = nil
                direction = .leftToRight
            }
            ops += [
                text(item.0, px: 13, box: description, baseline: y, direction: direction, runs: runs),
                text(item.1, px: 13, color: muted, box: quantity, baseline: y, alignment: .center),
                text(item.2, px: 13, color: muted, box: rate, baseline: y, alignment: .right),
                text(amounts[index], px: 13, weight: .medium, box: amount, baseline: y, alignment: .right),
                rule(y: y + 10),
            ]
            y += 31
        }
        y += 20
        ops += [
            text("Subtotal", px: 12, box: totals, baseline: y),
            text("$6,043.50", px: 12, box: totals, baseline: y, alignment: .right),
            text("VAT 20%", px: 12, box: totals, baseline: y + 18),
            text("$1,208.70", px: 12, box: totals, baseline: y + 18, alignment: .right),
            rule(y: y + 28, from: totals.minX),
            text("Total", px: 15, weight: .bold, box: totals, baseline: y + 48),
            text("$7,252.20", px: 20, weight: .bold, box: totals, baseline: y + 49, alignment: .right),
        ]
        y += 100
        ops += [
            rule(y: y),
            text("PAYMENT DETAILS", px: 10, weight: .semibold, color: muted, box: (left, right), baseline: y + 24),
            text("Beneficiary", px: 12, color: muted, box: (left, left + 72), baseline: y + 42),
            text("Acme Studio Ltd.", px: 12, box: (left + 72, right), baseline: y + 42),
            text("Account", px: 12, color: muted, box: (left, left + 72), baseline: y + 58),
            text("GB29 NWBK 6016 1331 9268 19", px: 12, box: (left + 72, right), baseline: y + 58),
        ]
        if let footer {
            ops.append(text(footer, px: 10, color: muted, box: (left, right), baseline: 820, alignment: .center))
        }
        return Page(size: page, ops: ops)
    }

    static func document(pages: [Page]) -> Document {
        Document(pages: pages, metadata: DocumentMetadata(title: "INV-0001", author: "Acme Studio"))
    }
}
