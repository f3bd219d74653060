import InvoiDocument

/// Builds the status stamp (a rotated group: an outlined rounded box around the word) and
/// finds it a place where it covers no text nor image and stays inside the content area.
struct StampPlacement {
    let style: InvoiceStyle
    let typesetter: Typesetter
    /// The content area of a page (inside the padding).
    var contentBox: Rect

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
    ///
    /// `mirrored`: the pages are laid out left to right and will be mirrored; the stamp is
    /// placed on them as its mirror image (the same search finds the free place), and the op
    /// returned is for the mirrored page, with the stamp turned as on any other page.
    func place(
        _ stamp: StatusStamp, word: String, on pages: [[DrawOp]], anchor: Point, mirrored: Bool = false
    ) -> (page: Int, op: DrawOp)? {
        for (index, ops) in pages.enumerated() {
            // Later pages only when the first has no room: from their top-right corner.
            if let op = place(stamp, word: word, on: ops, from: index == 0 ? anchor : nil, mirrored: mirrored) {
                return (index, op)
            }
        }
        return nil
    }

    /// The stamp on one page, searched for from `start` (nil: the content's top-right
    /// corner, as on any page after the first); nil when the page has no room for it.
    func place(
        _ stamp: StatusStamp, word: String, on ops: [DrawOp], from start: Point?, mirrored: Bool = false
    ) -> DrawOp? {
        let shape = shape(stamp, word: word)
        let turned = outline(of: shape)
        let outline = mirrored ? turned.mirrored : turned
        let start = start ?? Point(x: contentBox.maxX, y: contentBox.minY)
        // Clear of rules too where possible (a stamp across the table's rules looks
        // smudged); across a rule rather than off the page.
        for includingRules in [true, false] {
            let obstacles = obstacles(in: ops, includingRules: includingRules)
            if let corner = firstFree(from: start, outline: outline, obstacles: obstacles) {
                var centre = Self.centre(of: outline.bounds, topRight: corner)
                if mirrored { centre.x = contentBox.minX + contentBox.maxX - centre.x }
                return groupOp(shape, centre: centre)
            }
        }
        return nil
    }

    private func shape(_ stamp: StatusStamp, word: String) -> Shape {
        var textStyle = style.stampText
        textStyle.color = style.stampPalette.color(for: stamp)
        let line = typesetter.shapeLine(word, textStyle)
        // Tracking adds space after the last letter too; centre the letters, not that space.
        let inkWidth = max(0, line.width - textStyle.tracking * textStyle.font.size)
        let box = Rect(
            x: 0, y: 0, width: inkWidth + 2 * style.stampPaddingX,
            height: textStyle.lineBoxHeight + 2 * style.stampPaddingY)
        let textBox = Rect(
            x: style.stampPaddingX, y: style.stampPaddingY, width: inkWidth,
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
        let rect = Rect(
            x: -shape.box.width / 2 - half, y: -shape.box.height / 2 - half,
            width: shape.box.width + 2 * half, height: shape.box.height + 2 * half)
        let rotation = AffineTransform.rotation(degrees: style.stampAngle, about: .zero)
        return Polygon(points: rect.corners.map(rotation.apply(to:)))
    }

    /// What the stamp must not cover: every text line's drawn extent (its advance, and its line
    /// box or its font's ascent and descent, whichever reaches further) and every image (and,
    /// when asked, every rule), grown by the clearance.
    private func obstacles(in ops: [DrawOp], includingRules: Bool) -> [Rect] {
        let margin = style.stampClearance
        return ops.compactMap { op -> Rect? in
            let rect: Rect
            switch op {
            case .text(let text):
                guard !text.runs.isEmpty else { return nil }
                let metrics = typesetter.shaper.metrics(for: text.font)
                let top = min(text.box.minY, text.origin.y - metrics.ascent)
                let bottom = max(text.box.maxY, text.origin.y + metrics.descent)
                rect = Rect(x: text.origin.x, y: top, width: text.width, height: bottom - top)
            case .image, .group, .qrCode: rect = op.bounds
            case .line, .rect:
                guard includingRules else { return nil }
                rect = op.bounds
            case .link: return nil
            }
            return Rect(
                x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin,
                height: rect.height + 2 * margin)
        }
    }

    /// The top-right corner of the outline's bounding box at the free place nearest `start`,
    /// or nil. Rows lie a search step apart through `start`; in each row the stamp goes as far
    /// right as it can. Nearest means the smallest distance left plus distance down, where a step
    /// up counts double (the stamp belongs under the invoice number; above it, it crowds the title).
    private func firstFree(from start: Point, outline: Polygon, obstacles: [Rect]) -> Point? {
        let bounds = outline.bounds
        let step = style.stampSearchStep
        guard step > 0, bounds.width.isFinite, bounds.height.isFinite else { return nil }
        let right = min(start.x, contentBox.maxX)
        let rowsDown = Self.steps(contentBox.maxY - bounds.height - start.y, step)
        let rowsUp = Self.steps(start.y - contentBox.minY, step)
        // Rows in order of their own cost: 0 down, 1 down, 2 down / 1 up, ...
        var rows: [(cost: Double, y: Double)] = (0..<max(0, rowsDown + 1)).map {
            (Double($0) * step, start.y + Double($0) * step)
        }
        rows += (0..<max(0, rowsUp)).map { (2 * Double($0 + 1) * step, start.y - Double($0 + 1) * step) }
        rows.sort { $0.cost < $1.cost }
        var best: (cost: Double, corner: Point)?
        for row in rows {
            if let best, row.cost >= best.cost { break }
            guard
                let x = rightmostFree(
                    top: row.y, outline: outline, bounds: bounds, right: right,
                    obstacles: obstacles)
            else { continue }
            let cost = row.cost + (right - x)
            if best.map({ cost < $0.cost }) ?? true { best = (cost, Point(x: x, y: row.y)) }
        }
        return best?.corner
    }

    /// The largest x ≤ `right` for the top-right corner of the outline's bounding box, whose
    /// top is at `top`, at which the outline overlaps no obstacle and stays in the content box.
    private func rightmostFree(
        top: Double, outline: Polygon, bounds: Rect, right: Double,
        obstacles: [Rect]
    ) -> Double? {
        // The outline placed with its bounding box's top-right corner at (0, top).
        let placed = outline.offsetBy(dx: -bounds.maxX, dy: top - bounds.minY)
        // Corner positions at which it would overlap each obstacle it shares some height with.
        let blocked = obstacles.compactMap { obstacle -> (low: Double, high: Double)? in
            guard obstacle.maxY > top, obstacle.minY < top + bounds.height,
                let extent = placed.horizontalExtent(from: obstacle.minY, to: obstacle.maxY)
            else { return nil }
            return (obstacle.minX - extent.maxX, obstacle.maxX - extent.minX)
        }
        // Move left past every obstacle in the way until none is.
        var x = right
        var moved = true
        while moved {
            moved = false
            for interval in blocked where interval.low < x && x < interval.high {
                x = interval.low
                moved = true
            }
        }
        return x - bounds.width >= contentBox.minX - 1e-9 ? x : nil
    }

    /// How many whole steps fit in `length`; -1 when it is negative (nothing fits).
    private static func steps(_ length: Double, _ step: Double) -> Int {
        guard length.isFinite else { return -1 }
        return length < 0 ? -1 : Int((length / step).rounded(.down))
    }

    private func groupOp(_ shape: Shape, centre: Point) -> DrawOp {
        let dx = centre.x - shape.box.width / 2, dy = centre.y - shape.box.height / 2
        let frame = RectOp(
            rect: Rect(x: dx, y: dy, width: shape.box.width, height: shape.box.height),
            stroke: Stroke(width: style.stampBorderWidth, color: shape.color),
            cornerRadius: style.stampCornerRadius)
        let children: [DrawOp] = [.rect(frame)] + shape.word.map { $0.offsetBy(dx: dx, dy: dy) }
        return .group(
            GroupOp(
                role: .stamp, transform: .rotation(degrees: style.stampAngle, about: centre), ops: children,
                contentRole: .structure([StructureNode(.paragraph, 9)])))
    }

    /// Where the stamp's centre goes for the bounding box `bounds` (of the outline centred on
    /// the origin) to have its top-right corner at `corner`.
    private static func centre(of bounds: Rect, topRight corner: Point) -> Point {
        Point(x: corner.x - bounds.maxX, y: corner.y - bounds.minY)
    }
}
