import InvoiDocument

/// The status stamp's text as an upright boxed word for the top right
/// of the page: a grid of text cannot turn it, and where the page draws it (in free
/// space beside the header) has no reliable place among the rows.
struct StampElement {
    /// Below this many columns there is no room for a box around even one cell of text.
    static let minimumBoxedColumns = 6

    var texts: [TextElement]
    var isRounded: Bool
    var border: CellStyle

    /// Nil when the stamp holds no visible text.
    init?(_ group: GroupOp, geometry: GridGeometry) {
        var texts: [TextElement] = []
        var outline: RectOp?
        Self.collect(group.ops, texts: &texts, outline: &outline, geometry: geometry)
        guard !texts.isEmpty else { return nil }
        self.texts = texts
        isRounded = (outline?.cornerRadius ?? 0) > 0
        border = CellStyle(isBold: false, tone: outline?.stroke.map { CellStyle.Tone($0.color) } ?? texts[0].style.tone)
    }

    private static func collect(
        _ ops: [DrawOp], texts: inout [TextElement], outline: inout RectOp?,
        geometry: GridGeometry
    ) {
        for op in ops {
            switch op {
            case .text(let text):
                if var element = TextElement(text, geometry: geometry) {
                    // The stamp's word is bold, in the stamp's colour.
                    element.style = CellStyle(isBold: true, tone: CellStyle.Tone(text.color))
                    texts.append(element)
                }
            case .rect(let rect) where rect.stroke != nil && outline == nil:
                outline = rect
            case .group(let inner):
                collect(inner.ops, texts: &texts, outline: &outline, geometry: geometry)
            default:
                break
            }
        }
    }

    /// The stamp's rows, right-aligned at the grid's right edge (left-aligned at its left
    /// edge on a mirrored page): each text wrapped to the room there is, boxed when the grid
    /// is wide enough for a box.
    func lines(geometry: GridGeometry) -> [[Segment]] {
        let columns = geometry.columns
        let boxed = columns >= Self.minimumBoxedColumns
        let capacity = boxed ? columns - 4 : columns
        var inner: [[Segment]] = []
        for text in texts {
            let shown = text.shown
            for line in shown.wrapped(toCells: capacity, keepingWordsUpTo: capacity) {
                let utf8 = shown.utf8(of: line, runs: text.runs, direction: text.direction, geometry: geometry)
                inner.append([Segment(column: 0, width: shown.width(of: line), utf8: utf8, style: text.style)])
            }
        }
        guard boxed else {
            return inner.map { line in
                line.map { segment in
                    var placed = segment
                    placed.column = geometry.isMirrored ? 0 : max(columns - segment.width, 0)
                    return placed
                }
            }
        }
        let width = BoxDrawing.widestLine(of: inner) + 4
        return BoxDrawing.box(
            around: inner, width: width, at: geometry.isMirrored ? 0 : columns - width, isRounded: isRounded,
            style: border)
    }
}
