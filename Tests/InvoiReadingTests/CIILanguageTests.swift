import InvoiModel
import Testing

@testable import InvoiReading

/// The document's language where the file does not state it (shared by the CII and UBL readers).
@Suite struct CIILanguageTests {
    static func resolve(_ texts: [String], country: String = "") -> (String?, [ReadingFallback]) {
        var log = ReadingLog()
        let language = DocumentLanguage.resolve(stated: "", texts: texts, sellerCountry: country, log: &log)
        return (language, log.fallbacks)
    }

    @Test func clearWordsDecide() {
        #expect(
            Self.resolve(
                ["Zahlbar innerhalb von 14 Tagen ohne Abzug. Bitte geben Sie die Rechnungsnummer an."], country: "FR")
                == ("de", []))
        #expect(
            Self.resolve(
                ["Paiement à 30 jours. Merci pour votre confiance, le montant est dû à la date de la facture."],
                country: "DE") == ("fr", []))
        #expect(
            Self.resolve(
                ["Betaling binnen 30 dagen op rekening van de leverancier, met vermelding van het factuurnummer."],
                country: "BE") == ("nl", []))
        // English is nil, as for invoi's own JSON.
        #expect(
            Self.resolve(
                ["Please pay within 30 days and quote the number of this invoice with your payment."], country: "DE")
                == (nil, []))
    }

    @Test func scriptsDecide() {
        #expect(Self.resolve(["お支払いは請求書発行日から三十日以内にお願いします。"]) == ("ja", []))
        #expect(Self.resolve(["يرجى الدفع خلال ثلاثين يوما من تاريخ الفاتورة"]) == ("ar", []))
        #expect(Self.resolve(["Оплата протягом тридцяти днів з дати рахунку, дякуємо"]) == ("uk", []))
    }

    /// Too few words decide nothing: the seller's country does, logged.
    @Test func otherwiseTheSellersCountry() {
        #expect(
            Self.resolve(["Betriebsstätte"], country: "AT") == (
                "de", [.languageFromCountry(language: "de", country: "AT")]
            ))
        #expect(
            Self.resolve(["Ref 42"], country: "BE") == ("nl", [.languageFromCountry(language: "nl", country: "BE")]))
        #expect(Self.resolve([], country: "JP") == ("ja", [.languageFromCountry(language: "ja", country: "JP")]))
        #expect(Self.resolve([], country: "SA") == ("ar", [.languageFromCountry(language: "ar", country: "SA")]))
        #expect(Self.resolve([], country: "GB") == (nil, [.languageFromCountry(language: "en", country: "GB")]))
        #expect(Self.resolve([], country: "") == (nil, [.languageFromCountry(language: "en", country: "")]))
    }

    /// A stated language invoi has a catalog for wins; one it has none for is passed over.
    @Test func theStatedLanguage() {
        var log = ReadingLog()
        #expect(DocumentLanguage.resolve(stated: "de-CH", texts: [], sellerCountry: "FR", log: &log) == "de")
        #expect(log.fallbacks.isEmpty)
        #expect(DocumentLanguage.resolve(stated: "xx", texts: [], sellerCountry: "FR", log: &log) == "fr")
        #expect(log.fallbacks == [.languageFromCountry(language: "fr", country: "FR")])
    }
}
