/// Cells on one row written with one style.
struct Segment {
    var column: Int
    var width: Int
    var utf8: [UInt8]
    var style: CellStyle

    var end: Int { column + width }
}

/// What one element puts on the grid: one or more rows of segments.
struct GridBlock {
    var lines: [[Segment]]
    /// Whether the block may move right to make way (left-aligned and
    /// centred text may; right-aligned text keeps its right edge).
    var canShiftRight: Bool

    /// The cells a line covers, from its first segment's start to its last one's end.
    func extent(ofLine index: Int) -> Range<Int>? {
        guard let first = lines[index].first else { return nil }
        var lower = first.column
        var upper = first.end
        for segment in lines[index] {
            lower = min(lower, segment.column)
            upper = max(upper, segment.end)
        }
        return lower..<upper
    }
}

/// Rows of the grid that share a baseline; blocks are stacked within it so
/// that no text ever overwrites another.
struct GridBand {
    private(set) var rows: [[Segment]] = []

    /// Puts `block` where it belongs if that is free; otherwise moved right
    /// just past what is in the way when it may and the grid has room, else
    /// as high below as it goes. Neighbours keep one free cell between them
    /// so that words never run together.
    mutating func place(_ block: GridBlock, columns: Int) {
        var extents = block.lines.indices.map { block.extent(ofLine: $0) }
        var shift = 0
        if block.canShiftRight, collides(extents, at: 0) {
            shift = rightShift(clearing: extents)
            let shifted = extents.map { $0.map { ($0.lowerBound + shift)..<($0.upperBound + shift) } }
            let fits = shifted.allSatisfy { ($0?.upperBound ?? 0) <= columns }
            if fits && !collides(shifted, at: 0) {
                extents = shifted
            } else {
                shift = 0
            }
        }
        var offset = 0
        while offset < rows.count, collides(extents, at: offset) { offset += 1 }
        for (index, line) in block.lines.enumerated() {
            let row = offset + index
            while rows.count <= row { rows.append([]) }
            rows[row].append(
                contentsOf: line.map { segment in
                    var moved = segment
                    moved.column += shift
                    return moved
                })
        }
    }

    /// How far right the lines must move to clear what they overlap on the first rows.
    private func rightShift(clearing extents: [Range<Int>?]) -> Int {
        var shift = 0
        for (row, extent) in extents.enumerated() where row < rows.count {
            guard let extent else { continue }
            for segment in rows[row] where segment.column < extent.upperBound + 1 && extent.lowerBound < segment.end + 1
            {
                shift = max(shift, segment.end + 1 - extent.lowerBound)
            }
        }
        return shift
    }

    private func collides(_ extents: [Range<Int>?], at offset: Int) -> Bool {
        for (index, extent) in extents.enumerated() {
            guard let extent else { continue }
            let row = offset + index
            guard row < rows.count else { return false }
            for segment in rows[row] where segment.column < extent.upperBound + 1 && extent.lowerBound < segment.end + 1
            {
                return true
            }
        }
        return false
    }
}
