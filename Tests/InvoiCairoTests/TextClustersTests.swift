import InvoiDocument
import Testing

@testable import InvoiCairo

@Suite struct TextClustersTests {
    private func clusters(
        _ text: String, glyphs: [Int], range: Range<Int>? = nil,
        direction: TextDirection = .leftToRight
    ) -> TextClusters? {
        let utf8 = Array(text.utf8)
        return utf8.withUnsafeBufferPointer {
            TextClusters(glyphClusters: glyphs, textRange: range ?? 0..<utf8.count, utf8: $0, direction: direction)
        }
    }

    private func text(of clusters: TextClusters, in text: String) -> String {
        let utf8 = Array(text.utf8)
        return String(decoding: utf8.withUnsafeBufferPointer { clusters.text(from: $0) }, as: UTF8.self)
    }

    typealias Cluster = TextClusters.Cluster

    @Test func oneGlyphPerCharacter() throws {
        let result = try #require(clusters("Ab€", glyphs: [0, 1, 2]))
        #expect(
            result.clusters == [
                Cluster(bytes: 0..<1, glyphCount: 1), Cluster(bytes: 1..<2, glyphCount: 1),
                Cluster(bytes: 2..<5, glyphCount: 1),
            ])
        #expect(text(of: result, in: "Ab€") == "Ab€")
    }

    @Test func ligatureAndDecomposition() throws {
        // "ffi" as one glyph; then "é" drawn as two glyphs (base and accent).
        let result = try #require(clusters("ffié", glyphs: [0, 3, 3]))
        #expect(result.clusters == [Cluster(bytes: 0..<3, glyphCount: 1), Cluster(bytes: 3..<5, glyphCount: 2)])
    }

    @Test func rightToLeftKeepsGlyphOrderWithEachClustersOwnText() throws {
        // "שלום" (2 bytes a letter) drawn in visual order: ם ו ל ש.
        let word = "שלום"
        let result = try #require(clusters(word, glyphs: [6, 4, 2, 0]))
        #expect(
            result.clusters == [
                Cluster(bytes: 6..<8, glyphCount: 1), Cluster(bytes: 4..<6, glyphCount: 1),
                Cluster(bytes: 2..<4, glyphCount: 1), Cluster(bytes: 0..<2, glyphCount: 1),
            ])
        #expect(text(of: result, in: word) == "םולש")
    }

    @Test func rightToLeftLigatureHandsOverItsCharactersReversed() throws {
        // "الأفق": alef, then lam + alef-hamza as one ligature glyph, feh, qaf; drawn ق ف لأ ا.
        let word = "الأفق"
        let result = try #require(clusters(word, glyphs: [8, 6, 2, 0], direction: .rightToLeft))
        #expect(result.clusters.map(\.bytes) == [8..<10, 6..<8, 2..<6, 0..<2])
        #expect(text(of: result, in: word) == "قفألا")
        // Left to right, a ligature's characters stay in order.
        let ltr = try #require(clusters("ffi", glyphs: [0]))
        #expect(text(of: ltr, in: "ffi") == "ffi")
    }

    @Test func runInsideALongerLine() throws {
        // "Client: " then a right-to-left run "דוד" at bytes 8..<14.
        let line = "Client: דוד"
        let result = try #require(clusters(line, glyphs: [12, 10, 8], range: 8..<14))
        #expect(result.clusters.map(\.bytes) == [12..<14, 10..<12, 8..<10])
    }

    @Test func leadingBytesWithoutGlyphJoinTheFirstCluster() throws {
        // A zero-width joiner at the start that produced no glyph.
        let result = try #require(clusters("\u{200D}ab", glyphs: [3, 4]))
        #expect(result.clusters == [Cluster(bytes: 0..<4, glyphCount: 1), Cluster(bytes: 4..<5, glyphCount: 1)])
    }

    @Test func disorderedClustersBecomeOneCluster() throws {
        let result = try #require(clusters("abcd", glyphs: [0, 2, 1, 3]))
        #expect(result.clusters == [Cluster(bytes: 0..<4, glyphCount: 4)])
    }

    @Test func clustersOutsideTheRangeBecomeOneCluster() throws {
        let result = try #require(clusters("abcd", glyphs: [0, 9], range: 0..<2))
        #expect(result.clusters == [Cluster(bytes: 0..<2, glyphCount: 2)])
    }

    @Test func clusterInsideACharacterBecomesOneCluster() throws {
        // Offset 3 is the second byte of "€" (bytes 2..<5).
        let result = try #require(clusters("ab€", glyphs: [0, 3]))
        #expect(result.clusters == [Cluster(bytes: 0..<5, glyphCount: 2)])
    }

    @Test func unusableRangesGiveNoClusters() {
        #expect(clusters("abc", glyphs: [0], range: 0..<9) == nil)
        #expect(clusters("abc", glyphs: [0], range: 1..<1) == nil)
        #expect(clusters("€", glyphs: [0], range: 0..<2) == nil)
        #expect(clusters("abc", glyphs: []) == nil)
    }
}
