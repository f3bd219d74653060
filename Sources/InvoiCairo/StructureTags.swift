import CCairo
import InvoiDocument

/// A tagged PDF's logical structure, written by invoi itself as the pages are drawn: the
/// structure elements the ops' roles name, the marked-content sequences of each page (where
/// each begins, counted in what the painter draws: `PageMarks`, which `MarkedContentWriter`
/// turns into `BDC`/`BMC`/`EMC` in the page's content stream), the parent tree that leads from
/// a page's MCIDs back to their elements, and the link annotations.
///
/// Nothing of a finished page is kept: a closed element is written out (`pageWritten`) once the
/// page after it has been written, into the object stream being gathered; only the open elements
/// (the document, the table, the row being drawn), with their children's object numbers, stay in
/// memory, and one entry of the parent tree's root per page and per link.
final class StructureTags {
    enum Attribute: Equatable {
        case scope(column: Bool)
        case alternative(String)
    }

    /// A child of an element, in reading order.
    private struct Kid {
        enum Kind: UInt8 { case element, content, annotation }
        var kind: Kind
        /// The element's or annotation's object number, or the MCID.
        var value: Int32
        /// The page (its index) of marked content or an annotation.
        var page: Int32
    }

    private struct Element {
        let number: Int
        let type: String
        let parent: Int
        var kids: [Kid] = []
        var attribute: Attribute?
        var actualText: String?
        /// The node it stands for (nil for the document and a link element of its own).
        let node: StructureNode?
    }

    private struct LinkAnnotation {
        let number: Int
        let rect: Rect
        let uri: String
        let description: String
        let key: Int
    }

    private enum Marked: Equatable {
        case none
        case structure(element: Int)
        case artifact
    }

    private let context: OpaquePointer
    // The state below is one render's, used on its thread alone, and no method of this class
    // reaches another while it holds one of these in place: the runtime's exclusivity checks
    // (`swift_beginAccess`, 61,000 instructions a one-page invoice) cannot fail here, so they
    // are left out.
    @exclusivity(unchecked) private var numbers: PDFObjectNumbers
    /// The structure tree root's and the parent tree's object numbers.
    let rootNumber: Int
    let parentTreeNumber: Int

    @exclusivity(unchecked) private var document: Element?
    /// The open elements below the document, outermost first.
    @exclusivity(unchecked) private var open: [Element] = []
    /// Elements closed since the last page was written.
    @exclusivity(unchecked) private var closed: [Element] = []
    @exclusivity(unchecked) private var openText: (element: Int, text: String, isNeeded: Bool, lineEnd: LineEnd)?

    // The page being drawn.
    @exclusivity(unchecked) private var pageIndex = -1
    @exclusivity(unchecked) private(set) var pageSize = Size(width: 0, height: 0)
    @exclusivity(unchecked) private var marked = Marked.none
    @exclusivity(unchecked) private(set) var marks = PageMarks()
    /// What the painter has had Cairo draw since the page's last anchor: glyphs, and fills and
    /// strokes (each one, also when Cairo writes a fill and a stroke as one `B`).
    @exclusivity(unchecked) var glyphsDrawn: Int32 = 0
    @exclusivity(unchecked) var paintsDrawn: Int32 = 0
    /// Whether something drawn since the last anchor cannot be counted.
    @exclusivity(unchecked) private var isUncountedSinceAnchor = false
    @exclusivity(unchecked) private var anchorCount = 0
    /// Each further piece's MCID, by the sequence it continues: the last one given.
    @exclusivity(unchecked) private var lastPiece: [Int32: Int32] = [:]
    /// The element of each MCID of the page.
    @exclusivity(unchecked) private var parentTreeRow: [Int32] = []
    @exclusivity(unchecked) private var pageKey: Int?
    @exclusivity(unchecked) private var annotations: [LinkAnnotation] = []

    /// The object numbers of the pages written, by index.
    @exclusivity(unchecked) private var pageObjects: [Int32] = []
    /// The parent tree's entries: a page's row or a link's element, by key.
    @exclusivity(unchecked) private var parentTree: [(key: Int, number: Int)] = []
    @exclusivity(unchecked) private var nextKey = 0

    init(context: OpaquePointer, numbers: PDFObjectNumbers) {
        self.context = context
        self.numbers = numbers
        rootNumber = self.numbers.next()
        parentTreeNumber = self.numbers.next()
    }

    func allocateNumber() -> Int { numbers.next() }

    // MARK: Drawing

    func beginPage(size: Size) {
        pageIndex += 1
        pageSize = size
        marked = .none
        marks = PageMarks()
        glyphsDrawn = 0
        paintsDrawn = 0
        isUncountedSinceAnchor = false
        anchorCount = 0
        parentTreeRow = []
        pageKey = nil
        annotations = []
    }

    /// Ends the page's marked content, before Cairo writes the page: after its last drawing.
    func endPage() {
        marks.finish(glyphs: glyphsDrawn, paints: paintsDrawn, isVerified: !isUncountedSinceAnchor)
        marked = .none
    }

    /// Draws an anchor before an op whose output cannot be counted, when anything was drawn
    /// since the last one: the count up to here is then checked.
    func anchorBeforeUncounted() {
        guard glyphsDrawn > 0 || paintsDrawn > 0 || isUncountedSinceAnchor else { return }
        drawAnchor()
    }

    /// Draws an anchor after an op whose output cannot be counted: counting starts again.
    func anchorAfterUncounted() {
        isUncountedSinceAnchor = true
        drawAnchor()
    }

    private func drawAnchor() {
        ContentMarker.draw(on: context, sequence: anchorCount)
        anchorCount += 1
        marks.addAnchor(glyphs: glyphsDrawn, paints: paintsDrawn, isVerified: !isUncountedSinceAnchor)
        glyphsDrawn = 0
        paintsDrawn = 0
        isUncountedSinceAnchor = false
    }

    /// The MCIDs the page's content stream needed beyond one a sequence (a sequence cut by
    /// Cairo's text objects): each goes into the parent tree and its element after the last.
    func addPieces(_ pieces: [MarkedContentWriter.Piece]) {
        for piece in pieces {
            let element = parentTreeRow[Int(piece.sequence)]
            assert(Int(piece.mcid) == parentTreeRow.count, "pieces numbered after the sequences, in order")
            parentTreeRow.append(element)
            let after = lastPiece[piece.sequence] ?? piece.sequence
            lastPiece[piece.sequence] = piece.mcid
            insertContent(piece.mcid, after: after, inElement: Int(element))
        }
        lastPiece.removeAll(keepingCapacity: true)
    }

    private func insertContent(_ mcid: Int32, after previous: Int32, inElement number: Int) {
        let kid = Kid(kind: .content, value: mcid, page: Int32(pageIndex))
        func insert(into kids: inout [Kid]) -> Bool {
            guard
                let index = kids.lastIndex(where: {
                    $0.kind == .content && $0.value == previous && $0.page == Int32(pageIndex)
                })
            else { return false }
            kids.insert(kid, at: index + 1)
            return true
        }
        if let index = open.lastIndex(where: { $0.number == number }), insert(into: &open[index].kids) { return }
        if let index = closed.lastIndex(where: { $0.number == number }), insert(into: &closed[index].kids) { return }
        if document?.number == number, insert(into: &document!.kids) { return }
        assertionFailure("the element of a marked-content sequence is gone")
    }

    /// Opens what `role` needs before its op is drawn; `link` is the op when it is a link, which
    /// draws nothing itself but an annotation.
    func enter(_ role: ContentRole?, link: LinkOp? = nil) {
        if document == nil {
            document = Element(number: numbers.next(), type: "Document", parent: rootNumber, node: nil)
        }
        switch role {
        case .artifact:
            if let link { addLink(link, opened: false) } else { switchMarked(to: .artifact) }
        case .structure(let path):
            var common = 0
            while common < open.count, common < path.count, open[common].node == path[common] { common += 1 }
            while open.count > common { close(open.removeLast()) }
            for node in path[common...] {
                var type = node.role.standardType
                if node.role == .link, link.map(LinkAttributes.isAnnotatable) != true { type = "Span" }
                let element = Element(
                    number: numbers.next(), type: type, parent: innermostNumber, node: node)
                appendKid(Kid(kind: .element, value: Int32(element.number), page: Int32(pageIndex)))
                open.append(element)
                switch node.role {
                case .columnHeader: open[open.count - 1].attribute = .scope(column: true)
                case .rowHeader: open[open.count - 1].attribute = .scope(column: false)
                default: break
                }
            }
            if let link {
                addLink(link, opened: open.last?.type == "Link")
            } else {
                switchMarked(to: .structure(element: innermostNumber))
            }
        case nil:
            // Layout gave the op no role: it stays outside any marked content, and the checks
            // that every piece of content is tagged fail.
            while let last = open.popLast() { close(last) }
            if let link { addLink(link, opened: false) } else { switchMarked(to: .none) }
        }
    }

    /// A link drawn inside a group: a link element of its own in the innermost open element.
    func annotate(_ link: LinkOp) {
        if document == nil {
            document = Element(number: numbers.next(), type: "Document", parent: rootNumber, node: nil)
        }
        addLink(link, opened: false)
    }

    /// Notes a line of text drawn in the open element. True when the line goes on from the
    /// element's text after a line break, a break at a space or a label (not inside a word): the
    /// painter then draws a space before it, so that the element reads "112 10117" and
    /// "ISSUE DATE Mar 12, 2026" as the page shows them, not "11210117".
    func noteText(_ line: TextOp) -> Bool {
        guard case .structure(let element) = marked else { return false }
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

    /// Notes a figure's alternative text on the element open for it.
    func describeFigure(_ text: String) {
        guard let last = open.indices.last, open[last].node?.role == .figure else { return }
        open[last].attribute = .alternative(text)
    }

    /// Closes every open element, after the last page.
    func closeAll() {
        keepOpenText()
        while let last = open.popLast() { close(last) }
        if let document { close(document) }
        document = nil
    }

    private var innermostNumber: Int { open.last?.number ?? document!.number }

    private func appendKid(_ kid: Kid) {
        if open.isEmpty { document!.kids.append(kid) } else { open[open.count - 1].kids.append(kid) }
    }

    private func close(_ element: Element) {
        var element = element
        if let openText, openText.element == element.number {
            if openText.isNeeded { element.actualText = openText.text }
            self.openText = nil
        }
        closed.append(element)
    }

    private func keepOpenText() {
        guard let openText else { return }
        self.openText = nil
        guard openText.isNeeded else { return }
        if let index = open.lastIndex(where: { $0.number == openText.element }) {
            open[index].actualText = openText.text
        } else if let index = closed.lastIndex(where: { $0.number == openText.element }) {
            closed[index].actualText = openText.text
        }
    }

    /// A link's annotation, a child of the link element open for it; a link drawn outside one
    /// (`opened` false) gets a link element of its own in the innermost open element, so that
    /// no annotation is left out of the structure.
    private func addLink(_ link: LinkOp, opened: Bool) {
        guard LinkAttributes.isAnnotatable(link) else { return }
        if !opened {
            let element = Element(number: numbers.next(), type: "Link", parent: innermostNumber, node: nil)
            appendKid(Kid(kind: .element, value: Int32(element.number), page: Int32(pageIndex)))
            open.append(element)
        }
        let annotation = LinkAnnotation(
            number: numbers.next(), rect: link.rect, uri: LinkAttributes.pdfSafeURI(link.uri),
            description: link.description.isEmpty ? link.uri : link.description, key: nextKey)
        nextKey += 1
        parentTree.append((annotation.key, innermostNumber))
        appendKid(Kid(kind: .annotation, value: Int32(annotation.number), page: Int32(pageIndex)))
        annotations.append(annotation)
        if !opened { close(open.removeLast()) }
    }

    /// Ends the marked content open on the page and begins `next`'s, where the content drawn so
    /// far ends.
    private func switchMarked(to next: Marked) {
        guard next != marked else { return }
        var opening = PageMarks.none
        switch next {
        case .none: break
        case .artifact: opening = PageMarks.artifact
        case .structure(let element):
            let mcid = parentTreeRow.count
            parentTreeRow.append(Int32(element))
            if pageKey == nil {
                pageKey = nextKey
                nextKey += 1
            }
            appendKid(Kid(kind: .content, value: Int32(mcid), page: Int32(pageIndex)))
            opening = marks.addStructureSequence(type: open.last?.type ?? "Document")
            assert(Int(opening) == mcid, "a page's structure sequences numbered as their MCIDs")
        }
        marks.begin(opening, glyphs: glyphsDrawn, paints: paintsDrawn)
        marked = next
    }

    // MARK: Writing

    /// What Cairo's page dictionary gains: the page's key in the parent tree, its annotations
    /// and their tab order (PDF/UA: the structure's).
    func pageDictionaryEntries() -> [UInt8] {
        var out: [UInt8] = []
        if let pageKey {
            PDFWriting.append("/StructParents ", to: &out)
            PDFWriting.append(pageKey, to: &out)
        }
        if !annotations.isEmpty {
            PDFWriting.append(" /Tabs /S /Annots [", to: &out)
            for annotation in annotations {
                out.append(0x20)
                PDFWriting.appendReference(annotation.number, to: &out)
            }
            PDFWriting.append(" ]", to: &out)
        }
        return out
    }

    /// Once Cairo has written the page (as object `pageObject`): the objects that can be written
    /// now, into `objects` — the page's row of the parent tree, its link annotations and the
    /// elements closed since the last page.
    func pageWritten(as pageObject: Int, into objects: inout PDFObjectStreamBuilder) {
        pageObjects.append(Int32(pageObject))
        if let pageKey {
            let row = numbers.next()
            parentTree.append((pageKey, row))
            objects.add(number: row) { out in
                out.append(0x5B)
                for element in parentTreeRow {
                    out.append(0x20)
                    PDFWriting.appendReference(Int(element), to: &out)
                }
                PDFWriting.append(" ]", to: &out)
            }
        }
        for annotation in annotations { write(annotation, page: pageObject, into: &objects) }
        writeClosed(into: &objects)
    }

    /// After the last page and `closeAll`: the elements still to write, the structure tree's
    /// root and the parent tree.
    func finish(into objects: inout PDFObjectStreamBuilder) {
        let document = self.document
        closeAll()
        writeClosed(into: &objects)
        parentTree.sort { $0.key < $1.key }
        let tree = parentTree
        objects.add(number: parentTreeNumber) { out in
            PDFWriting.append("<< /Nums [", to: &out)
            for (key, number) in tree {
                out.append(0x20)
                PDFWriting.append(key, to: &out)
                out.append(0x20)
                PDFWriting.appendReference(number, to: &out)
            }
            PDFWriting.append(" ] >>", to: &out)
        }
        let nextKey = self.nextKey
        let parentTreeNumber = self.parentTreeNumber
        objects.add(number: rootNumber) { out in
            PDFWriting.append("<< /Type /StructTreeRoot", to: &out)
            if let document {
                PDFWriting.append(" /K ", to: &out)
                PDFWriting.appendReference(document.number, to: &out)
            }
            PDFWriting.append(" /ParentTree ", to: &out)
            PDFWriting.appendReference(parentTreeNumber, to: &out)
            PDFWriting.append(" /ParentTreeNextKey ", to: &out)
            PDFWriting.append(nextKey, to: &out)
            PDFWriting.append(" >>", to: &out)
        }
    }

    private func writeClosed(into objects: inout PDFObjectStreamBuilder) {
        for element in closed { write(element, into: &objects) }
        closed.removeAll(keepingCapacity: true)
    }

    private func write(_ element: Element, into objects: inout PDFObjectStreamBuilder) {
        let pages = pageObjects
        objects.add(number: element.number) { out in
            // /Type is optional (ISO 32000-1, table 323), and an invoice has many elements.
            PDFWriting.append("<< /S /", to: &out)
            out += element.type.utf8
            PDFWriting.append(" /P ", to: &out)
            PDFWriting.appendReference(element.parent, to: &out)
            let firstContent = element.kids.first { $0.kind == .content }?.page
            if let firstContent {
                PDFWriting.append(" /Pg ", to: &out)
                PDFWriting.appendReference(Int(pages[Int(firstContent)]), to: &out)
            }
            if !element.kids.isEmpty {
                PDFWriting.append(" /K [", to: &out)
                for kid in element.kids {
                    out.append(0x20)
                    switch kid.kind {
                    case .element: PDFWriting.appendReference(Int(kid.value), to: &out)
                    case .content where kid.page == firstContent: PDFWriting.append(Int(kid.value), to: &out)
                    case .content:
                        PDFWriting.append("<< /Type /MCR /Pg ", to: &out)
                        PDFWriting.appendReference(Int(pages[Int(kid.page)]), to: &out)
                        PDFWriting.append(" /MCID ", to: &out)
                        PDFWriting.append(Int(kid.value), to: &out)
                        PDFWriting.append(" >>", to: &out)
                    case .annotation:
                        PDFWriting.append("<< /Type /OBJR /Obj ", to: &out)
                        PDFWriting.appendReference(Int(kid.value), to: &out)
                        PDFWriting.append(" /Pg ", to: &out)
                        PDFWriting.appendReference(Int(pages[Int(kid.page)]), to: &out)
                        PDFWriting.append(" >>", to: &out)
                    }
                }
                PDFWriting.append(" ]", to: &out)
            }
            switch element.attribute {
            case .scope(let column)?: out += Array(" /A << /O /Table /Scope /\(column ? "Column" : "Row") >>".utf8)
            case .alternative(let text)?: out += Array(" /Alt \(PDFWriting.textString(text))".utf8)
            case nil: break
            }
            if let text = element.actualText { out += Array(" /ActualText \(PDFWriting.textString(text))".utf8) }
            PDFWriting.append(" >>", to: &out)
        }
    }

    private func write(_ annotation: LinkAnnotation, page: Int, into objects: inout PDFObjectStreamBuilder) {
        let r = annotation.rect
        // PDF's user space has its origin at the bottom left, the ops' at the top left.
        let corners = [r.minX, pageSize.height - r.maxY, r.maxX, pageSize.height - r.minY].map(LinkAttributes.decimal)
        objects.add(number: annotation.number) { out in
            out += Array("<< /Type /Annot /Subtype /Link /Rect [ \(corners.joined(separator: " ")) ]".utf8)
            PDFWriting.append(" /BS << /W 0 >> /F 4 /A << /S /URI /URI (", to: &out)
            out += annotation.uri.utf8
            out += Array(") >> /Contents \(PDFWriting.textString(annotation.description)) /StructParent ".utf8)
            PDFWriting.append(annotation.key, to: &out)
            PDFWriting.append(" /P ", to: &out)
            PDFWriting.appendReference(page, to: &out)
            PDFWriting.append(" >>", to: &out)
        }
    }

    /// The order to draw a page's `ops` in so that no artifact splits one element's text in two
    /// marked-content sequences where it need not: an artifact between two pieces of one element
    /// (the copy mark's frame between the title and the mark's word, both the title's heading) is
    /// drawn just before the element's first piece instead, when it covers none of the pieces it
    /// then goes under, so the page looks the same; when it may cover one, it stays.
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
}

/// The object numbers invoi gives its own objects in a tagged PDF: from `base` up, above every
/// number Cairo gives out (Cairo numbers its objects from 1 as it makes them, and the base is set
/// well above what it makes for the document's pages, fonts and images).
struct PDFObjectNumbers {
    let base: Int
    private(set) var end: Int

    init(base: Int) {
        self.base = base
        end = base
    }

    mutating func next() -> Int {
        end += 1
        return end - 1
    }

    /// A base for a document of `pageCount` pages: Cairo writes four objects for a page of
    /// text, more for one with an image or a gradient, and some seven for each font subset.
    static func base(forPageCount pageCount: Int) -> Int {
        1_024 + 64 * max(pageCount, 1)
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
