/// The weights the design uses (CSS numeric weights).
public enum FontWeight: Int, Hashable, Sendable, CaseIterable, Comparable {
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What the layout asks for: a weight at a size. The family chain (primary
/// family, then fallbacks) belongs to the shaper's font set.
public struct FontSpec: Hashable, Sendable {
    public var weight: FontWeight
    /// Size in points.
    public var size: Double

    public init(weight: FontWeight, size: Double) {
        self.weight = weight
        self.size = size
    }
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
