import InvoiDocument

/// A piece of the page laid out from y = 0 down to `height`, placed later by the paginator.
struct Block {
    var height: Double
    var ops: [DrawOp] = []

    mutating func append(_ other: Block, at y: Double) {
        ops += other.ops.map { $0.offsetBy(dx: 0, dy: y) }
    }

    /// Splits a block taller than a page at the lowest y ≤ `limit` that no text
    /// line straddles (rules and rectangles go with the part they start in).
    /// Nil when no such cut exists above `limit`.
    func split(atMost limit: Double) -> (Block, Block)? {
        let spans = ops.compactMap { op -> (Double, Double)? in
            if case .text(let t) = op { return (t.box.minY, t.box.maxY) }
            return nil
        }
        var candidates = spans.map(\.1).filter { $0 <= limit && $0 > 0 }
        candidates.sort(by: >)
        guard let cut = candidates.first(where: { y in !spans.contains { $0.0 < y - 0.001 && $0.1 > y + 0.001 } })
        else { return nil }
        var top = Block(height: cut)
        var bottom = Block(height: height - cut)
        for op in ops {
            if op.topY < cut - 0.001 {
                top.ops.append(op)
            } else {
                bottom.ops.append(op.offsetBy(dx: 0, dy: -cut))
            }
        }
        return (top, bottom)
    }

    /// The block without the empty space above its first op, so that a part continued on a new
    /// page starts with its first line there, not with a blank one.
    func droppingLeadingSpace() -> Block {
        guard let first = ops.map(\.topY).min(), first > 0 else { return self }
        var block = Block(height: max(0, height - first))
        block.ops = ops.map { $0.offsetBy(dx: 0, dy: -first) }
        return block
    }
}

extension DrawOp {
    func offsetBy(dx: Double, dy: Double) -> DrawOp {
        func move(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        func move(_ r: Rect) -> Rect { Rect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height) }
        switch self {
        case .text(var t):
            t.origin = move(t.origin)
            t.box = move(t.box)
            return .text(t)
        case .line(var l):
            l.from = move(l.from)
            l.to = move(l.to)
            return .line(l)
        case .rect(var r):
            r.rect = move(r.rect)
            return .rect(r)
        case .link(var l):
            l.rect = move(l.rect)
            return .link(l)
        case .image(var i):
            i.rect = move(i.rect)
            return .image(i)
        case .group(var g):
            g.transform = g.transform.translatedBy(dx: dx, dy: dy)
            return .group(g)
        }
    }

    /// The top edge of what the op covers, for splitting.
    var topY: Double {
        switch self {
        case .text(let t): t.box.minY
        case .line(let l): min(l.from.y, l.to.y) - l.width / 2
        case .rect(let r): r.rect.minY
        case .link(let l): l.rect.minY
        case .image, .group: bounds.minY
        }
    }
}
