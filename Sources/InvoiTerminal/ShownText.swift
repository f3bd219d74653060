import InvoiDocument

/// A text op's string made safe for the terminal and cut into grapheme
/// clusters, each with its width in cells and the UTF-8 offset it came from
/// in the op's text (which is what the glyph runs' ranges refer to).
struct ShownText {
    struct Cluster {
        /// UTF-8 byte range in `bytes`.
        var bytes: Range<Int>
        var width: Int
        /// UTF-8 offset of the cluster's first code point in the source text.
        var sourceOffset: Int
        var isSpace: Bool
        /// A combining mark with nothing before it to combine with: it is shown on a space.
        var needsBase = false
    }

    /// The sanitized text, UTF-8.
    let bytes: [UInt8]
    /// In logical order; zero-width clusters are folded into the cluster before them.
    let clusters: [Cluster]

    init(_ text: String) {
        if TerminalSanitizer.isSafeASCII(text) {
            let ascii = Array(text.utf8)
            bytes = ascii
            clusters = ascii.indices.map { i in
                Cluster(bytes: i..<(i + 1), width: 1, sourceOffset: i, isSpace: ascii[i] == 0x20)
            }
            return
        }
        var kept = String.UnicodeScalarView()
        var sourceOffsets: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            if let shown = TerminalSanitizer.cleaned(scalar) {
                kept.append(shown)
                sourceOffsets.append(offset)
            }
            offset += UTF8.width(scalar)
        }
        let sanitized = String(kept)
        var clusters: [Cluster] = []
        var byteOffset = 0
        var scalarIndex = 0
        for character in sanitized {
            let length = character.utf8.count
            let width = DisplayWidth.of(character)
            let range = byteOffset..<(byteOffset + length)
            if width == 0, let last = clusters.indices.last {
                clusters[last].bytes = clusters[last].bytes.lowerBound..<range.upperBound
            } else {
                clusters.append(
                    Cluster(
                        bytes: range, width: max(width, 1),
                        sourceOffset: sourceOffsets[scalarIndex],
                        isSpace: character.isWhitespace, needsBase: width == 0))
            }
            byteOffset += length
            scalarIndex += character.unicodeScalars.count
        }
        self.bytes = Array(sanitized.utf8)
        self.clusters = clusters
    }

    var isBlank: Bool { clusters.allSatisfy(\.isSpace) }

    /// Width in cells of the clusters in `range`.
    func width(of range: Range<Int>) -> Int {
        clusters[range].reduce(0) { $0 + $1.width }
    }

    /// `range` without spaces at either end.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, clusters[lower].isSpace { lower += 1 }
        while upper > lower, clusters[upper - 1].isSpace { upper -= 1 }
        return lower..<upper
    }

    /// The UTF-8 of `order` (cluster indices, as shown left to right), with the brackets of
    /// the clusters in `mirroring` turned round.
    func utf8(of order: [Int], mirroring: Set<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(order.count)
        for index in order {
            let cluster = clusters[index]
            if cluster.needsBase { out.append(0x20) }
            let text = bytes[cluster.bytes]
            if mirroring.contains(index), let scalar = String(decoding: text, as: UTF8.self).unicodeScalars.first,
                text.count == UTF8.width(scalar), let mirrored = MirroredBracket.pairs[scalar]
            {
                out.append(contentsOf: String(mirrored).utf8)
            } else {
                out.append(contentsOf: text)
            }
        }
        return out
    }

    /// The UTF-8 of `order` (cluster indices, as shown left to right).
    func utf8(of order: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(order.count)
        for index in order {
            let cluster = clusters[index]
            if cluster.needsBase { out.append(0x20) }
            out.append(contentsOf: bytes[cluster.bytes])
        }
        return out
    }
}
