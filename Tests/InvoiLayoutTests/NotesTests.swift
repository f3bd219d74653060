import InvoiDocument
import InvoiModel
import Testing

@testable import InvoiLayout

/// The NOTES block.
@Suite struct NotesTests {
    let style = InvoiceStyle.standard

    func notesLines(_ document: Document, page: Int) -> [TextOp] {
        document.pages[page].textOps.filter {
            $0.font == style.notesText.font && $0.color == style.notesText.color
                && $0.text.hasPrefix("note")
        }
    }

    @Test(arguments: ShaperKind.allCases)
    func notesFollowPaymentDetailsInTheSameFormWithLineBreaksAndBlankLines(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.notes = "Thank you.\n\nPayment within 30 days."
        let document = try kind.layout().document(for: invoice)
        let label = try #require(document.text("NOTES"))
        let paymentLabel = try #require(document.text("PAYMENT DETAILS"))
        let lastPaymentRow = try #require(document.text("NWBKGB2L"))
        #expect(label.box.minY > lastPaymentRow.box.maxY + style.sectionGap)
        #expect(
            label.font == paymentLabel.font && label.color == paymentLabel.color
                && label.tracking == paymentLabel.tracking)
        let first = try #require(document.text("Thank you."))
        let third = try #require(document.text("Payment within 30 days."))
        #expect(first.font == style.notesText.font && first.color == style.primary)
        #expect(
            abs(third.box.minY - first.box.minY - 2 * style.notesText.lineBoxHeight) < 1e-9, "the blank line is kept")
        #expect(
            first.box.minX == style.margins.start
                && first.box.width == document.pages[0].size.width - 2 * style.margins.start)
        // The same top rule as Payment Details, the same distance above the label.
        let rules = document.pages[0].lines.filter {
            $0.color == style.border && $0.from.x == style.margins.start
                && $0.to.x == document.pages[0].size.width - style.margins.start
        }
        let paymentRule = try #require(rules.last { $0.from.y < paymentLabel.box.minY })
        let notesRule = try #require(rules.last { $0.from.y < label.box.minY })
        #expect(abs((label.box.minY - notesRule.from.y) - (paymentLabel.box.minY - paymentRule.from.y)) < 1e-9)
        #expect(notesRule.width == paymentRule.width)
    }

    @Test func withoutPaymentDetailsNotesFollowTheTotals() throws {
        var invoice = Invoice.sample
        (invoice.bankBeneficiary, invoice.bankName, invoice.bankAccount, invoice.bankSwift) = ("", "", "", "")
        invoice.notes = "Thanks"
        let document = try ShaperKind.fixedAdvances.layout().document(for: invoice)
        let total = try #require(document.allTextOps.first { $0.font == style.totalValue.font })
        let label = try #require(document.text("NOTES"))
        #expect(
            abs(label.box.minY - (total.box.maxY + style.sectionGap + style.rowRuleWidth + style.notesPaddingTop))
                < 1e-9)
        invoice.notes = ""
        #expect(try ShaperKind.fixedAdvances.layout().document(for: invoice).text("NOTES") == nil)
    }

    /// Long notes fill the page they start on and continue between lines, without the label.
    @Test(arguments: ShaperKind.allCases)
    func longNotesContinueOnTheNextPageBetweenLines(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.notes = (0..<200).map { "note\($0) with some words" }.joined(separator: "\n")
        let document = try kind.layout().document(for: invoice)
        #expect(document.pages.count >= 3)
        #expect(document.allTextOps.filter { $0.text == "NOTES" }.count == 1)
        let lines = document.pages.indices.flatMap { notesLines(document, page: $0) }.map(\.text)
        #expect(lines == (0..<200).map { "note\($0) with some words" })
        let bottom = document.pages[0].size.height - style.margins.top
        for page in document.pages.indices.dropLast() {
            let last = try #require(notesLines(document, page: page).last)
            // Filled to the bottom: another line would not have fitted above the footer.
            let footer = try #require(document.pages[page].textOps.last)
            #expect(last.box.maxY + style.notesText.lineBoxHeight > footer.box.minY - style.footerGap)
            #expect(last.box.maxY <= bottom)
        }
        // A continuation page starts with notes at the top of the content.
        #expect(abs(try #require(notesLines(document, page: 1).first).box.minY - style.margins.top) < 1e-9)
    }

    /// Blank lines are kept inside a page, but a continuation page starts with a line of text.
    @Test(arguments: ShaperKind.allCases)
    func aContinuationStartsWithText(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.notes = (0..<120).map { "note\($0)" }.joined(separator: "\n\n")
        let document = try kind.layout().document(for: invoice)
        #expect(document.pages.count >= 3)
        for page in document.pages.indices {
            let lines = notesLines(document, page: page)
            for (a, b) in zip(lines, lines.dropFirst()) {
                #expect(abs(b.box.minY - a.box.minY - 2 * style.notesText.lineBoxHeight) < 1e-9)
            }
            if page > 0 {
                #expect(abs(try #require(lines.first).box.minY - style.margins.top) < 1e-9, "page \(page + 1)")
            }
        }
        #expect(
            document.pages.indices.flatMap { notesLines(document, page: $0) }.map(\.text)
                == (0..<120).map { "note\($0)" })
    }

    /// Whatever precedes it, the label never ends a page without the first line of the notes.
    @Test(arguments: 1...45)
    func theLabelKeepsItsFirstLine(items: Int) throws {
        var invoice = Invoice.sample
        invoice.lineItems = (0..<items).map { LineItem(id: "i\($0)", description: "Work \($0)", quantity: 1, rate: 10) }
        invoice.notes = "note first line\nnote second line\nnote third line"
        let document = try ShaperKind.fixedAdvances.layout().document(for: invoice)
        #expect(document.page(of: "NOTES") == document.page(of: "note first line"))
        #expect(document.page(of: "note first line")! <= document.page(of: "note third line")!)
    }
}
