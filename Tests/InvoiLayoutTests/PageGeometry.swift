import InvoiDocument
import InvoiText

/// Geometry checks shared by the property tests, written independently of the layout's own
/// collision code so that they can catch it out.
struct PageGeometry {
    let shaper: any TextShaper

    /// The area a text line's glyphs may paint: its advance width, ascent to descent.
    func inkRect(_ op: TextOp) -> Rect {
        let metrics = shaper.metrics(for: op.font)
        return Rect(
            x: op.origin.x, y: op.origin.y - metrics.ascent, width: op.width,
            height: metrics.ascent + metrics.descent)
    }

    /// The stamp's outline on the page: its frame's corners (stroke included) through the transform.
    static func outline(of group: GroupOp) -> [Point]? {
        guard case .rect(let frame)? = group.ops.first(where: { if case .rect = $0 { true } else { false } })
        else { return nil }
        let half = (frame.stroke?.width ?? 0) / 2
        let rect = Rect(
            x: frame.rect.x - half, y: frame.rect.y - half, width: frame.rect.width + 2 * half,
            height: frame.rect.height + 2 * half)
        return rect.corners.map(group.transform.apply(to:))
    }

    /// Whether a convex quadrilateral (clockwise or not) and a box overlap by more than touching:
    /// a corner of one strictly inside the other, or two edges properly crossing.
    static func overlaps(_ quad: [Point], _ box: Rect) -> Bool {
        let boxPoints = box.corners
        if quad.contains(where: { $0.x > box.minX && $0.x < box.maxX && $0.y > box.minY && $0.y < box.maxY }) {
            return true
        }
        if boxPoints.contains(where: { strictlyInside($0, quad) }) { return true }
        for i in 0..<4 {
            for j in 0..<4 where segmentsCross(quad[i], quad[(i + 1) % 4], boxPoints[j], boxPoints[(j + 1) % 4]) {
                return true
            }
        }
        return false
    }

    private static func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    private static func strictlyInside(_ p: Point, _ quad: [Point]) -> Bool {
        let signs = (0..<4).map { cross(quad[$0], quad[($0 + 1) % 4], p) }
        return signs.allSatisfy { $0 > 1e-9 } || signs.allSatisfy { $0 < -1e-9 }
    }

    private static func segmentsCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        return ((d1 > 1e-9 && d2 < -1e-9) || (d1 < -1e-9 && d2 > 1e-9))
            && ((d3 > 1e-9 && d4 < -1e-9) || (d3 < -1e-9 && d4 > 1e-9))
    }
}

extension Page {
    var groups: [GroupOp] { ops.compactMap { if case .group(let g) = $0 { g } else { nil } } }
    var images: [ImageOp] { ops.compactMap { if case .image(let i) = $0 { i } else { nil } } }
    var lines: [LineOp] { ops.compactMap { if case .line(let l) = $0 { l } else { nil } } }
}
