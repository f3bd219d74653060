import Synchronization

/// One language's words: the contents of `Catalogs/<code>.json`, embedded in the binary.
public struct Catalog: Sendable {
    public let language: Language
    /// The text of every key a render of invoi's own invoices uses. A key the file lacks (the
    /// catalog tests forbid it) reads as English.
    private let commonWords: [WordKey: String]
    /// The words only a received e-invoice's page uses, read from the file on first use.
    fileprivate let received: ReceivedWords

    /// The text of every key (the received invoice's words read if they were not yet).
    public var words: [WordKey: String] { commonWords.merging(received.words) { own, _ in own } }
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
        received = ReceivedWords(language: language, bytes: bytes)
        let file = CatalogFile(json: bytes)
        var unknown: [String] = []
        func keyed(_ entries: [String: String]?) -> [WordKey: String] {
            var result: [WordKey: String] = [:]
            for (name, text) in entries ?? [:] {
                if let key = WordKey.named[name] { result[key] = text } else { unknown.append(name) }
            }
            return result
        }
        let words = keyed(file?.words)
        legalNotes = keyed(file?.legal)
        sameAsEnglish = keyed(file?.sameAsEnglish)
        unknownKeys = unknown.sorted()
        if language == .english || file == nil {
            commonWords = words
        } else {
            commonWords = words.merging(Catalog.english.commonWords) { own, _ in own }
        }
        parses = file != nil
        ownWords = Set(words.keys)
    }

    private let parses: Bool
    /// The keys of `commonWords` the file itself names.
    private let ownWords: Set<WordKey>

    /// Whether the file parsed and names every key (else English fills the gaps).
    public var isComplete: Bool {
        parses && WordKey.allCases.allSatisfy { $0.isReceivedWord || ownWords.contains($0) }
            && received.namesEveryKey
    }

    /// The text of `key` as the catalog writes it, placeholders unfilled.
    public subscript(key: WordKey) -> String {
        (key.isReceivedWord ? received.words[key] : commonWords[key]) ?? key.rawValue
    }
}

/// A catalog's words for a received e-invoice's page (the business terms, their groups, the
/// stated totals): read from the file the first time one is asked for, so that a render of
/// invoi's own invoice never reads them. Shared by every copy of its catalog.
private final class ReceivedWords: Sendable {
    let language: Language
    let bytes: [UInt8]
    private let storage = Mutex<Read?>(nil)

    private struct Read {
        var words: [WordKey: String]
        var namesEveryKey: Bool
    }

    init(language: Language, bytes: [UInt8]) {
        self.language = language
        self.bytes = bytes
    }

    var words: [WordKey: String] { read().words }
    var namesEveryKey: Bool { read().namesEveryKey }

    private func read() -> Read {
        if let read = storage.withLock({ $0 }) { return read }
        var words: [WordKey: String] = [:]
        for (name, text) in CatalogFile(json: bytes, readingReceivedWords: true)?.receivedWords ?? [:] {
            if let key = WordKey.named[name], key.isReceivedWord { words[key] = text }
        }
        let namesEveryKey = WordKey.receivedWords.allSatisfy { words[$0] != nil }
        // English fills a gap, as it does for the other words (outside the lock: it takes its own).
        if language != .english { words.merge(Catalog.english.received.words) { own, _ in own } }
        let read = Read(words: words, namesEveryKey: namesEveryKey)
        storage.withLock { $0 = read }
        return read
    }
}
