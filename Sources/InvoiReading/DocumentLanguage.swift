import InvoiLocalization
import InvoiModel

/// The language a received invoice is printed in: the one the file states, else the one its
/// notes are clearly written in, else its seller's country's; English when none tells.
enum DocumentLanguage {
    /// The catalog code for the document (nil is English, as for invoi's own JSON).
    /// `stated` is the file's language (CII's `LanguageID`, UBL has none), `texts` its notes,
    /// `sellerCountry` the seller's country code (BT-40) as written.
    static func resolve(stated: String, texts: [String], sellerCountry: String, log: inout ReadingLog) -> String? {
        if let language = Language(tag: stated) { return printed(language) }
        if let language = guess(from: texts) { return printed(language) }
        let language =
            (sellerCountry == "BE" ? "nl" : countryLanguages[sellerCountry]).flatMap(Language.init(tag:)) ?? .english
        log.add(.languageFromCountry(language: language.code, country: sellerCountry))
        return printed(language)
    }

    private static func printed(_ language: Language) -> String? {
        language == .english ? nil : language.code
    }

    /// The language of `texts` when it is clear, else nil: a script only one catalog (or one of
    /// two told apart by their own letters) writes in, or, in Latin script, the language whose
    /// common short words (articles, conjunctions, prepositions, a few invoice words) occur at
    /// least three times and twice as often as any other's. Short notes that say little decide
    /// nothing.
    static func guess(from texts: [String]) -> Language? {
        var scripts: [String: Int] = [:]
        var words: [Substring] = []
        for text in texts {
            for scalar in text.unicodeScalars {
                if let script = script(of: scalar) { scripts[script, default: 0] += 1 }
                // The letters that tell Persian from Arabic, Ukrainian from Russian.
                if [0x067E, 0x0686, 0x0698, 0x06AF].contains(scalar.value) { scripts["persian", default: 0] += 1 }
                if [0x0454, 0x0456, 0x0457, 0x0491].contains(scalar.value) { scripts["ukrainian", default: 0] += 1 }
            }
            words += text.lowercased().split { !$0.isLetter }
        }
        // A script other than Latin with a dozen letters decides.
        if let (script, count) = scripts.filter({ $0.key != "persian" && $0.key != "ukrainian" })
            .max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }), count >= 12
        {
            if let code = scriptLanguage(script, scripts: scripts) { return Language(tag: code) }
        }
        var scores: [String: Int] = [:]
        for word in words {
            for (code, list) in stopWords where list.contains(String(word)) { scores[code, default: 0] += 1 }
        }
        let ranked = scores.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
        guard let best = ranked.first, best.value >= 3 else { return nil }
        if ranked.count > 1, ranked[1].value * 2 > best.value { return nil }
        return Language(tag: best.key)
    }

    private static func script(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0370...0x03FF: "greek"
        case 0x0400...0x04FF: "cyrillic"
        case 0x0590...0x05FF: "hebrew"
        case 0x0600...0x06FF: "arabic"
        case 0x3040...0x30FF: "kana"
        case 0x4E00...0x9FFF: "han"
        case 0xAC00...0xD7AF: "hangul"
        default: nil
        }
    }

    private static func scriptLanguage(_ script: String, scripts: [String: Int]) -> String? {
        switch script {
        case "greek": "el"
        case "hebrew": "he"
        case "hangul": "ko"
        case "kana": "ja"
        // Japanese writes Han with kana; Chinese without.
        case "han": (scripts["kana"] ?? 0) > 0 ? "ja" : "zh-Hans"
        case "cyrillic": (scripts["ukrainian"] ?? 0) > 0 ? "uk" : "ru"
        case "arabic": (scripts["persian"] ?? 0) > 0 ? "fa" : "ar"
        default: nil
        }
    }

    /// Frequent short words of each Latin-script catalog's language; a word several languages
    /// share counts for each, and so decides nothing between them.
    static let stopWords: [String: Set<String>] = [
        "en": ["the", "and", "of", "for", "with", "please", "this", "are", "your", "will", "within", "our", "is"],
        "de": [
            "der", "die", "das", "und", "ist", "mit", "für", "nicht", "wir", "bitte", "sie", "zu", "den", "dem",
            "des", "auf", "vom", "zahlbar", "rechnung", "ihre", "tage",
        ],
        "fr": [
            "le", "la", "les", "et", "est", "des", "du", "pour", "avec", "une", "nous", "vous", "facture", "paiement",
            "sur", "par", "au",
        ],
        "es": ["el", "los", "las", "y", "es", "del", "para", "con", "una", "por", "factura", "pago", "su"],
        "it": [
            "il", "gli", "della", "di", "e", "è", "per", "con", "una", "sono", "fattura", "pagamento", "che", "del",
        ],
        "nl": ["het", "een", "van", "en", "voor", "met", "niet", "wij", "u", "factuur", "betaling", "op", "te"],
        "pt": ["o", "os", "as", "e", "é", "da", "do", "para", "com", "uma", "não", "fatura", "pagamento", "em"],
        "pl": ["i", "w", "z", "na", "jest", "się", "do", "nie", "że", "faktura", "płatność", "oraz", "za"],
        "sv": ["och", "är", "att", "för", "med", "på", "av", "det", "som", "faktura", "betalning", "inte"],
        "da": ["og", "er", "at", "med", "på", "af", "det", "som", "ikke", "faktura", "betaling", "til"],
        "nb": ["og", "er", "å", "med", "på", "av", "det", "som", "ikke", "faktura", "betaling", "til"],
        "fi": ["ja", "on", "ei", "se", "että", "lasku", "maksu", "kanssa", "tai"],
        "cs": ["a", "je", "se", "na", "v", "z", "do", "faktura", "platba", "pro", "že", "nebo"],
        "sk": ["a", "je", "sa", "na", "v", "z", "do", "faktúra", "platba", "pre", "že", "alebo"],
        "ro": ["și", "este", "cu", "pentru", "în", "factura", "factură", "plată", "nu", "un"],
        "hu": ["az", "és", "hogy", "nem", "számla", "fizetés", "egy", "van", "meg"],
        "tr": ["ve", "bir", "bu", "için", "ile", "fatura", "ödeme", "olarak"],
    ]

    /// The usual language of an invoice from a seller in each country (by ISO 3166 code), where
    /// invoi has its catalog; Belgium reads Dutch unless the notes say otherwise, Switzerland German.
    static let countryLanguages: [String: String] = [
        "DE": "de", "AT": "de", "CH": "de", "LI": "de",
        "FR": "fr", "LU": "fr", "MC": "fr",
        "NL": "nl", "IT": "it", "SM": "it", "VA": "it", "ES": "es", "PT": "pt", "BR": "pt",
        "PL": "pl", "SE": "sv", "DK": "da", "NO": "nb", "FI": "fi", "CZ": "cs", "SK": "sk",
        "RO": "ro", "MD": "ro", "HU": "hu", "GR": "el", "CY": "el", "TR": "tr",
        "RU": "ru", "BY": "ru", "KZ": "ru", "UA": "uk", "IL": "he", "IR": "fa",
        "JP": "ja", "CN": "zh-Hans", "KR": "ko",
        "SA": "ar", "AE": "ar", "OM": "ar", "QA": "ar", "KW": "ar", "BH": "ar", "EG": "ar", "JO": "ar",
        "LB": "ar", "IQ": "ar", "MA": "ar", "DZ": "ar", "TN": "ar", "LY": "ar", "YE": "ar",
        "GB": "en", "IE": "en", "US": "en", "CA": "en", "AU": "en", "NZ": "en", "SG": "en", "MY": "en", "IN": "en",
    ]
}
