import InvoiDocument

/// One line of shaped text, ready to be placed.
public struct ShapedLine: Hashable, Sendable {
    /// The line's source text in logical order; glyph clusters index its UTF-8 bytes.
    /// Spaces at which the line was broken are not part of it.
    public var text: String
    /// Paragraph direction (from the first strong character; LTR when none).
    public var direction: TextDirection
    /// Runs in visual order (split by bidi level, by font and by script).
    public var runs: [GlyphRun]
    /// Characters of `text` that no installed font covers (drawn as the primary
    /// font's missing-glyph box), each once, in order of first appearance.
    public var uncovered: [Unicode.Scalar]

    public init(text: String, direction: TextDirection, runs: [GlyphRun], uncovered: [Unicode.Scalar] = []) {
        self.text = text
        self.direction = direction
        self.runs = runs
        self.uncovered = uncovered
    }

    /// Advance width in points.
    public var width: Double { runs.reduce(0) { $0 + $1.width } }
}

/// Vertical metrics of the primary font at a size, in points; both are distances
/// from the baseline, so both are positive for ordinary fonts.
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
    /// Shapes `text` as one line (a `\n` is treated as a space). Tracking is in em,
    /// added to every visible cluster including the last (as CSS letter-spacing), on
    /// its right as drawn, so a tracked line is `clusters × tracking × size` wider.
    ///
    /// `fallbackDirection` is the paragraph direction of text without a strong character
    /// (digits, punctuation); nil is left to right. Otherwise the first strong character decides.
    func shapeLine(_ text: String, font: FontSpec, tracking: Double, fallbackDirection: TextDirection?) -> ShapedLine

    /// Breaks `text` into lines no wider than `width` points: at spaces, after
    /// hyphens and slashes, at every `\n`; a word wider than `width` breaks
    /// between grapheme clusters. Always returns at least one line (possibly empty).
    ///
    /// - Each `\n` ends a paragraph; every paragraph has its own bidi direction and
    ///   gives at least one line (an empty paragraph gives an empty line).
    /// - The spaces at a break are left out of both lines' text and width, and so are
    ///   spaces at the end of a paragraph; spaces at its start are kept.
    /// - Breaks also fall after `-`, `‐`, `–` and `/` inside a word (not before a digit,
    ///   nor between two of them), and beside CJK ideographs and kana.
    /// - A single cluster wider than `width` gets a line of its own and overflows.
    /// - Widths are the real shaped advances of each finished line.
    func breakLines(
        _ text: String, font: FontSpec, tracking: Double, width: Double, fallbackDirection: TextDirection?
    ) -> [ShapedLine]

    /// Ascent and descent of the primary font at `font.size`.
    func metrics(for font: FontSpec) -> LineMetrics
}

extension TextShaper {
    /// Shapes text of a left-to-right document (see the requirement).
    public func shapeLine(_ text: String, font: FontSpec, tracking: Double) -> ShapedLine {
        shapeLine(text, font: font, tracking: tracking, fallbackDirection: nil)
    }

    /// Breaks text of a left-to-right document (see the requirement).
    public func breakLines(_ text: String, font: FontSpec, tracking: Double, width: Double) -> [ShapedLine] {
        breakLines(text, font: font, tracking: tracking, width: width, fallbackDirection: nil)
    }
}
