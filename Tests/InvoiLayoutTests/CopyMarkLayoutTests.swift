import Foundation
import InvoiDocument
import InvoiLayoutTestSupport
import InvoiLocalization
import InvoiModel
import Testing

@testable import InvoiLayout

/// The copy mark beside the title and the signed document's line under every page.
@Suite struct CopyMarkLayoutTests {
    static let style = InvoiceStyle.standard
    static let page = PaperSize.a4.size

    /// The mark: its outline (stroke included) and the words in it, on the first page.
    struct Mark {
        var frame: Rect
        var words: [TextOp]
    }

    static func mark(on page: Page) -> Mark? {
        let outlines = page.ops.compactMap { op -> RectOp? in
            guard case .rect(let rect) = op, rect.stroke?.width == style.copyMarkBorderWidth,
                rect.cornerRadius == style.copyMarkCornerRadius
            else { return nil }
            return rect
        }
        guard outlines.count == 1, let outline = outlines.first else { return nil }
        let frame = DrawOp.rect(outline).bounds
        let words = page.textOps.filter { frame.contains(Rect(x: $0.box.midX, y: $0.origin.y, width: 0, height: 0)) }
        return Mark(frame: frame, words: words)
    }

    static func titleLines(on page: Page) -> [TextOp] {
        page.textOps.filter { $0.font == style.title.font }
    }

    func document(_ invoice: Invoice, kind: ShaperKind, isSigned: Bool = false) throws -> Document {
        try kind.layout().document(for: InvoiceContent(invoice: invoice, isSigned: isSigned))
    }

    @Test(arguments: ShaperKind.allCases)
    func theMarkStandsAfterTheTitleAtTheColumnsEnd(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.copyMark = .copy
        let document = try document(invoice, kind: kind)
        let mark = try #require(Self.mark(on: document.pages[0]))
        #expect(mark.words.map(\.text) == ["Copy"])
        let title = try #require(Self.titleLines(on: document.pages[0]).first)
        let geometry = PageGeometry(shaper: try kind.shaper())
        let ink = geometry.inkRect(title)
        // Right of the title, flush with the content's right edge, centred on its line.
        #expect(mark.frame.minX >= ink.maxX + Self.style.copyMarkGap - 0.01)
        #expect(abs(mark.frame.maxX - (Self.page.width - Self.style.margins.start)) < 0.01)
        #expect(abs((mark.frame.minY + mark.frame.maxY) / 2 - (title.box.minY + title.box.maxY) / 2) < 0.01)
        // Without a mark the page has no such outline, and the title stays where it was.
        let plain = try self.document(Invoice.sample, kind: kind)
        #expect(Self.mark(on: plain.pages[0]) == nil)
        #expect(
            Self.titleLines(on: plain.pages[0]).first?.box.maxX == title.box.maxX + mark.frame.width
                + Self.style.copyMarkGap)
    }

    /// A right-to-left page is the left-to-right one mirrored: the mark at the title's reading
    /// end, which is its left.
    @Test(arguments: ShaperKind.allCases)
    func onARightToLeftPageTheMarkIsMirrored(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.language = "he"
        invoice.documentType = .taxInvoiceReceipt
        invoice.copyMark = .original
        let rightToLeft = try document(invoice, kind: kind)
        invoice.direction = .leftToRight
        let leftToRight = try document(invoice, kind: kind)
        let mirrored = try #require(Self.mark(on: rightToLeft.pages[0]))
        let unmirrored = try #require(Self.mark(on: leftToRight.pages[0]))
        #expect(mirrored.words.map(\.text) == ["מקור"])
        #expect(abs(mirrored.frame.minX - Self.style.margins.start) < 0.01, "at the left edge")
        #expect(abs(mirrored.frame.minX - (Self.page.width - unmirrored.frame.maxX)) < 0.01)
        #expect(mirrored.frame.minY == unmirrored.frame.minY && mirrored.frame.width == unmirrored.frame.width)
        for line in Self.titleLines(on: rightToLeft.pages[0]) {
            #expect(line.box.minX >= mirrored.frame.maxX + Self.style.copyMarkGap - 0.01, "the title right of it")
        }
    }

    /// Every language, document type and mark, with a logo and with the longest words: the mark
    /// overlaps neither the title, nor the number under it, nor the logo, and stays on the page.
    @Test(arguments: Language.all.map(\.code))
    func theMarkNeverOverlapsTheTitleOrTheLogo(language: String) throws {
        let shaper = try ShaperKind.realFonts.shaper()
        let geometry = PageGeometry(shaper: shaper)
        let layout = InvoiceLayout(shaper: shaper)
        let content = Rect(
            x: Self.style.margins.start, y: Self.style.margins.start,
            width: Self.page.width - 2 * Self.style.margins.start,
            height: Self.page.height - 2 * Self.style.margins.top)
        let long = String(repeating: "Verylongtitleword", count: 6)
        let overrides: [[WordKey: String]] = [
            [:], [.invoiceTitle: long, .taxInvoiceReceiptTitle: long],
            [.originalMark: long, .copyMark: long + " " + long, .certifiedCopyMark: long],
        ]
        for type in DocumentType.allCases {
            for mark in CopyMark.allCases {
                for labels in overrides {
                    var invoice = Invoice.sample
                    invoice.language = language
                    invoice.documentType = type
                    invoice.copyMark = mark
                    invoice.labels = labels
                    invoice.allocationNumber = "202601234567"
                    let place = "\(language) \(type) \(mark) \(labels.keys.map(\.rawValue))"
                    let document = layout.document(
                        for: InvoiceContent(invoice: invoice, logo: logo(width: 600, height: 150)))
                    let page = document.pages[0]
                    let found = try #require(Self.mark(on: page), "\(place)")
                    #expect(!found.words.isEmpty, "\(place)")
                    #expect(content.contains(found.frame), "\(place): the mark leaves the content")
                    for word in found.words {
                        let ink = geometry.inkRect(word)
                        #expect(
                            ink.minX >= found.frame.minX - 0.01 && ink.maxX <= found.frame.maxX + 0.01,
                            "\(place): \"\(word.text)\" leaves its frame")
                    }
                    let others = page.textOps.filter { op in !found.words.contains(op) }.map(geometry.inkRect)
                    let images = page.ops.compactMap { op -> Rect? in if case .image(let i) = op { i.rect } else { nil }
                    }
                    #expect(images.count == 1)
                    for rect in others + images where rect.intersects(found.frame) {
                        Issue.record("\(place): the mark overlaps something at \(rect)")
                    }
                }
            }
        }
    }

    /// Every language, document type and mark (the catalogs' own words): no word of the title
    /// or of the mark is broken, since the header's right column widens for them before it
    /// breaks inside a word (Finnish "HYVITYSLAS|KU" beside "Alkuperäin|en", German
    /// "Beglaubigt|e Kopie" were).
    @Test(arguments: Language.all.map(\.code))
    func noWordOfTheTitleOrTheMarkIsBroken(language: String) throws {
        let layout = InvoiceLayout(shaper: try ShaperKind.realFonts.shaper())
        for type in DocumentType.allCases {
            for mark in [CopyMark?.none] + CopyMark.allCases.map(Optional.some) {
                var invoice = Invoice.sample
                invoice.language = language
                invoice.documentType = type
                invoice.copyMark = mark
                let content = InvoiceContent(invoice: invoice)
                let page = layout.document(for: content).pages[0]
                let place = "\(language) \(type) \(mark.map { "\($0)" } ?? "no mark")"
                let found = Self.mark(on: page)
                let titleLines = Self.titleLines(on: page).map { $0.text.uppercased() }
                for word in content.title.uppercased().split(whereSeparator: \.isWhitespace) {
                    #expect(titleLines.contains { $0.contains(word) }, "\(place): \"\(word)\" in \(titleLines)")
                }
                let markLines = found?.words.map { $0.text.uppercased() } ?? []
                for word in content.copyMark.uppercased().split(whereSeparator: \.isWhitespace) {
                    #expect(markLines.contains { $0.contains(word) }, "\(place): \"\(word)\" in \(markLines)")
                }
            }
        }
    }

    /// A mark that must wrap beside a title keeps its frame round its widest line, at the
    /// column's end.
    @Test func aWrappedMarksFrameHugsItsLines() throws {
        var invoice = Invoice.sample
        invoice.fromName = "Müller & Söhne Webdesign GmbH"
        invoice.invoiceNumber = "RE-2026-0042"
        invoice.language = "de"
        invoice.copyMark = .certifiedCopy
        let document = try document(invoice, kind: .realFonts)
        let mark = try #require(Self.mark(on: document.pages[0]))
        #expect(mark.words.map(\.text) == ["Beglaubigte", "Kopie"])
        let widest = mark.words.map(\.width).max() ?? 0
        let frame = Self.style.copyMarkPaddingX + Self.style.copyMarkBorderWidth
        #expect(abs(mark.frame.width - (widest + 2 * frame)) < 0.01)
        #expect(abs(mark.frame.maxX - (Self.page.width - Self.style.margins.start)) < 0.01)
        for word in mark.words {
            #expect(word.box.minX >= mark.frame.minX && word.box.maxX <= mark.frame.maxX)
        }
    }

    @Test func labelsOverrideTheMarksWord() throws {
        var invoice = Invoice.sample
        invoice.copyMark = .certifiedCopy
        invoice.labels = [.certifiedCopyMark: "True copy"]
        let document = try document(invoice, kind: .fixedAdvances)
        #expect(Self.mark(on: document.pages[0])?.words.map(\.text) == ["True copy"])
        #expect(document.metadata.subject == "Invoice INV-0001 — True copy")
    }

    @Test func theSubjectNamesTheDocumentAndItsMark() throws {
        var invoice = Invoice.sample
        #expect(try document(invoice, kind: .fixedAdvances).metadata.subject == "")
        invoice.copyMark = .original
        #expect(try document(invoice, kind: .fixedAdvances).metadata.subject == "Invoice INV-0001 — Original")
        invoice.language = "he"
        invoice.documentType = .taxInvoiceReceipt
        invoice.copyMark = .certifiedCopy
        #expect(
            try document(invoice, kind: .fixedAdvances).metadata.subject
                == "חשבונית מס / קבלה INV-0001 — העתק נאמן למקור")
        invoice.invoiceNumber = ""
        invoice.language = "de"
        invoice.documentType = .invoice
        invoice.copyMark = .copy
        #expect(try document(invoice, kind: .fixedAdvances).metadata.subject == "Rechnung — Kopie")
    }

    /// The signed line: only when signed, on every page, in the bottom margin, and nothing
    /// else on any page moves.
    @Test(arguments: ShaperKind.allCases)
    func theSignedNoteIsUnderEveryPageAndMovesNothing(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.lineItems = (1...60).map {
            LineItem(id: "\($0)", description: "Design work, item \($0)", quantity: 1, rate: 10)
        }
        invoice.status = .paid
        let unsigned = try document(invoice, kind: kind)
        let signed = try document(invoice, kind: kind, isSigned: true)
        try #require(unsigned.pages.count > 1)
        #expect(unsigned.allTextOps.allSatisfy { $0.text != "Digitally signed document" })
        #expect(signed.pages.count == unsigned.pages.count)
        for (index, (plain, marked)) in zip(unsigned.pages, signed.pages).enumerated() {
            let notes = marked.textOps.filter { $0.text == "Digitally signed document" }
            try #require(notes.count == 1, "page \(index + 1)")
            let note = notes[0]
            #expect(
                note.box.minY >= Self.page.height - Self.style.margins.top, "page \(index + 1): in the bottom margin")
            #expect(note.box.maxY <= Self.page.height, "page \(index + 1): on the page")
            #expect(abs(note.box.midX - Self.page.width / 2) < 0.01 && note.alignment == .center)
            #expect(marked.ops.filter { $0 != .text(note) } == plain.ops, "page \(index + 1): something else moved")
        }
    }

    @Test func theSignedNoteIsInTheDocumentsLanguageAndLabelsOverrideIt() throws {
        var invoice = Invoice.sample
        invoice.language = "he"
        let hebrew = try document(invoice, kind: .realFonts, isSigned: true)
        #expect(hebrew.text("מסמך חתום דיגיטלית") != nil)
        invoice.labels = [.signedNote: "חתום בחתימה אלקטרונית מאובטחת"]
        #expect(try document(invoice, kind: .realFonts, isSigned: true).text("חתום בחתימה אלקטרונית מאובטחת") != nil)
    }

    /// A `labels` text too long for the line is cut to one line ending in "…", inside the page.
    @Test(arguments: [40, 200, 5000])
    func aLongSignedNoteStaysOneLine(length: Int) throws {
        let shaper = try ShaperKind.realFonts.shaper()
        var invoice = Invoice.sample
        invoice.labels = [.signedNote: String(repeating: "Signed ", count: length / 7 + 1)]
        let unsigned = InvoiceLayout(shaper: shaper).document(for: InvoiceContent(invoice: invoice))
        let document = InvoiceLayout(shaper: shaper).document(for: InvoiceContent(invoice: invoice, isSigned: true))
        let page = document.pages[0]
        let notes = page.textOps.filter { !unsigned.pages[0].textOps.contains($0) }
        try #require(notes.count == 1)
        let ink = PageGeometry(shaper: shaper).inkRect(notes[0])
        #expect(
            ink.minX >= Self.style.margins.start - 0.01 && ink.maxX <= Self.page.width - Self.style.margins.start + 0.01
        )
        #expect(ink.maxY <= Self.page.height && ink.minY >= Self.page.height - Self.style.margins.top)
        if length > 40 { #expect(notes[0].text.hasSuffix("…")) }
    }
}
