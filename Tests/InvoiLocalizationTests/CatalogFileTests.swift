import Foundation
import Testing

@testable import InvoiLocalization

/// The catalog reader against JSONDecoder, which it replaced: the same fields from every
/// catalog, and nil wherever JSONDecoder throws.
@Suite("Catalog files")
struct CatalogFileTests {
    private struct Decoded: Decodable, Equatable {
        var language: String
        var words: [String: String]
        var legal: [String: String]?
        var sameAsEnglish: [String: String]?
    }

    private static func decoded(_ text: String) -> Decoded? {
        try? JSONDecoder().decode(Decoded.self, from: Data(text.utf8))
    }

    private static func read(_ text: String) -> Decoded? {
        CatalogFile(json: Array(text.utf8)).map {
            Decoded(language: $0.language, words: $0.words, legal: $0.legal, sameAsEnglish: $0.sameAsEnglish)
        }
    }

    @Test(arguments: Language.all)
    func everyCatalogReadsAsJSONDecoderDecodesIt(_ language: Language) throws {
        let url = CatalogTests.catalogFolder.appendingPathComponent(language.code + ".json")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(Self.decoded(text) != nil)
        #expect(Self.read(text) == Self.decoded(text))
    }

    @Test(arguments: [
        #"{"language": "en", "words": {"a": "A \"quoted\" \\ \/ \b\f\n\r\t é \u00e9 \ud83d\ude00 \u0041"}}"#,
        #"{"language": "en", "words": {}, "legal": null, "sameAsEnglish": {"x": "y"}}"#,
        #"{"extra": [1, -2.5e+3, true, false, null, {"a": [[]]}], "language": "x", "words": {"k": "v"}}"#,
        "\u{FEFF}{\"language\": \"en\", \"words\": {}}",
        " \n\t{\"language\":\"en\",\"words\":{\"a\":\"1\",\"a\":\"2\"}} \r\n",
        // JSONDecoder's leniencies: a comma before a closing bracket, loose numbers it does not decode.
        #"{"language": "en", "words": {"a": "b",}, "n": [01, 1.,],}"#,
        #"{"language": "en", "language": "de", "words": {}}"#,
    ])
    func validFilesReadAsJSONDecoderDecodesThem(_ text: String) {
        #expect(Self.decoded(text) != nil)
        #expect(Self.read(text) == Self.decoded(text))
    }

    @Test(arguments: [
        "", "{}", "[]", #"{"language": "en"}"#, #"{"words": {}}"#,
        #"{"language": 1, "words": {}}"#, #"{"language": "en", "words": {"a": 1}}"#,
        #"{"language": "en", "words": {}, "legal": []}"#, #"{"language": "en", "words": {},,}"#,
        #"{"language": "en", "words": {}} x"#, #"{"language": "en", "words": {"a": "\x"}}"#,
        #"{"language": "en", "words": {"a": "\ud83d"}}"#, #"{"language": "en", "words": {"a": "\u12"}}"#,
        "{\"language\": \"en\", \"words\": {\"a\": \"tab\there\"}}",
        #"{"language": "en", "words": {}, "n": tru}"#, #"{"language": "en" "words": {}}"#,
    ])
    func invalidFilesReadAsNothing(_ text: String) {
        #expect(Self.decoded(text) == nil)
        #expect(Self.read(text) == nil)
    }

    @Test func invalidUTF8ReadsAsNothing() {
        let bytes = Array(#"{"language": "en", "words": {"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8)
        #expect(CatalogFile(json: bytes) == nil)
    }
}
