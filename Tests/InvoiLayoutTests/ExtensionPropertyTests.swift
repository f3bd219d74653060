import Foundation
import InvoiDocument
import InvoiLayout
import InvoiLayoutTestSupport
import InvoiModel
import InvoiText
import Testing

/// Properties of every layout using the extension fields, over generated invoices, with the
/// fixed-advance shaper and with the real one.
@Suite struct ExtensionPropertyTests {
    static let realShaper = Result { try FontShaper(configuration: .fixed) }

    @Test(arguments: 0..<150)
    func generatedInvoicesWithFixedAdvances(seed: Int) {
        check(seed: seed, shaper: FixedAdvanceShaper())
    }

    @Test(arguments: 1000..<1040)
    func generatedInvoicesWithRealFonts(seed: Int) throws {
        check(seed: seed, shaper: try Self.realShaper.get())
    }

    func check(seed: Int, shaper: any TextShaper) {
        var generator = InvoiceGenerator(seed: UInt64(seed))
        let (invoice, logo) = generator.invoice(maxItems: seed % 5 == 0 ? 60 : 8)
        let document = InvoiceLayout(shaper: shaper).document(for: invoice, logo: logo)
        let geometry = PageGeometry(shaper: shaper)
        let style = InvoiceStyle.standard

        for (index, page) in document.pages.enumerated() {
            let place = "seed \(seed), page \(index + 1)"
            let contentBox = Rect(
                x: style.margins.start, y: style.margins.start, width: page.size.width - 2 * style.margins.start,
                height: page.size.height - 2 * style.margins.top)
            let inks = page.textOps.map(geometry.inkRect)
            for (text, ink) in zip(page.textOps, inks) {
                #expect(
                    contentBox.contains(ink) && contentBox.contains(text.box),
                    "\(place): \(text.text) leaves the content box")
            }
            for (i, a) in inks.enumerated() {
                for (j, b) in inks.enumerated() where j > i && a.intersects(b) {
                    Issue.record("\(place): \"\(page.textOps[i].text)\" overlaps \"\(page.textOps[j].text)\"")
                }
                for rule in page.lines {
                    let band = Rect(
                        x: min(rule.from.x, rule.to.x), y: rule.from.y - rule.width / 2,
                        width: abs(rule.to.x - rule.from.x), height: rule.width)
                    #expect(!band.intersects(a), "\(place): rule crosses \"\(page.textOps[i].text)\"")
                }
            }
            for image in page.images {
                #expect(
                    index == 0 && contentBox.contains(image.rect), "\(place): logo outside the first page's content")
                #expect(
                    image.rect.width <= style.logoMaxWidth + 0.001 && image.rect.height <= style.logoMaxHeight + 0.001)
                #expect(image.rect.width.isFinite && image.rect.height.isFinite && image.rect.width > 0)
                let natural = image.image.intrinsicSize
                #expect(
                    abs(image.rect.width / image.rect.height - natural.width / natural.height)
                        < 1e-9 * natural.width / natural.height, "\(place): aspect ratio changed")
                #expect(!inks.contains { $0.intersects(image.rect) }, "\(place): text over the logo")
            }
            for group in page.groups {
                guard let outline = PageGeometry.outline(of: group) else {
                    Issue.record("\(place): stamp without a frame")
                    continue
                }
                for point in outline {
                    #expect(
                        contentBox.contains(Rect(x: point.x, y: point.y, width: 0, height: 0)),
                        "\(place): stamp corner \(point) outside the content box")
                }
                for (text, ink) in zip(page.textOps, inks) where PageGeometry.overlaps(outline, ink) {
                    Issue.record("\(place): stamp covers \"\(text.text)\"")
                }
                for image in page.images where PageGeometry.overlaps(outline, image.rect) {
                    Issue.record("\(place): stamp covers the logo")
                }
            }
        }

        // One stamp exactly when the status shows one.
        let stamps = document.pages.flatMap(\.groups)
        let showsStamp = invoice.status.map { $0 != .sent } ?? false
        #expect(
            stamps.count == (showsStamp ? 1 : 0),
            "seed \(seed): \(stamps.count) stamps for \(String(describing: invoice.status))")
        #expect(document.pages.first?.groups.count == stamps.count, "seed \(seed): the stamp is not on page 1")

        // The notes, every line in order, across pages; the label once.
        let allTexts = document.pages.flatMap(\.textOps)
        let squeezed = allTexts.map(\.text).joined().filter { !$0.isWhitespace }
        if !invoice.notes.isEmpty {
            #expect(allTexts.filter { $0.text == "NOTES" }.count == 1, "seed \(seed): NOTES label")
            let notesStart = allTexts.lastIndex { $0.text == "NOTES" } ?? allTexts.endIndex
            let footerSize = style.footer.font.size
            let after = allTexts[notesStart...].filter { !($0.font.size == footerSize && $0.text.contains("Page ")) }
                .map(\.text).joined().filter { !$0.isWhitespace }
            #expect(
                after.hasPrefix("NOTES" + invoice.notes.filter { !$0.isWhitespace }),
                "seed \(seed): notes missing or out of order")
        } else {
            #expect(!allTexts.contains { $0.text == "NOTES" })
        }

        // Totals rows show the model's figures, label and value on one baseline.
        let formatter = AmountFormatter(invoice: invoice)
        let totals = invoice.totals
        var expected = [
            ("Subtotal", formatter.string(for: totals.subtotal)),
            ("Total", formatter.string(for: totals.total)),
        ]
        if invoice.vatRate != 0 { expected.append(("VAT", formatter.string(for: totals.vat))) }
        if let discount = totals.discount {
            expected.append(
                ("Discount", formatter.string(for: Money(amount: -discount.amount, currency: invoice.currency))))
        }
        if let paid = totals.paid, let balance = totals.balanceDue {
            expected.append(("Paid", formatter.string(for: Money(amount: -paid.amount, currency: invoice.currency))))
            expected.append(("Balance due", formatter.string(for: balance)))
        } else {
            #expect(!allTexts.contains { $0.text == "Balance due" || $0.text == "Paid" })
        }
        for (label, value) in expected {
            let shown = document.pages.contains { page in
                page.textOps.contains { labelOp in
                    labelOp.text.hasPrefix(label) && labelOp.alignment == .left
                        && page.textOps.contains { $0.text == value && abs($0.origin.y - labelOp.origin.y) < 0.01 }
                }
            }
            #expect(shown, "seed \(seed): \(label) \(value) not shown")
        }
        #expect(squeezed.contains(invoice.documentType == .estimate ? "ESTIMATE" : "INVOICE"))
    }
}
