import Foundation
import InvoiDocument
import Testing

@testable import InvoiText

@Suite struct ShapingTests {
    @Test func jetBrainsMonoAdvancesAt13px() throws {
        let line = try fixedShaper().shapeLine("Acme Studio 1,234.56", font: body, tracking: 0)
        #expect(line.glyphs.count == 20)
        #expect(line.glyphs.allSatisfy { nearlyEqual($0.advance, monoAdvanceAt13px) })
        #expect(nearlyEqual(line.width, 20 * monoAdvanceAt13px))
        #expect(line.direction == .leftToRight)
        #expect(line.uncovered.isEmpty)
    }

    @Test func negativeTrackingNarrowsInvoiceByItsClusterCount() throws {
        let title = FontSpec(weight: .bold, size: 25.5)
        let plain = try fixedShaper().shapeLine("INVOICE", font: title, tracking: 0)
        let tracked = try fixedShaper().shapeLine("INVOICE", font: title, tracking: -0.02)
        #expect(tracked.width < plain.width)
        // Every cluster, the last included, gets tracking × size.
        #expect(nearlyEqual(tracked.width, plain.width - 7 * 0.02 * 25.5))
        #expect(tracked.glyphs.map(\.id) == plain.glyphs.map(\.id))
    }

    @Test func clustersAreUTF8OffsetsIntoTheText() throws {
        let line = try fixedShaper().shapeLine("Zürich", font: body, tracking: 0)
        #expect(line.text == "Zürich")
        #expect(line.glyphs.map(\.cluster) == [0, 1, 3, 4, 5, 6])
        #expect(line.runs.map(\.textRange) == [0..<7])
    }

    @Test func aNewlineShapesAsASpace() throws {
        let broken = try fixedShaper().shapeLine("a\nb", font: body, tracking: 0)
        let spaced = try fixedShaper().shapeLine("a b", font: body, tracking: 0)
        #expect(broken.text == "a\nb")
        #expect(broken.glyphs == spaced.glyphs)
    }

    @Test func aTabShapesAsASpaceNotAMissingGlyph() throws {
        let tabbed = try fixedShaper().shapeLine("a\tb", font: body, tracking: 0)
        let spaced = try fixedShaper().shapeLine("a b", font: body, tracking: 0)
        #expect(tabbed.glyphs == spaced.glyphs)
        #expect(tabbed.uncovered.isEmpty)
    }

    @Test func hebrewWithDigitsRunsInVisualOrder() throws {
        let text = "חשבונית 2026 עבור שלום"
        let line = try fixedShaper().shapeLine(text, font: body, tracking: 0)
        #expect(line.direction == .rightToLeft)
        let bytes = Array(text.utf8)
        func source(_ run: GlyphRun) -> String { String(decoding: bytes[run.textRange], as: UTF8.self) }
        // Left to right on the page: the last word first, the number in the middle, the first word last.
        let words = line.runs.map(source).filter { $0 != " " }
        #expect(words == ["שלום", "עבור", "2026", "חשבונית"])
        let number = try #require(line.runs.first { source($0) == "2026" })
        #expect(number.direction == .leftToRight)
        #expect(number.glyphs.map(\.cluster) == [15, 16, 17, 18])
        for run in line.runs where run.direction == .rightToLeft {
            #expect(run.glyphs.map(\.cluster) == run.glyphs.map(\.cluster).sorted(by: >))
        }
        #expect(line.uncovered.isEmpty)
        expectClustersCoverEveryCharacterOnce(line)
    }

    @Test func mixedScriptsGetSeparateRuns() throws {
        let line = try fixedShaper().shapeLine("שלום مرحبا", font: body, tracking: 0)
        let scripts = line.runs.filter { $0.glyphs.count > 1 }.map(\.textRange)
        #expect(scripts.count == 2)
        expectClustersCoverEveryCharacterOnce(line)
    }

    @Test func arabicLettersJoin() throws {
        let word = "مرحبا"
        let shaper = try fixedShaper()
        let joined = shaper.shapeLine(word, font: body, tracking: 0)
        #expect(joined.direction == .rightToLeft)
        #expect(joined.runs.count == 1)
        let isolated = word.map { shaper.shapeLine(String($0), font: body, tracking: 0).glyphs[0].id }
        // Glyphs come right to left; put them back in logical order to compare letter by letter.
        let logical = joined.glyphs.sorted { $0.cluster < $1.cluster }.map(\.id)
        #expect(logical.count == isolated.count)
        #expect(zip(logical, isolated).allSatisfy { $0 != $1 })
        #expect(!logical.contains(0))
    }

    @Test func cjkFallsBackToWenQuanYi() throws {
        let line = try fixedShaper().shapeLine("发票 2026", font: body, tracking: 0)
        let cjk = try #require(line.runs.first)
        #expect(cjk.font.family.hasPrefix("WenQuanYi Micro Hei"))
        #expect(cjk.font.path == "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
        #expect(!cjk.glyphs.contains { $0.id == 0 })
        #expect(line.runs.last?.font.family == "JetBrains Mono")
        #expect(line.uncovered.isEmpty)
    }

    @Test func charactersNoFontCoversAreReportedOnce() throws {
        // U+E000 (private use) and Devanagari are in none of the fixed fonts (checked with fc-list).
        let line = try fixedShaper().shapeLine("a\u{E000}b\u{E000}c क", font: body, tracking: 0)
        #expect(line.uncovered == ["\u{E000}", "\u{0915}"])
        #expect(line.glyphs.filter { $0.id == 0 }.count == 3)
    }

    @Test func invisibleCharactersAreNeitherUncoveredNorRunSplitters() throws {
        let line = try fixedShaper().shapeLine("a\u{200D}b\u{2060}c", font: body, tracking: 0)
        #expect(line.uncovered.isEmpty)
        #expect(line.runs.count == 1)
    }

    @Test func trackingSkipsInvisibleClustersAndAppliesPerCluster() throws {
        let shaper = try fixedShaper()
        let plain = shaper.shapeLine("e\u{301}x", font: body, tracking: 0)
        let tracked = shaper.shapeLine("e\u{301}x", font: body, tracking: 0.1)
        // Two clusters (é, x), so two trackings.
        #expect(nearlyEqual(tracked.width - plain.width, 2 * 0.1 * body.size))
    }

    @Test func cachedLinesKeepTheirOwnBytes() throws {
        let shaper = try fixedShaper()
        let composed = shaper.shapeLine("caf\u{E9}", font: body, tracking: 0)
        let decomposed = shaper.shapeLine("cafe\u{301}", font: body, tracking: 0)
        #expect(Array(composed.text.utf8) == Array("caf\u{E9}".utf8))
        #expect(Array(decomposed.text.utf8) == Array("cafe\u{301}".utf8))
        #expect(decomposed.runs[0].textRange == 0..<6)
    }

    @Test func metricsComeFromThePrimaryFont() throws {
        // JetBrains Mono's hhea: ascender 1020, descender −300, per 1000 units.
        let metrics = try fixedShaper().metrics(for: FontSpec(weight: .bold, size: 20))
        #expect(nearlyEqual(metrics.ascent, 20.4))
        #expect(nearlyEqual(metrics.descent, 6))
    }

    @Test func emptyTextShapesToAnEmptyLine() throws {
        let line = try fixedShaper().shapeLine("", font: body, tracking: 0.1)
        #expect(line.runs.isEmpty)
        #expect(line.width == 0)
        #expect(line.direction == .leftToRight)
    }
}

/// Each run covers a slice of the text; the slices tile it. Every glyph's cluster
/// lies in its run, and the cluster starts split the text so that every character
/// belongs to exactly one cluster.
func expectClustersCoverEveryCharacterOnce(_ line: ShapedLine, sourceLocation: SourceLocation = #_sourceLocation) {
    let length = line.text.utf8.count
    let ranges = line.runs.map(\.textRange).sorted { $0.lowerBound < $1.lowerBound }
    var next = 0
    for range in ranges {
        #expect(range.lowerBound == next, sourceLocation: sourceLocation)
        next = range.upperBound
    }
    #expect(next == length, sourceLocation: sourceLocation)
    for run in line.runs {
        #expect(run.glyphs.allSatisfy { run.textRange.contains($0.cluster) }, sourceLocation: sourceLocation)
    }
    // A cluster belongs to one run only, and each run starts with a cluster of its own,
    // so with the tiling above every byte falls in exactly one cluster.
    var runOfCluster: [Int: Int] = [:]
    for (index, run) in line.runs.enumerated() {
        #expect(run.glyphs.contains { $0.cluster == run.textRange.lowerBound }, sourceLocation: sourceLocation)
        for glyph in run.glyphs {
            #expect(
                runOfCluster.updateValue(index, forKey: glyph.cluster) ?? index == index, sourceLocation: sourceLocation
            )
        }
    }
    let starts = Set(runOfCluster.keys)
    // Cluster starts are character boundaries.
    var scalarStarts = Set<Int>()
    var offset = 0
    for scalar in line.text.unicodeScalars {
        scalarStarts.insert(offset)
        offset += UTF8.width(scalar)
    }
    #expect(starts.allSatisfy(scalarStarts.contains), sourceLocation: sourceLocation)
}
