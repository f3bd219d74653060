import Foundation
import InvoiDocument

/// Small documents built by hand, standing in for the layout.
enum Fixtures {
    /// 2026-03-12T10:00:00Z.
    static let creationDate = Date(timeIntervalSince1970: 1_773_309_600)

    static let metadata = DocumentMetadata(
        title: "Invoice INV-0001 — Acme Studio", author: "Acme Studio",
        subject: "Invoice for Meridian Group", creationDate: creationDate)

    static let muted = Color(rgb: 0x888888)

    /// Two pages (A4, then Letter) with every kind of op, Hebrew included.
    static func invoice(
        linkURI: String = "mailto:hello@acme.example",
        metadata: DocumentMetadata = metadata
    ) throws -> Document {
        let regular = try TestFont.regular(), bold = try TestFont.bold(), hebrew = try TestFont.hebrew()

        let email = regular.textOp("hello@acme.example", size: 9, at: Point(x: 42, y: 96), color: muted)
        let emailBox = Rect(x: 42, y: 88, width: email.width, height: 11)

        // One line holding a left-to-right run then a right-to-left one.
        let label = "Client: ", name = "דוד כהן"
        let labelRun = regular.run(label, size: 11)
        let nameRun = hebrew.run(name, size: 11, direction: .rightToLeft, byteOffset: label.utf8.count)
        let mixed = TextOp(
            text: label + name, font: FontSpec(weight: .regular, size: 11), color: .black,
            tracking: 0, origin: Point(x: 42, y: 160), direction: .leftToRight,
            runs: [labelRun, nameRun],
            box: Rect(x: 42, y: 150, width: labelRun.width + nameRun.width, height: 14),
            alignment: .left)

        let first = Page(
            size: PaperSize.a4.size,
            ops: [
                .text(bold.textOp("Acme Studio", size: 19.5, at: Point(x: 42, y: 70))),
                .text(bold.textOp("INVOICE", size: 25.5, at: Point(x: 440, y: 70))),
                .text(email),
                .link(LinkOp(rect: emailBox, uri: linkURI)),
                .text(hebrew.textOp("שלום עולם", size: 12, at: Point(x: 42, y: 130), direction: .rightToLeft)),
                .text(mixed),
                .line(
                    LineOp(
                        from: Point(x: 42, y: 180), to: Point(x: 553, y: 180), width: 1.125,
                        color: Color(rgb: 0x111111))),
                .rect(RectOp(rect: Rect(x: 42, y: 200, width: 120, height: 24), fill: Color(rgb: 0xE5E5E5))),
                .rect(
                    RectOp(
                        rect: Rect(x: 200, y: 200, width: 120, height: 24),
                        stroke: Stroke(width: 1.5, color: muted), cornerRadius: 6)),
                .text(regular.textOp("Website redesign", size: 9.75, at: Point(x: 42, y: 260))),
            ])
        let second = Page(
            size: PaperSize.letter.size,
            ops: [
                .text(regular.textOp("INV-0001 · Page 2 of 2", size: 9, at: Point(x: 42, y: 760), color: muted))
            ])
        return Document(pages: [first, second], metadata: metadata)
    }

    /// One A4 page: a black rectangle and some grey text, nothing coloured.
    static func greyPage(extra: [DrawOp] = []) throws -> Document {
        let regular = try TestFont.regular()
        let page = Page(
            size: PaperSize.a4.size,
            ops: [
                .rect(RectOp(rect: Rect(x: 100, y: 100, width: 50, height: 40), fill: .black)),
                .text(regular.textOp("Subtotal 1,234.00", size: 9, at: Point(x: 300, y: 300), color: muted)),
                .line(
                    LineOp(
                        from: Point(x: 42, y: 400), to: Point(x: 553, y: 400), width: 0.75,
                        color: Color(rgb: 0xE5E5E5))),
            ] + extra)
        return Document(pages: [page], metadata: metadata)
    }
}

extension RenderedOutput {
    var documentData: Data? {
        if case .document(let data) = self { data } else { nil }
    }

    var pageData: [Data] {
        if case .pages(let pages) = self { pages } else { [] }
    }
}
