import InvoiDocument

/// One line of shaped text, ready to be placed.
public struct ShapedLine: Hashable, Sendable {
    /// The line's source text in logical order; glyph clusters index its UTF-8 bytes.
    /// Spaces at which the line was broken are not part of it.
    public var text: String
    /// Paragraph direction (from the first strong character; LTR when none).
    public var direction: TextDirection
    /// Runs in visual order (split by bidi level and by font).
    public var runs: [GlyphRun]

    public init(text: String, direction: TextDirection, runs: [GlyphRun]) {
        self.text = text
        self.direction = direction
        self.runs = runs
    }

    /// Advance width in points.
    public var width: Double { runs.reduce(0) { $0 + $1.width } }
}

/// Vertical metrics of the primary font at a size, in points.
public struct LineMetrics: Hashable, Sendable {
    public var ascent: Double
    public var descent: Double

    public init(ascent: Double, descent: Double) {
        self.ascent = ascent
        self.descent = descent
    }
}

/// The only way the rest of invoi turns strings into glyphs. Layout takes any
/// `TextShaper`, so it can be tested with fixed advances as well as the real fonts.
public protocol TextShaper: Sendable {
    /// Shapes `text` as one line (a `\n` is treated as a space). Tracking is in em.
    func shapeLine(_ text: String, font: FontSpec, tracking: Double) -> ShapedLine

    /// Breaks `text` into lines no wider than `width` points: at spaces, after
    /// hyphens and slashes, at every `\n`; a word wider than `width` breaks
    /// between grapheme clusters. Always returns at least one line (possibly empty).
    func breakLines(_ text: String, font: FontSpec, tracking: Double, width: Double) -> [ShapedLine]

    /// Ascent and descent of the primary font at `font.size`.
    func metrics(for font: FontSpec) -> LineMetrics
}
