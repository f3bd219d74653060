import Foundation
import Testing

@testable import InvoiLocalization

@Suite("Catalogs")
struct CatalogTests {
    static let catalogFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/InvoiLocalization/Catalogs")

    @Test func theFolderHoldsACatalogForEveryLanguageAndNoOther() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.catalogFolder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == Language.all.map { $0.code + ".json" }.sorted())
        #expect(Language.all.count >= 26)
    }

    @Test(arguments: Language.all)
    func everyCatalogParsesAndHasEveryKey(_ language: Language) {
        let catalog = Catalog.of(language)
        #expect(catalog.language == language)
        #expect(catalog.isComplete, "\(language) lacks a key or does not parse")
        #expect(catalog.unknownKeys.isEmpty, "\(language) names keys invoi does not know: \(catalog.unknownKeys)")
        for key in WordKey.allCases {
            #expect(!(catalog.words[key] ?? "").trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(key)")
        }
    }

    @Test(arguments: Language.all)
    func everyTextUsesExactlyItsKeysPlaceholders(_ language: Language) {
        let catalog = Catalog.of(language)
        for key in WordKey.allCases {
            let text = catalog[key]
            #expect(
                Template(text).placeholders.sorted(by: { $0.rawValue < $1.rawValue })
                    == key.placeholders.sorted(by: { $0.rawValue < $1.rawValue }),
                "\(language) \(key.rawValue): \(text)")
            #expect(Template.unknownPlaceholders(in: text).isEmpty, "\(language) \(key.rawValue): \(text)")
        }
    }

    /// An English text left in another language's catalog is a placeholder unless the
    /// catalog says why that language prints the English word.
    @Test(arguments: Language.all.filter { $0 != .english })
    func noCatalogKeepsAnEnglishTextItDoesNotExplain(_ language: Language) {
        let catalog = Catalog.of(language)
        let english = Catalog.of(.english)
        for key in WordKey.allCases {
            let same = catalog[key] == english[key]
            #expect(
                same == (catalog.sameAsEnglish[key] != nil),
                "\(language) \(key.rawValue): \(same ? "English text without a reason" : "a reason for a text that is not English")"
            )
        }
        for (key, reason) in catalog.sameAsEnglish {
            #expect(reason.count > 10, "\(language) \(key.rawValue): say why")
        }
    }

    /// Where a language has its own script, every text it does not explain is written in it:
    /// a Latin word in the Hebrew catalog is an untranslated one.
    @Test(arguments: Language.all.filter { Self.script($0) != nil })
    func textsAreWrittenInTheLanguagesScript(_ language: Language) throws {
        let script = try #require(Self.script(language))
        let catalog = Catalog.of(language)
        for key in WordKey.allCases where catalog.sameAsEnglish[key] == nil {
            let text = Template(catalog[key]).filled { _ in "" }
            #expect(text.unicodeScalars.contains(where: script), "\(language) \(key.rawValue): \(text)")
            // Acronyms such as SWIFT are written in Latin letters everywhere.
            let latinWords = text.split(whereSeparator: { !$0.isLetter }).filter {
                $0.allSatisfy(\.isASCII) && $0.contains(where: \.isLowercase)
            }
            #expect(latinWords.isEmpty, "\(language) \(key.rawValue) has Latin words \(latinWords)")
        }
    }

    static func script(_ language: Language) -> ((Unicode.Scalar) -> Bool)? {
        func within(_ ranges: ClosedRange<UInt32>...) -> (Unicode.Scalar) -> Bool {
            { scalar in ranges.contains { $0.contains(scalar.value) } }
        }
        return switch language.code {
        case "he": within(0x0590...0x05FF)
        case "ar", "fa": within(0x0600...0x06FF)
        case "el": within(0x0370...0x03FF)
        case "ru", "uk": within(0x0400...0x04FF)
        case "ja": within(0x3040...0x30FF, 0x4E00...0x9FFF)
        case "zh-Hans": within(0x4E00...0x9FFF)
        case "ko": within(0xAC00...0xD7AF)
        default: nil
        }
    }

    @Test(arguments: Language.all)
    func everyCatalogNotesItsLegalTerms(_ language: Language) {
        let notes = Catalog.of(language).legalNotes
        for key in [WordKey.tax, .taxId] {
            #expect((notes[key]?.count ?? 0) > 10, "\(language) has no legal note for \(key.rawValue)")
        }
    }

    @Test func theWordsNativeAccountantsPrint() {
        let expected: [(String, WordKey, String)] = [
            ("de", .invoiceTitle, "Rechnung"), ("fr", .invoiceTitle, "Facture"), ("he", .invoiceTitle, "חשבון עסקה"),
            ("he", .taxInvoiceTitle, "חשבונית מס"), ("he", .taxInvoiceReceiptTitle, "חשבונית מס / קבלה"),
            ("he", .receiptTitle, "קבלה"), ("he", .proformaTitle, "חשבון עסקה"),
            ("he", .creditNoteTitle, "חשבונית זיכוי"), ("he", .tax, "מע״מ {rate}%"),
            ("he", .originalMark, "מקור"), ("he", .copyMark, "העתק"), ("he", .certifiedCopyMark, "העתק נאמן למקור"),
            ("he", .signedNote, "מסמך חתום דיגיטלית"), ("en", .signedNote, "Digitally signed document"),
            ("fr", .copyMark, "Duplicata"), ("es", .copyMark, "Duplicado"), ("tr", .originalMark, "Asıl"),
            ("tr", .copyMark, "Suret"),
        ]
        for (code, key, text) in expected {
            #expect(Catalog.of(Language(tag: code)!)[key] == text)
        }
    }

    /// The items table's heads as a native invoice prints them: short where they sit over
    /// numbers, in the catalog's own abbreviations.
    @Test func theColumnHeadsNativeInvoicesPrint() {
        let expected: [(String, WordKey, String)] = [
            ("en", .itemColumn, "Item No."), ("en", .dateColumn, "Date"), ("en", .unitColumn, "Unit"),
            ("en", .discountColumn, "Discount"), ("en", .taxColumn, "VAT"),
            ("de", .itemColumn, "Art.-Nr."), ("de", .dateColumn, "Datum"), ("de", .unitColumn, "Einheit"),
            ("de", .discountColumn, "Rabatt"), ("de", .taxColumn, "USt."),
            ("fr", .itemColumn, "Réf."), ("fr", .dateColumn, "Date"), ("fr", .unitColumn, "Unité"),
            ("fr", .discountColumn, "Remise"), ("fr", .taxColumn, "TVA"),
            ("he", .itemColumn, "מק״ט"), ("he", .dateColumn, "תאריך"), ("he", .unitColumn, "יחידה"),
            ("he", .discountColumn, "הנחה"), ("he", .taxColumn, "מע״מ"),
            ("ja", .itemColumn, "品番"), ("ja", .unitColumn, "単位"), ("ja", .taxColumn, "税率"),
            ("zh-Hans", .unitColumn, "单位"), ("zh-Hans", .taxColumn, "税率"),
            ("pl", .unitColumn, "J.m."), ("pl", .taxColumn, "Stawka VAT"),
        ]
        for (code, key, text) in expected {
            #expect(Catalog.of(Language(tag: code)!)[key] == text, "\(code) \(key.rawValue)")
        }
    }

    /// The languages whose tax column is headed by the words for "tax rate" rather than by the
    /// tax's name, as their invoices print it (税率, 세율, نسبة الضريبة, نرخ مالیات).
    static let taxRateHeads: Set<String> = ["ar", "fa", "ja", "ko", "zh-Hans"]

    /// The tax column names the tax as the tax row does ("USt." over "USt. 19 %"), never another
    /// word for it ("MwSt."), so a reader sees one tax.
    @Test(arguments: Language.all.filter { !Self.taxRateHeads.contains($0.code) })
    func theTaxColumnNamesTheTaxAsTheTaxRowDoes(_ language: Language) {
        let catalog = Catalog.of(language)
        let name = Template(catalog[.tax]).filled { _ in "" }
            .replacingOccurrences(of: "%", with: "").trimmingCharacters(in: .whitespaces)
        #expect(!name.isEmpty)
        #expect(catalog[.taxColumn].contains(name), "\(language.code): \(catalog[.taxColumn]) lacks \(name)")
    }

    /// Every column head differs from the others, so a reader can tell the columns apart.
    @Test(arguments: Language.all)
    func theColumnHeadsAreDistinct(_ language: Language) {
        let catalog = Catalog.of(language)
        let heads = [
            WordKey.itemColumn, .descriptionColumn, .dateColumn, .quantityColumn, .unitColumn, .rateColumn,
            .discountColumn, .taxColumn, .amountColumn,
        ].map { catalog[$0] }
        #expect(Set(heads).count == heads.count, "\(language.code): \(heads)")
    }

    /// Original, copy and certified copy are three different words in every language, and a
    /// signed document says so in each.
    @Test(arguments: Language.all)
    func theCopyMarksAreDistinctAndTheSignedNoteIsThere(language: Language) {
        let catalog = Catalog.of(language)
        let marks = [WordKey.originalMark, .copyMark, .certifiedCopyMark].map { catalog[$0] }
        #expect(Set(marks).count == 3, "\(language.code): \(marks)")
        #expect(marks.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(!catalog[.signedNote].trimmingCharacters(in: .whitespaces).isEmpty)
    }

    /// Words that claim a legal document the title is not, or mean something else; each fixed
    /// entry's reason is its legal note in the catalog.
    static let misleadingWords: [(language: String, key: WordKey, word: String)] = [
        ("zh-Hans", .invoiceTitle, "发票"), ("zh-Hans", .taxInvoiceTitle, "发票"),
        ("zh-Hans", .taxInvoiceReceiptTitle, "发票"), ("uk", .taxInvoiceTitle, "Податкова накладна"),
        ("uk", .taxInvoiceReceiptTitle, "Податкова накладна"), ("uk", .creditNoteTitle, "Розрахунок коригування"),
        ("uk", .validUntil, "Дійсно"), ("ro", .taxInvoiceTitle, "fiscală"), ("ro", .taxInvoiceReceiptTitle, "fiscală"),
        ("hu", .taxInvoiceReceiptTitle, "Nyugta"), ("ko", .taxInvoiceReceiptTitle, "영수증"),
        ("ru", .taxInvoiceReceiptTitle, "Квитанция"), ("uk", .taxInvoiceReceiptTitle, "Квитанція"),
        ("ru", .buyerReference, "Ссылка"), ("uk", .buyerReference, "Посилання"), ("pl", .buyerReference, "Referencja"),
        ("fi", .servicePeriod, "Laskutus"), ("fr", .allocationNumber, "allocation"), ("fr", .totalWithoutTax, "TTC"),
        ("pl", .totalWithoutTax, "brutto"),
        // EN 16931's gross price (BT-148) is before the price discount and without VAT.
        ("de", .termGrossPrice, "Brutto"), ("pl", .termGrossPrice, "brutto"), ("hu", .termGrossPrice, "Bruttó"),
    ]

    @Test func noTitleClaimsADocumentItIsNot() {
        for (code, key, word) in Self.misleadingWords {
            let catalog = Catalog.of(Language(tag: code)!)
            #expect(!catalog[key].contains(word), "\(code) \(key.rawValue): \(catalog[key])")
            #expect((catalog.legalNotes[key]?.count ?? 0) > 40, "\(code) \(key.rawValue) says why in its legal note")
        }
        // A bare חשבונית is none of Israel's document types.
        #expect(Catalog.of(Language(tag: "he")!)[.invoiceTitle] != "חשבונית")
    }

    /// The space CLDR puts between a number and "%" in the language ("18 %" with a no-break
    /// space in French), or "" where it puts none; nil where the sign stands elsewhere.
    static func percentSeparator(_ language: Language) -> String? {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: language.code)
        formatter.numberStyle = .percent
        let text = String((formatter.string(from: 0.18) ?? "").unicodeScalars.filter { $0 != "\u{200E}" })
        guard text.hasPrefix("18"), text.hasSuffix("%") else { return nil }
        return String(text.dropFirst(2).dropLast())
    }

    @Test(arguments: Language.all)
    func aRateIsFollowedByThePercentSignAsCLDRWritesIt(_ language: Language) {
        guard let separator = Self.percentSeparator(language) else { return }
        let catalog = Catalog.of(language)
        for key in [WordKey.tax, .discountPercent, .vatOn] where catalog[key].contains("%") {
            #expect(catalog[key].contains("{rate}\(separator)%"), "\(language) \(key.rawValue): \(catalog[key])")
        }
    }

    /// A received e-invoice's business terms as the national e-invoicing formats print them
    /// (XRechnung's visualisation, Factur-X), and the reverse charge in the words each
    /// country's VAT law requires on the invoice (Article 226(11a) of the VAT Directive).
    @Test func theReceivedInvoicesWordsAreTheNationalTerms() {
        let expected: [(String, WordKey, String)] = [
            ("de", .termProjectReference, "Projektreferenz"), ("de", .termContractReference, "Vertragsnummer"),
            ("de", .termLinePeriod, "Leistungszeitraum"), ("de", .termPaymentMeans, "Zahlungsart"),
            ("de", .termMandateReference, "Mandatsreferenz"), ("de", .termCreditorIdentifier, "Gläubiger-ID"),
            ("de", .termRemittanceInformation, "Verwendungszweck"),
            ("de", .totalsTaxExclusive, "Gesamtbetrag ohne USt."),
            ("de", .totalsPayable, "Zahlbetrag"), ("fr", .termProjectReference, "Référence du projet"),
            ("fr", .totalsTaxExclusive, "Montant total HT"), ("fr", .totalsPayable, "Montant à payer"),
            ("de", .vatCategoryAE, "Steuerschuldnerschaft des Leistungsempfängers"),
            ("fr", .vatCategoryAE, "Autoliquidation"), ("es", .vatCategoryAE, "Inversión del sujeto pasivo"),
            ("it", .vatCategoryAE, "Inversione contabile"), ("nl", .vatCategoryAE, "Btw verlegd"),
            ("pt", .vatCategoryAE, "Autoliquidação"), ("pl", .vatCategoryAE, "Odwrotne obciążenie"),
            ("sk", .vatCategoryAE, "Prenesenie daňovej povinnosti"), ("ro", .vatCategoryAE, "Taxare inversă"),
            ("hu", .vatCategoryAE, "Fordított adózás"), ("sv", .vatCategoryAE, "Omvänd betalningsskyldighet"),
            ("da", .vatCategoryAE, "Omvendt betalingspligt"), ("fi", .vatCategoryAE, "Käännetty verovelvollisuus"),
            ("el", .vatCategoryAE, "Αντίστροφη επιβάρυνση"),
        ]
        for (code, key, text) in expected {
            #expect(Catalog.of(Language(tag: code)!)[key] == text, "\(code) \(key.rawValue)")
        }
    }

    /// The rows of a received invoice's totals, its VAT categories and its groups each have
    /// their own word, so that a reader can tell them apart.
    @Test(arguments: Language.all)
    func theReceivedInvoicesTotalsCategoriesAndSectionsAreDistinct(_ language: Language) {
        let catalog = Catalog.of(language)
        let groups: [[WordKey]] = [
            [
                .totalsLineTotal, .totalsAllowances, .totalsCharges, .totalsTaxExclusive, .totalsVat,
                .totalsTaxInclusive, .totalsPrepaid, .totalsRounding, .totalsPayable,
            ],
            [
                .vatCategoryS, .vatCategoryZ, .vatCategoryE, .vatCategoryAE, .vatCategoryK, .vatCategoryG,
                .vatCategoryO, .vatCategoryL, .vatCategoryM,
            ],
            [
                .sectionDocument, .sectionSeller, .sectionBuyer, .sectionPayee, .sectionTaxRepresentative,
                .sectionDelivery, .sectionPayment, .sectionLine, .sectionTotals, .sectionAttachments,
            ],
        ]
        for keys in groups {
            let words = keys.map { catalog[$0] }
            #expect(Set(words).count == words.count, "\(language.code): \(words)")
        }
    }
}
