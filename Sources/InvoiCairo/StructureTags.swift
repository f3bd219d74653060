import CCairo
import InvoiDocument

/// Opens and closes Cairo's structure tags as the ops' roles say, so that Cairo 1.16 writes the
/// structure tree, the marked content with its MCIDs, the parent tree and each link's /OBJR.
/// What Cairo 1.16 cannot write is noted here for `PDFStructureUpdate`: artifacts (tagged
/// `Artifact` here, taken out of the tree afterwards), a header cell's /Scope, a figure's /Alt,
/// a link's /Contents.
///
/// Cairo marks only the content of a leaf element (one with no child elements), so an artifact
/// never opens inside a leaf: the leaf is closed first. Layout keeps a cell that a page break may
/// cut a container (a cell holding a paragraph), so that only the paragraph is in two parts.
final class StructureTags {
    /// What the update adds to an element Cairo wrote.
    enum Attribute: Equatable {
        case scope(column: Bool)
        case alternative(String)
    }

    /// How many elements were opened, in order: Cairo writes its elements in this order.
    private(set) var elementCount = 0
    /// By element number: what the update adds to it.
    private(set) var attributes: [Int: Attribute] = [:]
    /// By element number, its text as it is read (`/ActualText`), for an element whose marked
    /// content alone would read wrong: right-to-left text, which Cairo shows in visual order, and
    /// an element whose lines are joined by a space the painter could not draw.
    private(set) var actualTexts: [Int: String] = [:]
    private var openText: (element: Int, text: String, isNeeded: Bool, lineEnd: LineEnd)?
    /// The element numbers of the artifacts, and of the elements they were opened in.
    private(set) var artifacts: Set<Int> = []
    private(set) var artifactParents: Set<Int> = []
    /// Each link annotation's /Contents, in the order Cairo writes the annotations.
    private(set) var linkDescriptions: [String] = []

    private let context: OpaquePointer
    /// The open elements below the document element, with their element numbers.
    private var open: [(node: StructureNode, element: Int, tag: String)] = []
    private var document: Int?
    private var artifact: Int?
    /// Whether the innermost open element has content (so it must stay a leaf).
    private var leafIsOpen = false

    init(context: OpaquePointer) {
        self.context = context
    }

    /// Opens what `role` needs before its op is drawn; `link` is the op when it is a link.
    func enter(_ role: ContentRole?, link: LinkOp? = nil) {
        if document == nil { document = begin("Document") }
        switch role {
        case .artifact:
            guard artifact == nil else { return }
            // Cairo 1.16 refuses the tag name `Artifact`: a `NonStruct` tag stands in, which
            // `PDFArtifactRewriter` turns into `/Artifact` in the content and the update takes
            // out of the tree. It never opens inside a leaf, which would lose its marks.
            if leafIsOpen, let last = open.popLast() { end(last.tag) }
            leafIsOpen = false
            artifactParents.insert(open.last?.element ?? document!)
            artifact = begin(Self.artifactTag)
            artifacts.insert(artifact!)
        case .structure(let path):
            endArtifact()
            var common = 0
            while common < open.count, common < path.count, open[common].node == path[common] { common += 1 }
            while open.count > common { end(open.removeLast().tag) }
            for node in path[common...] {
                var tag = node.role.standardType
                var attributes = ""
                if node.role == .link {
                    if let link, let linkAttributes = LinkAttributes(link) {
                        attributes = linkAttributes.text
                        linkDescriptions.append(link.description.isEmpty ? link.uri : link.description)
                    } else {
                        tag = "Span"
                    }
                }
                let element = begin(tag, attributes)
                switch node.role {
                case .columnHeader: self.attributes[element] = .scope(column: true)
                case .rowHeader: self.attributes[element] = .scope(column: false)
                default: break
                }
                open.append((node, element, tag))
            }
            leafIsOpen = true
        case nil:
            // Layout gave the op no role: it is drawn in no leaf, so it stays unmarked and
            // the checks that every piece of content is tagged fail.
            endArtifact()
            while let last = open.popLast() { end(last.tag) }
            leafIsOpen = false
        }
    }

    /// Notes a line of text drawn in the open leaf element. True when the line goes on from the
    /// element's text after a line break, a break at a space or a label (not inside a word): the
    /// painter then draws a space before it, so that the element reads "112 10117" and
    /// "ISSUE DATE Mar 12, 2026" as the page shows them, not "11210117".
    func noteText(_ line: TextOp) -> Bool {
        guard leafIsOpen, let element = open.last?.element else { return false }
        let rightToLeft = line.direction == .rightToLeft || line.runs.contains { $0.direction == .rightToLeft }
        guard var text = openText, text.element == element else {
            keepOpenText()
            openText = (element, line.text, rightToLeft, line.lineEnd)
            return false
        }
        let spaced =
            text.lineEnd != .wrappedInWord && text.text.last?.isWhitespace == false
            && line.text.first?.isWhitespace == false
        text.text += spaced ? " " + line.text : line.text
        text.isNeeded = text.isNeeded || rightToLeft
        text.lineEnd = line.lineEnd
        openText = text
        return spaced
    }

    /// The painter could not draw the space `noteText` asked for (the font has none):
    /// the element's `/ActualText` reads it instead.
    func spaceNotDrawn() {
        openText?.isNeeded = true
    }

    private func keepOpenText() {
        if let openText, openText.isNeeded { actualTexts[openText.element] = openText.text }
        openText = nil
    }

    /// Notes a figure's alternative text on the element open for it.
    func describeFigure(_ text: String) {
        guard let element = open.last?.element, open.last?.node.role == .figure else { return }
        attributes[element] = .alternative(text)
    }

    /// Closes every open tag (before the surface finishes).
    func closeAll() {
        keepOpenText()
        endArtifact()
        while let last = open.popLast() { end(last.tag) }
        if document != nil { end("Document") }
        document = nil
    }

    /// The order to draw a page's `ops` in so that no artifact splits a leaf element; nil
    /// when it is theirs. Cairo marks only a leaf's content and an artifact closes the leaf
    /// (`enter`), so an artifact between two pieces of one leaf (the copy mark's frame between
    /// the title and the mark's word, both the title's heading) would make the second piece
    /// an element of its own (a second H1). Such an artifact is drawn just before the leaf's
    /// first piece instead, when it covers none of the pieces it then goes under, so the page
    /// looks the same; when it may cover one, it stays.
    static func orderKeepingLeavesWhole(_ ops: [DrawOp]) -> [Int]? {
        var order: [Int]?
        func op(_ position: Int) -> DrawOp { ops[order?[position] ?? position] }
        var position = 1
        while position < ops.count {
            // Cheap for every other op: most artifacts follow an op of another element than
            // the next one's (a row's rule between two rows).
            guard case .artifact? = op(position).role, let path = op(position - 1).role?.path else {
                position += 1
                continue
            }
            var end = position + 1
            while end < ops.count, case .artifact? = op(end).role { end += 1 }
            guard end < ops.count, op(end).role?.path == path else {
                position = end
                continue
            }
            var start = position - 1
            while start > 0, op(start - 1).role?.path == path { start -= 1 }
            let pieces = (start..<position).map { op($0).paintedBounds }
            let covers = (position..<end).contains { artifact in
                guard let bounds = op(artifact).paintedBounds else { return true }
                return pieces.contains { piece in piece.map { $0.intersects(bounds) } ?? true }
            }
            if !covers {
                var moved = order ?? Array(ops.indices)
                let artifacts = Array(moved[position..<end])
                moved.removeSubrange(position..<end)
                moved.insert(contentsOf: artifacts, at: start)
                order = moved
            }
            position = end
        }
        return order
    }

    private static let artifactTag = "NonStruct"

    private func endArtifact() {
        if artifact != nil { end(Self.artifactTag) }
        artifact = nil
    }

    private func begin(_ tag: String, _ attributes: String = "") -> Int {
        cairo_tag_begin(context, tag, attributes)
        elementCount += 1
        return elementCount - 1
    }

    private func end(_ tag: String) {
        cairo_tag_end(context, tag)
    }
}

extension DrawOp {
    /// A rectangle holding all the op paints, in the coordinates of the ops beside it; nil when
    /// not known cheaply (a group).
    fileprivate var paintedBounds: Rect? {
        switch self {
        case .text(let text):
            // The line box, widened to the glyphs' advance and by half its height above and
            // below, where accents and descenders of a tall font may reach.
            let minX = min(text.box.minX, text.origin.x), maxX = max(text.box.maxX, text.origin.x + text.width)
            let margin = text.box.height / 2
            return Rect(x: minX, y: text.box.minY - margin, width: maxX - minX, height: text.box.height + 2 * margin)
        case .rect(let rect):
            let half = (rect.stroke?.width ?? 0) / 2
            return Rect(
                x: rect.rect.minX - half, y: rect.rect.minY - half, width: rect.rect.width + 2 * half,
                height: rect.rect.height + 2 * half)
        case .line(let line):
            let half = line.width / 2
            let minX = min(line.from.x, line.to.x), minY = min(line.from.y, line.to.y)
            return Rect(
                x: minX - half, y: minY - half, width: abs(line.to.x - line.from.x) + 2 * half,
                height: abs(line.to.y - line.from.y) + 2 * half)
        case .link(let link): return link.rect
        case .image(let image): return image.rect
        case .qrCode(let code): return code.rect
        case .group: return nil
        }
    }
}
