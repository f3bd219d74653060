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

    /// Puts `block` as high as it goes without touching what is already
    /// there (one free cell between neighbours, so words never run together).
    mutating func place(_ block: GridBlock) {
        let extents = block.lines.indices.map { block.extent(ofLine: $0) }
        var offset = 0
        while offset < rows.count, collides(extents, at: offset) { offset += 1 }
        for (index, line) in block.lines.enumerated() {
            let row = offset + index
            while rows.count <= row { rows.append([]) }
            rows[row].append(contentsOf: line)
        }
    }

    private func collides(_ extents: [Range<Int>?], at offset: Int) -> Bool {
        for (index, extent) in extents.enumerated() {
            guard let extent else { continue }
            let row = offset + index
            guard row < rows.count else { return false }
            for segment in rows[row] where segment.column < extent.upperBound + 1 && extent.lowerBound < segment.end + 1 {
                return true
            }
        }
        return false
    }
}
