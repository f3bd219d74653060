/// One language's words: the contents of `Catalogs/<code>.json`, embedded in the binary.
public struct Catalog: Sendable {
    public let language: Language
    /// The text of every key. A key the file lacks (the catalog tests forbid it) reads as English.
    public let words: [WordKey: String]
    /// Why a key is a legal term where it is one, in English, for reviewers and `invoi languages --keys`.
    public let legalNotes: [WordKey: String]
    /// Keys whose text is the English one on purpose, and why ("SWIFT/BIC").
    public let sameAsEnglish: [WordKey: String]
    /// Keys and notes the file names that invoi does not know (the catalog tests forbid them).
    public let unknownKeys: [String]

    /// The catalog of `language`, parsed once per process on first use.
    public static func of(_ language: Language) -> Catalog {
        switch language.code {
        case "de": german
        case "fr": french
        case "es": spanish
        case "it": italian
        case "nl": dutch
        case "pt": portuguese
        case "pl": polish
        case "sv": swedish
        case "da": danish
        case "nb": norwegian
        case "fi": finnish
        case "cs": czech
        case "sk": slovak
        case "ro": romanian
        case "hu": hungarian
        case "el": greek
        case "tr": turkish
        case "ru": russian
        case "uk": ukrainian
        case "he": hebrew
        case "ar": arabic
        case "fa": persian
        case "ja": japanese
        case "zh-Hans": chinese
        case "ko": korean
        default: english
        }
    }

    // Each parsed on its first use only: an English render parses en.json alone.
    static let english = Catalog(.english, PackageResources.en_json)
    static let german = Catalog("de", PackageResources.de_json)
    static let french = Catalog("fr", PackageResources.fr_json)
    static let spanish = Catalog("es", PackageResources.es_json)
    static let italian = Catalog("it", PackageResources.it_json)
    static let dutch = Catalog("nl", PackageResources.nl_json)
    static let portuguese = Catalog("pt", PackageResources.pt_json)
    static let polish = Catalog("pl", PackageResources.pl_json)
    static let swedish = Catalog("sv", PackageResources.sv_json)
    static let danish = Catalog("da", PackageResources.da_json)
    static let norwegian = Catalog("nb", PackageResources.nb_json)
    static let finnish = Catalog("fi", PackageResources.fi_json)
    static let czech = Catalog("cs", PackageResources.cs_json)
    static let slovak = Catalog("sk", PackageResources.sk_json)
    static let romanian = Catalog("ro", PackageResources.ro_json)
    static let hungarian = Catalog("hu", PackageResources.hu_json)
    static let greek = Catalog("el", PackageResources.el_json)
    static let turkish = Catalog("tr", PackageResources.tr_json)
    static let russian = Catalog("ru", PackageResources.ru_json)
    static let ukrainian = Catalog("uk", PackageResources.uk_json)
    static let hebrew = Catalog("he", PackageResources.he_json)
    static let arabic = Catalog("ar", PackageResources.ar_json)
    static let persian = Catalog("fa", PackageResources.fa_json)
    static let japanese = Catalog("ja", PackageResources.ja_json)
    static let chinese = Catalog("zh-Hans", PackageResources.zh_Hans_json)
    static let korean = Catalog("ko", PackageResources.ko_json)

    private init(_ code: String, _ bytes: [UInt8]) {
        self.init(Language(tag: code) ?? .english, bytes)
    }

    private init(_ language: Language, _ bytes: [UInt8]) {
        self.language = language
        let file = CatalogFile(json: bytes)
        var unknown: [String] = []
        func keyed(_ entries: [String: String]?) -> [WordKey: String] {
            var result: [WordKey: String] = [:]
            for (name, text) in entries ?? [:] {
                if let key = WordKey(rawValue: name) { result[key] = text } else { unknown.append(name) }
            }
            return result
        }
        let words = keyed(file?.words)
        legalNotes = keyed(file?.legal)
        sameAsEnglish = keyed(file?.sameAsEnglish)
        unknownKeys = unknown.sorted()
        if language == .english || file == nil {
            self.words = words
        } else {
            self.words = words.merging(Catalog.english.words) { own, _ in own }
        }
        isComplete = file != nil && WordKey.allCases.allSatisfy { words[$0] != nil }
    }

    /// Whether the file parsed and names every key (else English fills the gaps).
    public let isComplete: Bool

    /// The text of `key` as the catalog writes it, placeholders unfilled.
    public subscript(key: WordKey) -> String { words[key] ?? key.rawValue }
}
