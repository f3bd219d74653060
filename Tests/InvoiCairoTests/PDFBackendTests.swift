import Foundation
import InvoiDocument
import InvoiTestSupport
import Testing

@testable import InvoiCairo

@Suite struct PDFBackendTests {
    let backend = PDFBackend(fonts: CairoFontCache())

    /// Renders `document` and runs `tool` with `arguments` and the PDF's path.
    private func run(
        _ tool: String, _ arguments: [String] = [], on document: Document,
        then more: [String] = []
    ) throws -> Tools.Result {
        let output = try backend.render(document, options: PDFOptions(creator: "invoi 0.1.0"))
        let data = try #require(output.documentData)
        return try Tools.withFile(data, name: "invoice.pdf") { try Tools.run(tool, arguments + [$0.path] + more) }
    }

    @Test func everyPageHasItsSize() throws {
        let info = try run("pdfinfo", ["-f", "1", "-l", "2"], on: try Fixtures.invoice())
        #expect(info.status == 0)
        #expect(info.output.contains("Pages:           2"))
        #expect(info.output.contains("Page    1 size:  595.28 x 841.89 pts (A4)"))
        #expect(info.output.contains("Page    2 size:  612 x 792 pts (letter)"))
    }

    @Test func textLayerHasTheWordsWithHebrewInLogicalOrder() throws {
        let text = try run("pdftotext", on: try Fixtures.invoice(), then: ["-"])
        #expect(text.status == 0)
        // pdftotext wraps right-to-left text in embedding marks of its own.
        let plain = String(text.output.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) })
        for words in [
            "Acme Studio", "INVOICE", "hello@acme.example", "Website redesign",
            "INV-0001 · Page 2 of 2", "שלום עולם", "Client: דוד כהן",
        ] {
            #expect(plain.contains(words), "missing \(words) in:\n\(plain)")
        }
    }

    @Test func arabicLigatureComesOutInLogicalOrder() throws {
        // "الأفق" drawn as ق ف لأ ا, the lam-alef ligature one glyph for two characters.
        let arabic = try TestFont.hebrew()  // DejaVu Sans has Arabic presentation forms too
        let word = "الأفق"
        let visual = arabic.run("\u{FED7}\u{FED3}\u{FEF7}\u{FE8D}", size: 14)
        let clusters = [8, 6, 2, 0]
        let glyphs = zip(visual.glyphs, clusters).map { Glyph(id: $0.id, cluster: $1, advance: $0.advance) }
        let ligatureRun = GlyphRun(
            font: arabic.face, size: 14, direction: .rightToLeft, textRange: 0..<10, glyphs: glyphs)
        let op = TextOp(
            text: word, font: FontSpec(weight: .regular, size: 14), color: .black, tracking: 0,
            origin: Point(x: 100, y: 100), direction: .rightToLeft, runs: [ligatureRun],
            box: Rect(x: 100, y: 88, width: ligatureRun.width, height: 17), alignment: .right)
        let document = Document(pages: [Page(size: PaperSize.a4.size, ops: [.text(op)])], metadata: Fixtures.metadata)
        let text = try run("pdftotext", on: document, then: ["-"])
        let plain = String(text.output.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) })
        #expect(plain.contains(word), "\(plain.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func fontsAreEmbeddedAsSubsets() throws {
        let fonts = try run("pdffonts", on: try Fixtures.invoice())
        #expect(fonts.status == 0)
        let rows = fonts.output.split(separator: "\n").dropFirst(2)
        // Cairo may split one font into a simple and a CID subset.
        let names = Set(rows.compactMap { $0.split(separator: " ").first?.split(separator: "+").last.map(String.init) })
        #expect(names == ["JetBrainsMono-Regular", "JetBrainsMono-Bold", "DejaVuSans"], "\(fonts.output)")
        for row in rows {
            let columns = row.split(separator: " ")
            // name type [type] encoding emb sub uni object generation
            let flags = columns.suffix(5).prefix(3).map(String.init)
            #expect(flags == ["yes", "yes", "yes"], "\(row)")
            // A subset's name carries a six-letter tag.
            #expect(row.range(of: #"^[A-Z]{6}\+"#, options: .regularExpression) != nil, "\(row)")
        }
    }

    @Test func metadataIsWritten() throws {
        let info = try run("pdfinfo", ["-isodates"], on: try Fixtures.invoice())
        #expect(info.output.contains("Title:           Invoice INV-0001 — Acme Studio"))
        #expect(info.output.contains("Author:          Acme Studio"))
        #expect(info.output.contains("Subject:         Invoice for Meridian Group"))
        #expect(info.output.contains("Creator:         invoi 0.1.0"))
        #expect(info.output.contains("CreationDate:    2026-03-12T10:00:00Z"))
        #expect(info.output.contains("ModDate:         2026-03-12T10:00:00Z"))
    }

    @Test func emailBecomesALinkAnnotation() throws {
        let document = try Fixtures.invoice()
        let links = try run("pdfinfo", ["-url"], on: document)
        #expect(links.output.contains("mailto:hello@acme.example"))
        let data = try #require(try backend.render(document).documentData)
        let bytes = try Tools.expandedPDF(data)
        #expect(bytes.contains("/Subtype /Link"))
        // The email's box, with y flipped: 841.89 - 99 = 742.89 up to 841.89 - 88 = 753.89.
        #expect(bytes.range(of: #"/Rect \[ 42 742\.89 1\d\d(\.\d+)? 753\.89 \]"#, options: .regularExpression) != nil)
    }

    /// A link drawn inside a moved group: its annotation covers the page's box around it, and a
    /// link element of its own holds it in the structure (PDF/UA tags every annotation).
    @Test func aLinkInAGroupIsAnnotatedWhereThePageShowsIt() throws {
        let paragraph = ContentRole.structure([StructureNode(.paragraph)])
        let group = GroupOp(
            transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 200),
            ops: [.link(LinkOp(rect: Rect(x: 10, y: 20, width: 50, height: 10), uri: "https://acme.example"))],
            contentRole: paragraph)
        var document = try Fixtures.greyPage()
        document.pages[0].ops.append(.group(group))
        let data = try #require(try backend.render(document).documentData)
        let text = try Tools.expandedPDF(data)
        // x 110 to 160; y 220 to 230 from the top of an 841.89 pt page: 611.89 to 621.89.
        let rects = text.split(separator: "\n").filter { $0.contains("/Rect") }
        #expect(text.contains("/Rect [ 110 611.89 160 621.89 ]"), "\(rects)")
        #expect(text.contains("/S /Link"))
    }

    @Test func awkwardLinkIsEncodedAndBreaksNothing() throws {
        let uri = "mailto:o'neil\\(x)@acme.example?subject=Rechnung März"
        let document = try Fixtures.invoice(linkURI: uri)
        let links = try run("pdfinfo", ["-url"], on: document)
        #expect(
            links.output.contains("mailto:o%27neil%5C%28x%29@acme.example?subject=Rechnung%20M%C3%A4rz"),
            "\(links.output)")
        #expect(links.errors.isEmpty, "\(links.errors)")
        // Text after the link still drawn: the context did not go into an error state.
        let text = try run("pdftotext", on: document, then: ["-"])
        #expect(text.output.contains("Website redesign"))
    }

    @Test func sameInputAndDateGiveIdenticalBytes() throws {
        let document = try Fixtures.invoice()
        let options = PDFOptions(creator: "invoi 0.1.0")
        let first = try #require(try backend.render(document, options: options).documentData)
        let again = try #require(try backend.render(document, options: options).documentData)
        let freshCache = try #require(
            try PDFBackend(fonts: CairoFontCache()).render(document, options: options).documentData)
        #expect(first == again)
        #expect(first == freshCache)

        var later = document
        later.metadata.creationDate = Fixtures.creationDate.addingTimeInterval(86_400)
        let otherDate = try #require(try backend.render(later, options: options).documentData)
        #expect(otherDate != first)
    }

    @Test func rendersConcurrently() async throws {
        let documents = [try Fixtures.invoice(), try Fixtures.greyPage()]
        let options = PDFOptions()
        let serial = try documents.map { try #require(try backend.render($0, options: options).documentData) }
        let shared = backend
        try await withThrowingTaskGroup(of: (Int, Data?).self) { group in
            for round in 0..<8 {
                let index = round % documents.count
                let document = documents[index]
                group.addTask { (index, try shared.render(document, options: options).documentData) }
            }
            for try await (index, data) in group {
                #expect(data == serial[index])
            }
        }
    }

    @Test func documentWithoutPagesIsAnError() {
        #expect(throws: BackendError.self) {
            try backend.render(Document(pages: [], metadata: Fixtures.metadata))
        }
    }

    @Test func undrawablePageSizeIsAnError() {
        let page = Page(size: Size(width: .nan, height: 100))
        #expect(throws: BackendError.self) {
            try backend.render(Document(pages: [page], metadata: Fixtures.metadata))
        }
    }

    @Test func missingFontIsAnError() throws {
        var font = try TestFont.regular().face
        font.path = "/nonexistent/font.ttf"
        let run = GlyphRun(
            font: font, size: 10, direction: .leftToRight, textRange: 0..<1,
            glyphs: [Glyph(id: 5, cluster: 0, advance: 6)])
        let op = TextOp(
            text: "A", font: FontSpec(weight: .regular, size: 10), color: .black, tracking: 0,
            origin: Point(x: 10, y: 10), direction: .leftToRight, runs: [run],
            box: Rect(x: 10, y: 0, width: 6, height: 12), alignment: .left)
        let document = Document(pages: [Page(size: PaperSize.a4.size, ops: [.text(op)])], metadata: Fixtures.metadata)
        #expect(throws: BackendError.self) { try backend.render(document) }
    }
}
