import Foundation
import InvoiDocument
import Testing

@testable import InvoiTerminal

extension Fixture {
    static let paid = Color(rgb: 0x10B981)
    static let partial = Color(rgb: 0xF59E0B)
    static let overdue = Color(rgb: 0xEF4444)
    static let draft = Color(rgb: 0x94A3B8)

    /// The status stamp as the layout makes it: a rounded outline and a bold word,
    /// turned −12° about the stamp's centre, in free space near the top right.
    static func stamp(_ word: String, color: Color, frame: Rect = Rect(x: 440, y: 96, width: 110, height: 28)) -> DrawOp
    {
        let center = Point(x: frame.midX, y: frame.minY + frame.height / 2)
        return .group(
            GroupOp(
                role: .stamp, transform: .rotation(degrees: -12, about: center),
                ops: [
                    .rect(RectOp(rect: frame, stroke: Stroke(width: 1.5, color: color), cornerRadius: 4)),
                    text(
                        word, px: 16, weight: .bold, color: color, box: (frame.minX, frame.maxX),
                        baseline: frame.minY + 19,
                        alignment: .center),
                ]))
    }

    static func invoicePage(stamp: DrawOp) -> Page {
        var page = invoicePage()
        page.ops.append(stamp)
        return page
    }
}

/// Where the stamp ended up in the preview.
struct StampPlacement {
    /// Index of the top border's row.
    var row: Int
    /// First cell of the box, and the cell after it.
    var start: Int
    var end: Int

    init?(_ lines: [String]) {
        guard let row = lines.firstIndex(where: { $0.contains("╭") }), row + 2 < lines.count else { return nil }
        let top = lines[row]
        let prefix = String(top[..<top.range(of: "╭")!.lowerBound])
        start = DisplayWidth.of(prefix)
        end = DisplayWidth.of(top)
        self.row = row
    }
}

@Suite struct TerminalStampTests {
    static let widths = [40, 80, 100, 120]

    @Test(arguments: widths)
    func stampIsABoxedWordAtTheTopRight(columns: Int) throws {
        let page = Fixture.invoicePage(stamp: Fixture.stamp("PAID", color: Fixture.paid))
        let lines = Preview.lines(try Preview.render(page, columns: columns))
        let stamp = try #require(StampPlacement(lines))
        #expect(stamp.end == columns)
        #expect(stamp.end - stamp.start == 8)
        let box = ["╭──────╮", "│ PAID │", "╰──────╯"]
        for (offset, expected) in box.enumerated() {
            let line = lines[stamp.row + offset]
            #expect(line.hasSuffix(expected), "\(line)")
            // What is left of the box on its rows ends a cell before it.
            let left = String(line.dropLast(expected.count))
            #expect(
                left.isEmpty
                    || (left.hasSuffix(" ") && DisplayWidth.of(left.trimmingCharacters(in: .whitespaces)) < stamp.start)
            )
        }
        // Near the top: beside the sender's details, below INVOICE and its number.
        #expect(stamp.row <= 3)
        #expect(lines[0].hasSuffix("INVOICE"))
        #expect(lines.filter { $0.contains("PAID") }.count == 1)
    }

    @Test(arguments: widths)
    func stampNeverHidesText(columns: Int) throws {
        for (word, color) in [
            ("PAID", Fixture.paid), ("PARTIALLY PAID", Fixture.partial), ("OVERDUE", Fixture.overdue),
        ] {
            let page = Fixture.invoicePage(stamp: Fixture.stamp(word, color: color))
            let text = try Preview.render(page, columns: columns)
            let plain = try Preview.render(Fixture.invoicePage(), columns: columns)
            // Every character of the invoice and of the word is there, once.
            let drawing = Set("╭╮╰╯│─━┈")
            func counts(_ text: String) -> [Character: Int] {
                text.filter { !drawing.contains($0) && $0 != " " && $0 != "\n" }.reduce(into: [:]) {
                    $0[$1, default: 0] += 1
                }
            }
            var expected = counts(plain)
            for character in word where character != " " { expected[character, default: 0] += 1 }
            #expect(counts(text) == expected, "\(word) at \(columns)")
            // The rest of the preview is as without the stamp, the stamp's rows aside.
            let lines = Preview.lines(text)
            let stamp = try #require(StampPlacement(lines))
            var others = lines
            for row in stamp.row..<(stamp.row + 3) {
                let line = others[row]
                let kept = String(line.prefix { $0 != "╭" && $0 != "│" && $0 != "╰" })
                others[row] = String(kept.reversed().drop { $0 == " " }.reversed())
            }
            others.removeAll { $0.isEmpty }
            #expect(others == Preview.lines(plain).filter { !$0.isEmpty }, "\(word) at \(columns)")
            for line in lines {
                #expect(DisplayWidth.of(line) <= columns, "too wide: \(line)")
                #expect(!line.hasSuffix(" "))
            }
        }
    }

    @Test func stampWithoutRoomBesideTheHeaderGetsRowsAtTheTop() throws {
        let page = Fixture.invoicePage(stamp: Fixture.stamp("PARTIALLY PAID", color: Fixture.partial))
        let lines = Preview.lines(try Preview.render(page, columns: 40))
        #expect(
            Array(lines.prefix(3)) == [
                String(repeating: " ", count: 22) + "╭────────────────╮",
                String(repeating: " ", count: 22) + "│ PARTIALLY PAID │",
                String(repeating: " ", count: 22) + "╰────────────────╯",
            ])
        #expect(lines[3].hasPrefix("Acme Studio"))
    }

    @Test func stampTakesRoomBesideWideCharactersCountingCells() throws {
        // 15 ideographs and a digit: 31 cells, then a free cell, then the 8-cell box: all 40.
        let fits = "東京都渋谷区神南一丁目二番三号1"
        // One more digit: 32 + 1 + 8 = 41 cells, too wide.
        let tooWide = fits + "2"
        for (address, besideAddress) in [(fits, true), (tooWide, false)] {
            let page = Page(
                size: Fixture.page,
                ops: [
                    Fixture.text("デザイン", px: 26, weight: .bold, box: Fixture.headerLeft, baseline: 62),
                    Fixture.text(
                        "INVOICE", px: 34, weight: .bold, box: Fixture.headerRight, baseline: 67, alignment: .right),
                    Fixture.text(
                        address, px: 12, color: Fixture.muted, box: (Fixture.left, Fixture.right), baseline: 80),
                    Fixture.text(
                        address, px: 12, color: Fixture.muted, box: (Fixture.left, Fixture.right), baseline: 94),
                    Fixture.text(
                        address, px: 12, color: Fixture.muted, box: (Fixture.left, Fixture.right), baseline: 108),
                    Fixture.stamp("PAID", color: Fixture.paid),
                ])
            let lines = Preview.lines(try Preview.render(page, columns: 40))
            let stamp = try #require(StampPlacement(lines))
            #expect(stamp.end == 40)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
            #expect(lines.filter { $0.hasPrefix(address) }.count == 3)
            if besideAddress {
                #expect(stamp.row == 1)
                #expect(lines[2] == address + " │ PAID │")
            } else {
                // Beside the name only two rows are free: the box goes below the addresses.
                #expect(stamp.row == 4)
                #expect(lines[3] == tooWide)
            }
        }
    }

    @Test(arguments: [
        ("PAID", Fixture.paid, "32"), ("PARTIALLY PAID", Fixture.partial, "33"), ("OVERDUE", Fixture.overdue, "31"),
        ("VOID", Fixture.overdue, "31"), ("DRAFT", Fixture.draft, "90"),
    ])
    func colourOnGivesTheWordBoldInTheStampsBasicColour(word: String, color: Color, code: String) throws {
        let page = Fixture.invoicePage(stamp: Fixture.stamp(word, color: color))
        let colored = try Preview.render(page, columns: 100, color: true)
        let bar = String(repeating: "─", count: word.count + 2)
        #expect(colored.contains("\u{1B}[1;\(code)m\(word)\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[\(code)m╭\(bar)╮\u{1B}[0m"))
        #expect(
            colored.contains("\u{1B}[\(code)m│\u{1B}[0m \u{1B}[1;\(code)m\(word)\u{1B}[0m \u{1B}[\(code)m│\u{1B}[0m"))
        let plain = try Preview.render(page, columns: 100)
        #expect(!plain.contains("\u{1B}"))
        #expect(Preview.strippingSGR(colored) == plain)
        // Only SGR sequences, each closed before the next opens.
        #expect(colored.matches(of: /\x1B\[[0-9;]*m/).count == colored.filter { $0 == "\u{1B}" }.count)
    }

    @Test func stampTextIsSanitized() throws {
        let page = Fixture.invoicePage(stamp: Fixture.stamp("PA\u{1B}[2JID\u{202E}\u{07}", color: Fixture.paid))
        for color in [false, true] {
            let text = try Preview.render(page, columns: 80, color: color)
            #expect(Preview.strippingSGR(text).contains("│ PA[2JID │"))
            #expect(text.matches(of: /\x1B\[[0-9;]*m/).count == text.filter { $0 == "\u{1B}" }.count)
            #expect(!text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{07}" })
        }
    }

    @Test func stampAloneOnAPage() throws {
        let page = Page(size: Fixture.page, ops: [Fixture.stamp("PAID", color: Fixture.paid)])
        #expect(
            Preview.lines(try Preview.render(page, columns: 20)) == [
                "            ╭──────╮", "            │ PAID │", "            ╰──────╯",
            ])
    }

    @Test func narrowGridWrapsTheStampInsideItsBox() throws {
        let page = Page(size: Fixture.page, ops: [Fixture.stamp("PARTIALLY PAID", color: Fixture.partial)])
        #expect(
            Preview.lines(try Preview.render(page, columns: 14))
                == [
                    "╭───────────╮", "│ PARTIALLY │", "│   PAID    │", "╰───────────╯",
                ].map { " " + $0 })
        // Too narrow for a box: the word alone, right-aligned, cut to the grid.
        #expect(
            Preview.lines(try Preview.render(page, columns: 5))
                == ["PARTI", "ALLY", "PAID"].map {
                    String(repeating: " ", count: 5 - $0.count) + $0
                })
        for columns in 1...12 {
            for line in Preview.lines(try Preview.render(page, columns: columns)) {
                #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)")
            }
        }
    }

    @Test func stampWithoutTextShowsNothing() throws {
        let shapes = DrawOp.group(
            GroupOp(
                role: .stamp, transform: .rotation(degrees: -12, about: Point(x: 300, y: 100)),
                ops: [
                    .rect(
                        RectOp(
                            rect: Rect(x: 250, y: 90, width: 100, height: 20),
                            stroke: Stroke(width: 1, color: Fixture.paid))),
                    Fixture.text("   ", px: 12, box: (250, 350), baseline: 104),
                ]))
        let with = try Preview.render(Fixture.invoicePage(stamp: shapes), columns: 80)
        #expect(with == (try Preview.render(Fixture.invoicePage(), columns: 80)))
    }

    /// Only layout says what a group is: a graphic group with a word in a frame is not taken for a stamp.
    @Test func aGraphicGroupIsNotTakenForAStamp() throws {
        guard case .group(var group) = Fixture.stamp("PAID", color: Fixture.paid) else { return #expect(Bool(false)) }
        group.role = .graphic
        #expect(
            try Preview.render(Fixture.invoicePage(stamp: .group(group)), columns: 80)
                == (try Preview.render(Fixture.invoicePage(), columns: 80)))
        #expect(
            try Preview.render(Fixture.invoicePage(stamp: Fixture.stamp("PAID", color: Fixture.paid)), columns: 80)
                != (try Preview.render(Fixture.invoicePage(), columns: 80)))
    }

    @Test func aStampNestedInAGroupIsShown() throws {
        let inner = Fixture.stamp("PAID", color: Fixture.paid)
        let page = Page(
            size: Fixture.page,
            ops: [
                .group(
                    GroupOp(transform: InvoiDocument.AffineTransform.identity.translatedBy(dx: 5, dy: 5), ops: [inner]))
            ])
        #expect(Preview.lines(try Preview.render(page, columns: 10)) == ["  ╭──────╮", "  │ PAID │", "  ╰──────╯"])
    }

    @Test func imagesAreLeftOut() throws {
        let pixels = RasterPixels(
            width: 1, height: 1, rgba: [0, 0, 0, 255], hasAlpha: false,
            encoded: Data([0x89, 0x50, 0x4E, 0x47]), encodedFormat: .png)
        var page = Fixture.invoicePage()
        page.ops.insert(
            .image(
                ImageOp(image: .raster(pixels), rect: Rect(x: 42, y: 10, width: 36, height: 36), altText: "Acme logo")),
            at: 0)
        page.ops.append(
            .image(
                ImageOp(
                    image: .vector(SanitizedSVG(source: "<svg viewBox=\"0 0 1 1\"/>", size: Size(width: 1, height: 1))),
                    rect: Rect(x: 300, y: 10, width: 36, height: 36))))
        for columns in TerminalStampTests.widths {
            #expect(
                try Preview.render(page, columns: columns, color: true)
                    == (try Preview.render(Fixture.invoicePage(), columns: columns, color: true)))
        }
    }
}

@Suite struct TerminalAccentColorTests {
    @Test(
        arguments: [
            (0x10B981, BasicColor.green), (0xF59E0B, .yellow), (0xEF4444, .red), (0x3B82F6, .blue),
            (0x8B5CF6, .magenta), (0xF97316, .yellow), (0x06B6D4, .cyan), (0xEC4899, .magenta), (0xF43F5E, .red),
            (0xFF0000, .red), (0x00FF00, .green), (0x0000FF, .blue), (0xFFFF00, .yellow), (0x00FFFF, .cyan),
            (0xFF00FF, .magenta),
        ] as [(UInt32, BasicColor)])
    func huesMapToTheirBasicColour(rgb: UInt32, expected: BasicColor) {
        #expect(BasicColor(hueOf: Color(rgb: rgb)) == expected)
    }

    @Test(arguments: [0x111111, 0x888888, 0xE5E5E5, 0x94A3B8, 0x000000, 0xFFFFFF, 0x64748B] as [UInt32])
    func greysHaveNoBasicColour(rgb: UInt32) {
        #expect(BasicColor(hueOf: Color(rgb: rgb)) == nil)
    }

    @Test func accentColouredTitleRuleAndTotalUseTheBasicColour() throws {
        let accent = Color(rgb: 0x3B82F6)
        var page = Fixture.invoicePage()
        for index in page.ops.indices {
            switch page.ops[index] {
            case .text(var text) where ["INVOICE", "$7,252.20"].contains(text.text):
                text.color = accent
                page.ops[index] = .text(text)
            case .line(var line) where line.width > 1:
                line.color = accent
                page.ops[index] = .line(line)
            default: break
            }
        }
        let colored = try Preview.render(page, columns: 80, color: true)
        #expect(colored.contains("\u{1B}[1;34mINVOICE\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[1;34m$7,252.20\u{1B}[0m"))
        // The header rule stays heavy in its colour; primary text keeps the terminal's foreground.
        #expect(colored.contains("\u{1B}[34m" + String(repeating: "━", count: 80) + "\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[1mAcme Studio\u{1B}[0m"))
        let plain = try Preview.render(page, columns: 80)
        #expect(plain == (try Preview.render(Fixture.invoicePage(), columns: 80)))
    }

    @Test(arguments: [0x10B981, 0xF97316] as [UInt32])
    func lightAccentRulesStayHeavy(rgb: UInt32) throws {
        let page = Page(size: Fixture.page, ops: [Fixture.rule(y: 100, px: 1.5, color: Color(rgb: rgb))])
        #expect(try Preview.render(page, columns: 20) == String(repeating: "━", count: 20) + "\n")
    }
}
