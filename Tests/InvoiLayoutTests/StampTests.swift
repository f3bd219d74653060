import Foundation
import InvoiDocument
import InvoiLayoutTestSupport
import InvoiModel
import Testing

@testable import InvoiLayout

/// The status stamp.
@Suite struct StampTests {
    let style = InvoiceStyle.standard

    static let palette: [(InvoiceStatus, String, Color)] = [
        (.draft, "DRAFT", Color(rgb: 0x94A3B8)), (.partial, "PARTIALLY PAID", Color(rgb: 0xF59E0B)),
        (.paid, "PAID", Color(rgb: 0x10B981)), (.overdue, "OVERDUE", Color(rgb: 0xEF4444)),
        (.void, "VOID", Color(rgb: 0xEF4444)),
    ]

    @Test(arguments: ShaperKind.allCases)
    func eachStatusButSentStampsItsWordInItsColour(kind: ShaperKind) throws {
        let layout = try kind.layout()
        for (status, word, color) in Self.palette {
            var invoice = Invoice.sample
            invoice.status = status
            let document = layout.document(for: invoice)
            try #require(document.stamps.count == 1, "\(status)")
            let stamp = document.stamps[0]
            #expect(document.pages[0].groups.count == 1, "on page 1")
            #expect(stamp.role == .stamp, "\(status): layout marks the stamp for backends that cannot rotate it")
            try #require(stamp.ops.count == 2)
            guard case .rect(let frame) = stamp.ops[0], case .text(let text) = stamp.ops[1] else {
                Issue.record("\(status): expected an outline and a word, got \(stamp.ops)")
                continue
            }
            #expect(frame.fill == nil)
            #expect(frame.stroke == Stroke(width: style.stampBorderWidth, color: color))
            #expect(frame.cornerRadius > 0)
            #expect(text.text == word && text.color == color)
            #expect(text.font.weight == .bold && text.tracking > 0)
            // The word is centred in the box (its letters, not the tracking after the last one).
            let inkWidth = text.width - text.tracking * text.font.size
            #expect(abs(text.origin.x + inkWidth / 2 - frame.rect.midX) < 1e-9)
            #expect(abs((text.box.minY - frame.rect.minY) - (frame.rect.maxY - text.box.maxY)) < 1e-9)
            // Rotated by −12° about the box's centre.
            let centre = Point(x: frame.rect.midX, y: frame.rect.minY + frame.rect.height / 2)
            let expected = AffineTransform.rotation(degrees: -12, about: centre)
            for (a, b) in zip(
                [
                    stamp.transform.a, stamp.transform.b, stamp.transform.c, stamp.transform.d,
                    stamp.transform.tx, stamp.transform.ty,
                ],
                [expected.a, expected.b, expected.c, expected.d, expected.tx, expected.ty])
            {
                #expect(abs(a - b) < 1e-9)
            }
        }
        for status in [InvoiceStatus.sent, nil] {
            var invoice = Invoice.sample
            invoice.status = status
            #expect(
                layout.document(for: invoice) == layout.document(for: Invoice.sample),
                "no stamp for \(String(describing: status))")
        }
    }

    /// The sample has room right under the invoice number: the stamp goes there, at the right edge,
    /// above Bill To, clear of every text.
    @Test(arguments: ShaperKind.allCases)
    func theStampSitsUnderTheInvoiceNumberWhenThereIsRoom(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.status = .paid
        let document = try kind.layout().document(for: invoice)
        let bounds = DrawOp.group(try #require(document.stamps.first)).bounds
        let number = try #require(document.text("INV-0001"))
        let billTo = try #require(document.text("BILL TO"))
        let right = document.pages[0].size.width - style.margins.start
        #expect(bounds.maxX <= right + 1e-9 && bounds.maxX > right - style.stampSearchStep)
        #expect(bounds.minY >= number.box.maxY)
        #expect(bounds.minY - number.box.maxY < style.stampGap + style.stampSearchStep)
        #expect(bounds.maxY < billTo.box.minY)
    }

    /// A header with no room under the number: the stamp moves (left, down or up) and still covers no text.
    @Test(arguments: ShaperKind.allCases)
    func theStampMovesWhenItsFirstPlaceIsTaken(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        (invoice.fromEmail, invoice.fromPhone, invoice.fromAddress) = ("", "", "")
        invoice.status = .partial
        let layout = try kind.layout()
        let document = layout.document(for: invoice)
        let stamp = try #require(document.stamps.first)
        let outline = try #require(PageGeometry.outline(of: stamp))
        let geometry = PageGeometry(shaper: try kind.shaper())
        for text in document.pages[0].textOps {
            #expect(!PageGeometry.overlaps(outline, geometry.inkRect(text)), "covers \(text.text)")
        }
        let number = try #require(document.text("INV-0001"))
        let first = DrawOp.group(stamp).bounds
        let right = document.pages[0].size.width - style.margins.start
        #expect(
            first.maxX < right - style.stampSearchStep
                || first.minY > number.box.maxY + style.stampGap
                    + style.stampSearchStep,
            "not at its first place")
    }

    /// A stamp too large for any free place is left out rather than drawn over text.
    @Test func aStampWithNoRoomAnywhereIsLeftOut() throws {
        var style = InvoiceStyle.standard
        style.stampText = TextStyle(
            weight: .bold, px: 160, color: style.primary, tracking: 0.1, lineHeight: 1.2,
            uppercased: true)
        var invoice = Invoice.sample
        invoice.status = .overdue
        let layout = try ShaperKind.fixedAdvances.layout(style: style)
        let document = layout.document(for: invoice)
        #expect(document.stamps.isEmpty)
        var plain = invoice
        plain.status = nil
        #expect(document == layout.document(for: plain))
    }

    /// When the first page is full of text the stamp goes on the first page with room.
    @Test func aFullFirstPageSendsTheStampToALaterOne() throws {
        var invoice = Invoice.sample
        let filler = String(repeating: "wide words fill the whole description column ", count: 3)
        // Left columns full to their edges, so that the header and Bill To have no room either.
        invoice.fromName = filler
        invoice.fromAddress = filler + filler
        invoice.toAddress = filler + filler
        invoice.lineItems = (0..<40).map { LineItem(id: "i\($0)", description: filler, quantity: 1000, rate: 123456) }
        invoice.status = .void
        var style = InvoiceStyle.standard
        // Bigger than the gaps between the header's text and between the table's numbers.
        style.stampText = TextStyle(
            weight: .bold, px: 100, color: style.primary, tracking: 0.1, lineHeight: 1.2,
            uppercased: true)
        let document = try ShaperKind.fixedAdvances.layout(style: style).document(for: invoice)
        let page = try #require(document.pages.firstIndex { !$0.groups.isEmpty })
        #expect(page > 0)
        let geometry = PageGeometry(shaper: FixedAdvanceShaper())
        let outline = try #require(PageGeometry.outline(of: document.pages[page].groups[0]))
        for text in document.pages[page].textOps {
            #expect(!PageGeometry.overlaps(outline, geometry.inkRect(text)), "covers \(text.text)")
        }
    }
}

/// The Swiss QR-bill's strip is a form of its own at the foot of the last page: a stamp never
/// lands on it, however little room the page has above it.
struct StampAndSwissBillTests {
    @Test(arguments: [60.0, 90.0, 120.0, 150.0, 180.0, 220.0, 260.0])
    func theStampKeepsOffTheSwissStrip(px: Double) throws {
        var style = InvoiceStyle.standard
        style.stampText = TextStyle(
            weight: .bold, px: px, color: style.primary, tracking: 0.1, lineHeight: 1.2, uppercased: true)
        var invoice = Invoice.sample
        invoice.status = .paid
        // Short enough that the strip shares the page, which leaves little room above it.
        invoice.lineItems = Array(invoice.lineItems.prefix(1))
        invoice.notes = ""
        var content = InvoiceContent(invoice: invoice)
        let matrix = try #require(QRCodeMatrix(size: 25, modules: (0..<625).map { $0 % 3 == 0 }))
        content.swissBill = SwissBill(
            matrix: matrix, language: .english, account: "CH44 3199 9123 0008 8901 2",
            creditor: ["Robert Schneider AG", "Rue du Lac 1268", "2501 Biel"], reference: "",
            additionalInformation: "INV-0001", debtor: nil, currency: "CHF", amount: "1 949.75", altText: "QR")
        let document = try ShaperKind.fixedAdvances.layout(style: style).document(for: content)
        let last = try #require(document.pages.last)
        let stripTop = last.size.height - SwissBillSection.height
        for stamp in last.groups where stamp.role == .stamp {
            #expect(DrawOp.group(stamp).bounds.maxY <= stripTop + 1e-9, "a \(px) px stamp on the strip")
        }
        if px == 60 { #expect(document.stamps.contains { $0.role == .stamp }, "a small stamp finds room") }
    }
}
