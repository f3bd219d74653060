import InvoiDocument
import Testing

@testable import InvoiTerminal

@Suite struct TerminalSanitizerTests {
    @Test func removesEverythingATerminalActsOn() {
        let hostile = "a\u{1B}[31mb\u{9B}2Jc\u{07}d\u{7F}e\u{85}f\u{202E}g\u{2066}h\u{2069}i\u{200F}j\u{061C}k\u{00}l"
        #expect(TerminalSanitizer.sanitize(hostile) == "a[31mb2Jcdefghijkl")
    }

    @Test func lineBreaksAndTabsBecomeSpaces() {
        #expect(TerminalSanitizer.sanitize("one\ntwo\tthree\r\nfour\u{2028}five") == "one two three  four five")
    }

    @Test func keepsEveryScript() {
        let text = "Café 東京 עברית العربية ₹12,34,567.89 e\u{301} 👩‍💻"
        #expect(TerminalSanitizer.sanitize(text) == text)
    }
}

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneCellEach() {
        #expect(DisplayWidth.of("Invoice 42") == 10)
    }

    @Test func eastAsianWideAndFullwidthTakeTwo() {
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("ロゴ") == 4)
        #expect(DisplayWidth.of("한국") == 4)
        #expect(DisplayWidth.of("ＡＢ") == 4)  // fullwidth Latin
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("\u{20000}") == 2)  // CJK extension B
        #expect(DisplayWidth.of("、。") == 4)
    }

    @Test func combiningMarksAndFormatCharactersTakeNone() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x200B)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x200D)!) == 0)
        #expect(DisplayWidth.of("\u{1100}\u{1161}") == 2)  // conjoining Hangul syllable
    }

    /// The widest a terminal shows a cluster: wcwidth terminals give each part of a ZWJ
    /// sequence its own cells, and Thai SARA AM a cell of its own.
    @Test func aClusterTakesTheWidestATerminalShows() {
        #expect(DisplayWidth.of("👩‍💻") == 4)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 6)
        #expect(DisplayWidth.of("👍🏽") == 4)  // emoji and skin tone modifier
        #expect(DisplayWidth.of("กำ") == 2)  // KO KAI + SARA AM
        #expect(DisplayWidth.of("\u{0E33}") == 1)
        #expect(DisplayWidth.of("น้ำ") == 2)  // with a tone mark between
        #expect(DisplayWidth.of("ก\u{0E34}") == 1)  // SARA I is a nonspacing mark
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2)  // emoji presentation
        #expect(DisplayWidth.of("\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}") == 2)  // tag flag
    }

    /// The cases: `--width 20` with Thai reached 26 cells, an 80-column line with
    /// `👩‍💻` 82, in a terminal that measures code point by code point.
    @Test(arguments: ["ทำงานสำคัญทำนาน ", "👩‍💻 dev ", "👨‍👩‍👧👍🏽 "])
    func linesStayWithinTheWidthInCodePointTerminals(unit: String) throws {
        let text = String(repeating: unit, count: 20)
        let page = Page(
            size: Fixture.page,
            ops: [Fixture.text(text, px: 12, box: (40, 555), baseline: 60)])
        for columns in [20, 41, 60, 80] {
            let lines = Preview.lines(try Preview.render(page, columns: columns))
            // Counted apart from DisplayWidth, as wcwidth does: every code point on its own,
            // marks and joiners none, emoji and their modifiers two.
            let cells = { (line: String) in
                line.unicodeScalars.reduce(0) { sum, scalar in
                    switch scalar.properties.generalCategory {
                    case .nonspacingMark, .enclosingMark, .format: sum
                    default: sum + (scalar.properties.isEmojiPresentation ? 2 : 1)
                    }
                }
            }
            for line in lines { #expect(cells(line) <= columns, "\(columns): \(line)") }
        }
    }

    @Test func aFlagTakesTwoCells() {
        #expect(DisplayWidth.of("🇮🇱") == 2)
        #expect(DisplayWidth.of("🇮🇱🇩🇪🇯🇵") == 6)
        #expect(DisplayWidth.of("\u{1F1EE}") == 1)  // a lone regional indicator
    }

    /// The case: a line of flags made the txt lines wider than --width.
    @Test func linesOfFlagsStayWithinTheWidth() throws {
        let flags = String(repeating: "🇮🇱🇩🇪", count: 20)
        let page = Page(
            size: Fixture.page,
            ops: [Fixture.text(flags, px: 12, box: (40, 555), baseline: 60)])
        for columns in [20, 41, 60, 80] {
            let lines = Preview.lines(try Preview.render(page, columns: columns))
            // Counted apart from DisplayWidth: a flag as the two cells a terminal draws.
            let cells = { (line: String) in
                line.reduce(0) { sum, character in
                    let isFlag =
                        character.unicodeScalars.count == 2
                        && character.unicodeScalars.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) }
                    return sum + (isFlag ? 2 : DisplayWidth.of(character))
                }
            }
            #expect(lines.allSatisfy { cells($0) <= columns }, "\(columns)")
            #expect(lines.joined().filter { $0 == "🇮🇱" }.count == 20)
        }
    }

    @Test func narrowScriptsTakeOne() {
        #expect(DisplayWidth.of("עברית") == 5)
        #expect(DisplayWidth.of("Ωλ") == 2)
        #expect(DisplayWidth.of("₹€") == 2)
        #expect(DisplayWidth.of("━─┈") == 3)
    }
}
