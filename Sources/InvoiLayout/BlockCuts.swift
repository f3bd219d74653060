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
        tops = block.ops.map(\.topY).sorted()
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
            pieces[low].append(op.offsetBy(dx: 0, dy: -starts[low]))
        }
        return pieces
    }
}
