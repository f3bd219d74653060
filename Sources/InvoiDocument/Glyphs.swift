public enum TextDirection: String, Hashable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// One positioned glyph of a shaped run.
public struct Glyph: Hashable, Sendable {
    /// Glyph index in the run's font.
    public var id: UInt32
    /// UTF-8 byte offset, into the owning text op's `text`, of the first byte
    /// of the cluster this glyph belongs to.
    public var cluster: Int
    /// Horizontal advance in points, tracking included.
    public var advance: Double
    /// Offset from the pen position in points (y down).
    public var offset: Point

    public init(id: UInt32, cluster: Int, advance: Double, offset: Point = .zero) {
        self.id = id
        self.cluster = cluster
        self.advance = advance
        self.offset = offset
    }
}

/// A run of glyphs in one font and one direction. Glyphs are in visual
/// (left-to-right drawing) order; for a right-to-left run their clusters descend.
public struct GlyphRun: Hashable, Sendable {
    public var font: FontFace
    /// Font size in points.
    public var size: Double
    public var direction: TextDirection
    /// The UTF-8 byte range of the owning text op's `text` this run covers.
    public var textRange: Range<Int>
    public var glyphs: [Glyph]

    public init(font: FontFace, size: Double, direction: TextDirection, textRange: Range<Int>, glyphs: [Glyph]) {
        self.font = font
        self.size = size
        self.direction = direction
        self.textRange = textRange
        self.glyphs = glyphs
    }

    public var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}
