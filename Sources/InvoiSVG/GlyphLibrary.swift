import InvoiDocument
import InvoiText

/// Glyph outlines as SVG path data, fetched once per (face, glyph) for a
/// whole render and kept in font units (y up) at the face's units per em.
struct GlyphLibrary {
    struct Shape {
        /// Path data; empty for a blank glyph such as a space.
        var pathData: [UInt8]
    }

    private let provider: any GlyphOutlineProvider
    private var faceIndex: [FontFace: Int] = [:]
    /// Units per em of each face, nil until one of its outlines was read.
    private var unitsPerEm: [Int?] = []
    private var shapes: [GlyphKey: Shape?] = [:]

    init(provider: any GlyphOutlineProvider) {
        self.provider = provider
    }

    /// A small number standing for `face` in this render.
    mutating func index(of face: FontFace) -> Int {
        if let index = faceIndex[face] { return index }
        let index = unitsPerEm.count
        faceIndex[face] = index
        unitsPerEm.append(nil)
        return index
    }

    /// The face's units per em, known once one of its glyphs was read.
    func unitsPerEm(ofFace index: Int) -> Int? {
        unitsPerEm[index]
    }

    /// The glyph's shape, nil when the face cannot give an outline for it.
    mutating func shape(of glyph: UInt32, face: FontFace, faceIndex index: Int) -> Shape? {
        let key = GlyphKey(face: index, glyph: glyph)
        if let known = shapes[key] { return known }
        var shape: Shape?
        if let outline = provider.outline(of: glyph, in: face), outline.unitsPerEm > 0 {
            let faceUnits = unitsPerEm[index] ?? outline.unitsPerEm
            unitsPerEm[index] = faceUnits
            // Outlines of one face share its units; rescale the odd one that does not.
            let factor = Double(faceUnits) / Double(outline.unitsPerEm)
            shape = Shape(pathData: Self.pathData(outline.elements, scale: factor))
        }
        shapes[key] = shape
        return shape
    }

    static func pathData(_ elements: [PathElement], scale: Double) -> [UInt8] {
        var writer = SVGWriter(capacity: elements.count * 12)
        // After a command letter the first number needs no separator.
        func points(_ command: StaticString, _ list: Point...) {
            writer.append(command)
            for (index, p) in list.enumerated() {
                if index == 0 { writer.appendNumber(p.x * scale) } else { writer.appendSeparated(p.x * scale) }
                writer.appendSeparated(p.y * scale)
            }
        }
        for element in elements {
            switch element {
            case .move(let to): points("M", to)
            case .line(let to): points("L", to)
            case .quadCurve(let to, let control): points("Q", control, to)
            case .cubicCurve(let to, let control1, let control2): points("C", control1, control2, to)
            case .close: writer.append("Z")
            }
        }
        return writer.bytes
    }
}

struct GlyphKey: Hashable {
    var face: Int
    var glyph: UInt32
}
