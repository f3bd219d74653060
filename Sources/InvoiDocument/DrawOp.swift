public enum TextAlignment: String, Hashable, Sendable {
    case left, center, right
}

/// How a laid-out line ends: its paragraph ends, or the layout broke it only to fit
/// its box and the next text op continues the paragraph — after a space that the break
/// swallowed, or inside a word. A backend with a coarser grid re-flows such lines.
public enum LineEnd: String, Hashable, Sendable {
    case paragraphEnd
    case wrappedAtSpace
    case wrappedInWord
}

/// A shaped line of text placed on the page.
public struct TextOp: Hashable, Sendable {
    /// The source string of this line, in logical order. Glyph clusters index its UTF-8 bytes.
    public var text: String
    public var font: FontSpec
    public var color: Color
    /// Letter-spacing in em (already applied to the glyph advances).
    public var tracking: Double
    /// Left end of the baseline where the first run (in visual order) starts.
    public var origin: Point
    /// Paragraph direction.
    public var direction: TextDirection
    /// Runs in visual order, drawn one after another from `origin`.
    public var runs: [GlyphRun]
    /// The box the line was laid into and its alignment there, so that a
    /// character-grid backend can re-anchor it.
    public var box: Rect
    public var alignment: TextAlignment
    public var lineEnd: LineEnd

    public init(text: String, font: FontSpec, color: Color, tracking: Double, origin: Point,
                direction: TextDirection, runs: [GlyphRun], box: Rect, alignment: TextAlignment,
                lineEnd: LineEnd = .paragraphEnd) {
        self.text = text
        self.font = font
        self.color = color
        self.tracking = tracking
        self.origin = origin
        self.direction = direction
        self.runs = runs
        self.box = box
        self.alignment = alignment
        self.lineEnd = lineEnd
    }

    /// Total advance width in points.
    public var width: Double { runs.reduce(0) { $0 + $1.width } }
}

public struct LineOp: Hashable, Sendable {
    public var from: Point
    public var to: Point
    public var width: Double
    public var color: Color

    public init(from: Point, to: Point, width: Double, color: Color) {
        self.from = from
        self.to = to
        self.width = width
        self.color = color
    }
}

public struct Stroke: Hashable, Sendable {
    public var width: Double
    public var color: Color

    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}

public struct RectOp: Hashable, Sendable {
    public var rect: Rect
    public var fill: Color?
    public var stroke: Stroke?
    public var cornerRadius: Double

    public init(rect: Rect, fill: Color? = nil, stroke: Stroke? = nil, cornerRadius: Double = 0) {
        self.rect = rect
        self.fill = fill
        self.stroke = stroke
        self.cornerRadius = cornerRadius
    }
}

/// A clickable area (an email address becomes `mailto:`).
public struct LinkOp: Hashable, Sendable {
    public var rect: Rect
    public var uri: String

    public init(rect: Rect, uri: String) {
        self.rect = rect
        self.uri = uri
    }
}

/// One entry of a page's display list.
public enum DrawOp: Hashable, Sendable {
    case text(TextOp)
    case line(LineOp)
    case rect(RectOp)
    case link(LinkOp)
}
