import Testing

@testable import InvoiLocalization

@Suite("Wording")
struct WordingTests {
    @Test func templatesFillTheirPlaceholdersAndKeepOtherBraces() {
        let template = Template("{number} · Page {page} of {pages} {x} {")
        #expect(template.placeholders == [.number, .page, .pages])
        #expect(template.filled { $0.rawValue.uppercased() } == "NUMBER · Page PAGE of PAGES {x} {")
        #expect(Template.unknownPlaceholders(in: "GST {rate}% on {total}") == ["total"])
        #expect(Template.unknownPlaceholders(in: "GST {rate}%").isEmpty)
    }

    @Test func tagsFindTheirCatalog() {
        #expect(Language(tag: "pt-BR")?.code == "pt")
        #expect(Language(tag: "de_AT")?.code == "de")
        #expect(Language(tag: "HE")?.code == "he")
        #expect(Language(tag: "iw")?.code == "he")
        #expect(Language(tag: "no")?.code == "nb")
        #expect(Language(tag: "zh")?.code == "zh-Hans")
        #expect(Language(tag: "zh-Hans-CN")?.code == "zh-Hans")
        #expect(Language(tag: "zh-TW") == nil)
        #expect(Language(tag: "xx") == nil)
        #expect(Language(tag: "") == nil)
    }

    @Test func unknownTagsSuggestCloseLanguages() {
        #expect(Language.closest(to: "hebrew").map(\.code) == ["he"])
        #expect(Language.closest(to: "Deutsch").map(\.code) == ["de"])
        #expect(Language.closest(to: "jp").map(\.code) == ["ja"])
        #expect(Language.closest(to: "qqqqqq").isEmpty)
    }

    @Test func directionComesFromCLDR() {
        #expect(Language.all.filter(\.isRightToLeft).map(\.code) == ["he", "ar", "fa"])
    }

    @Test func upperCasingFollowsTheLanguage() {
        #expect(Wording(language: Language(tag: "tr")!).uppercased("Fatura tarihi") == "FATURA TARİHİ")
        #expect(Wording(language: .english).uppercased("Fatura tarihi") == "FATURA TARIHI")
        #expect(Wording(language: Language(tag: "de")!).uppercased("Straße") == "STRASSE")
        #expect(Wording(language: Language(tag: "el")!).uppercased("Ημερομηνία") == "ΗΜΕΡΟΜΗΝΙΑ")
    }

    @Test func labelsOverrideTheCatalog() {
        let wording = Wording(language: .english, labels: [.tax: "GST {rate}%", .billTo: "Client"])
        #expect(wording.text(.tax, [.rate: "10"]) == "GST 10%")
        #expect(wording[.billTo] == "Client")
        #expect(wording[.total] == "Total")
    }

    @Test func rightToLeftDocumentsIsolateValuesThatAreNotPlainNumbers() {
        let hebrew = Wording(language: Language(tag: "he")!)
        #expect(hebrew.isRightToLeft)
        #expect(
            hebrew.text(.footer, [.number: "IL-2026-7", .page: "1", .pages: "2"])
                == "\u{2068}IL-2026-7\u{2069} · עמוד 1 מתוך 2")
        #expect(hebrew.text(.tax, [.rate: "18"]) == "מע״מ 18%")
        let english = Wording(language: .english)
        #expect(english.text(.footer, [.number: "IL-2026-7", .page: "1", .pages: "2"]) == "IL-2026-7 · Page 1 of 2")
        let forced = Wording(language: .english, isRightToLeft: true)
        #expect(forced.isolated("+972-50-1234567") == "\u{2068}+972-50-1234567\u{2069}")
    }

    /// The catalogs' `%` goes with Latin digits; other digits take their own sign, inside the
    /// rate's isolate, and every other text is left as it is.
    @Test func thePercentSignFollowsTheDigits() throws {
        let persian = Wording(language: try #require(Language(tag: "fa")))
        #expect(persian.text(.tax, [.rate: "۵"], percentSign: "٪") == "مالیات بر ارزش افزوده \u{2068}۵٪\u{2069}")
        #expect(persian.text(.discountPercent, [.rate: "۱۰"], percentSign: "٪") == "تخفیف (\u{2068}۱۰٪\u{2069})")
        #expect(persian.text(.tax, [.rate: "5"], percentSign: "%") == persian.text(.tax, [.rate: "5"]))
        let relabelled = Wording(language: .english, labels: [.tax: "GST {rate}", .discountPercent: "{rate}% off%"])
        #expect(relabelled.text(.tax, [.rate: "۵"], percentSign: "٪") == "GST ۵")
        #expect(relabelled.text(.discountPercent, [.rate: "۵"], percentSign: "٪") == "۵٪ off%")
        let english = Wording.english
        #expect(english.text(.tax, [.rate: "20"], percentSign: "%") == "VAT 20%")
    }
}

@Suite struct IdentifierIsolateTests {
    @Test func rightToLeftWordsInsideAnIdentifierAreIsolatesOfTheirOwn() {
        let wording = Wording(language: .english)
        #expect(
            wording.identifier("IL62 0108 בנק 0000 0009")
                == "\u{2066}IL62 0108 \u{2067}בנק\u{2069} 0000 0009\u{2069}")
        // Words and the spaces between them are one run; a digit ends it.
        #expect(wording.identifier("פרויקט אלפא") == "\u{2066}\u{2067}פרויקט אלפא\u{2069}\u{2069}")
        #expect(wording.identifier("חש-2026-7") == "\u{2066}\u{2067}חש\u{2069}-2026-7\u{2069}")
        #expect(wording.identifier("INV-0001") == "INV-0001")
    }

    @Test func aLabelWithMarksIsolatesItsValues() {
        let marked = Wording(language: .english, labels: [.allocationNumber: "Alloc\u{200F} {number}"])
        #expect(marked.text(.allocationNumber, [.number: "12 34 56"]) == "Alloc\u{200F} \u{2066}12 34 56\u{2069}")
        let hebrew = Wording(language: .english, labels: [.allocationNumber: "מספר {number}"])
        #expect(hebrew.text(.allocationNumber, [.number: "12 34"]) == "מספר \u{2066}12 34\u{2069}")
        #expect(Wording.english.text(.allocationNumber, [.number: "12 34"]) == "Allocation No. 12 34")
    }
}
