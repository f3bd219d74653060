import InvoiDocument
import Testing

@testable import InvoiText

@Suite struct LineBreakingTests {
    /// The width of `n` JetBrains Mono cells at 13 px.
    func cells(_ n: Int) -> Double { Double(n) * monoAdvanceAt13px }

    func texts(_ text: String, width: Double, font: FontSpec = body, tracking: Double = 0) throws -> [String] {
        let lines = try fixedShaper().breakLines(text, font: font, tracking: tracking, width: width)
        for line in lines {
            #expect(line.width <= width + 1e-9 || line.text.count == 1, "\(line.text) is \(line.width) wide")
        }
        return lines.map(\.text)
    }

    @Test func wrapsAtSpacesAndDropsThem() throws {
        let text = "Website redesign and development of the marketing site"
        #expect(
            try texts(text, width: cells(17)) == ["Website redesign", "and development", "of the marketing", "site"])
        let lines = try fixedShaper().breakLines(text, font: body, tracking: 0, width: cells(17))
        #expect(nearlyEqual(lines[0].width, cells(16)))
    }

    @Test func aLongWordBreaksBetweenCharacters() throws {
        let word = "Supercalifragilisticexpialidocious"
        let lines = try texts(word, width: cells(10))
        #expect(lines == ["Supercalif", "ragilistic", "expialidoc", "ious"])
    }

    @Test func aURLBreaksAfterSlashes() throws {
        #expect(
            try texts("https://example.com/invoices/2026/INV-0001", width: cells(20))
                == ["https://example.com/", "invoices/2026/", "INV-0001"])
    }

    @Test func anIBANBreaksAtItsSpacesOrElseBetweenCharacters() throws {
        #expect(try texts("DE89 3704 0044 0532 0130 00", width: cells(10)) == ["DE89 3704", "0044 0532", "0130 00"])
        #expect(try texts("DE89370400440532013000", width: cells(10)) == ["DE89370400", "4405320130", "00"])
    }

    @Test func hyphensBreakButNotBeforeDigitsOrAtAWordStart() throws {
        #expect(try texts("state-of-the-art", width: cells(10)) == ["state-of-", "the-art"])
        #expect(try texts("Total -12.50 INV-0001", width: cells(8)) == ["Total", "-12.50", "INV-0001"])
    }

    @Test func newlinesAreHardBreaks() throws {
        #expect(try texts("12 Market Street\nLondon", width: cells(40)) == ["12 Market Street", "London"])
        #expect(try texts("a\n\nb\n", width: cells(40)) == ["a", "", "b", ""])
        #expect(try texts("a\r\nb", width: cells(40)) == ["a", "b"])
    }

    @Test func anRTLParagraphBreaksIntoRTLLinesInVisualOrder() throws {
        let text = "חשבונית 2026 עבור שלום ועוד מילים"
        let lines = try fixedShaper().breakLines(text, font: body, tracking: 0, width: 60)
        #expect(lines.count > 1)
        #expect(lines.map(\.text).joined(separator: " ") == text)
        for line in lines {
            #expect(line.direction == .rightToLeft)
            #expect(line.width <= 60)
            expectClustersCoverEveryCharacterOnce(line)
            // The line's first word (logically) is drawn rightmost.
            let bytes = Array(line.text.utf8)
            let rightmost = try #require(line.runs.last)
            #expect(line.text.hasPrefix(String(decoding: bytes[rightmost.textRange], as: UTF8.self)))
        }
    }

    @Test func aLatinLineOfAnRTLParagraphKeepsTheParagraphDirection() throws {
        let lines = try fixedShaper().breakLines("שלום world example text", font: body, tracking: 0, width: cells(12))
        #expect(lines.map(\.text) == ["שלום world", "example text"])
        #expect(lines.map(\.direction) == [.rightToLeft, .rightToLeft])
        // In the first line the Latin word sits left of the Hebrew one.
        #expect(lines[0].runs.first?.font.family == "JetBrains Mono")
        #expect(lines[0].runs.last?.font.family == "DejaVu Sans")
    }

    @Test func aStringOfOnlySpacesGivesOneEmptyLine() throws {
        let lines = try fixedShaper().breakLines("      ", font: body, tracking: 0, width: cells(2))
        #expect(lines.map(\.text) == [""])
        #expect(lines[0].width == 0)
    }

    @Test func theEmptyStringGivesOneEmptyLine() throws {
        let lines = try fixedShaper().breakLines("", font: body, tracking: 0, width: cells(2))
        #expect(lines.map(\.text) == [""])
        #expect(lines[0].runs.isEmpty)
    }

    @Test func leadingSpacesOfAParagraphStayTrailingOnesGo() throws {
        #expect(try texts("  indented   ", width: cells(40)) == ["  indented"])
    }

    @Test func clustersAreNeverSplit() throws {
        let text = String(repeating: "e\u{301}", count: 3)
        #expect(try texts(text, width: 1) == ["e\u{301}", "e\u{301}", "e\u{301}"])
    }

    @Test func trackingCountsInTheWidth() throws {
        // +0.08 em makes each cell 6.63 pt: 8 fit in 58.5 pt (53.04), 9 do not (59.67).
        let lines = try texts("ABCDEFGHIJ", width: cells(10), tracking: 0.08)
        #expect(lines == ["ABCDEFGH", "IJ"])
    }

    @Test func cjkBreaksBetweenIdeographs() throws {
        // WenQuanYi ideographs are 1 em wide: three fit in 3 em.
        #expect(try texts("设计服务说明文档", width: 3 * body.size) == ["设计服", "务说明", "文档"])
    }

    @Test func aCutArabicWordIsMeasuredAsShapedAlone() throws {
        let text = "مرحبامرحبامرحبا"
        let lines = try fixedShaper().breakLines(text, font: body, tracking: 0, width: 20)
        #expect(lines.map(\.text).joined() == text)
        #expect(lines.allSatisfy { $0.width <= 20 && $0.direction == .rightToLeft })
    }

    @Test func aSingleClusterWiderThanTheLineOverflowsOnItsOwnLine() throws {
        let lines = try fixedShaper().breakLines("WM", font: body, tracking: 0, width: 2)
        #expect(lines.map(\.text) == ["W", "M"])
    }
}
