import InvoiDocument

/// One page laid onto the character grid, as rows of segments.
struct PageGrid {
    /// Ops whose baselines are closer than this many times the smaller font
    /// size share a row (a 26 px name beside 34 px "INVOICE").
    static let sameRowTolerance = 0.8
    /// Ops on baselines this close count as one line of the layout.
    static let sameBaseline = 0.5
    /// A vertical gap of at least 1.5 line heights (1.5 × size, of the larger
    /// text on either side) becomes one blank row.
    static let blankRowGap = 2.25
    static let defaultTextSize = 9.0
    /// A stamp starts on one of the page's first rows where the right edge is free;
    /// when none is, it gets rows of its own above the page.
    static let stampSearchRows = 8

    let geometry: GridGeometry
    private(set) var rows: [[Segment]] = []

    init(page: Page, columns: Int, writesLogicalOrder: Bool = false, isMirrored: Bool = false) {
        var geometry = GridGeometry(pageWidth: page.size.width, columns: columns)
        geometry.writesLogicalOrder = writesLogicalOrder
        geometry.isMirrored = isMirrored
        self.geometry = geometry
        let bands = Self.bands(of: Self.elements(of: page, geometry: geometry))
        var previous: Band?
        for band in bands {
            if let previous, Self.hasGap(between: previous, and: band) { rows.append([]) }
            rows.append(contentsOf: layOut(band).rows)
            previous = band
        }
        for group in Self.stamps(in: page.ops) {
            if let stamp = StampElement(group, geometry: geometry) { place(stamp) }
        }
    }

    // MARK: - Stamps

    /// The groups layout marked as the status stamp, at any depth.
    static func stamps(in ops: [DrawOp]) -> [GroupOp] {
        ops.flatMap { op -> [GroupOp] in
            guard case .group(let group) = op else { return [] }
            return group.role == .stamp ? [group] : stamps(in: group.ops)
        }
    }

    /// Puts the stamp at the top right: on the first rows, among the first few, whose
    /// right end it can take keeping one cell from any text; else on new rows at the top.
    private mutating func place(_ stamp: StampElement) {
        let lines = stamp.lines(geometry: geometry)
        let extents = lines.map { line in
            (line.map(\.column).min() ?? 0)..<(line.map(\.end).max() ?? 0)
        }
        func fits(at start: Int) -> Bool {
            extents.enumerated().allSatisfy { index, extent in
                let row = start + index
                return row >= rows.count
                    || rows[row].allSatisfy { segment in
                        segment.end < extent.lowerBound || segment.column > extent.upperBound
                    }
            }
        }
        guard let start = (0..<Self.stampSearchRows).first(where: fits) else {
            rows.insert(contentsOf: lines, at: 0)
            return
        }
        for (index, line) in lines.enumerated() {
            while rows.count <= start + index { rows.append([]) }
            rows[start + index].append(contentsOf: line)
        }
    }

    // MARK: - Elements

    private static func elements(of page: Page, geometry: GridGeometry) -> [GridElement] {
        var texts: [(op: TextOp, element: TextElement)] = []
        var rules: [RuleElement] = []
        var outlines: [RectOp] = []
        var codes: [CodeElement] = []
        for (op, lastBaseline) in Reflow.joiningWrappedLines(page.ops) {
            switch op {
            case .text(let text):
                if var element = TextElement(text, geometry: geometry) {
                    element.lastBaseline = lastBaseline ?? element.baseline
                    texts.append((text, element))
                }
            case .line(let line):
                if let rule = RuleElement(line, geometry: geometry) { rules.append(rule) }
            case .rect(let rect):
                if rect.stroke != nil { outlines.append(rect) }
            case .qrCode(let code):
                codes.append(CodeElement(code, geometry: geometry))
            case .link, .image, .group:
                break
            }
        }

        var elements: [GridElement] = rules.map { .rule($0) } + codes.map { .code($0) }
        var framed = [Bool](repeating: false, count: texts.count)
        for outline in outlines {
            let r = outline.rect
            var inside: [TextElement] = []
            for (index, text) in texts.enumerated() where !framed[index] {
                let origin = text.op.origin
                if origin.x >= r.minX - 1, origin.x <= r.maxX + 1, origin.y >= r.minY - 1, origin.y <= r.maxY + 1 {
                    framed[index] = true
                    inside.append(text.element)
                }
            }
            // An outline with no text in it has nothing to show on a grid of text.
            guard !inside.isEmpty, let stroke = outline.stroke else { continue }
            elements.append(
                .frame(
                    FrameElement(
                        texts: inside.sorted { $0.baseline < $1.baseline },
                        span: geometry.cells(from: r.minX, to: r.maxX),
                        isRounded: outline.cornerRadius > 0,
                        style: CellStyle(isBold: false, tone: CellStyle.Tone(stroke.color)))))
        }
        var loose = texts.indices.filter { !framed[$0] }.map { texts[$0].element }
        alignColumns(&loose)
        elements += loose.map { .text($0) }
        // Stable by y: ties keep the order above (rules, frames, texts in drawing order).
        return elements.enumerated()
            .sorted { $0.element.y != $1.element.y ? $0.element.y < $1.element.y : $0.offset < $1.offset }
            .map(\.element)
    }

    /// Left-aligned columns keep one start: where a text in the column to the left of one
    /// runs up to it on the same row (a label filling its narrow column), the whole column
    /// moves right, so the values below stay aligned.
    private static func alignColumns(_ texts: inout [TextElement]) {
        var shifts: [Int: Int] = [:]
        for b in texts where b.alignment == .left {
            for a in texts
            where a.alignment == .left && a.boxMaxX <= b.boxMinX + 0.01
                && a.naturalWidth <= a.span.count
                && abs(a.baseline - b.baseline) <= sameRowTolerance * min(a.size, b.size)
            {
                let need = a.span.lowerBound + a.naturalWidth + 1 - b.span.lowerBound
                if need > 0 { shifts[b.span.lowerBound] = max(shifts[b.span.lowerBound] ?? 0, need) }
            }
        }
        guard !shifts.isEmpty else { return }
        for index in texts.indices where texts[index].alignment == .left {
            let span = texts[index].span
            // Only a small nudge: a column never gives up more than a third of its cells.
            if let shift = shifts[span.lowerBound], shift <= span.count / 3 {
                texts[index].span = (span.lowerBound + shift)..<span.upperBound
            }
        }
    }

    // MARK: - Bands

    /// Elements that share rows. Text and rules never share a band.
    struct Band {
        var elements: [GridElement]
        var anchorY: Double
        var anchorSize: Double?

        var minY: Double { elements.map(\.y).min() ?? anchorY }
        var maxY: Double { elements.map(\.bottom).max() ?? anchorY }
        var smallestTextSize: Double? { elements.compactMap(\.textSize).min() }
    }

    private static func bands(of elements: [GridElement]) -> [Band] {
        var bands: [Band] = []
        for element in elements {
            if var band = bands.last, accepts(band, element) {
                band.elements.append(element)
                bands[bands.count - 1] = band
            } else {
                bands.append(Band(elements: [element], anchorY: element.y, anchorSize: element.textSize))
            }
        }
        return bands
    }

    private static func accepts(_ band: Band, _ element: GridElement) -> Bool {
        switch element {
        case .code:
            // A code has rows of its own.
            return false
        case .rule(let rule):
            return band.elements.allSatisfy { other in
                guard case .rule(let placed) = other else { return false }
                return abs(placed.y - rule.y) < sameBaseline
                    && !placed.span.overlaps(rule.span)
            }
        case .text, .frame:
            guard let bandSize = band.anchorSize, let size = element.textSize else { return false }
            guard abs(element.y - band.anchorY) <= sameRowTolerance * min(size, bandSize) else { return false }
            // Two lines of one column never share a row.
            return band.elements.allSatisfy { other in
                guard case .text(let text) = element, case .text(let placed) = other else { return true }
                return abs(text.baseline - placed.baseline) < sameBaseline || !text.overlapsInk(of: placed)
            }
        }
    }

    private static func hasGap(between upper: Band, and lower: Band) -> Bool {
        let sizes = [upper.smallestTextSize, lower.smallestTextSize].compactMap { $0 }
        let size = sizes.max() ?? defaultTextSize
        return lower.minY - upper.maxY >= blankRowGap * size
    }

    // MARK: - Placement

    private func layOut(_ band: Band) -> GridBand {
        var grid = GridBand()
        let texts = band.elements.compactMap { if case .text(let t) = $0 { t } else { nil } }
        for element in band.elements.sorted(by: { Self.startColumn(of: $0) < Self.startColumn(of: $1) }) {
            switch element {
            case .text(let text):
                grid.place(
                    text.block(in: available(for: text, among: texts), geometry: geometry), columns: geometry.columns)
            case .rule(let rule):
                grid.place(rule.block, columns: geometry.columns)
            case .frame(let frame):
                grid.place(frame.block(geometry: geometry), columns: geometry.columns)
            case .code(let code):
                grid.place(code.block(geometry: geometry), columns: geometry.columns)
            }
        }
        return grid
    }

    private static func startColumn(of element: GridElement) -> Int {
        switch element {
        case .text(let t): t.span.lowerBound
        case .rule(let r): r.span.lowerBound
        case .frame(let f): f.span.lowerBound
        case .code(let c): c.startColumn
        }
    }

    /// The cells a text may use: its box, widened into free cells beside it
    /// (up to the next box on the row, keeping one cell apart) only when it
    /// does not fit — so columns stay columns and short texts stay put.
    private func available(for text: TextElement, among texts: [TextElement]) -> Range<Int> {
        let span = text.span
        // A joined paragraph wraps in its own column, as the layout wrapped it.
        guard text.naturalWidth > span.count, text.lastBaseline == text.baseline else { return span }
        var lower = 0
        var upper = geometry.columns
        for other in texts where !other.sharesBox(with: text) {
            if other.boxMinX >= text.boxMaxX {
                upper = min(upper, other.span.lowerBound - 1)
            } else if other.boxMaxX <= text.boxMinX {
                lower = max(lower, other.span.upperBound + 1)
            }
        }
        switch text.alignment {
        case .left: lower = span.lowerBound
        case .right: upper = span.upperBound
        case .center: break
        }
        lower = min(lower, span.lowerBound)
        upper = max(upper, span.upperBound)
        return lower..<upper
    }
}
