import Foundation
import InvoiDocument
import InvoiLayout
import InvoiModel
import Testing

/// A right-to-left document is the left-to-right one mirrored (§10): the same boxes on the
/// other side, text aligned to its start side, numbers in their own order.
@Suite struct RightToLeftTests {
    static func invoice(language: String?, direction: DocumentDirection = .auto) -> Invoice {
        var invoice = Invoice(
            fromName: "נועה לוי", fromEmail: "noa@levi.co.il", fromPhone: "+972-52-555-0187",
            toName: "אלפא בע״מ", invoiceNumber: "IL-2026-7", issueDate: CalendarDate(year: 2026, month: 3, day: 12)!,
            dueDate: CalendarDate(year: 2026, month: 4, day: 11)!, currency: Currency(code: "ILS")!, vatRate: 18,
            lineItems: [LineItem(id: "1", description: "עיצוב", quantity: 2, rate: 100)],
            bankBeneficiary: "נועה לוי", bankAccount: "IL62 0108 0000 0009 9999 999",
            status: .paid)
        invoice.language = language
        invoice.direction = direction
        invoice.allocationNumber = "202601234567"
        return invoice
    }

    static let page = PaperSize.a4.size
    static let padding = InvoiceStyle.standard.margins.start

    @Test(arguments: ShaperKind.allCases)
    func theHebrewPageIsMirrored(_ kind: ShaperKind) throws {
        let document = try kind.layout().document(for: Self.invoice(language: "he"))
        let edge = Self.page.width - Self.padding
        // The title and its number on the left, aligned left; the sender on the right.
        let title = try #require(document.text("חשבון עסקה"))
        #expect(abs(title.box.minX - Self.padding) < 0.01 && title.alignment == .left)
        let number = try #require(document.allTextOps.first { $0.text.contains("IL-2026-7") })
        #expect(number.box.minX < Self.page.width / 2)
        let sender = try #require(document.text("נועה לוי"))
        #expect(abs(sender.box.maxX - edge) < 0.01 && sender.alignment == .right)
        // The allocation number under the invoice number.
        let allocation = try #require(document.text("מספר הקצאה 202601234567"))
        #expect(allocation.origin.y > number.origin.y && allocation.box.minX < Self.page.width / 2)
        // BILL TO on the right, the dates on the left, issue date right of due date.
        let billTo = try #require(document.text("לכבוד"))
        #expect(abs(billTo.box.maxX - edge) < 0.01)
        let issue = try #require(document.text("תאריך הפקה"))
        let due = try #require(document.text("לתשלום עד"))
        #expect(due.box.minX < issue.box.minX && issue.box.maxX < Self.page.width / 2)
        // Columns reversed: Description at the right edge, Amount at the left.
        let description = try #require(document.text("תיאור"))
        let amount = try #require(document.text("סכום"))
        #expect(abs(description.box.maxX - edge) < 0.01 && description.alignment == .right)
        #expect(abs(amount.box.minX - Self.padding) < 0.01 && amount.alignment == .left)
        let quantity = try #require(document.text("כמות"))
        let rate = try #require(document.text("מחיר"))
        #expect(amount.box.maxX <= rate.box.minX + 0.01 && rate.box.maxX <= quantity.box.minX + 0.01)
        // Totals at the left: label on its right, value on its left.
        let total = try #require(document.text("סה״כ"))
        let totalValue = try #require(document.allTextOps.first { $0.text.contains("236.00") })
        #expect(totalValue.origin.x < total.origin.x && total.box.maxX < Self.page.width / 2)
        // Payment Details: the label column on the right.
        let beneficiary = try #require(document.text("שם המוטב"))
        let account = try #require(document.allTextOps.first { $0.text.contains("IL62") })
        #expect(beneficiary.box.minX > account.box.minX && abs(beneficiary.box.maxX - edge) < 0.01)
        // The stamp near the top left.
        let stamp = try #require(
            document.pages[0].ops.compactMap { op -> GroupOp? in
                if case .group(let group) = op, group.role == .stamp { return group } else { return nil }
            }.first)
        #expect(DrawOp.group(stamp).bounds.maxX < Self.page.width / 2)
        #expect(document.metadata.direction == .rightToLeft && document.metadata.language == "he")
    }

    /// Mirroring moves boxes; it never changes what is drawn inside them.
    @Test(arguments: ShaperKind.allCases)
    func forcingTheDirectionMirrorsTheSameBoxes(_ kind: ShaperKind) throws {
        let layout = try kind.layout()
        let leftToRight = layout.document(for: Self.invoice(language: "he", direction: .leftToRight))
        let rightToLeft = layout.document(for: Self.invoice(language: "he"))
        let ltrOps = leftToRight.allTextOps.filter { !$0.text.isEmpty }
        let rtlOps = rightToLeft.allTextOps.filter { !$0.text.isEmpty }
        try #require(ltrOps.count == rtlOps.count)
        for (ltr, rtl) in zip(ltrOps, rtlOps) where ltr.text == rtl.text {
            #expect(abs(rtl.box.minX - (Self.page.width - ltr.box.maxX)) < 0.01, "\(ltr.text)")
            #expect(abs(rtl.box.width - ltr.box.width) < 0.01)
            #expect(rtl.runs.map(\.glyphs) == ltr.runs.map(\.glyphs), "glyphs are not mirrored: \(ltr.text)")
        }
    }

    @Test func numbersKeepTheirOrderInsideRightToLeftText() throws {
        let layout = try ShaperKind.realFonts.layout()
        var invoice = Self.invoice(language: "he")
        invoice.lineItems = (1...40).map { LineItem(id: "\($0)", description: "שורה \($0)", quantity: 1, rate: 1) }
        let document = layout.document(for: invoice)
        #expect(document.pages.count > 1)
        // The footer holds the invoice number as a left-to-right isolate; its glyphs stay in logical order.
        let footer = try #require(document.allTextOps.first { $0.text.contains("עמוד 1 מתוך") })
        #expect(footer.text == "\u{2066}IL-2026-7\u{2069} · עמוד 1 מתוך \(document.pages.count)")
        #expect(footer.direction == .rightToLeft)
        let latin = footer.runs.filter { $0.direction == .leftToRight }
        #expect(
            latin.contains { run in
                let bytes = Array(footer.text.utf8)[run.textRange]
                return String(decoding: bytes, as: UTF8.self).contains("IL-2026-7")
            })
        // A phone number alone keeps its plus sign on the left.
        let phone = try #require(document.text("+972-52-555-0187"))
        #expect(phone.direction == .leftToRight)
        // The table header repeats, mirrored, on the next page.
        let headers = document.pages.map { $0.textOps.filter { $0.text == "תיאור" } }
        #expect(headers.allSatisfy { $0.count == 1 })
    }

    @Test func anEnglishInvoiceIsUnchangedByTheLanguageFields() throws {
        let layout = try ShaperKind.realFonts.layout()
        var english = Self.invoice(language: nil)
        english.allocationNumber = ""
        var explicit = english
        explicit.language = "en"
        #expect(layout.document(for: english) == layout.document(for: explicit))
        #expect(layout.document(for: english).metadata.direction == .leftToRight)
    }
}
