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
    /// content alone would read wrong: right-to-left text, which Cairo shows in visual order,
    /// and a paragraph wrapped at a space, whose lines would run together without it.
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

    /// Notes a line of text drawn in the open leaf element.
    func noteText(_ line: TextOp) {
        guard leafIsOpen, let element = open.last?.element else { return }
        let rightToLeft = line.direction == .rightToLeft || line.runs.contains { $0.direction == .rightToLeft }
        if var text = openText, text.element == element {
            let space = text.lineEnd == .wrappedAtSpace
            text.text += (text.lineEnd == .wrappedInWord ? "" : " ") + line.text
            text.isNeeded = text.isNeeded || rightToLeft || space
            text.lineEnd = line.lineEnd
            openText = text
        } else {
            keepOpenText()
            openText = (element, line.text, rightToLeft, line.lineEnd)
        }
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
