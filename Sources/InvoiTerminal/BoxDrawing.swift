/// Draws a box of box-drawing characters around lines of text: a top and a bottom
/// border, and each line between `│ … │`, centred with at least one space each side.
enum BoxDrawing {
    /// The box's rows, starting at `start`, `width` cells wide (the text's widest line + 4).
    static func box(
        around inner: [[Segment]], width: Int, at start: Int, isRounded: Bool,
        style: CellStyle
    ) -> [[Segment]] {
        let (topLeft, topRight, bottomLeft, bottomRight) = isRounded ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
        let bar = String(repeating: "─", count: max(width - 2, 0))

        func border(_ text: String, at column: Int, width: Int) -> Segment {
            Segment(column: column, width: width, utf8: Array(text.utf8), style: style)
        }
        var lines = [[border(topLeft + bar + topRight, at: start, width: width)]]
        for line in inner {
            let lineWidth = line.reduce(0) { $0 + $1.width }
            var row = [border("│", at: start, width: 1)]
            var column = start + 2 + max(width - 4 - lineWidth, 0) / 2
            for segment in line {
                var placed = segment
                placed.column = column
                column += segment.width
                row.append(placed)
            }
            row.append(border("│", at: start + width - 1, width: 1))
            lines.append(row)
        }
        lines.append([border(bottomLeft + bar + bottomRight, at: start, width: width)])
        return lines
    }

    /// Cells taken by the widest of `lines` (at least 1).
    static func widestLine(of lines: [[Segment]]) -> Int {
        lines.reduce(1) { widest, line in max(widest, line.reduce(0) { $0 + $1.width }) }
    }
}
