import Foundation
import InvoiDocument

/// Builds the status stamp (a rotated group: an outlined rounded box around the word) and
/// finds it a place where it covers no text nor image and stays inside the content area.
struct StampPlacement {
    let style: InvoiceStyle
    let typesetter: Typesetter
    /// The content area of a page (inside the padding).
    let contentBox: Rect

    /// The stamp's outline and word, unrotated, with its box's top-left corner at the origin.
    private struct Shape {
        var box: Rect
        var word: [DrawOp]
        var color: Color
    }

    /// The stamp as a group op at its place, and the index of the page it goes on; nil when no
    /// page has room for it anywhere (it is then left out rather than cover text).
    /// `anchor` is where the search starts on the first page: the top-right corner of the first
    /// place tried (just under the invoice number, at the right edge).
    func place(_ stamp: StatusStamp, on pages: [[DrawOp]], anchor: Point) -> (page: Int, op: DrawOp)? {
        let shape = shape(stamp)
        let outline = outline(of: shape)
        for (index, ops) in pages.enumerated() {
            let obstacles = obstacles(in: ops)
            // Page 1: below the anchor first, then the header's band above it; later pages: from the top.
            let searches = index == 0
                ? [Search(start: anchor, downwards: true, limitY: contentBox.maxY),
                   Search(start: anchor, downwards: false, limitY: contentBox.minY)]
                : [Search(start: Point(x: contentBox.maxX, y: contentBox.minY), downwards: true,
                          limitY: contentBox.maxY)]
            for search in searches {
                if let corner = firstFree(search, outline: outline, obstacles: obstacles) {
                    return (index, groupOp(shape, topRight: corner, outline: outline))
                }
            }
        }
        return nil
    }

    private func shape(_ stamp: StatusStamp) -> Shape {
        var textStyle = style.stampText
        textStyle.color = style.stampPalette.color(for: stamp)
        let line = typesetter.shapeLine(stamp.word, textStyle)
        // Tracking adds space after the last letter too; centre the letters, not that space.
        let inkWidth = max(0, line.width - textStyle.tracking * textStyle.font.size)
        let box = Rect(x: 0, y: 0, width: inkWidth + 2 * style.stampPaddingX,
                       height: textStyle.lineBoxHeight + 2 * style.stampPaddingY)
        let textBox = Rect(x: style.stampPaddingX, y: style.stampPaddingY, width: inkWidth,
                           height: textStyle.lineBoxHeight)
        let word = typesetter.place(line, textStyle, box: textBox, alignment: .center).map { op -> DrawOp in
            guard case .text(var text) = op else { return op }
            text.origin.x = textBox.minX
            return .text(text)
        }
        return Shape(box: box, word: word, color: textStyle.color)
    }

    /// The rotated outline (stroke included) of a stamp whose box is centred on the origin.
    private func outline(of shape: Shape) -> Polygon {
        let half = style.stampBorderWidth / 2
        let rect = Rect(x: -shape.box.width / 2 - half, y: -shape.box.height / 2 - half,
                        width: shape.box.width + 2 * half, height: shape.box.height + 2 * half)
        let rotation = AffineTransform.rotation(degrees: style.stampAngle, about: .zero)
        return Polygon(points: rect.corners.map(rotation.apply(to:)))
    }

    /// What the stamp must not cover: every text line's drawn extent and every image,
    /// grown by the clearance.
    private func obstacles(in ops: [DrawOp]) -> [Rect] {
        let margin = style.stampClearance
        return ops.compactMap { op -> Rect? in
            let rect: Rect
            switch op {
            case .text(let text):
                guard !text.runs.isEmpty else { return nil }
                rect = Rect(x: text.origin.x, y: text.box.minY, width: text.width, height: text.box.height)
            case .image(let image): rect = image.rect
            case .group: rect = op.bounds
            case .line, .rect, .link: return nil
            }
            return Rect(x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin,
                        height: rect.height + 2 * margin)
        }
    }

    /// One sweep of candidate places: the outline's bounding box has its top-right corner at
    /// `start`, then moves left and down (or up) in steps, nearest places first (by the sum
    /// of the two distances).
    private struct Search {
        var start: Point
        var downwards: Bool
        var limitY: Double
    }

    /// The top-right corner of the outline's bounding box at the first free place, or nil.
    private func firstFree(_ search: Search, outline: Polygon, obstacles: [Rect]) -> Point? {
        let bounds = outline.bounds
        let step = style.stampSearchStep
        let right = min(search.start.x, contentBox.maxX)
        let maxDX = right - bounds.width - contentBox.minX
        let maxDY = search.downwards
            ? search.limitY - bounds.height - search.start.y
            : search.start.y - search.limitY - step
        guard maxDX >= 0, maxDY >= 0, step > 0 else { return nil }
        let columns = Int((maxDX / step).rounded(.down))
        let rows = Int((maxDY / step).rounded(.down))
        for sum in 0...(columns + rows) {
            for column in max(0, sum - rows)...min(sum, columns) {
                let row = sum - column
                let dy = Double(row) * step + (search.downwards ? 0 : step)
                let corner = Point(x: right - Double(column) * step,
                                   y: search.downwards ? search.start.y + dy : search.start.y - dy)
                let centre = Self.centre(of: bounds, topRight: corner)
                let placed = outline.offsetBy(dx: centre.x, dy: centre.y)
                if contentBox.contains(placed.bounds), !obstacles.contains(where: placed.intersects) {
                    return corner
                }
            }
        }
        return nil
    }

    private func groupOp(_ shape: Shape, topRight corner: Point, outline: Polygon) -> DrawOp {
        let centre = Self.centre(of: outline.bounds, topRight: corner)
        let dx = centre.x - shape.box.width / 2, dy = centre.y - shape.box.height / 2
        let frame = RectOp(rect: Rect(x: dx, y: dy, width: shape.box.width, height: shape.box.height),
                           stroke: Stroke(width: style.stampBorderWidth, color: shape.color),
                           cornerRadius: style.stampCornerRadius)
        let children: [DrawOp] = [.rect(frame)] + shape.word.map { $0.offsetBy(dx: dx, dy: dy) }
        return .group(GroupOp(transform: .rotation(degrees: style.stampAngle, about: centre), ops: children))
    }

    /// Where the stamp's centre goes for the bounding box `bounds` (of the outline centred on
    /// the origin) to have its top-right corner at `corner`.
    private static func centre(of bounds: Rect, topRight corner: Point) -> Point {
        Point(x: corner.x - bounds.maxX, y: corner.y - bounds.minY)
    }
}
