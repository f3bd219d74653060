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
    /// What the op is in the document's structure (layout sets it).
    public var role: ContentRole?

    public init(
        text: String, font: FontSpec, color: Color, tracking: Double, origin: Point,
        direction: TextDirection, runs: [GlyphRun], box: Rect, alignment: TextAlignment,
        lineEnd: LineEnd = .paragraphEnd, role: ContentRole? = nil
    ) {
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
        self.role = role
    }

    /// Total advance width in points.
    public var width: Double { runs.reduce(0) { $0 + $1.width } }
}

public struct LineOp: Hashable, Sendable {
    public var from: Point
    public var to: Point
    public var width: Double
    public var color: Color
    /// What the op is in the document's structure (layout sets it).
    public var role: ContentRole?

    public init(from: Point, to: Point, width: Double, color: Color, role: ContentRole? = nil) {
        self.from = from
        self.to = to
        self.width = width
        self.color = color
        self.role = role
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
    /// What the op is in the document's structure (layout sets it).
    public var role: ContentRole?

    public init(
        rect: Rect, fill: Color? = nil, stroke: Stroke? = nil, cornerRadius: Double = 0, role: ContentRole? = nil
    ) {
        self.role = role
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
    /// What the link is for a reader who cannot see it (the PDF annotation's /Contents): the
    /// text it covers.
    public var description: String
    /// What the op is in the document's structure (layout sets it).
    public var role: ContentRole?

    public init(rect: Rect, uri: String, description: String = "", role: ContentRole? = nil) {
        self.rect = rect
        self.uri = uri
        self.description = description
        self.role = role
    }
}

/// An image scaled into `rect` (the layout keeps its aspect ratio).
public struct ImageOp: Hashable, Sendable {
    public var image: EmbeddedImage
    public var rect: Rect
    /// What the image shows, for text layers and accessibility (the logo: the company name).
    public var altText: String
    /// What the op is in the document's structure (layout sets it).
    public var role: ContentRole?

    public init(image: EmbeddedImage, rect: Rect, altText: String = "", role: ContentRole? = nil) {
        self.image = image
        self.rect = rect
        self.altText = altText
        self.role = role
    }
}

/// Child ops drawn through an affine transform (the status stamp's rotation).
/// The children's coordinates are in the group's own space; `transform` maps them to the page.
public struct GroupOp: Hashable, Sendable {
    /// What a group is on the page, set by layout: a backend that cannot draw the group as
    /// it is (a character grid cannot rotate) chooses its stand-in by role, never by
    /// guessing from the children.
    public enum Role: String, Hashable, Sendable {
        /// The status word in its frame (DRAFT, PAID, …).
        case stamp
        /// Shapes with no meaning beyond how they look.
        case graphic
    }

    public var role: Role
    public var transform: AffineTransform
    public var ops: [DrawOp]
    /// What the whole group is in the document's structure: its children are drawn as one
    /// piece of it (the stamp is one paragraph), whatever roles they carry.
    public var contentRole: ContentRole?

    public init(
        role: Role = .graphic, transform: AffineTransform, ops: [DrawOp], contentRole: ContentRole? = nil
    ) {
        self.role = role
        self.contentRole = contentRole
        self.transform = transform
        self.ops = ops
    }
}

/// One entry of a page's display list.
public enum DrawOp: Hashable, Sendable {
    case text(TextOp)
    case line(LineOp)
    case rect(RectOp)
    case link(LinkOp)
    case image(ImageOp)
    case group(GroupOp)
    /// A payment QR code's modules.
    case qrCode(QRCodeOp)
}

extension DrawOp {
    /// The page area the op may paint (a group: the bounding box of its transformed children).
    public var bounds: Rect {
        switch self {
        case .text(let t): t.box
        case .line(let l):
            Rect(
                x: min(l.from.x, l.to.x) - l.width / 2, y: min(l.from.y, l.to.y) - l.width / 2,
                width: abs(l.to.x - l.from.x) + l.width, height: abs(l.to.y - l.from.y) + l.width)
        case .rect(let r):
            if let stroke = r.stroke {
                Rect(
                    x: r.rect.x - stroke.width / 2, y: r.rect.y - stroke.width / 2,
                    width: r.rect.width + stroke.width, height: r.rect.height + stroke.width)
            } else {
                r.rect
            }
        case .link(let l): l.rect
        case .image(let i): i.rect
        case .qrCode(let q): q.clearArea
        case .group(let g):
            if let inner = g.ops.map({ $0.bounds }).reduce(
                nil, { (sum: Rect?, next: Rect) in sum?.union(next) ?? next })
            {
                g.transform.boundingBox(of: inner)
            } else {
                Rect(x: g.transform.tx, y: g.transform.ty, width: 0, height: 0)
            }
        }
    }
}
