import InvoiDocument

/// A convex polygon (the stamp's rotated outline), so that it can be kept clear of boxes
/// exactly rather than through its larger bounding box.
struct Polygon: Hashable, Sendable {
    var points: [Point]

    var bounds: Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    /// The polygon reflected across the vertical axis x = 0.
    var mirrored: Polygon {
        Polygon(points: points.reversed().map { Point(x: -$0.x, y: $0.y) })
    }

    func offsetBy(dx: Double, dy: Double) -> Polygon {
        Polygon(points: points.map { Point(x: $0.x + dx, y: $0.y + dy) })
    }

    /// The horizontal extent of the part of the polygon between `top` and `bottom`; nil when
    /// no part of it lies strictly between them. Being convex, that part is one piece, so moving
    /// the polygon sideways by `t` makes it overlap a box spanning `top...bottom` exactly when
    /// `minX + t < box.maxX` and `maxX + t > box.minX`.
    func horizontalExtent(from top: Double, to bottom: Double) -> (minX: Double, maxX: Double)? {
        var xs: [Double] = []
        for (index, a) in points.enumerated() {
            if a.y > top, a.y < bottom { xs.append(a.x) }
            let b = points[(index + 1) % points.count]
            for y in [top, bottom] where (a.y < y && b.y > y) || (a.y > y && b.y < y) {
                xs.append(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y))
            }
        }
        guard let low = xs.min(), let high = xs.max() else { return nil }
        return (low, high)
    }
}
