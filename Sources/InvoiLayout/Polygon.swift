import InvoiDocument

/// A convex polygon (the stamp's rotated outline), for testing it against boxes exactly
/// rather than through its larger bounding box.
struct Polygon: Hashable, Sendable {
    var points: [Point]

    var bounds: Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    func offsetBy(dx: Double, dy: Double) -> Polygon {
        Polygon(points: points.map { Point(x: $0.x + dx, y: $0.y + dy) })
    }

    /// Whether the interiors overlap (separating-axis test: the rectangle's two axes and
    /// the normal of each of the polygon's edges). Touching edges do not count.
    func intersects(_ rect: Rect) -> Bool {
        guard bounds.intersects(rect) else { return false }
        let corners = rect.corners
        for (index, a) in points.enumerated() {
            let b = points[(index + 1) % points.count]
            let normal = Point(x: a.y - b.y, y: b.x - a.x)
            let own = Self.extent(of: points, along: normal)
            let other = Self.extent(of: corners, along: normal)
            if own.max <= other.min || other.max <= own.min { return false }
        }
        return true
    }

    /// The interval the points cover when projected on `axis`.
    private static func extent(of points: [Point], along axis: Point) -> (min: Double, max: Double) {
        points.reduce((min: Double.infinity, max: -Double.infinity)) { range, point in
            let value = point.x * axis.x + point.y * axis.y
            return (min(range.min, value), max(range.max, value))
        }
    }
}
