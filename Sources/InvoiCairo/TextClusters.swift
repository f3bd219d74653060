import InvoiDocument

/// How the UTF-8 text of a glyph run maps onto its glyphs, in the form
/// `cairo_show_text_glyphs` wants, so the PDF text layer gives back the words.
struct TextClusters: Equatable {
    struct Cluster: Equatable {
        var byteCount: Int
        var glyphCount: Int
    }

    /// In logical (text) order.
    var clusters: [Cluster]
    /// True when the clusters map the glyph array from its end (right-to-left runs,
    /// whose glyphs are in visual order): Cairo's CAIRO_TEXT_CLUSTER_FLAG_BACKWARD.
    var isBackward: Bool

    /// Builds the clusters of `glyphClusters` (each glyph's cluster start, a byte
    /// offset into `utf8`) covering `textRange`. When the glyph clusters are not
    /// monotonic or fall outside the range, the whole range becomes one cluster.
    /// Nil when `textRange` itself cannot be given to Cairo (out of bounds, empty,
    /// or not on character boundaries), or there are no glyphs.
    init?(glyphClusters: [Int], textRange: Range<Int>, utf8: UnsafeBufferPointer<UInt8>) {
        guard !glyphClusters.isEmpty, !textRange.isEmpty, textRange.lowerBound >= 0,
              textRange.upperBound <= utf8.count,
              Self.isCharacterBoundary(textRange.lowerBound, in: utf8),
              Self.isCharacterBoundary(textRange.upperBound, in: utf8)
        else { return nil }

        let wholeRange = [Cluster(byteCount: textRange.count, glyphCount: glyphClusters.count)]
        let ascending = zip(glyphClusters, glyphClusters.dropFirst()).allSatisfy { $0 <= $1 }
        let descending = zip(glyphClusters, glyphClusters.dropFirst()).allSatisfy { $0 >= $1 }
        guard ascending || descending else {
            self.init(clusters: wholeRange, isBackward: false)
            return
        }
        // A single cluster value is both; only then does the order not show it.
        let backward = descending && !ascending
        let logical = backward ? Array(glyphClusters.reversed()) : glyphClusters

        // Group equal starts: (start, glyph count), starts strictly ascending.
        var groups: [(start: Int, glyphs: Int)] = []
        for start in logical {
            if let last = groups.last, last.start == start {
                groups[groups.count - 1].glyphs += 1
            } else {
                groups.append((start, 1))
            }
        }
        guard let first = groups.first, let last = groups.last,
              first.start >= textRange.lowerBound, last.start < textRange.upperBound,
              groups.allSatisfy({ Self.isCharacterBoundary($0.start, in: utf8) })
        else {
            self.init(clusters: wholeRange, isBackward: false)
            return
        }
        // Bytes before the first glyph's cluster belong to the first cluster.
        groups[0].start = textRange.lowerBound
        let clusters = groups.indices.map { i in
            let end = i + 1 < groups.count ? groups[i + 1].start : textRange.upperBound
            return Cluster(byteCount: end - groups[i].start, glyphCount: groups[i].glyphs)
        }
        self.init(clusters: clusters, isBackward: backward)
    }

    init(clusters: [Cluster], isBackward: Bool) {
        self.clusters = clusters
        self.isBackward = isBackward
    }

    private static func isCharacterBoundary(_ offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        offset == utf8.count || (offset >= 0 && offset < utf8.count && utf8[offset] & 0xC0 != 0x80)
    }
}
