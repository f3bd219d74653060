import InvoiDocument

/// Where a block taller than a page may be cut — between text lines, at the bottom of a
/// line that no other line straddles — found in one pass, and the block cut into its
/// pieces in one more: a paragraph of a million characters spread over a thousand pages
/// costs no more per page than a short one (cutting the rest of the block again for every
/// page was quadratic).
struct BlockCuts {
    let block: Block
    /// The positions a cut may be made at, ascending.
    private let positions: [Double]
    /// The tops of the block's ops, ascending.
    private let tops: [Double]

    /// Rounding room when positions are compared.
    static let tolerance = 0.001

    init(_ block: Block) {
        self.block = block
        var spans: [(top: Double, bottom: Double)] = []
        for op in block.ops {
            if case .text(let text) = op { spans.append((text.box.minY, text.box.maxY)) }
        }
        spans.sort { $0.top < $1.top }
        let candidates = Set(spans.map(\.bottom).filter { $0 > 0 }).sorted()
        // A candidate is safe when no line that starts above it ends below it: the lowest
        // bottom of the lines starting above it is not below it.
        var positions: [Double] = []
        var next = 0
        var lowestBottom = -Double.infinity
        for y in candidates {
            while next < spans.count, spans[next].top < y - Self.tolerance {
                lowestBottom = max(lowestBottom, spans[next].bottom)
                next += 1
            }
            if lowestBottom <= y + Self.tolerance { positions.append(y) }
        }
        self.positions = positions
        lineBottoms = candidates
        tops = block.ops.map(\.topY).sorted()
    }

    /// Every text line's bottom, ascending: where a cut may be forced.
    private let lineBottoms: [Double]

    /// A cut at the lowest line bottom below `offset` and not below `limit`, for a block with
    /// no clean cut there (columns side by side whose lines never end at the same height,
    /// taller than a page): the lines it would cut through go to the next piece, which starts
    /// at the top of the highest of them (`nextStart`). Nil when there is none, or when the
    /// next piece would start no lower than `offset`.
    func forcedCut(after offset: Double, atMost limit: Double) -> (cut: Double, nextStart: Double)? {
        guard let cut = lineBottoms.last(where: { $0 > offset + Self.tolerance && $0 <= limit + Self.tolerance })
        else { return nil }
        var nextStart = cut
        for op in block.ops where Self.movesOnFromCut(op, at: cut) { nextStart = min(nextStart, op.topY) }
        guard nextStart > offset + Self.tolerance else { return nil }
        return (cut, nextStart)
    }

    /// Whether `op` is a line of text (or its link) that a cut at `cut` would go through:
    /// it goes after the cut, whole. At a clean cut there is none.
    private static func movesOnFromCut(_ op: DrawOp, at cut: Double) -> Bool {
        let span: (top: Double, bottom: Double)
        switch op {
        case .text(let text): span = (text.box.minY, text.box.maxY)
        case .link(let link): span = (link.rect.minY, link.rect.maxY)
        default: return false
        }
        return span.top < cut - tolerance && span.bottom > cut + tolerance
    }

    /// The lowest cut below `offset` and not below `limit`, or nil.
    func cut(after offset: Double, atMost limit: Double) -> Double? {
        // The first position above `limit`; the one before it is the cut, if below `offset`.
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] <= limit { low = middle + 1 } else { high = middle }
        }
        guard low > 0, positions[low - 1] > offset else { return nil }
        return positions[low - 1]
    }

    /// Where the piece after a cut at `cut` starts when the empty space above its first op
    /// is dropped: the top of that op (or the cut, when nothing follows it).
    func firstTop(after cut: Double) -> Double {
        var low = 0
        var high = tops.count
        while low < high {
            let middle = (low + high) / 2
            if tops[middle] < cut - Self.tolerance { low = middle + 1 } else { high = middle }
        }
        return low < tops.count ? max(cut, tops[low]) : cut
    }

    /// The block's ops in pieces: an op goes to the piece below the last cut its top is not
    /// above, moved up to that piece's `starts` position. `cuts` ascending; `starts[0]` is 0
    /// and each later start is at or below the cut before it.
    func pieces(cutAt cuts: [Double], startingAt starts: [Double]) -> [[DrawOp]] {
        var pieces = [[DrawOp]](repeating: [], count: cuts.count + 1)
        for op in block.ops {
            let top = op.topY
            var low = 0
            var high = cuts.count
            while low < high {
                let middle = (low + high) / 2
                if top < cuts[middle] - Self.tolerance { high = middle } else { low = middle + 1 }
            }
            // A line a forced cut goes through follows it.
            if low < cuts.count, Self.movesOnFromCut(op, at: cuts[low]) { low += 1 }
            pieces[low].append(op.offsetBy(dx: 0, dy: -starts[low]))
        }
        return pieces
    }
}
