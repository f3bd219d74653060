import InvoiDocument

/// A text op ready for the grid.
struct TextElement {
    var shown: ShownText
    var runs: [GlyphRun]
    /// The paragraph direction of the op's line.
    var direction: TextDirection
    var style: CellStyle
    var baseline: Double
    /// The baseline of its last line, for a paragraph joined from several ops.
    var lastBaseline: Double
    var size: Double
    /// The x-extent (points) of the box the op was laid into.
    var boxMinX: Double
    var boxMaxX: Double
    /// The x-extent (points) of its glyphs.
    var inkMinX: Double
    var inkMaxX: Double
    /// The box's cells.
    var span: Range<Int>
    var alignment: TextAlignment

    init?(_ op: TextOp, geometry: GridGeometry) {
        let shown = ShownText(op.text)
        guard !shown.isBlank else { return nil }
        self.shown = shown
        runs = op.runs
        direction = op.direction
        style = CellStyle(weight: op.font.weight, color: op.color)
        baseline = op.origin.y.isFinite ? op.origin.y : .greatestFiniteMagnitude
        lastBaseline = baseline
        size = op.font.size.isFinite && op.font.size > 0 ? op.font.size : 9
        var minX = op.box.minX
        var maxX = op.box.maxX
        if !(op.box.width > 0 && minX.isFinite && maxX.isFinite) {
            // No usable box: the glyphs' own extent is the box.
            minX = op.origin.x
            maxX = op.origin.x + op.width
        }
        boxMinX = minX
        boxMaxX = maxX
        let width = op.width
        if op.origin.x.isFinite, width.isFinite, width > 0 {
            inkMinX = op.origin.x
            // A joined paragraph's advance is all its lines': its ink stays in its box.
            inkMaxX =
                op.lineEnd == .paragraphEnd && width <= maxX - minX + 0.01
                ? op.origin.x + width : max(min(op.origin.x + width, maxX), inkMinX)
        } else {
            inkMinX = minX
            inkMaxX = maxX
        }
        span = geometry.cells(from: minX, to: maxX)
        alignment = op.alignment
    }

    /// Cells the text takes on one line, unwrapped.
    var naturalWidth: Int { shown.width(of: shown.trimmed(0..<shown.clusters.count)) }

    /// True when the boxes share some horizontal extent (same column).
    func sharesBox(with other: TextElement) -> Bool {
        boxMinX < other.boxMaxX && other.boxMinX < boxMaxX
    }

    /// True when the glyphs share some horizontal extent: two such texts on
    /// different baselines are two lines of one column.
    func overlapsInk(of other: TextElement) -> Bool {
        inkMinX < other.inkMaxX && other.inkMinX < inkMaxX
    }

    /// The lines of this text wrapped to fit `available` (cells), each put
    /// in its box by its alignment. Words up to `wordLimit` cells (the grid's
    /// width when nil) are kept whole: a word wider than `available` sticks out
    /// of it (the row then makes way) rather than being cut.
    func block(in available: Range<Int>, geometry: GridGeometry, keepingWordsUpTo wordLimit: Int? = nil) -> GridBlock {
        let lines = shown.wrapped(toCells: max(available.count, 1), keepingWordsUpTo: wordLimit ?? geometry.columns)
        let anchor = alignment == .center ? span : available
        let wholeGrid = 0..<geometry.columns
        let block = lines.map { line in
            let width = shown.width(of: line)
            let limits = width <= available.count ? available : wholeGrid
            let start = geometry.start(ofWidth: width, in: anchor, limits: limits, alignment: alignment)
            let utf8 = shown.utf8(of: line, runs: runs, direction: direction, geometry: geometry)
            return [Segment(column: start, width: width, utf8: utf8, style: style)]
        }
        return GridBlock(lines: block, canShiftRight: alignment != .right)
    }
}

/// A horizontal rule: heavy for a dark or coloured rule over 1 pt (the table header's,
/// in the accent colour too), light otherwise.
struct RuleElement {
    var y: Double
    var span: Range<Int>
    var isHeavy: Bool
    var style: CellStyle

    init?(_ op: LineOp, geometry: GridGeometry) {
        // Only horizontal rules have a place on a grid of text.
        guard op.from.y.isFinite, op.to.y.isFinite, abs(op.from.y - op.to.y) < 0.5,
            op.from.x.isFinite, op.to.x.isFinite
        else { return nil }
        y = (op.from.y + op.to.y) / 2
        span = geometry.cells(from: op.from.x, to: op.to.x)
        let tone = CellStyle.Tone(op.color)
        let isColored = if case .basic = tone { true } else { false }
        isHeavy = (op.color.luminance < 0.5 || isColored) && op.width > 1
        style = CellStyle(isBold: false, tone: tone == .foreground && !isHeavy ? .muted : tone)
    }

    var block: GridBlock {
        let character = isHeavy ? "━" : "─"
        let utf8 = Array(String(repeating: character, count: span.count).utf8)
        return GridBlock(
            lines: [[Segment(column: span.lowerBound, width: span.count, utf8: utf8, style: style)]],
            canShiftRight: false)
    }
}

/// An outlined rectangle drawn as a box around the text inside it.
struct FrameElement {
    var texts: [TextElement]
    var span: Range<Int>
    var isRounded: Bool
    var style: CellStyle

    var baseline: Double { texts.first?.baseline ?? .greatestFiniteMagnitude }
    var size: Double { texts.first?.size ?? 9 }

    func block(geometry: GridGeometry) -> GridBlock {
        // Framed text is short: keep each text whole when the grid has room, even
        // if the rectangle maps onto fewer cells than the word needs. No word sticks
        // out of the box: one wider than the room inside it is cut.
        let longest = texts.reduce(1) { max($0, $1.naturalWidth) }
        let capacity = max(min(max(span.count - 4, longest), geometry.columns - 4), 1)
        var inner: [[Segment]] = []
        for text in texts {
            let wrapped = text.block(in: 0..<capacity, geometry: geometry, keepingWordsUpTo: capacity)
            inner.append(contentsOf: wrapped.lines)
        }
        let width = min(BoxDrawing.widestLine(of: inner) + 4, geometry.columns)
        let start = geometry.start(ofWidth: width, in: span, limits: 0..<geometry.columns, alignment: .center)
        let lines = BoxDrawing.box(around: inner, width: width, at: start, isRounded: isRounded, style: style)
        return GridBlock(lines: lines, canShiftRight: false)
    }
}

enum GridElement {
    case text(TextElement)
    case rule(RuleElement)
    case frame(FrameElement)
    case code(CodeElement)

    /// Where it sits vertically: the baseline of text, the y of a rule, the bottom of a code.
    var y: Double {
        switch self {
        case .text(let t): t.baseline
        case .rule(let r): r.y
        case .frame(let f): f.baseline
        case .code(let c): c.y
        }
    }

    /// Where it ends vertically: the last baseline of a joined paragraph, else `y`.
    var bottom: Double {
        if case .text(let t) = self { t.lastBaseline } else { y }
    }

    /// Font size of its text, nil for a rule or a code.
    var textSize: Double? {
        switch self {
        case .text(let t): t.size
        case .rule, .code: nil
        case .frame(let f): f.size
        }
    }
}
