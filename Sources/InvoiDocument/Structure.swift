/// What a piece of a page is to someone who cannot see it: a part of the document's logical
/// structure, or an artifact (a rule, a repeated header, the page footer) that a screen reader
/// skips. Layout decides it for every op; a backend that writes structure (the tagged PDF) only
/// follows it, and never works it out from positions.
public enum ContentRole: Hashable, Sendable {
    /// Real content, inside the structure element at the end of `path` (the document element
    /// itself is implied above the path's first node).
    case structure([StructureNode])
    /// Drawn only for how the page looks or because it is paginated.
    case artifact(ArtifactKind)

    /// The structure path of real content, nil for an artifact.
    public var path: [StructureNode]? {
        if case .structure(let path) = self { path } else { nil }
    }
}

/// Why an artifact is one (ISO 32000-1 §14.8.2.2 names these kinds).
public enum ArtifactKind: String, Hashable, Sendable {
    /// Repeated because the document has pages: the page footer, a table header repeated on a
    /// continuation page.
    case pagination
    /// Drawn for the look of the page: rules, frames, backgrounds.
    case layout
}

/// One structure element on an op's path. `index` tells apart siblings of the same role (the
/// items table's rows are rows 0, 1, 2 …): the ops of one element share the node, so a row
/// whose description continues on the next page stays one row.
public struct StructureNode: Hashable, Sendable {
    public var role: StructureRole
    public var index: Int

    public init(_ role: StructureRole, _ index: Int = 0) {
        self.role = role
        self.index = index
    }
}

/// The structure types invoi uses: ISO 32000-1's standard ones (§14.8.4).
public enum StructureRole: String, Hashable, Sendable, CaseIterable {
    case section = "Sect"
    case title = "H1"
    case heading = "H2"
    case paragraph = "P"
    case table = "Table"
    case tableHead = "THead"
    case tableBody = "TBody"
    case tableRow = "TR"
    /// A header cell over its column (the items table's heads).
    case columnHeader = "TH"
    /// A header cell for its row (a totals row's label).
    case rowHeader = "TH(row)"
    case cell = "TD"
    /// An image with an alternative text (the logo, a payment code).
    case figure = "Figure"
    /// A clickable area and the text it covers.
    case link = "Link"

    /// The standard structure type's name.
    public var standardType: String {
        self == .rowHeader ? "TH" : rawValue
    }
}

extension ContentRole {
    /// The role with `node` added above it; an artifact stays one.
    public func within(_ node: StructureNode) -> ContentRole {
        switch self {
        case .structure(let path): .structure([node] + path)
        case .artifact: self
        }
    }

    /// How ops.json writes it: `Sect 0 > P 2`, or `artifact pagination`.
    public var description: String {
        switch self {
        case .structure(let path): path.map { "\($0.role.rawValue) \($0.index)" }.joined(separator: " > ")
        case .artifact(let kind): "artifact \(kind.rawValue)"
        }
    }
}

extension DrawOp {
    /// The op's role in the document's structure; nil when layout gave it none (a bug that the
    /// tagged PDF shows as untagged content, and tests catch).
    public var role: ContentRole? {
        get {
            switch self {
            case .text(let t): t.role
            case .line(let l): l.role
            case .rect(let r): r.role
            case .link(let l): l.role
            case .image(let i): i.role
            case .qrCode(let q): q.role
            case .group(let g): g.contentRole
            }
        }
        set {
            switch self {
            case .text(var t):
                t.role = newValue
                self = .text(t)
            case .line(var l):
                l.role = newValue
                self = .line(l)
            case .rect(var r):
                r.role = newValue
                self = .rect(r)
            case .link(var l):
                l.role = newValue
                self = .link(l)
            case .image(var i):
                i.role = newValue
                self = .image(i)
            case .qrCode(var q):
                q.role = newValue
                self = .qrCode(q)
            case .group(var g):
                g.contentRole = newValue
                self = .group(g)
            }
        }
    }

    /// The op with `node` above its structure path; an op with no role yet becomes `node`'s own
    /// content.
    public func within(_ node: StructureNode) -> DrawOp {
        var op = self
        op.role = role?.within(node) ?? .structure([node])
        return op
    }

    /// The op as an artifact of `kind`.
    public func asArtifact(_ kind: ArtifactKind) -> DrawOp {
        var op = self
        op.role = .artifact(kind)
        return op
    }
}
