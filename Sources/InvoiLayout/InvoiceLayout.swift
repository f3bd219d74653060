import InvoiDocument
import InvoiLocalization
import InvoiModel
import InvoiText

/// Lays an invoice out as pages of draw operations. Knows the visual
/// spec; knows no backend.
public struct InvoiceLayout: Sendable {
    public var style: InvoiceStyle
    public var paper: PaperSize
    public let shaper: any TextShaper

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
        var layout = self
        if let color = accent ?? invoice.accentColor {
            layout.style.accent = Color(red: color.red, green: color.green, blue: color.blue)
        }
        return layout.layOut(InvoiceContent(invoice: invoice, locale: locale, language: language, logo: logo))
    }

    /// The document, and whether any of its text has characters no installed font covers.
    /// A right-to-left document is laid out left to right, with its text in its own direction,
    /// and mirrored once at the end: every backend then draws the same mirrored ops.
    public func layOut(_ content: InvoiceContent) -> LaidOutDocument {
        let style = content.wording.language.joinsLetters ? self.style.withoutLetterSpacing : self.style
        let rightToLeft = content.isRightToLeft
        var typesetter = Typesetter(shaper: shaper)
        typesetter.wording = content.wording
        typesetter.fallbackDirection = rightToLeft ? .rightToLeft : nil
        let words = content.wording
        let size = paper.size
        let x = style.padding
        let width = size.width - 2 * style.padding

        let header = HeaderSection(style: style, typesetter: typesetter).layOut(content, x: x, width: width)
        let billTo = BillToSection(style: style, typesetter: typesetter).block(content, x: x, width: width)
        let headers = ItemsTable.Headers(
            description: words[.descriptionColumn], quantity: words[.quantityColumn], rate: words[.rateColumn],
            amount: words[.amountColumn])
        let table = ItemsTable(
            style: style, typesetter: typesetter, items: content.items, headers: headers, x: x, width: width)
        let totals = TotalsSection(style: style, typesetter: typesetter).block(content, right: x + width)

        var items: [Paginator.Item] = [
            .section(header.block, gap: 0),
            .section(billTo, gap: style.sectionGap),
            .table(
                header: table.headerBlock(), rows: table.rowBlocks(), gap: style.sectionGap,
                trailer: totals),
        ]
        if !content.paymentRows.isEmpty {
            let payment = PaymentSection(style: style, typesetter: typesetter).block(content, x: x, width: width)
            items.append(.section(payment, gap: style.sectionGap))
        }
        if !content.notes.isEmpty {
            let notes = NotesSection(style: style, typesetter: typesetter).layOut(
                content.notes, label: words[.notes], x: x, width: width)
            items.append(.flowing(notes.block, gap: style.sectionGap, keptTogether: notes.keptTogether))
        }

        let top = style.padding
        var pages = Paginator.paginate(items, pageSize: size, top: top, bottom: size.height - style.padding)
        if pages.count > 1 {
            // Make room for the footer (it may wrap: a long invoice number) and flow again,
            // until the page count it was measured for holds.
            var count = pages.count
            for _ in 0..<4 {
                let footerHeight = typesetter.paragraphHeight(
                    content.footerText(page: count, of: count),
                    style.footer, width: width)
                pages = Paginator.paginate(
                    items, pageSize: size, top: top,
                    bottom: size.height - style.padding - footerHeight - style.footerGap)
                if pages.count == count { break }
                count = pages.count
            }
            for index in pages.indices {
                let block = footer(
                    content, page: index + 1, of: pages.count, typesetter: typesetter, x: x,
                    width: width, bottom: size.height - style.padding)
                pages[index] += block.ops
            }
        }
        var stampOp: (page: Int, op: DrawOp)?
        if let stamp = content.stamp {
            // Placed last, over the finished pages, so that it can keep clear of all their text.
            let placement = StampPlacement(
                style: style, typesetter: typesetter,
                contentBox: Rect(
                    x: x, y: top, width: width,
                    height: size.height - 2 * style.padding))
            let anchor = Point(x: x + width, y: top + header.rightColumnHeight + style.stampGap)
            stampOp = placement.place(
                stamp, word: content.stampWord, on: pages, anchor: anchor, mirrored: rightToLeft)
        }
        if rightToLeft {
            pages = pages.map { $0.map { $0.mirrored(across: size.width) } }
        }
        if let (page, op) = stampOp { pages[page].append(op) }
        let document = Document(
            pages: pages.map { Page(size: size, ops: $0) },
            metadata: DocumentMetadata(
                title: content.documentTitle, author: content.author, language: content.wording.tag,
                direction: rightToLeft ? .rightToLeft : .leftToRight)
        )
        return LaidOutDocument(
            document: document,
            hasUncoveredCharacters: typesetter.coverage.hasUncoveredCharacters)
    }

    /// The muted "INV-0001 · Page 2 of 3" line, centred, its last line ending at `bottom`.
    private func footer(
        _ content: InvoiceContent, page: Int, of count: Int, typesetter: Typesetter,
        x: Double, width: Double, bottom: Double
    ) -> Block {
        let text = content.footerText(page: page, of: count)
        let height = typesetter.paragraphHeight(text, style.footer, width: width)
        return typesetter.paragraph(text, style.footer, x: x, width: width, top: bottom - height, alignment: .center)
    }
}

/// A laid-out invoice.
public struct LaidOutDocument: Sendable {
    public var document: Document
    /// True when some text in the document has characters that no installed font covers
    /// (drawn as empty boxes); the text shaper's `uncovered` lists say which.
    public var hasUncoveredCharacters: Bool

    public init(document: Document, hasUncoveredCharacters: Bool) {
        self.document = document
        self.hasUncoveredCharacters = hasUncoveredCharacters
    }
}
