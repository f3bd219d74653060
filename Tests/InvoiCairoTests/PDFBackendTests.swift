import Foundation
import InvoiDocument
import Testing
@testable import InvoiCairo

@Suite struct PDFBackendTests {
    let backend = PDFBackend()

    private func renderedFile(_ document: Document) throws -> URL {
        let output = try backend.render(document, options: BackendOptions(creator: "invoi 0.1.0"))
        let data = try #require(output.documentData)
        return try Tools.temporaryFile(data, name: "invoice.pdf")
    }

    @Test func everyPageHasItsSize() throws {
        let file = try renderedFile(try Fixtures.invoice())
        let info = try Tools.run("pdfinfo", ["-f", "1", "-l", "2", file.path])
        #expect(info.status == 0)
        #expect(info.output.contains("Pages:           2"))
        #expect(info.output.contains("Page    1 size:  595.28 x 841.89 pts (A4)"))
        #expect(info.output.contains("Page    2 size:  612 x 792 pts (letter)"))
    }

    @Test func textLayerHasTheWordsWithHebrewInLogicalOrder() throws {
        let file = try renderedFile(try Fixtures.invoice())
        let text = try Tools.run("pdftotext", [file.path, "-"])
        #expect(text.status == 0)
        // pdftotext wraps right-to-left text in embedding marks of its own.
        let plain = String(text.output.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) })
        for words in ["Acme Studio", "INVOICE", "hello@acme.example", "Website redesign",
                      "INV-0001 · Page 2 of 2", "שלום עולם", "Client: דוד כהן"] {
            #expect(plain.contains(words), "missing \(words) in:\n\(plain)")
        }
    }

    @Test func fontsAreEmbeddedAsSubsets() throws {
        let file = try renderedFile(try Fixtures.invoice())
        let fonts = try Tools.run("pdffonts", [file.path])
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
        let file = try renderedFile(try Fixtures.invoice())
        let info = try Tools.run("pdfinfo", ["-isodates", file.path])
        #expect(info.output.contains("Title:           Invoice INV-0001 — Acme Studio"))
        #expect(info.output.contains("Author:          Acme Studio"))
        #expect(info.output.contains("Subject:         Invoice for Meridian Group"))
        #expect(info.output.contains("Creator:         invoi 0.1.0"))
        #expect(info.output.contains("CreationDate:    2026-03-12T10:00:00Z"))
        #expect(info.output.contains("ModDate:         2026-03-12T10:00:00Z"))
    }

    @Test func emailBecomesALinkAnnotation() throws {
        let file = try renderedFile(try Fixtures.invoice())
        let links = try Tools.run("pdfinfo", ["-url", file.path])
        #expect(links.output.contains("mailto:hello@acme.example"))
        let bytes = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(bytes.contains("/Subtype /Link"))
        // The email's box, with y flipped: 841.89 - 99 = 742.89 up to 841.89 - 88 = 753.89.
        #expect(bytes.range(of: #"/Rect \[ 42 742\.89 1\d\d(\.\d+)? 753\.89 \]"#, options: .regularExpression) != nil)
    }

    @Test func awkwardLinkIsEncodedAndBreaksNothing() throws {
        let uri = "mailto:o'neil\\(x)@acme.example?subject=Rechnung März"
        let file = try renderedFile(try Fixtures.invoice(linkURI: uri))
        let links = try Tools.run("pdfinfo", ["-url", file.path])
        #expect(links.output.contains("mailto:o%27neil%5C%28x%29@acme.example?subject=Rechnung%20M%C3%A4rz"),
                "\(links.output)")
        #expect(links.errors.isEmpty, "\(links.errors)")
        // Text after the link still drawn: the context did not go into an error state.
        let text = try Tools.run("pdftotext", [file.path, "-"])
        #expect(text.output.contains("Website redesign"))
    }

    @Test func sameInputAndDateGiveIdenticalBytes() throws {
        let document = try Fixtures.invoice()
        let options = BackendOptions(creator: "invoi 0.1.0")
        let first = try #require(try backend.render(document, options: options).documentData)
        let again = try #require(try backend.render(document, options: options).documentData)
        let freshCache = try #require(try PDFBackend().render(document, options: options).documentData)
        #expect(first == again)
        #expect(first == freshCache)

        var later = document
        later.metadata.creationDate = Fixtures.creationDate.addingTimeInterval(86_400)
        let otherDate = try #require(try backend.render(later, options: options).documentData)
        #expect(otherDate != first)
    }

    @Test func rendersConcurrently() async throws {
        let documents = [try Fixtures.invoice(), try Fixtures.greyPage()]
        let options = BackendOptions()
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
            try backend.render(Document(pages: [], metadata: Fixtures.metadata), options: BackendOptions())
        }
    }

    @Test func undrawablePageSizeIsAnError() {
        let page = Page(size: Size(width: .nan, height: 100))
        #expect(throws: BackendError.self) {
            try backend.render(Document(pages: [page], metadata: Fixtures.metadata), options: BackendOptions())
        }
    }

    @Test func missingFontIsAnError() throws {
        var font = try TestFont.regular().face
        font.path = "/nonexistent/font.ttf"
        let run = GlyphRun(font: font, size: 10, direction: .leftToRight, textRange: 0..<1,
                           glyphs: [Glyph(id: 5, cluster: 0, advance: 6)])
        let op = TextOp(text: "A", font: FontSpec(weight: .regular, size: 10), color: .black, tracking: 0,
                        origin: Point(x: 10, y: 10), direction: .leftToRight, runs: [run],
                        box: Rect(x: 10, y: 0, width: 6, height: 12), alignment: .left)
        let document = Document(pages: [Page(size: PaperSize.a4.size, ops: [.text(op)])], metadata: Fixtures.metadata)
        #expect(throws: BackendError.self) { try backend.render(document, options: BackendOptions()) }
    }
}
