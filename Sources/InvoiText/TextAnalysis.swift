import InvoiDocument

/// A paragraph prepared for shaping: its scalars and grapheme clusters, bidi levels,
/// and the face chosen for each cluster. Lines are cut from it by cluster range.
struct TextAnalysis {
    /// The source text's UTF-8.
    let source: [UInt8]
    /// What HarfBuzz is given: the source with `\n`, `\r` and `\t` as spaces (same byte length).
    let shaping: [UInt8]
    /// Scalars as shaped (`\n`, `\r` and `\t` as spaces).
    let scalars: [Unicode.Scalar]
    /// UTF-8 offset of each scalar, plus the end offset.
    let scalarOffsets: [Int]
    /// Scalar index where each grapheme cluster starts, plus the scalar count.
    let clusterStarts: [Int]
    let bidi: BidiLevels
    /// The face of each grapheme cluster.
    let faces: [LoadedFace]
    /// Characters no face covers, by cluster index.
    let uncovered: [Int: [Unicode.Scalar]]
    /// True when the text is plain ASCII (Latin or common script, all left-to-right).
    let isASCII: Bool

    var clusterCount: Int { clusterStarts.count - 1 }

    /// `fallbackDirection` is the paragraph's direction when it has no strong character
    /// (left to right when nil): a right-to-left document's numbers stay in its direction.
    init(
        _ text: String, weight: FontWeight, family: FontFamily = .design, selector: FontSelector,
        fallbackDirection: TextDirection? = nil
    ) {
        let source = Array(text.utf8)
        let isASCII = !source.contains { $0 >= 0x80 || $0 == 0x0D }
        var (scalars, scalarOffsets, clusterStarts) =
            isASCII
            ? (source.map { Unicode.Scalar($0) }, Array(0...source.count), Array(0...source.count))
            : Self.segment(text)
        var shaping = source
        for i in scalars.indices where scalars[i] == "\n" || scalars[i] == "\t" || scalars[i] == "\r" {
            scalars[i] = " "
            shaping[scalarOffsets[i]] = 0x20
        }
        self.source = source
        self.shaping = shaping
        self.scalars = scalars
        self.scalarOffsets = scalarOffsets
        self.clusterStarts = clusterStarts
        self.isASCII = isASCII
        // ASCII is left to right, unless a right-to-left paragraph holds no letter to say so.
        let plainLeftToRight =
            isASCII
            && (fallbackDirection != .rightToLeft || source.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A })
        bidi =
            plainLeftToRight
            ? .leftToRight(count: scalars.count, spaces: scalars.map { $0 == " " })
            : .resolve(scalars.map(\.value), fallback: fallbackDirection)
        (faces, uncovered) = Self.chooseFaces(
            scalars: scalars, clusterStarts: clusterStarts,
            weight: weight, family: family, selector: selector)
    }

    /// Scalars, their UTF-8 offsets and grapheme cluster starts (each list ends with the total).
    private static func segment(_ text: String) -> ([Unicode.Scalar], [Int], [Int]) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var clusterStarts: [Int] = []
        var offset = 0
        for character in text {
            clusterStarts.append(scalars.count)
            for scalar in character.unicodeScalars {
                scalars.append(scalar)
                offsets.append(offset)
                offset += UTF8.width(scalar)
            }
        }
        clusterStarts.append(scalars.count)
        offsets.append(offset)
        return (scalars, offsets, clusterStarts)
    }

    private static func chooseFaces(
        scalars: [Unicode.Scalar], clusterStarts: [Int], weight: FontWeight, family: FontFamily,
        selector: FontSelector
    ) -> ([LoadedFace], [Int: [Unicode.Scalar]]) {
        let chain = selector.chain(weight: weight, family: family)
        var faces: [LoadedFace] = []
        var uncovered: [Int: [Unicode.Scalar]] = [:]
        var leadingInvisible: Int? = 0
        faces.reserveCapacity(clusterStarts.count)
        for cluster in 0..<(clusterStarts.count - 1) {
            let choice = selector.choice(
                for: scalars[clusterStarts[cluster]..<clusterStarts[cluster + 1]], weight: weight, chain: chain)
            // Invisible clusters join their neighbour's run, so they never split one.
            if let face = choice.face {
                faces.append(face)
                if let leading = leadingInvisible {
                    for i in 0..<leading { faces[i] = face }
                    leadingInvisible = nil
                }
            } else {
                faces.append(faces.last ?? chain[0])
                leadingInvisible? += 1
            }
            if !choice.uncovered.isEmpty { uncovered[cluster] = choice.uncovered }
        }
        return (faces, uncovered)
    }

    /// UTF-8 range of the clusters `clusters`.
    func byteRange(of clusters: Range<Int>) -> Range<Int> {
        scalarOffsets[clusterStarts[clusters.lowerBound]]..<scalarOffsets[clusterStarts[clusters.upperBound]]
    }

    /// Scalar range of the clusters `clusters`.
    func scalarRange(of clusters: Range<Int>) -> Range<Int> {
        clusterStarts[clusters.lowerBound]..<clusterStarts[clusters.upperBound]
    }
}
