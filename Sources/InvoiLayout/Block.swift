import InvoiDocument

/// A piece of the page laid out from y = 0 down to `height`, placed later by the paginator.
struct Block {
    var height: Double
    var ops: [DrawOp] = []

    mutating func append(_ other: Block, at y: Double) {
        ops += other.ops.map { $0.offsetBy(dx: 0, dy: y) }
    }

    /// The block as part of the structure element `node`: the node goes above every op's path,
    /// and an op with no role yet becomes its content.
    func within(_ role: StructureRole, _ index: Int = 0) -> Block {
        Block(height: height, ops: ops.map { $0.within(StructureNode(role, index)) })
    }

    /// The block as an artifact of `kind`, whatever its ops were.
    func asArtifact(_ kind: ArtifactKind) -> Block {
        Block(height: height, ops: ops.map { $0.asArtifact(kind) })
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
        case .qrCode(var q):
            q.rect = move(q.rect)
            return .qrCode(q)
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
        case .image, .group, .qrCode: bounds.minY
        }
    }
}
