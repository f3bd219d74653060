import InvoiDocument

/// How the UTF-8 text of a glyph run maps onto its glyphs, in the form
/// `cairo_show_text_glyphs` wants, so the PDF text layer gives back the words.
///
/// Clusters follow the glyphs (visual order), and the text handed to Cairo is
/// the clusters' bytes in that same order. For a right-to-left run this keeps
/// the glyphs drawn left to right, each mapped to its own characters, which is
/// what text extractors expect: pdftotext then gives the words in logical order.
/// (Cairo's backward clusters instead emit the glyphs right to left, and
/// pdftotext splits words apart.)
///
/// Text extractors such as poppler (pdftotext, and the viewers built on it) turn
/// a right-to-left run back into logical order by reversing its characters, those
/// of a glyph standing for several (a lam-alef ligature) included. So in a
/// right-to-left run a cluster's characters are handed over reversed, and come
/// out in logical order.
struct TextClusters: Equatable {
    struct Cluster: Equatable {
        /// The cluster's bytes in the op's text.
        var bytes: Range<Int>
        var glyphCount: Int
    }

    /// In glyph order.
    var clusters: [Cluster]
    var isRightToLeft = false

    /// Builds the clusters of a run from each glyph's cluster start (a byte offset
    /// into `utf8`), covering `textRange`. When the starts are not monotonic or
    /// fall outside the range, the whole range becomes one cluster. Nil when
    /// `textRange` itself cannot be given to Cairo (out of bounds, empty, or not
    /// on character boundaries), or there are no glyphs.
    init?(
        glyphClusters: [Int], textRange: Range<Int>, utf8: UnsafeBufferPointer<UInt8>,
        direction: TextDirection = .leftToRight
    ) {
        guard !glyphClusters.isEmpty, !textRange.isEmpty, textRange.lowerBound >= 0,
            textRange.upperBound <= utf8.count,
            Self.isCharacterBoundary(textRange.lowerBound, in: utf8),
            Self.isCharacterBoundary(textRange.upperBound, in: utf8)
        else { return nil }
        let rightToLeft = direction == .rightToLeft
        // One pass, no arrays beside the result: a page draws a few hundred runs.
        // Consecutive glyphs with the same start form one cluster, its bytes for now
        // `start..<start`.
        var clusters: [Cluster] = []
        clusters.reserveCapacity(glyphClusters.count)
        var ascending = true
        var descending = true
        var onBoundaries = true
        var lowest = Int.max
        var highest = Int.min
        for start in glyphClusters {
            if let previous = clusters.last?.bytes.lowerBound {
                if previous == start {
                    clusters[clusters.count - 1].glyphCount += 1
                    continue
                }
                if previous > start { ascending = false } else { descending = false }
            }
            lowest = min(lowest, start)
            highest = max(highest, start)
            if !Self.isCharacterBoundary(start, in: utf8) { onBoundaries = false }
            clusters.append(Cluster(bytes: start..<start, glyphCount: 1))
        }
        guard ascending || descending, lowest >= textRange.lowerBound, highest < textRange.upperBound, onBoundaries
        else {
            self.init(
                clusters: [Cluster(bytes: textRange, glyphCount: glyphClusters.count)], isRightToLeft: rightToLeft)
            return
        }
        // Each cluster runs to the next start in text order; bytes before the first start
        // belong to the first cluster in text order. Text order is glyph order when the starts
        // ascend, the reverse when they descend (one cluster: both, taken as ascending).
        let count = clusters.count
        if ascending {
            for index in 0..<count {
                let start = index == 0 ? textRange.lowerBound : clusters[index].bytes.lowerBound
                let end = index + 1 < count ? clusters[index + 1].bytes.lowerBound : textRange.upperBound
                clusters[index].bytes = start..<end
            }
        } else {
            for index in stride(from: count - 1, through: 0, by: -1) {
                let start = index == count - 1 ? textRange.lowerBound : clusters[index].bytes.lowerBound
                let end = index > 0 ? clusters[index - 1].bytes.lowerBound : textRange.upperBound
                clusters[index].bytes = start..<end
            }
        }
        self.init(clusters: clusters, isRightToLeft: rightToLeft)
    }

    init(clusters: [Cluster], isRightToLeft: Bool = false) {
        self.clusters = clusters
        self.isRightToLeft = isRightToLeft
    }

    /// The clusters' bytes of `utf8`, in glyph order; in a right-to-left run
    /// each cluster's characters reversed.
    func text(from utf8: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if !isRightToLeft, let first = clusters.first?.bytes.lowerBound, let last = clusters.last?.bytes.upperBound,
            zip(clusters, clusters.dropFirst()).allSatisfy({ $0.bytes.upperBound == $1.bytes.lowerBound })
        {
            // The clusters tile the run's bytes in order (left-to-right text): the bytes as they are.
            return Array(utf8[first..<last])
        }
        var text: [UInt8] = []
        text.reserveCapacity(clusters.reduce(0) { $0 + $1.bytes.count })
        for cluster in clusters {
            let bytes = utf8[cluster.bytes]
            if isRightToLeft, bytes.count > 1 {
                let characters = String(decoding: bytes, as: UTF8.self).unicodeScalars.reversed()
                for scalar in characters { text += Array(String(scalar).utf8) }
            } else {
                text += bytes
            }
        }
        return text
    }

    private static func isCharacterBoundary(_ offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        offset == utf8.count || (offset >= 0 && offset < utf8.count && utf8[offset] & 0xC0 != 0x80)
    }
}
