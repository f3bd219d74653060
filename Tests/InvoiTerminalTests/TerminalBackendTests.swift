import Foundation
import InvoiDocument
import Testing

@testable import InvoiTerminal

@Suite struct TerminalPreviewLayoutTests {
    let invoice = Fixture.invoicePage()

    @Test(arguments: Preview.widths)
    func rightAlignedValuesKeepTheContentsRightEdge(columns: Int) throws {
        let lines = Preview.lines(try Preview.render(invoice, columns: columns))
        for value in ["INVOICE", "INV-0001", "DUE DATE", "AMOUNT", "$6,043.50", "$1,208.70", "$7,252.20"]
            + Fixture.amounts
        {
            #expect(Preview.endColumn(of: value, in: lines) == columns, "\(value) at \(columns) columns")
        }
    }

    @Test(arguments: Preview.widths)
    func rateColumnKeepsOneRightEdge(columns: Int) throws {
        let lines = Preview.lines(try Preview.render(invoice, columns: columns))
        let edge = Preview.column(atX: Fixture.rate.maxX, columns: columns)
        for value in ["RATE", "$800.00", "$1,050.00", "$240.00", "$1.00"] {
            #expect(Preview.endColumn(of: value, in: lines) == edge, "\(value) at \(columns) columns")
        }
    }

    @Test(arguments: Preview.widths)
    func linesFitTheWidthWithoutTrailingSpaces(columns: Int) throws {
        for color in [false, true] {
            let text = try Preview.render(invoice, columns: columns, color: color)
            #expect(text.hasSuffix("\n"))
            for line in Preview.lines(text) {
                let shown = Preview.strippingSGR(line)
                #expect(DisplayWidth.of(shown) <= columns, "too wide: \(shown)")
                #expect(!shown.hasSuffix(" "), "trailing space: \(shown)")
            }
        }
    }

    @Test(arguments: Preview.widths)
    func everyCharacterOfEveryTextIsShown(columns: Int) throws {
        let drawing = Set<Character>(["━", "─", "┈"])
        var expected: [Unicode.Scalar: Int] = [:]
        for op in invoice.textOps {
            for scalar in TerminalSanitizer.sanitize(op.text).unicodeScalars where scalar != " " {
                expected[scalar, default: 0] += 1
            }
        }
        var shown: [Unicode.Scalar: Int] = [:]
        for character in try Preview.render(invoice, columns: columns) where !drawing.contains(character) {
            for scalar in character.unicodeScalars where scalar != " " && scalar != "\n" {
                shown[scalar, default: 0] += 1
            }
        }
        #expect(shown == expected)
    }

    @Test func headerColumnsShareARow() throws {
        let first = Preview.lines(try Preview.render(invoice, columns: 80))[0]
        #expect(first.hasPrefix("Acme Studio "))
        #expect(first.hasSuffix(" INVOICE"))
    }

    @Test(arguments: Preview.widths)
    func rulesBecomeBoxDrawingLines(columns: Int) throws {
        let lines = Preview.lines(try Preview.render(invoice, columns: columns))
        #expect(lines.filter { $0 == String(repeating: "━", count: columns) }.count == 1)
        // Five item rules and the payment details' top border span the content width.
        #expect(lines.filter { $0 == String(repeating: "─", count: columns) }.count == 6)
        let totalsStart = Preview.column(atX: Fixture.totals.minX, columns: columns)
        let separator =
            String(repeating: " ", count: totalsStart) + String(repeating: "─", count: columns - totalsStart)
        #expect(lines.contains(separator))
    }

    @Test func longDescriptionWrapsInsideItsColumn() throws {
        let lines = Preview.lines(try Preview.render(invoice, columns: 60))
        let descriptionEnd = Preview.column(atX: Fixture.description.maxX, columns: 60)
        let first = try #require(lines.firstIndex { $0.hasPrefix("Website development,") })
        #expect(!lines[first].contains("CMS"))
        #expect(lines[first].hasSuffix("$3,150.00"))
        #expect(lines[first + 1] == "with CMS setup")
        #expect(DisplayWidth.of("Website development, responsive,") <= descriptionEnd)

        let wide = Preview.lines(try Preview.render(invoice, columns: 140))
        #expect(wide.contains { $0.hasPrefix(Fixture.longDescription + " ") })
    }

    @Test(arguments: Preview.widths)
    func wideCharactersTakeTwoCells(columns: Int) throws {
        let lines = Preview.lines(try Preview.render(invoice, columns: columns))
        let cjkLine = try #require(lines.first { $0.hasPrefix(Fixture.cjkDescription) })
        let latinLine = try #require(lines.first { $0.hasPrefix("Brand identity design") })
        // The quantity column lines up behind the CJK text as behind Latin text,
        // counting cells as a terminal does (kana and ideographs two each).
        func cells(before marker: String, in line: String) throws -> Int {
            let prefix = try #require(line.range(of: marker)).lowerBound
            return line[..<prefix].unicodeScalars.reduce(0) { $0 + ((0x3000...0x9FFF).contains($1.value) ? 2 : 1) }
        }
        #expect(try cells(before: "2 ", in: cjkLine) == cells(before: "3 ", in: latinLine))
        #expect(DisplayWidth.of(Fixture.cjkDescription) == 25)
    }

    @Test func rightToLeftTextIsInVisualOrder() throws {
        let text = try Preview.render(invoice, columns: 100)
        // Logical "עיצוב לוגו 2024" in an RTL paragraph: the number leftmost, Hebrew reversed, digits in order.
        #expect(text.contains("2024 וגול בוציע"))
        #expect(!text.contains(Fixture.hebrewDescription))
    }

    @Test func verticalGapsBecomeOneBlankRow() throws {
        let lines = Preview.lines(try Preview.render(invoice, columns: 100))
        for index in lines.indices.dropFirst() {
            #expect(!(lines[index].isEmpty && lines[index - 1].isEmpty), "two blank rows at \(index)")
        }
        let address = try #require(lines.firstIndex { $0.hasPrefix("123 Design Ave") })
        #expect(lines[address + 1].isEmpty)
        #expect(lines[address + 2].hasPrefix("BILL TO"))
        // Consecutive lines of one block stay together.
        #expect(lines[address - 1].hasPrefix("+1 234 567 8900"))
    }
}

@Suite struct TerminalPreviewSafetyTests {
    @Test(arguments: [false, true])
    func onlyInvoisOwnEscapeSequencesAreWritten(color: Bool) throws {
        for columns in Preview.widths {
            let text = try Preview.render(Fixture.invoicePage(), columns: columns, color: color)
            let escapes = text.matches(of: /\x1B[^\n]{0,12}/).map { String($0.output) }
            if color {
                let own = text.matches(of: /\x1B\[[0-9;]*m/).count
                #expect(own == text.filter { $0 == "\u{1B}" }.count)
                #expect(own > 0)
            } else {
                #expect(escapes.isEmpty)
            }
            for scalar in text.unicodeScalars {
                let value = scalar.value
                let control = (value < 0x20 && value != 0x0A && value != 0x1B) || (0x7F...0x9F).contains(value)
                #expect(!control, "control U+\(String(value, radix: 16))")
                #expect(!(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value))
            }
            // The hostile text's printable remains are shown as plain text.
            #expect(Preview.strippingSGR(text).contains("[31mred2Jevildone"))
        }
    }

    @Test func sgrSpansAreTheDesignedOnes() throws {
        let text = try Preview.render(Fixture.invoicePage(), columns: 100, color: true)
        let sequences = Set(text.matches(of: /\x1B\[[0-9;]*m/).map { String($0.output) })
        #expect(sequences == ["\u{1B}[1m", "\u{1B}[90m", "\u{1B}[0m"])
        #expect(text.contains("\u{1B}[1mAcme Studio\u{1B}[0m"))
        #expect(text.contains("\u{1B}[90mhello@acmestudio.com\u{1B}[0m"))
        #expect(text.contains("\u{1B}[1m$7,252.20\u{1B}[0m"))
        // Primary text keeps the terminal's own colour; medium weight is not bold.
        let lines = Preview.lines(text)
        #expect(lines.contains { $0.hasPrefix("Brand identity design ") })
        #expect(lines.contains { $0.hasSuffix(" $3,150.00") })
        // Every span is closed before the next one opens.
        var open = false
        for match in text.matches(of: /\x1B\[([0-9;]*)m/) {
            let isReset = match.output.1 == "0"
            #expect(open == isReset)
            open = !isReset
        }
        #expect(!open)
    }

    @Test func colourOffWritesPlainText() throws {
        let plain = try Preview.render(Fixture.invoicePage(), columns: 100)
        let colored = try Preview.render(Fixture.invoicePage(), columns: 100, color: true)
        #expect(!plain.contains("\u{1B}"))
        #expect(Preview.strippingSGR(colored) == plain)
    }
}

@Suite struct TerminalPreviewStructureTests {
    @Test func pagesAreSeparated() throws {
        let document = Fixture.document(pages: [
            Fixture.invoicePage(footer: "INV-0001 · Page 1 of 2"),
            Fixture.invoicePage(footer: "INV-0001 · Page 2 of 2"),
        ])
        let lines = Preview.lines(try Preview.render(document, columns: 80))
        let separators = lines.filter { $0.contains(" page 2 of 2 ") }
        #expect(separators.count == 1)
        let separator = try #require(separators.first)
        #expect(separator.hasPrefix("┈┈┈") && separator.hasSuffix("┈┈┈"))
        #expect(DisplayWidth.of(separator) == 80)
        #expect(lines.contains { $0.contains("INV-0001 · Page 1 of 2") })
        #expect(lines.contains { $0.contains("INV-0001 · Page 2 of 2") })
        #expect(lines.filter { $0.hasPrefix("Acme Studio") }.count == 2)

        let colored = try Preview.render(document, columns: 80, color: true)
        #expect(colored.contains("\u{1B}[90m┈┈┈"))
    }

    @Test func textsSharingABoxNeverOverwriteEachOther() throws {
        let box = (minX: 400.0, maxX: 480.0)
        let page = Page(
            size: Fixture.page,
            ops: [
                Fixture.text("Subtotal amount", px: 12, box: box, baseline: 100),
                Fixture.text("$123,456.78", px: 12, box: box, baseline: 100, alignment: .right),
            ])
        for columns in Preview.widths {
            let text = try Preview.render(page, columns: columns)
            #expect(text.contains("Subtotal amount"))
            #expect(text.contains("$123,456.78"))
            #expect(
                Preview.endColumn(of: "$123,456.78", in: Preview.lines(text))
                    == Preview.column(atX: box.maxX, columns: columns))
        }
    }

    @Test func leftAlignedTextMakesWayForAWordThatSticksOut() throws {
        let page = Page(
            size: Fixture.page,
            ops: [
                Fixture.text("Beneficiary", px: 12, color: Fixture.muted, box: (42, 114), baseline: 100),
                Fixture.text("Acme Studio Ltd.", px: 12, box: (114, Fixture.right), baseline: 100),
            ])
        let lines = Preview.lines(try Preview.render(page, columns: 60))
        #expect(lines == ["Beneficiary Acme Studio Ltd."])
    }

    @Test func outlinedTextIsBoxed() throws {
        let stamp = Rect(x: 470, y: 100, width: 60, height: 24)
        let page = Page(
            size: Fixture.page,
            ops: [
                .rect(RectOp(rect: stamp, stroke: Stroke(width: 1.5, color: Color(rgb: 0x10B981)), cornerRadius: 4)),
                Fixture.text(
                    "PAID", px: 14, weight: .bold, color: Color(rgb: 0x10B981),
                    box: (stamp.minX, stamp.maxX), baseline: 116, alignment: .center),
            ])
        let lines = Preview.lines(try Preview.render(page, columns: 100))
        #expect(lines.count == 3)
        let indent = try #require(lines.first?.prefix { $0 == " " }.count)
        let pad = String(repeating: " ", count: indent)
        #expect(lines == [pad + "╭──────╮", pad + "│ PAID │", pad + "╰──────╯"])

        let colored = try Preview.render(page, columns: 100, color: true)
        #expect(colored.contains("\u{1B}[1;32mPAID\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[32m╭──────╮\u{1B}[0m"))
    }

    @Test func brokenGeometryNeverStopsTheRender() throws {
        var op = Fixture.text("Lost", px: 12, box: (42, 200), baseline: 100)
        if case .text(var text) = op {
            text.origin = Point(x: .nan, y: .infinity)
            text.box = Rect(x: .nan, y: 0, width: .infinity, height: 10)
            op = .text(text)
        }
        let page = Page(
            size: Size(width: .nan, height: 10),
            ops: [
                op, .line(LineOp(from: Point(x: .infinity, y: 5), to: Point(x: 10, y: 5), width: 1, color: .black)),
            ])
        let text = try Preview.render(page, columns: 60)
        #expect(text.contains("Lost"))
    }

    @Test func emptyDocumentIsOneNewline() throws {
        #expect(try Preview.render(Fixture.document(pages: []), columns: 80) == "\n")
        #expect(try Preview.render(Page(size: Fixture.page), columns: 80) == "\n")
    }

    @Test func widthBelowOneIsRefused() {
        #expect(throws: BackendError.self) {
            try TerminalBackend().render(
                Fixture.document(pages: [Fixture.invoicePage()]),
                options: TerminalOptions(columns: 0))
        }
    }
}
