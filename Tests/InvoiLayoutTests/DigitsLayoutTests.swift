import Foundation
import InvoiDocument
import InvoiLayout
import InvoiModel
import Testing

/// A Persian page writes its numbers in Persian digits; identifiers stay ASCII.
@Suite struct DigitsLayoutTests {
    static func invoice(items: Int = 2, digits: Digits? = nil) -> Invoice {
        var invoice = Invoice(
            fromName: "استودیو طراحی پارسه", fromPhone: "+971 4 555 0199", toName: "شرکت بازرگانی آریا",
            invoiceNumber: "EST-1405-08", issueDate: CalendarDate(year: 2026, month: 3, day: 12)!,
            dueDate: CalendarDate(year: 2026, month: 4, day: 12)!, currency: Currency(code: "AED")!, vatRate: 5,
            lineItems: (1...items).map {
                LineItem(id: "\($0)", description: "طراحی", quantity: Decimal($0) + 0.5, rate: 1800)
            },
            bankAccount: "AE07 0331 2345 6789 0123 456", language: "fa",
            discount: Discount(kind: .percentage, value: 10))
        invoice.digits = digits
        invoice.lineItems[0].unit = UnitCode(code: "HUR")!
        return invoice
    }

    static let persianDigits = Set("۰۱۲۳۴۵۶۷۸۹".unicodeScalars)

    static func hasPersianDigits(_ text: String) -> Bool {
        text.unicodeScalars.contains { persianDigits.contains($0) }
    }

    static func hasASCIIDigits(_ text: String) -> Bool {
        text.unicodeScalars.contains { ("0"..."9").contains($0) }
    }

    @Test(arguments: ShaperKind.allCases)
    func numbersAreInPersianDigitsAndIdentifiersInASCII(_ kind: ShaperKind) throws {
        let document = try kind.layout().document(for: Self.invoice())
        let texts = document.allTextOps.map(\.text)
        // Dates, quantities (with their unit), rates, amounts, the tax and discount rates.
        for shown in ["۱۲ مارس ۲۰۲۶", "۱۲ آوریل ۲۰۲۶", "AED\u{A0}۱٬۸۰۰٫۰۰", "AED\u{A0}۲٬۷۰۰٫۰۰", "۲٫۵"] {
            #expect(texts.contains { $0.contains(shown) }, "\(shown) in \(texts)")
        }
        #expect(texts.contains { $0.contains("۱٫۵") }, "the quantity in hours")
        #expect(texts.contains { $0.contains("۵٪") && $0.hasPrefix("مالیات") }, "the tax row")
        #expect(texts.contains { $0.contains("۱۰٪") && $0.hasPrefix("تخفیف") }, "the discount row")
        // No number the page computed or dated is in ASCII digits; identifiers are nothing else.
        let identifiers = ["EST-1405-08", "+971 4 555 0199", "AE07 0331 2345 6789 0123 456"]
        for text in texts where Self.hasASCIIDigits(text) {
            #expect(identifiers.contains { text.contains($0) }, "ASCII digits in \(text)")
            #expect(!Self.hasPersianDigits(text), "\(text)")
        }
        for identifier in identifiers {
            #expect(texts.contains { $0.contains(identifier) }, "\(identifier) stays ASCII")
        }
    }

    @Test func latinDigitsAreAskedForAndTheDefaultElsewhere() throws {
        let layout = try ShaperKind.fixedAdvances.layout()
        let latin = layout.document(for: Self.invoice(digits: .latin)).allTextOps.map(\.text)
        #expect(!latin.contains { Self.hasPersianDigits($0) })
        #expect(latin.contains("12 مارس 2026") && latin.contains { $0.contains("5%") })
        var arabic = Self.invoice()
        arabic.language = "ar"
        #expect(!layout.document(for: arabic).allTextOps.contains { Self.hasPersianDigits($0.text) })
    }

    @Test func theFooterNumbersItsPagesInPersianDigits() throws {
        let document = try ShaperKind.realFonts.layout().document(for: Self.invoice(items: 40))
        let count = document.pages.count
        try #require(count > 1)
        let footers = document.allTextOps.filter { $0.text.contains("EST-1405-08") && $0.text.contains("·") }
        let pages = NumberingSystem.native(language: "fa")
        #expect(
            footers.map(\.text)
                == (1...count).map {
                    "\u{2066}EST-1405-08\u{2069} · صفحه \u{2068}\(pages.string($0))\u{2069} از \u{2068}\(pages.string(count))\u{2069}"
                })
    }
}
