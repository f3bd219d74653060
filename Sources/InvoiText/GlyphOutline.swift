import InvoiDocument

/// One element of a glyph outline, in font units with y growing upwards (as in the font).
public enum PathElement: Hashable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case cubicCurve(to: Point, control1: Point, control2: Point)
    case close
}

/// A glyph's outline in font units; scale by `size / unitsPerEm` (and flip y) to place it.
public struct GlyphOutline: Hashable, Sendable {
    public var elements: [PathElement]
    public var unitsPerEm: Int

    public init(elements: [PathElement], unitsPerEm: Int) {
        self.elements = elements
        self.unitsPerEm = unitsPerEm
    }
}

/// Gives glyph outlines for vector backends (SVG) without exposing any C library.
public protocol GlyphOutlineProvider: Sendable {
    /// The outline of `glyph` in `face`; nil when the face cannot be opened.
    /// An empty outline (no elements) is a blank glyph such as a space.
    func outline(of glyph: UInt32, in face: FontFace) -> GlyphOutline?
}
