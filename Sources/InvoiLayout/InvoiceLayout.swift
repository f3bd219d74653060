import InvoiDocument
import InvoiLocalization
import InvoiModel
import InvoiText

/// Lays an invoice out as pages of draw operations. Knows the visual
/// spec; knows no backend.
public struct InvoiceLayout: Sendable {
    public var style: InvoiceStyle
    public var paper: PaperSize
    /// The design the style came from (`themed`).
    public internal(set) var design = InvoiceDesign.classic
    /// The theme's choices beyond the style: columns, rules, hidden sections, the footer.
    public internal(set) var theme = Theme()
    /// The accent `accented` was given, kept for `themed` to apply after the theme's.
    var accentOverride: AccentColor?
    public let shaper: any TextShaper
    /// Up to this many line items (about 45 pages), the rows laid out for pagination and their
    /// shaped numbers are kept for the pages; beyond it, only their heights (the pages come out
    /// the same). Kept, 1,000 one-line rows take about 1.5 MB: a constant, not a growth.
    public var rowsKeptWhole = 1000

    public init(shaper: any TextShaper, paper: PaperSize = .a4, style: InvoiceStyle = .standard) {
        self.shaper = shaper
        self.paper = paper
        self.style = style
    }

    public func document(
        for invoice: Invoice, locale: String? = nil, language: String? = nil, accent: AccentColor? = nil,
        logo: EmbeddedImage? = nil
    ) -> Document {
        layOut(invoice, locale: locale, language: language, accent: accent, logo: logo).document
    }

    public func document(for content: InvoiceContent) -> Document {
        layOut(content).document
    }

    /// The document, and whether any of its text has characters no installed font covers.
    /// `accent` overrides the invoice's accent colour (`--accent`); `logo` is the invoice's
    /// logo file, already decoded (the layout reads no files); `language` overrides the
    /// invoice's (`--language`).
    public func layOut(
        _ invoice: Invoice, locale: String? = nil, language: String? = nil, accent: AccentColor? = nil,
        logo: EmbeddedImage? = nil
    ) -> LaidOutDocument {
        accented(accent ?? invoice.accentColor).layOut(
            InvoiceContent(invoice: invoice, locale: locale, language: language, logo: logo))
    }

    /// The layout with `color` as its accent (the invoice's `accentColor`, or `--accent`).
    public func accented(_ color: AccentColor?) -> InvoiceLayout {
        guard let color else { return self }
        var layout = self
        layout.style.accent = Color(color)
        layout.accentOverride = color
        return layout
    }

    /// The document, and the characters in its text that no installed font covers: the
    /// plan's pages collected (tests, goldens, the in-memory renders).
    public func layOut(_ content: InvoiceContent) -> LaidOutDocument {
        layOut(plan(content))
    }

    /// The plan's pages collected.
    public func layOut(_ plan: PagePlan) -> LaidOutDocument {
        var pages: [Page] = []
        plan.forEachPage { pages.append($0) }
        return LaidOutDocument(
            document: Document(pages: pages, metadata: plan.outline.metadata),
            uncoveredCharacters: plan.uncoveredCharacters)
    }

    /// The invoice paginated — how many pages, which rows on which — without keeping any
    /// page: the plan then lays the pages out again one at a time (`PagePlan.forEachPage`).
    /// A right-to-left document is laid out left to right, with its text in its own direction,
    /// and each page mirrored once at the end: every backend then draws the same mirrored ops.
    public func plan(_ content: InvoiceContent) -> PagePlan {
        let content = theme.hiddenSections.isEmpty ? content : content.hiding(theme.hiddenSections)
        // Letters that join must not be spaced apart; a themed page spaces no right-to-left
        // script's letters (Hebrew is not letter-spaced either), the app's own page keeps its look.
        let language = content.wording.language
        let spacesLetters = !language.joinsLetters && (theme == Theme() || !language.isRightToLeft)
        let style = spacesLetters ? self.style : self.style.withoutLetterSpacing
        var typesetter = Typesetter(shaper: shaper)
        typesetter.wording = content.wording
        typesetter.fallbackDirection = content.isRightToLeft ? .rightToLeft : nil
        let words = content.wording
        let size = paper.size
        let x = style.margins.start
        let width = size.width - style.margins.start - style.margins.end

        let header: HeaderSection.Layout
        switch design.header {
        case .columns, .lines:
            header = HeaderSection(
                style: style, typesetter: typesetter, logoPosition: logoPosition,
                joinsSenderDetails: design.header == .lines
            ).layOut(content, x: x, width: width)
        case .masthead:
            header = MastheadSection(
                style: style, typesetter: typesetter, logoPosition: logoPosition, pageWidth: size.width,
                top: style.margins.top
            ).layOut(content, x: x, width: width)
        case .letter:
            header = LetterSection(
                style: style, typesetter: typesetter,
                geometry: .of(envelopeWindow, pageHeight: size.height), pageSize: size, top: style.margins.top,
                rightToLeft: content.isRightToLeft, logoPosition: logoPosition
            ).layOut(content, x: x, width: width)
        }
        let columns = shownColumns(of: content)
        let keepsRows = content.items.count <= rowsKeptWhole
        let table = ItemsTable(
            style: style, typesetter: typesetter, items: content.items, columns: columns,
            headers: columns.map { Self.header(of: $0, in: words) },
            look: ItemsTable.Look(rules: tableRules, stripes: tableStripes), lineTax: content.lineTax, x: x,
            width: width,
            keepsNumbers: keepsRows)
        let totals = TotalsSection(style: style, typesetter: typesetter).block(content, left: x, right: x + width)
        let tableHeader = table.headerBlock()

        var sections: [Paginator.Item] = [.section(header.block, gap: 0)]
        if !design.header.showsClient {
            let billTo = BillToSection(style: style, typesetter: typesetter).block(content, x: x, width: width)
            sections.append(.section(billTo, gap: style.sectionGap))
        }
        var after: [Paginator.Item] = []
        if !content.paymentRows.isEmpty || content.paymentCode != nil {
            let payment = PaymentSection(style: style, typesetter: typesetter).block(content, x: x, width: width)
            after.append(.section(payment, gap: style.sectionGap))
        }
        if !content.notes.isEmpty {
            let notes = NotesSection(style: style, typesetter: typesetter).layOut(
                content.notes, label: words[.notes], x: x, width: width)
            after.append(.flowing(notes.block, gap: style.sectionGap, keptTogether: notes.keptTogether))
        }
        if !content.information.isEmpty {
            let groups = InformationSection(style: style, typesetter: typesetter).layOut(content, x: x, width: width)
            for (index, group) in groups.enumerated() {
                after.append(
                    .flowing(
                        group.block, gap: index == 0 ? style.sectionGap : style.labelGap,
                        keptTogether: group.keptTogether))
            }
        }

        // The first pass measures the rows. A table of a few pages keeps them whole, for the
        // second pass to place (laying every row out twice would cost a short invoice a
        // quarter of its time); a long one keeps heights only — except for a row that may
        // have to be cut over pages (taller than half a page), whose lines the cut needs —
        // and lays each row out again when its page comes.
        let tallRow = (size.height - style.margins.top - style.margins.bottom) / 2
        let measured: [Block] = content.items.indices.map { index in
            if keepsRows { return table.rowBlock(index) }
            let height = table.rowHeight(index)
            return height > tallRow ? table.rowBlock(index) : Block(height: height)
        }
        let measuredRows = Paginator.Rows(count: measured.count) { measured[$0] }
        // The Swiss QR-bill's strip at the foot of the last page: above it, the footer (and the
        // signed line) with the footer's gaps, then the content.
        let billHeight = content.swissBill == nil ? 0 : SwissBillSection.height
        let noteReserve = content.signedNote.isEmpty ? 0 : style.signedNote.lineBoxHeight + style.footerGap / 2
        func items(_ rows: Paginator.Rows, footer: Double = 0) -> [Paginator.Item] {
            var items = sections + [.table(header: tableHeader, rows: rows, gap: style.sectionGap, trailer: totals)]
            items += after
            if billHeight > 0 {
                items.append(.foot(height: billHeight, clearance: style.footerGap + footer + noteReserve))
            }
            return items
        }

        let top = style.margins.top
        var bottom = size.height - style.margins.bottom
        var count = Paginator.paginate(items(measuredRows), pageSize: size, top: top, bottom: bottom)
        if footerHeight(content, pages: count, typesetter: typesetter, style: style, width: width) > 0 {
            // Make room for the footer (it may wrap: a long invoice number) and flow again,
            // until the page count it was measured for holds.
            for _ in 0..<4 {
                let footerHeight = footerHeight(
                    content, pages: count, typesetter: typesetter, style: style, width: width)
                bottom = size.height - style.margins.bottom - footerHeight - style.footerGap
                let again = Paginator.paginate(
                    items(measuredRows, footer: footerHeight + style.footerGap), pageSize: size, top: top,
                    bottom: bottom)
                if again == count { break }
                count = again
            }
        }
        if content.stamp != nil { _ = typesetter.shapeLine(content.stampWord, style.stampText) }
        var metadata = DocumentMetadata(
            title: content.documentTitle, author: content.author, subject: content.documentSubject,
            language: content.wording.tag,
            direction: content.isRightToLeft ? .rightToLeft : .leftToRight)
        if theme != Theme() { metadata.design = designSummary(columns: columns) }
        let footerHeight = footerHeight(content, pages: count, typesetter: typesetter, style: style, width: width)
        let footerReserve = footerHeight > 0 ? footerHeight + style.footerGap : 0
        var problems: [ThemeProblem] = []
        if table.overflow > 0 {
            problems.append(
                ThemeProblem(
                    path: "table.columns",
                    message:
                        "the \(columns.count) columns need \(Int((width + table.overflow).rounded(.up))) pt and the page leaves the table \(Int(width.rounded(.down))) pt: show fewer columns, a smaller size or narrower margins"
                ))
        }
        return PagePlan(
            problems: problems,
            layout: self, style: style, typesetter: typesetter, content: content,
            items: items(
                keepsRows ? measuredRows : Paginator.Rows(count: content.items.count, row: table.rowBlock),
                footer: footerReserve),
            outline: DocumentOutline(metadata: metadata, pageCount: count, firstPageSize: size),
            top: top, bottom: bottom,
            stampAnchor: Point(x: x + width, y: top + header.rightColumnHeight + style.stampGap),
            signedNote: signedNote(content.signedNote, typesetter: typesetter, style: style, x: x, width: width),
            swissBill: content.swissBill.map { SwissBillSection(typesetter: typesetter).block($0) },
            noteReserve: noteReserve)
    }

    /// The table's columns: the theme's or the design's, less those `hideEmpty` leaves out.
    func shownColumns(of content: InvoiceContent) -> [Theme.TableColumn] {
        let columns = tableColumns
        guard theme.table.hideEmpty == true else { return columns }
        return columns.filter { column in
            let value: (InvoiceContent.Item.Details) -> String
            switch column {
            case .item: value = \.itemId
            case .date: value = \.date
            case .unit: value = \.unit
            case .discount: value = \.discount
            case .tax:
                if !content.lineTax.isEmpty { return true }
                value = \.tax
            case .description, .quantity, .rate, .amount: return true
            }
            return content.items.contains { !value($0.details).isEmpty }
        }
    }

    /// A column's head in the document's words.
    static func header(of column: Theme.TableColumn, in words: Wording) -> String {
        switch column {
        case .item: words[.itemColumn]
        case .description: words[.descriptionColumn]
        case .date: words[.dateColumn]
        case .quantity: words[.quantityColumn]
        case .unit: words[.unitColumn]
        case .rate: words[.rateColumn]
        case .discount: words[.discountColumn]
        case .tax: words[.taxColumn]
        case .amount: words[.amountColumn]
        }
    }

    /// The signed document's line, one line centred under the content area, a third of the way
    /// down the bottom margin (the same on every page; the margin holds nothing else, so the
    /// line moves nothing). A `labels` text too long for the line is cut, ending in "…".
    func signedNote(_ text: String, typesetter: Typesetter, style: InvoiceStyle, x: Double, width: Double) -> Block {
        guard !text.isEmpty else { return Block(height: 0) }
        let noteStyle = style.signedNote
        let lineBox = noteStyle.lineBoxHeight
        let top = paper.size.height - style.margins.bottom + max(0, style.margins.bottom - lineBox) / 3
        var shown = text
        if typesetter.width(of: text, noteStyle) > width {
            // The first line the text would wrap to, shortened until it fits with its ellipsis.
            let firstLine =
                typesetter.paragraph(text, noteStyle, x: 0, width: width, top: 0).ops.lazy
                .compactMap { op -> String? in if case .text(let line) = op { line.text } else { nil } }.first ?? ""
            var cut = Substring(firstLine)
            repeat {
                while cut.last?.isWhitespace == true { cut.removeLast() }
                shown = cut + "…"
                cut = cut.dropLast()
            } while !cut.isEmpty && typesetter.width(of: shown, noteStyle) > width
        }
        // Running page furniture, like "Page 2 of 3": a reader learns of the signature from
        // the signature field itself, once, not from a line on every page.
        return typesetter.paragraph(shown, noteStyle, x: x, width: width, top: top, alignment: .center)
            .asArtifact(.pagination)
    }

    /// Whether the pages of a document of `pages` pages are numbered.
    private func numbersPages(_ pages: Int) -> Bool {
        pages > 1 && !theme.hiddenSections.contains(.pageNumbers)
    }

    /// The theme's footer line; "" for none.
    private var footerLine: String { theme.footer ?? "" }

    /// The height of a page's footer: the theme's line and the page numbers; 0 for neither.
    func footerHeight(
        _ content: InvoiceContent, pages: Int, typesetter: Typesetter, style: InvoiceStyle, width: Double
    ) -> Double {
        var height = 0.0
        if !footerLine.isEmpty { height += typesetter.paragraphHeight(footerLine, style.footer, width: width) }
        if numbersPages(pages) {
            if height > 0 { height += style.headingGap }
            height += typesetter.paragraphHeight(content.footerText(page: pages, of: pages), style.footer, width: width)
        }
        return height
    }

    /// The page's footer, its last line ending at `bottom`: the theme's line, centred, then the
    /// muted "INV-0001 · Page 2 of 3" line where the theme puts the page numbers (centred).
    func footer(
        _ content: InvoiceContent, page: Int, of count: Int, typesetter: Typesetter,
        x: Double, width: Double, bottom: Double
    ) -> Block {
        var lines: [(String, TextAlignment)] = []
        if !footerLine.isEmpty { lines.append((footerLine, .center)) }
        if numbersPages(count) {
            let alignment: TextAlignment =
                switch pageNumberPlacement {
                case .start: .left
                case .center: .center
                case .end: .right
                }
            lines.append((content.footerText(page: page, of: count), alignment))
        }
        var block = Block(height: 0)
        var y = bottom
        for (index, (text, alignment)) in lines.enumerated().reversed() {
            let height = typesetter.paragraphHeight(text, style.footer, width: width)
            y -= height
            block.ops =
                typesetter.paragraph(text, style.footer, x: x, width: width, top: y, alignment: alignment).ops
                + block.ops
            if index > 0 { y -= style.headingGap }
        }
        return block.asArtifact(.pagination)
    }
}

/// A paginated invoice whose pages are laid out one at a time, each handed on and
/// forgotten before the next: a long invoice is never held whole.
public struct PagePlan {
    /// What keeps the pages from being drawn as the theme asks (a table wider than the page);
    /// a themed render is refused for it before anything is written.
    public let problems: [ThemeProblem]
    let layout: InvoiceLayout
    let style: InvoiceStyle
    let typesetter: Typesetter
    let content: InvoiceContent
    let items: [Paginator.Item]
    /// The metadata, the number of pages and their size: what a backend needs first.
    public let outline: DocumentOutline
    let top: Double
    let bottom: Double
    let stampAnchor: Point
    /// The signed document's line, drawn on every page; empty when unsigned.
    let signedNote: Block
    /// The Swiss QR-bill's strip, its top left corner at (0, 0); nil for none.
    let swissBill: Block?
    /// What the signed line takes above the strip, with its gap.
    let noteReserve: Double

    /// Lays the pages out in order and hands each to `body`, footer, stamp and mirroring
    /// done. Stops at the first page `body` throws for, and throws that.
    public func forEachPage(_ body: (Page) throws -> Void) rethrows {
        try withoutActuallyEscaping(body) { body in
            var failure: (any Error)?
            var index = 0
            let size = outline.firstPageSize
            let rightToLeft = outline.metadata.direction == .rightToLeft
            let x = style.margins.start
            let width = size.width - style.margins.start - style.margins.end
            var stamp = content.stamp
            // The first pass saw every text: only when it met an uncovered character are the
            // pages' texts shaped again, to list them in the order they appear.
            let listsUncovered = typesetter.coverage.hasUncoveredCharacters
            let contentBox = Rect(
                x: x, y: top, width: width, height: size.height - style.margins.top - style.margins.bottom)
            let placement = StampPlacement(style: style, typesetter: typesetter, contentBox: contentBox)
            // The Swiss strip is drawn after the stamp is placed: on its page the stamp's area
            // ends where the strip begins, or the stamp would land on the payment part.
            var stripPagePlacement = placement
            stripPagePlacement.contentBox.height = min(
                contentBox.height, size.height - SwissBillSection.height - top)
            Paginator.paginate(items, pageSize: size, top: top, bottom: bottom) { ops in
                var ops = ops
                // On the page with the Swiss QR-bill, the signed line and the footer sit right
                // above the strip, a footer's gap apart.
                let strip = index == outline.pageCount - 1 ? swissBill : nil
                let stripTop = size.height - SwissBillSection.height
                let footerBottom =
                    strip == nil ? size.height - style.margins.bottom : stripTop - style.footerGap - noteReserve
                ops +=
                    layout.footer(
                        content, page: index + 1, of: outline.pageCount, typesetter: typesetter, x: x,
                        width: width, bottom: footerBottom
                    ).ops
                if strip != nil, let noteTop = signedNote.ops.map(\.topY).min() {
                    let top = stripTop - style.footerGap - style.signedNote.lineBoxHeight
                    ops += signedNote.ops.map { $0.offsetBy(dx: 0, dy: top - noteTop) }
                } else {
                    ops += signedNote.ops
                }
                // The stamp keeps clear of the page's text: on the first page with room for it.
                var stampOp: DrawOp?
                if let pending = stamp,
                    let op = (strip == nil ? placement : stripPagePlacement).place(
                        pending, word: content.stampWord, on: ops, from: index == 0 ? stampAnchor : nil,
                        mirrored: rightToLeft)
                {
                    stampOp = op
                    stamp = nil
                }
                if rightToLeft { ops = ops.map { $0.mirrored(across: size.width) } }
                // A standardized form, never mirrored: added after the page is.
                if let strip {
                    let left = (size.width - SwissBillSection.width) / 2
                    ops += strip.ops.map { $0.offsetBy(dx: left, dy: size.height - SwissBillSection.height) }
                }
                if let stampOp { ops.insert(stampOp, at: Self.readingPlace(of: stampOp, in: ops)) }
                if listsUncovered {
                    for case .text(let text) in ops {
                        pageCoverage.note(
                            layout.shaper.shapeLine(text.text, font: text.font, tracking: text.tracking))
                    }
                }
                index += 1
                do {
                    try body(Page(size: size, ops: ops))
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { try { throw failure }() }
        }
    }

    /// Where the stamp goes among the page's ops: after the title's column (it is read after the
    /// invoice number), but never before an op that covers any of it, so that it is still drawn
    /// over everything it touches; and between two elements of the structure, never inside one
    /// (a table continued on the next page stays one table).
    static func readingPlace(of stamp: DrawOp, in ops: [DrawOp]) -> Int {
        let bounds = stamp.bounds
        var index = ops.count
        while index > 0, !ops[index - 1].bounds.intersects(bounds) { index -= 1 }
        if let title = ops.lastIndex(where: { Self.isHeading($0) }) { index = max(index, title + 1) }
        func top(_ op: DrawOp) -> StructureNode? { op.role?.path?.first }
        // Artifacts (a table's rules) belong to no element: the elements on either side of
        // them are what the stamp must not come between.
        while index > 0, index < ops.count,
            let nextIndex = ops[index...].firstIndex(where: { top($0) != nil }),
            let next = top(ops[nextIndex]),
            let previousIndex = ops[..<index].lastIndex(where: { top($0) != nil }),
            next == top(ops[previousIndex]) || next.role == .paragraph && Self.isHeading(ops[previousIndex])
                || next.role == .paragraph && top(ops[previousIndex])?.role == .paragraph
        {
            index = nextIndex + 1
        }
        return index
    }

    /// Whether the op is the title's.
    private static func isHeading(_ op: DrawOp) -> Bool {
        op.role?.path?.first?.role == .title
    }

    /// The characters no installed font covers anywhere in the document, known before the
    /// first page is drawn (the first pass shaped every text).
    public var charactersNoFontCovers: [Unicode.Scalar] { typesetter.coverage.uncoveredCharacters }

    /// The characters no installed font covers in the pages laid out so far, each once, in
    /// order of first appearance (complete once `forEachPage` has run).
    public var uncoveredCharacters: [Unicode.Scalar] { pageCoverage.uncoveredCharacters }
    private let pageCoverage = CoverageRecord()
}

/// A laid-out invoice.
public struct LaidOutDocument: Sendable {
    public var document: Document
    /// The characters in the document's text that no installed font covers (drawn as
    /// empty boxes), each once, in order of first appearance.
    public var uncoveredCharacters: [Unicode.Scalar]

    /// True when some text in the document has characters that no installed font covers.
    public var hasUncoveredCharacters: Bool { !uncoveredCharacters.isEmpty }

    public init(document: Document, uncoveredCharacters: [Unicode.Scalar]) {
        self.document = document
        self.uncoveredCharacters = uncoveredCharacters
    }
}
