import Foundation
import InvoiLocalization
import Testing

@testable import InvoiModel

/// The theme file's decoder: one test per rule, on its exact message (`path: message`).
@Suite struct ThemeDecoderTests {
    private static let file = "themes/brand.json"

    private static func decodeTheme(_ json: String) throws(ThemeDecodingError) -> (theme: Theme, warnings: [Diagnostic])
    {
        try ThemeDecoder().decode(Data(json.utf8), file: file)
    }

    /// Every diagnostic of a theme that must be refused, as `path: message`; an issue when it is accepted.
    private static func errors(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        errors(Data(json.utf8), sourceLocation: sourceLocation)
    }

    private static func errors(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        do {
            let result = try ThemeDecoder().decode(data, file: file)
            Issue.record("expected the theme to be refused, got \(result.theme)", sourceLocation: sourceLocation)
            return []
        } catch {
            #expect(error.diagnostics.allSatisfy { $0.file == file }, sourceLocation: sourceLocation)
            return error.errors.map { "\($0.path): \($0.message)" }
        }
    }

    /// `{"version": 1, …}` with `members` after the version.
    private static func theme(_ members: String) -> String { #"{"version": 1, "# + members + "}" }

    @Test func readsEveryField() throws {
        let json = """
            {
              "$schema": "theme.schema.json",
              "version": 1, "design": "letter", "window": "din5008-b",
              "colors": {"accent": "#0F766E", "text": "#111111", "muted": "purple", "rule": "#CCCCCC", "fill": "#f5f5f5"},
              "fonts": {"body": "Inter", "heading": "Inter Display", "numbers": "JetBrains Mono",
                        "fallbacks": {"hebrew": ["Noto Sans Hebrew", "David CLM"], "cjk": ["Noto Sans CJK JP"]}},
              "size": 10.5, "paper": "letter",
              "margins": {"start": 20, "end": 15, "top": 10, "bottom": 40},
              "logo": {"height": 12, "position": "end"},
              "table": {"rules": "grid", "stripes": true, "columns": ["item", "description", "quantity", "amount"], "hideEmpty": false},
              "sections": {"hide": ["paymentQR", "notes"]},
              "footer": "Acme GmbH · Amtsgericht Berlin HRB 1234", "pageNumbers": "center",
              "labels": {"total": "Gesamt", "tax": "MwSt. {rate}%"}
            }
            """
        let (theme, warnings) = try Self.decodeTheme(json)
        #expect(warnings.isEmpty)
        var expected = Theme()
        expected.design = .letter
        expected.window = .din5008B
        expected.colors.accent = AccentColor(red: 0x0F, green: 0x76, blue: 0x6E)
        expected.colors.text = AccentColor(red: 0x11, green: 0x11, blue: 0x11)
        expected.colors.muted = AccentColor("purple")
        expected.colors.rule = AccentColor(red: 0xCC, green: 0xCC, blue: 0xCC)
        expected.colors.fill = AccentColor(red: 0xF5, green: 0xF5, blue: 0xF5)
        expected.fonts.body = "Inter"
        expected.fonts.heading = "Inter Display"
        expected.fonts.numbers = "JetBrains Mono"
        expected.fonts.fallbacks = [.hebrew: ["Noto Sans Hebrew", "David CLM"], .cjk: ["Noto Sans CJK JP"]]
        expected.size = 10.5
        expected.paper = .letter
        expected.margins.start = 20
        expected.margins.end = 15
        expected.margins.top = 10
        expected.margins.bottom = 40
        expected.logo.height = 12
        expected.logo.position = .end
        expected.table.rules = .grid
        expected.table.stripes = true
        expected.table.columns = [.item, .description, .quantity, .amount]
        expected.table.hideEmpty = false
        expected.hiddenSections = [.paymentQR, .notes]
        expected.footer = "Acme GmbH · Amtsgericht Berlin HRB 1234"
        expected.pageNumbers = .center
        expected.labels = [.total: "Gesamt", .tax: "MwSt. {rate}%"]
        #expect(theme == expected)
        // What init writes for it reads back to the same theme.
        #expect(try Self.decodeTheme(theme.prettyPrintedJSON()).theme == expected)
    }

    @Test func theSmallestThemeIsTheVersion() throws {
        #expect(try Self.decodeTheme(#"{"version": 1}"#).theme == Theme())
        // null is "not given", as in an invoice.
        #expect(try Self.decodeTheme(Self.theme(#""design": null, "colors": {"accent": null}"#)).theme == Theme())
    }

    @Test func requiresTheVersion() {
        #expect(
            Self.errors(#"{"design": "band"}"#) == [#": "version" is missing; a theme file starts with "version": 1"#])
        #expect(
            Self.errors(#"{"version": null}"#) == [#": "version" is missing; a theme file starts with "version": 1"#])
    }

    @Test func refusesAnotherVersion() {
        #expect(
            Self.errors(#"{"version": 2}"#) == ["version: unknown version 2; this invoi reads theme files of version 1"]
        )
        #expect(
            Self.errors(#"{"version": "1"}"#) == [
                #"version: expected a number, got "1"; write the number without quotes"#
            ])
    }

    @Test func refusesUnknownKeysAtEveryLevelWithASuggestion() {
        #expect(
            Self.errors(Self.theme(#""colour": {}"#)) == [#": unknown field "colour" — did you mean "colors"?"#])
        #expect(
            Self.errors(Self.theme(#""colors": {"acent": "blue"}"#))
                == [#"colors: unknown field "acent" — did you mean "accent"?"#])
        #expect(
            Self.errors(Self.theme(#""margins": {"left": 20}"#))
                == [#"margins: unknown field "left"; the fields here are "start", "end", "top" or "bottom""#])
        #expect(
            Self.errors(Self.theme(#""table": {"collumns": ["description", "amount"]}"#))
                == [#"table: unknown field "collumns" — did you mean "columns"?"#])
        #expect(
            Self.errors(Self.theme(#""fonts": {"fallbacks": {"hebrw": ["David"]}}"#))
                == [#"fonts.fallbacks: unknown script "hebrw" — did you mean "hebrew"?"#])
    }

    /// A long unknown key of control characters is quoted once, shortened: the message stays short
    /// (the fuzz target's finding crash-48d6…, a 647-character message).
    @Test func anUnknownKeyIsQuotedOnceAndShort() {
        let key = String(repeating: "\u{7F}", count: 200)
        let errors = Self.errors(Self.theme("\"pag\(key)eNumbers\": 1"))
        #expect(errors.count == 1)
        #expect(errors.allSatisfy { $0.hasPrefix(": unknown field \"pag\\u{7F}") })
        #expect(errors.allSatisfy { $0.unicodeScalars.count < 500 })
        // So is a path through four such keys, too deep.
        let deep = Self.errors(Self.theme("\"\(key)\": {\"\(key)\": {\"\(key)\": {\"\(key)\": {}}}}"))
        #expect(deep.count == 1)
        #expect(deep.allSatisfy { $0.unicodeScalars.count < 300 && $0.contains("nested 4 deep") })
    }

    @Test func refusesWrongTypes() {
        #expect(
            Self.errors(Self.theme(#""colors": "blue""#))
                == [
                    #"colors: expected an object with "accent", "text", "muted", "rule" or "fill", got "blue""#
                ])
        #expect(
            Self.errors(Self.theme(#""size": "10""#)) == [
                #"size: expected a number, got "10"; write the number without quotes"#
            ])
        #expect(
            Self.errors(Self.theme(#""table": {"stripes": "yes"}"#)) == [
                #"table.stripes: expected true or false, got "yes""#
            ])
        #expect(
            Self.errors(Self.theme(#""design": 3"#)) == ["design: expected a string, got 3; put it in double quotes"])
        #expect(Self.errors("[1]") == [": expected a JSON object with the theme's fields, got an array"])
    }

    @Test func boundsTheBodySize() throws {
        #expect(Self.errors(Self.theme(#""size": 7.5"#)) == ["size: the body size is from 8 to 14 pt, got 7.5"])
        #expect(Self.errors(Self.theme(#""size": 14.01"#)) == ["size: the body size is from 8 to 14 pt, got 14.01"])
        #expect(try Self.decodeTheme(Self.theme(#""size": 8"#)).theme.size == 8)
        #expect(try Self.decodeTheme(Self.theme(#""size": 14"#)).theme.size == 14)
    }

    @Test func boundsTheMargins() throws {
        #expect(
            Self.errors(Self.theme(#""margins": {"start": 9}"#)) == [
                "margins.start: a margin is from 10 to 40 mm, got 9"
            ])
        #expect(
            Self.errors(Self.theme(#""margins": {"bottom": 41}"#)) == [
                "margins.bottom: a margin is from 10 to 40 mm, got 41"
            ])
        #expect(try Self.decodeTheme(Self.theme(#""margins": {"top": 10, "end": 40}"#)).theme.margins.end == 40)
    }

    @Test func boundsTheLogoHeight() throws {
        #expect(
            Self.errors(Self.theme(#""logo": {"height": 7}"#)) == [
                "logo.height: the logo's height is from 8 to 40 mm, got 7"
            ])
        #expect(
            Self.errors(Self.theme(#""logo": {"height": 40.5}"#)) == [
                "logo.height: the logo's height is from 8 to 40 mm, got 40.5"
            ])
        #expect(try Self.decodeTheme(Self.theme(#""logo": {"height": 40}"#)).theme.logo.height == 40)
    }

    @Test func boundsTheFooter() throws {
        let long = String(repeating: "é", count: 501)
        #expect(
            Self.errors(Self.theme(#""footer": ""# + long + "\"")) == [
                "footer: the footer is 501 characters long; it holds at most 500"
            ])
        let fits = String(repeating: "é", count: 500)
        #expect(try Self.decodeTheme(Self.theme(#""footer": ""# + fits + "\"")).theme.footer == fits)
    }

    @Test func boundsTheFileSize() throws {
        let padding = String(repeating: " ", count: Theme.Limits.fileSize - 14)
        let fits = #"{"version": 1}"# + padding
        #expect(fits.utf8.count == Theme.Limits.fileSize)
        #expect(try Self.decodeTheme(fits).theme == Theme())
        #expect(
            Self.errors(fits + " ")
                == [": the theme file is larger than 16384 bytes (16 KiB), the most a theme file holds"])
    }

    @Test func boundsTheNestingDepth() {
        // fonts.fallbacks.hebrew is 3 deep, the deepest a theme needs.
        #expect(
            Self.errors(Self.theme(#""fonts": {"fallbacks": {"hebrew": [["David"]]}}"#))
                == [
                    "fonts.fallbacks.hebrew[0]: objects and arrays are nested 4 deep here; a theme file nests them at most 3 deep"
                ])
        #expect(
            Self.errors(Self.theme(#""x": {"y": {"z": {"w": {}}}}"#))
                == ["x.y.z.w: objects and arrays are nested 4 deep here; a theme file nests them at most 3 deep"])
        // Three deep is not refused for its depth (only as an unknown field).
        #expect(
            Self.errors(Self.theme(#""colors": {"y": {"z": 1}}"#))
                == [#"colors: unknown field "y"; the fields here are "accent", "text", "muted", "rule" or "fill""#])
    }

    @Test func readsColoursAsTheInvoiceDoes() throws {
        #expect(
            Self.errors(Self.theme(##""colors": {"fill": "#38f"}"##))
                == [
                    ##"colors.fill: expected a colour as "#RRGGBB" (e.g. "#3B82F6") or a theme name ("blue", "green", "purple" or "orange"), got "#38f" — did you mean "#3388FF"?"##
                ])
        #expect(
            try Self.decodeTheme(Self.theme(#""colors": {"rule": "green"}"#)).theme.colors.rule == AccentColor("green"))
    }

    @Test func readsChoicesWithASuggestion() {
        #expect(
            Self.errors(Self.theme(#""design": "bnad""#)) == [#"design: unknown design "bnad" — did you mean "band"?"#])
        #expect(Self.errors(Self.theme(#""paper": "a5""#)) == [#"paper: unknown paper "a5" — did you mean "a4"?"#])
        #expect(
            Self.errors(Self.theme(#""logo": {"position": "left"}"#))
                == [#"logo.position: unknown position "left"; use "start", "center" or "end""#])
        #expect(
            Self.errors(Self.theme(#""table": {"rules": "lines"}"#))
                == [#"table.rules: unknown rules "lines"; use "none", "header", "rows" or "grid""#])
        #expect(
            Self.errors(Self.theme(#""table": {"rules": "row"}"#))
                == [#"table.rules: unknown rules "row" — did you mean "rows"?"#])
    }

    @Test func fallbacksAreFamiliesByScript() throws {
        #expect(
            Self.errors(Self.theme(#""fonts": {"fallbacks": ["David"]}"#))
                == [
                    #"fonts.fallbacks: expected an object of font families by script, such as {"hebrew": ["Noto Sans Hebrew"]}, got an array"#
                ])
        #expect(
            Self.errors(Self.theme(#""fonts": {"fallbacks": {"arabic": "Amiri"}}"#))
                == [#"fonts.fallbacks.arabic: expected an array of font family names, got "Amiri""#])
        let nine = (1...9).map { "\"F\($0)\"" }.joined(separator: ", ")
        #expect(
            Self.errors(Self.theme(#""fonts": {"fallbacks": {"latin": ["# + nine + "]}}"))
                == ["fonts.fallbacks.latin: a script has at most 8 fallback families, got 9"])
        #expect(
            Self.errors(Self.theme(#""fonts": {"body": "  "}"#))
                == [#"fonts.body: expected a font family's name, got "  "; leave the key out for the design's font"#])
        #expect(
            Self.errors(Self.theme(#""fonts": {"heading": "Inter\nBold"}"#))
                == ["fonts.heading: a font family's name is one line; remove the line break"])
        #expect(
            Self.errors(Self.theme(#""fonts": {"numbers": ""# + String(repeating: "x", count: 101) + "\"}"))
                == ["fonts.numbers: a font family's name is at most 100 characters, got 101"])
    }

    @Test func columnsAreASubsetInAnyOrderWithDescriptionAndAmount() throws {
        #expect(
            try Self.decodeTheme(Self.theme(#""table": {"columns": ["amount", "tax", "description"]}"#)).theme.table
                .columns
                == [.amount, .tax, .description])
        #expect(
            Self.errors(Self.theme(#""table": {"columns": ["description", "quantity"]}"#))
                == [#"table.columns: the table always shows "description" and "amount": add "amount""#])
        #expect(
            Self.errors(Self.theme(#""table": {"columns": ["rate"]}"#))
                == [
                    #"table.columns: the table always shows "description" and "amount": add "description" and "amount""#
                ])
        #expect(
            Self.errors(Self.theme(#""table": {"columns": ["description", "amount", "amount"]}"#))
                == [#"table.columns[2]: "amount" is listed twice (also at table.columns[1]); list a column once"#])
        #expect(
            Self.errors(Self.theme(#""table": {"columns": ["description", "amount", "quantty"]}"#))
                == [#"table.columns[2]: unknown column "quantty" — did you mean "quantity"?"#])
        #expect(
            Self.errors(Self.theme(#""table": {"columns": "description"}"#))
                == [#"table.columns: expected an array of column names such as ["item"], got "description""#])
    }

    @Test func refusesToHideALegallyRequiredSection() throws {
        #expect(
            try Self.decodeTheme(Self.theme(#""sections": {"hide": ["logo", "customFields"]}"#)).theme.hiddenSections
                == [.logo, .customFields])
        for required in Theme.Section.legallyRequired {
            #expect(
                Self.errors(Self.theme(#""sections": {"hide": [""# + required + #""]}"#))
                    == [
                        "sections.hide[0]: \"\(required)\" cannot be hidden: it is legally required (the parties, tax ids, totals, VAT breakdown, allocation number and copy mark are always shown); hide one of \"paymentDetails\", \"notes\", \"paymentQR\", \"pageNumbers\", \"logo\" or \"customFields\""
                    ])
        }
        #expect(
            Self.errors(Self.theme(#""sections": {"hide": ["notes", "notes"]}"#))
                == [#"sections.hide[1]: "notes" is listed twice (also at sections.hide[0]); list a section once"#])
        #expect(
            Self.errors(Self.theme(#""sections": {"hide": ["note"]}"#))
                == [#"sections.hide[0]: unknown section "note" — did you mean "notes"?"#])
    }

    @Test func aWindowIsForTheLetterDesign() throws {
        #expect(
            Self.errors(Self.theme(#""design": "band", "window": "us10""#))
                == [
                    #"window: the window "us10" is for the letter design, but "design" is "band"; remove "window" or use "design": "letter""#
                ])
        // Without a design, the invoice or --design may choose letter.
        #expect(try Self.decodeTheme(Self.theme(#""window": "us10""#)).theme.window == .us10)
        #expect(
            Self.errors(Self.theme(##""design": "letter", "window": "din5008""##))
                == [#"window: unknown window "din5008" — did you mean "din5008-a"?"#])
    }

    @Test func readsLabelsAsTheInvoiceDoesButUnknownKeysAreErrors() throws {
        #expect(try Self.decodeTheme(Self.theme(#""labels": {"total": "Sum"}"#)).theme.labels == [.total: "Sum"])
        #expect(
            Self.errors(Self.theme(#""labels": {"totl": "Sum"}"#)) == [
                #"labels: unknown label key "totl" — did you mean "total"?"#
            ])
        #expect(
            Self.errors(Self.theme(#""labels": {"masthead": "Sum"}"#))
                == ["labels: unknown label key \"masthead\"; run `invoi languages --keys` for the keys"])
        #expect(
            Self.errors(Self.theme(#""labels": {"total": "Sum {rate}"}"#))
                == [#"labels.total: unknown placeholder "{rate}" in "Sum {rate}"; "total" takes no placeholders"#])
        // A blank label is the invoice's warning, here too.
        let (_, warnings) = try Self.decodeTheme(Self.theme(#""labels": {"total": " "}"#))
        #expect(warnings.map(\.path) == ["labels.total"])
    }

    @Test func refusesARepeatedKey() {
        #expect(
            Self.errors(#"{"version": 1, "size": 9, "size": 10}"#)
                == ["size: the field is given twice (first at line 1, column 16, again at line 1, column 27); keep one"]
        )
    }

    @Test func syntaxErrorsHaveALineAndColumn() throws {
        do {
            _ = try Self.decodeTheme("{\"version\": 1,}")
            Issue.record("accepted")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.line == 1)
        }
        #expect(Self.errors(Data([0xFF, 0xFE])).count == 1)
    }

    @Test func everyErrorIsListedAtOnce() {
        let errors = Self.errors(#"{"size": 3, "colors": {"accent": "x"}, "nope": 1}"#)
        #expect(errors.map { $0.prefix { $0 != ":" } } == ["size", "colors.accent", "", ""])
    }
}

/// The invoice's `design` and `theme`.
@Suite struct InvoiceThemeFieldTests {
    @Test func readsTheDesign() throws {
        #expect(try decode(#"{"design": "compact"}"#).invoice.design == .compact)
        #expect(
            rejection(#"{"design": "compakt"}"#).map(\.message) == [
                #"unknown design "compakt" — did you mean "compact"?"#
            ])
    }

    @Test func readsATheme() throws {
        #expect(try decode(#"{"theme": "band"}"#).invoice.theme == .design(.band))
        // A path starts at the invoice's directory (bills/ for bills/acme.json).
        let current = FileManager.default.currentDirectoryPath
        #expect(
            try decode(#"{"theme": "../themes/brand.json"}"#).invoice.theme == .file(current + "/themes/brand.json"))
        #expect(try decode(#"{"theme": "/etc/invoi/brand.JSON"}"#).invoice.theme == .file("/etc/invoi/brand.JSON"))
        #expect(
            rejection(#"{"theme": "bnad"}"#).map(\.message)
                == [#"unknown design "bnad" — did you mean "band"? (a theme file's name ends in .json)"#])
        #expect(
            rejection(#"{"theme": "brand.yaml"}"#).map(\.message)
                == [
                    #""brand.yaml" is neither a design ("classic", "compact", "band" or "letter") nor a theme file's path, which ends in .json"#
                ])
        #expect(rejection(#"{"theme": "brand.yaml"}"#).map(\.path) == ["theme"])
    }

    @Test func theFieldsAreKnownAndWrittenBack() throws {
        let (invoice, warnings) = try decode(#"{"design": "letter", "theme": "/srv/brand.json"}"#)
        #expect(warnings.isEmpty)
        let again = try decode(invoice.prettyPrintedJSON()).invoice
        #expect(again.design == .letter)
        #expect(again.theme == .file("/srv/brand.json"))
        #expect(Invoice.fieldNames.isSuperset(of: ["design", "theme"]))
    }
}
