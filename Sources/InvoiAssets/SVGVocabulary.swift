/// What a logo may contain: the allow-lists of `SVGSanitizer`. Anything not named here is
/// left out; a few things that would draw differently without saying so are refused.

/// The SVG elements a logo may use: static shapes, paths, gradients, clipping paths,
/// masks, markers, raster images as `data:` URLs, stylesheets and cheap filters.
enum LogoElement: String, CaseIterable {
    case svg, g, defs, symbol, use, `switch`, a
    case path, rect, circle, ellipse, line, polyline, polygon, image
    case linearGradient, radialGradient, stop
    case clipPath, mask, marker
    case style
    case filter
    case feBlend, feColorMatrix, feComponentTransfer, feFuncR, feFuncG, feFuncB, feFuncA, feComposite
    case feFlood, feGaussianBlur, feMerge, feMergeNode, feOffset, feTurbulence

    /// A shape that is filled and stroked.
    var isShape: Bool {
        switch self {
        case .path, .rect, .circle, .ellipse, .line, .polyline, .polygon: true
        default: false
        }
    }

    /// A shape that can carry markers at its vertices.
    var takesMarkers: Bool {
        switch self {
        case .path, .line, .polyline, .polygon: true
        default: false
        }
    }

    /// Drawn where it stands (its children too, for a container); the others are drawn
    /// only where something refers to them.
    var isRendered: Bool {
        switch self {
        case .svg, .g, .use, .switch, .a, .image: true
        default: isShape
        }
    }

    /// What applying it costs, for a filter primitive (feTurbulence: per octave); 0 for
    /// anything else, and for the parts of a primitive (feFuncR, feMergeNode, …).
    var filterWork: Int {
        switch self {
        case .feFuncR, .feFuncG, .feFuncB, .feFuncA, .feMergeNode: 0
        default: rawValue.hasPrefix("fe") ? 1 : 0
        }
    }

    /// Elements whose `href` may name another element of the logo: the one a `<use>`
    /// draws, the gradient whose stops and attributes a gradient takes over.
    var takesFragmentReference: Bool {
        switch self {
        case .use, .linearGradient, .radialGradient, .a: true
        default: false
        }
    }
}

/// Elements that are refused, with the reason and what to do instead: they would be
/// drawn differently by each renderer, or their cost can explode.
enum RefusedElement {
    static func reason(for name: String) -> String? {
        switch name {
        case "text", "tspan", "textPath", "tref", "altGlyph":
            "the SVG has text (<\(name)>), which invoi does not draw in a logo because the fonts would differ "
                + "from one computer to another: convert the text to paths in your editor "
                + "(Inkscape: Path > Object to Path; Illustrator: Type > Create Outlines) and save the logo again"
        case "pattern":
            "the SVG has a pattern fill (<pattern>), which invoi does not draw in a logo: "
                + "expand the pattern into shapes in your editor, or save the logo as PNG"
        case "feImage", "feConvolveMatrix", "feMorphology", "feDiffuseLighting", "feSpecularLighting",
            "feDisplacementMap", "feTile", "feDistantLight", "fePointLight", "feSpotLight":
            "the SVG has a <\(name)> filter, which invoi does not draw in a logo because its cost can explode "
                + "(only blur, offset, flood, blend, composite, merge, colour matrix, component transfer and "
                + "turbulence are drawn): flatten the effect in your editor, or save the logo as PNG"
        default: nil
        }
    }
}

/// What a reference in a property does, for `SVGCost`.
enum ReferenceRole: Equatable {
    /// `fill` or `stroke`: a gradient (patterns are refused), cheap.
    case paint
    case clip, mask, filter
    case marker(MarkerPosition)
}

enum MarkerPosition: CaseIterable {
    case start, middle, end
}

/// The CSS properties a logo may set, as a presentation attribute, in a `style`
/// attribute or in a stylesheet. None of them takes text, fonts or an image from elsewhere.
enum LogoProperty: String, CaseIterable {
    case fill, stroke, color
    case fillOpacity = "fill-opacity"
    case fillRule = "fill-rule"
    case strokeWidth = "stroke-width"
    case strokeOpacity = "stroke-opacity"
    case strokeLinecap = "stroke-linecap"
    case strokeLinejoin = "stroke-linejoin"
    case strokeMiterlimit = "stroke-miterlimit"
    case strokeDasharray = "stroke-dasharray"
    case strokeDashoffset = "stroke-dashoffset"
    // No `overflow`: the logo's root would draw outside its box, over the invoice.
    case opacity, display, visibility
    case clipPath = "clip-path"
    case clipRule = "clip-rule"
    case mask
    case maskType = "mask-type"
    case filter
    case stopColor = "stop-color"
    case stopOpacity = "stop-opacity"
    case floodColor = "flood-color"
    case floodOpacity = "flood-opacity"
    case colorInterpolation = "color-interpolation"
    case colorInterpolationFilters = "color-interpolation-filters"
    case shapeRendering = "shape-rendering"
    case imageRendering = "image-rendering"
    case paintOrder = "paint-order"
    case vectorEffect = "vector-effect"
    case marker
    case markerStart = "marker-start"
    case markerMid = "marker-mid"
    case markerEnd = "marker-end"
    case mixBlendMode = "mix-blend-mode"
    case isolation

    /// What its value may be made of.
    enum Grammar {
        /// `none`, a colour, `url(#gradient)` with a fallback colour.
        case paint
        /// A keyword, `#hex`, `rgb(…)` / `hsl(…)`.
        case color
        /// `none` or `url(#id)`.
        case reference
        /// Keywords, numbers, lengths and percentages, separated by spaces or commas.
        case plain
    }

    var grammar: Grammar {
        switch self {
        case .fill, .stroke: .paint
        case .color, .stopColor, .floodColor: .color
        case .clipPath, .mask, .filter, .marker, .markerStart, .markerMid, .markerEnd: .reference
        default: .plain
        }
    }

    /// What a `url(#id)` in its value does.
    var referenceRoles: [ReferenceRole] {
        switch self {
        case .fill, .stroke: [.paint]
        case .clipPath: [.clip]
        case .mask: [.mask]
        case .filter: [.filter]
        case .marker: MarkerPosition.allCases.map { .marker($0) }
        case .markerStart: [.marker(.start)]
        case .markerMid: [.marker(.middle)]
        case .markerEnd: [.marker(.end)]
        default: []
        }
    }

    /// Whether an element with this property (other than its initial value) is drawn
    /// into a surface of its own and composited, which costs more than a shape.
    var isolates: Bool {
        switch self {
        case .opacity, .mask, .filter, .clipPath, .mixBlendMode, .isolation: true
        default: false
        }
    }

    /// Whether children take the parent's value (markers and paints are inherited, so a
    /// group's `marker-mid` reaches every path inside it).
    var isInherited: Bool {
        switch self {
        case .clipPath, .mask, .filter, .opacity, .mixBlendMode, .isolation: false
        default: true
        }
    }

    /// Properties that can also be written as an attribute (`marker` is CSS only).
    static let presentationAttributes: [String: LogoProperty] = Dictionary(
        uniqueKeysWithValues: allCases.filter { $0 != .marker }.map { ($0.rawValue, $0) })

    static let byName: [String: LogoProperty] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// The other attributes a logo may have, each with the characters its value may hold.
/// None is read as CSS with a URL, so a character check is enough (no `\`, `:` or `#`,
/// so no escape and no address).
enum LogoAttribute {
    enum Value {
        /// Numbers, lengths, lists, path data, transforms and keywords.
        case geometry
        /// A filter result's name.
        case name
    }

    static let kinds: [String: Value] = {
        var kinds: [String: Value] = [:]
        for name in [
            "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "fx", "fy", "fr", "x1", "y1", "x2", "y2",
            "points", "d", "pathLength", "offset", "transform", "viewBox", "preserveAspectRatio",
            "gradientUnits", "gradientTransform", "spreadMethod", "clipPathUnits", "maskUnits", "maskContentUnits",
            "markerUnits", "markerWidth", "markerHeight", "refX", "refY", "orient",
            "filterUnits", "primitiveUnits", "stdDeviation", "dx", "dy", "mode", "type", "values", "operator",
            "k1", "k2", "k3", "k4", "tableValues", "slope", "intercept", "amplitude", "exponent",
            "baseFrequency", "numOctaves", "seed", "stitchTiles", "edgeMode",
        ] {
            kinds[name] = .geometry
        }
        for name in ["in", "in2", "result"] { kinds[name] = .name }
        return kinds
    }()

    /// Whether `value` only has characters of `kind`, and a `(` only after a transform's
    /// name: `url(1` holds no address, but a value that reads as a URL anywhere is not kept.
    static func accepts(_ value: String, as kind: Value) -> Bool {
        var word: [UInt8] = []
        var lastWord: [UInt8] = []
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte)
                continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
                break
            case UInt8(ascii: " "), 0x09, 0x0A, 0x0D:
                guard kind == .geometry else { return false }
                // `rotate (45)`: the name stays the one before the bracket.
                if !word.isEmpty { lastWord = word }
                word = []
                continue
            case UInt8(ascii: ","), UInt8(ascii: "+"), UInt8(ascii: "%"), UInt8(ascii: ")"):
                guard kind == .geometry else { return false }
            case UInt8(ascii: "("):
                guard kind == .geometry, transformNames.contains(word.isEmpty ? lastWord : word) else { return false }
            default:
                return false
            }
            word = []
            lastWord = []
        }
        return true
    }

    private static let transformNames: Set<[UInt8]> = Set(
        ["matrix", "translate", "scale", "rotate", "skewX", "skewY"].map { Array($0.utf8) })
}
