import InvoiDocument

/// Joins the lines of a paragraph that the layout broke only to fit its box, so the
/// grid wraps the paragraph to its own column width instead of wrapping each line again.
enum Reflow {
    /// The ops with each wrapped paragraph joined into its first line's op, and for each
    /// op the baseline of its last line (which differs from the op's own for a joined one).
    static func joiningWrappedLines(_ ops: [DrawOp]) -> [(op: DrawOp, lastBaseline: Double?)] {
        var result: [(op: DrawOp, lastBaseline: Double?)] = []
        result.reserveCapacity(ops.count)
        // Index in `result` of a text op still waiting for its continuation.
        var open: Int?
        for op in ops {
            guard case .text(let text) = op else {
                result.append((op, nil))
                continue
            }
            if let index = open, case .text(let head) = result[index].op, continues(head, with: text) {
                let joined = join(head, text)
                result[index] = (.text(joined), text.origin.y)
                open = joined.lineEnd == .paragraphEnd ? nil : index
                continue
            }
            result.append((op, text.origin.y))
            open = text.lineEnd == .paragraphEnd ? nil : result.count - 1
        }
        return result
    }

    /// The next line of the same paragraph: same box column and look, the line box below,
    /// and left to right (right-to-left lines keep their own visual order).
    private static func continues(_ head: TextOp, with next: TextOp) -> Bool {
        head.lineEnd != .paragraphEnd && head.box.minX == next.box.minX && head.box.width == next.box.width
            && head.font == next.font && head.color == next.color && head.alignment == next.alignment
            && abs(next.box.minY - head.box.maxY) < 0.01
            && head.direction == .leftToRight && next.direction == .leftToRight
            && (head.runs + next.runs).allSatisfy { $0.direction == .leftToRight }
    }

    private static func join(_ head: TextOp, _ next: TextOp) -> TextOp {
        var joined = head
        let separator = head.lineEnd == .wrappedAtSpace ? " " : ""
        let shift = head.text.utf8.count + separator.utf8.count
        joined.text = head.text + separator + next.text
        joined.runs += next.runs.map { run in
            var moved = run
            moved.textRange = (run.textRange.lowerBound + shift)..<(run.textRange.upperBound + shift)
            moved.glyphs = run.glyphs.map { glyph in
                var g = glyph
                g.cluster += shift
                return g
            }
            return moved
        }
        joined.box = Rect(
            x: head.box.minX, y: head.box.minY, width: head.box.width,
            height: next.box.maxY - head.box.minY)
        joined.lineEnd = next.lineEnd
        return joined
    }
}
