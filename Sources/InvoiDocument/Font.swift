/// The weights the design uses (CSS numeric weights).
public enum FontWeight: Int, Hashable, Sendable, CaseIterable, Comparable {
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What the layout asks for: a weight at a size, in the design's family unless a standardized
/// form prescribes another. The family chain (primary family, then fallbacks) belongs to the
/// shaper's font set.
public struct FontSpec: Hashable, Sendable {
    public var weight: FontWeight
    /// Size in points.
    public var size: Double
    public var family: FontFamily

    public init(weight: FontWeight, size: Double, family: FontFamily = .design) {
        self.weight = weight
        self.size = size
        self.family = family
    }
}

/// The family a text is set in.
public enum FontFamily: Hashable, Sendable {
    /// The design's chain (the invoice's own family and its fallbacks).
    case design
    /// Liberation Sans, which the Swiss QR-bill's payment part is set in (its guidelines allow
    /// only Arial, Frutiger, Helvetica and Liberation Sans); tried before the design's chain.
    case liberationSans
    /// A theme's families, tried in order before the design's chain: its own, then its fallbacks.
    case themed([String])

    /// The families tried before the design's chain; empty for the design's chain alone.
    public var names: [String] {
        switch self {
        case .design: []
        case .liberationSans: ["Liberation Sans"]
        case .themed(let names): names
        }
    }

    /// The first family's name; nil for the design's chain.
    public var name: String? { names.first }
}

/// A concrete font file that glyphs were shaped with.
public struct FontFace: Hashable, Sendable {
    public var family: String
    /// The face's own weight (may differ from the requested one for fallbacks).
    public var weight: Int
    /// Absolute path of the font file, and the face's index within it (for .ttc).
    public var path: String
    public var index: Int
    public var postScriptName: String

    public init(family: String, weight: Int, path: String, index: Int, postScriptName: String) {
        self.family = family
        self.weight = weight
        self.path = path
        self.index = index
        self.postScriptName = postScriptName
    }
}
