import Foundation
import Testing

/// `invoi designs`, `invoi theme check`, `invoi init --theme`, and `--theme`/`--design` on
/// render, preview and check: what a user sees, run as the executable.
@Suite struct ThemeCommandTests {
    private static let letterSize: [Double] = [612, 792]
    private static let a4Size = [595.28, 841.89]

    /// The page sizes of an ops document.
    private static func pageSizes(_ json: String) throws -> [[Double]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let pages = try #require(object["pages"] as? [[String: Any]])
        return pages.compactMap { ($0["size"] as? [NSNumber])?.map(\.doubleValue) }
    }

    @Test func listsTheDesigns() throws {
        let result = try TemporaryDirectory().run("designs")
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.prefix { $0 != " " }) } == ["classic", "compact", "band", "letter"])
        #expect(
            lines[2]
                == "band     A full-width masthead in the accent colour with the title and sender reversed out.")
    }

    @Test func checksAValidTheme() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"version": 1, "design": "compact", "size": 9}"#, to: "brand.json")
        let result = try directory.run("theme", "check", "brand.json")
        #expect(result.status == 0)
        #expect(result.standardOutput == "brand.json: ok, design compact\n")
        #expect(result.standardError == "")
    }

    @Test func checkReportsEveryProblemWith65() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"version": 1, "colour": {}, "size": 30}"#, to: "brand.json")
        let result = try directory.run("theme", "check", "brand.json")
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(
            result.errorLines == [
                #"invoi: error: brand.json: unknown field "colour" — did you mean "colors"?"#,
                "invoi: error: brand.json: size: the body size is from 8 to 14 pt, got 30",
            ])
    }

    @Test func checkOfAMissingFileIs66() throws {
        let result = try TemporaryDirectory().run("theme", "check", "nowhere.json")
        #expect(result.status == 66)
        #expect(
            result.errorLines == [
                "invoi: error: nowhere.json: no such theme file (check the path, or run 'invoi init --theme nowhere.json')"
            ])
    }

    @Test func initWritesEveryKeyAndNeverClobbers() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("init", "--theme", "brand.json", "--design", "band")
        #expect(result.status == 0)
        #expect(
            result.standardOutput == "Wrote brand.json. Edit it, then check it with `invoi theme check brand.json`.\n")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try directory.contents(of: "brand.json").utf8))
                as? [String: Any])
        #expect(
            Set(object.keys) == [
                "version", "design", "window", "colors", "fonts", "size", "paper", "margins", "logo", "table",
                "sections", "footer", "pageNumbers", "labels",
            ])
        #expect(object["design"] as? String == "band")
        #expect(
            Set((object["colors"] as? [String: Any])?.keys ?? [:].keys) == ["accent", "text", "muted", "rule", "fill"])
        #expect(
            Set((object["table"] as? [String: Any])?.keys ?? [:].keys) == ["rules", "stripes", "columns", "hideEmpty"])
        #expect(try directory.run("theme", "check", "brand.json").status == 0)
        let again = try directory.run("init", "--theme", "brand.json")
        #expect(again.status == 73)
        #expect(
            again.errorLines == [
                "invoi: error: brand.json already exists; pass --force to overwrite it, or give another path"
            ])
        #expect(try directory.run("init", "--theme", "brand.json", "--force").status == 0)
        #expect(try directory.contents(of: "brand.json").contains(#""design": "classic""#))
    }

    @Test func initRefusesADesignWithoutATheme() throws {
        let result = try TemporaryDirectory().run("init", "--design", "band")
        #expect(result.status == 64)
        #expect(
            result.errorLines.first
                == "invoi: error: --design chooses the design of the theme file --theme FILE writes: add --theme FILE")
    }

    @Test func aThemesLabelsGoUnderTheInvoicesOwn() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"version": 1, "labels": {"total": "Grand total", "subtotal": "Net"}}"#, to: "brand.json")
        let themed = try directory.run("render", "--sample", "--format", "txt", "--theme", "brand.json")
        #expect(themed.status == 0)
        #expect(themed.standardOutput.contains("Grand total"))
        #expect(themed.standardOutput.contains("Net"))
        try directory.write(#"{"labels": {"total": "Amount due"}, "theme": "brand.json"}"#, to: "bill.json")
        let own = try directory.run("render", "bill.json", "--format", "txt")
        #expect(own.status == 0)
        #expect(own.standardOutput.contains("Amount due"))
        #expect(!own.standardOutput.contains("Grand total"))
        #expect(own.standardOutput.contains("Net"))
    }

    @Test func aThemesPaperGivesWayToPaper() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"version": 1, "paper": "letter"}"#, to: "us.json")
        let themed = try directory.run("render", "--sample", "--format", "ops", "--theme", "us.json")
        #expect(try Self.pageSizes(themed.standardOutput) == [Self.letterSize])
        let given = try directory.run("render", "--sample", "--format", "ops", "--theme", "us.json", "--paper", "a4")
        #expect(try Self.pageSizes(given.standardOutput) == [Self.a4Size])
        // --design keeps the theme's paper: only the design is overridden.
        let designed = try directory.run(
            "render", "--sample", "--format", "ops", "--theme", "us.json", "--design", "compact")
        #expect(try Self.pageSizes(designed.standardOutput) == [Self.letterSize])
    }

    @Test func theInvoicesThemeIsRelativeToItAndTheOptionWins() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("bills/themes"), withIntermediateDirectories: true)
        try directory.write(#"{"version": 1, "paper": "letter"}"#, to: "bills/themes/us.json")
        try directory.write(#"{"version": 1, "paper": "a4"}"#, to: "eu.json")
        try directory.write(#"{"theme": "themes/us.json"}"#, to: "bills/a.json")
        let own = try directory.run("render", "bills/a.json", "--format", "ops")
        #expect(own.status == 0)
        #expect(try Self.pageSizes(own.standardOutput) == [Self.letterSize])
        let overridden = try directory.run("render", "bills/a.json", "--format", "ops", "--theme", "eu.json")
        #expect(try Self.pageSizes(overridden.standardOutput) == [Self.a4Size])
    }

    @Test func aBadThemeWritesNothing() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"version": 1, "size": 99}"#, to: "bad.json")
        try directory.write(#"{"theme": "bad.json"}"#, to: "a.json")
        try directory.write(#"{"theme": "missing.json"}"#, to: "b.json")
        let option = try directory.run("render", "--sample", "--theme", "bad.json", "--out-dir", "out")
        #expect(option.status == 65)
        #expect(option.errorLines == ["invoi: error: bad.json: size: the body size is from 8 to 14 pt, got 99"])
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("out").path))
        let own = try directory.run("render", "a.json", "--out-dir", "out")
        #expect(own.status == 65)
        #expect(own.errorLines == ["invoi: error: bad.json: size: the body size is from 8 to 14 pt, got 99"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("out").path) == [])
        let missing = try directory.run("render", "b.json", "--out-dir", "out")
        #expect(missing.status == 66)
        #expect(
            missing.errorLines == [
                "invoi: error: b.json: theme: missing.json: no such theme file (check the path, or run 'invoi init --theme missing.json')"
            ])
        let missingOption = try directory.run("render", "--sample", "--theme", "gone.json")
        #expect(missingOption.status == 66)
        #expect(
            missingOption.errorLines == [
                "invoi: error: --theme: gone.json: no such theme file (check the path, or run 'invoi init --theme gone.json')"
            ])
    }

    @Test func aBatchReadsASharedThemeOnce() throws {
        // Several invoices name one theme with a problem: its diagnostics are printed once,
        // the first time it is read; the other invoices fail from the kept result.
        let directory = try TemporaryDirectory()
        try directory.write(#"{"version": 1, "labels": {"total": " "}}"#, to: "blank.json")
        for name in ["a", "b", "c"] {
            try directory.write(#"{"theme": "blank.json", "invoiceNumber": "N-\#(name)"}"#, to: "\(name).json")
        }
        let result = try directory.run("render", "a.json", "b.json", "c.json", "--out-dir", "out", "--format", "txt")
        #expect(result.status == 0)
        #expect(result.errorLines.filter { $0.contains("blank.json: labels.total") }.count == 1)
    }

    @Test func designAndThemeOptionsAreChecked() throws {
        let directory = try TemporaryDirectory()
        let design = try directory.run("render", "--sample", "--design", "bnad")
        #expect(design.status == 64)
        #expect(
            design.errorLines.first
                == "invoi: error: --design: unknown design \"bnad\" — did you mean band?; use classic, compact, band, letter"
        )
        let theme = try directory.run("render", "--sample", "--theme", "brand.yaml")
        #expect(theme.status == 64)
        #expect(
            theme.errorLines.first
                == #"invoi: error: --theme: "brand.yaml" is neither a design ("classic", "compact", "band" or "letter") nor a theme file's path, which ends in .json"#
        )
        // A design's name is a theme too.
        #expect(try directory.run("render", "--sample", "--theme", "band", "--format", "txt").status == 0)
    }

    @Test func previewAndCheckTakeTheOptions() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"version": 1, "labels": {"total": "Grand total"}}"#, to: "brand.json")
        try directory.write(#"{"version": 1, "fonts": {"body": ""}}"#, to: "bad.json")
        try directory.write(#"{"theme": "bad.json"}"#, to: "a.json")
        let preview = try directory.run("preview", "a.json", "--theme", "brand.json", "--design", "compact")
        #expect(preview.status == 0)
        #expect(preview.standardOutput.contains("Grand total"))
        let check = try directory.run("check", "a.json")
        #expect(check.status == 65)
        #expect(
            check.errorLines == [
                #"invoi: error: bad.json: fonts.body: expected a font family's name, got ""; leave the key out for the design's font"#
            ])
        let checkOption = try directory.run("check", "--sample", "--theme", "bad.json")
        #expect(checkOption.status == 65)
        let checkJSON = try directory.run("check", "a.json", "--json")
        #expect(checkJSON.status == 65)
        #expect(checkJSON.standardOutput.contains(#""path":"theme""#))
        #expect(checkJSON.standardOutput.contains("bad.json: fonts.body: expected a font family's name"))
        #expect(try directory.run("check", "--sample", "--theme", "brand.json", "--design", "letter").status == 0)
    }
}

/// A themed render is checked before anything is written: what a reader could not read, a
/// font that is not installed, a character no font prints.
@Suite struct ThemedRenderCheckTests {
    static let invoice =
        #"{"fromName": "Acme", "toName": "Meridian", "lineItems": [{"description": "Work", "quantity": 1, "rate": 10}]}"#

    @Test func anUnreadableThemeWritesNothingAndSaysWhatToChange() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice, to: "bill.json")
        try directory.write(##"{"version": 1, "colors": {"muted": "#AAAAAA"}}"##, to: "pale.json")
        let result = try directory.run(
            "render", "bill.json", "--theme", "pale.json", "--format", "pdf", "-o", "out.pdf")
        #expect(result.status == 65)
        #expect(
            result.errorLines == [
                "invoi: error: bill.json: theme: colors.muted: #AAAAAA leaves the labels a contrast of 2.3:1 against #FFFFFF; it needs 4.5:1 (WCAG 2.2); the nearest shade that passes is #767676"
            ])
        #expect(try directory.entries() == ["bill.json", "pale.json"])
    }

    @Test func aFontThatIsNotInstalledIsNamed() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice, to: "bill.json")
        try directory.write(#"{"version": 1, "fonts": {"heading": "No Such Family 42"}}"#, to: "brand.json")
        let result = try directory.run(
            "render", "bill.json", "--theme", "brand.json", "--format", "svg", "-o", "out.svg")
        #expect(result.status == 65)
        #expect(
            result.errorLines == [
                #"invoi: error: bill.json: theme: fonts.heading: no font family "No Such Family 42" is installed (fc-list : family lists those that are)"#
            ])
        #expect(try directory.entries() == ["bill.json", "brand.json"])
    }

    @Test func aCharacterNoFontPrintsIsNamedInsteadOfAnEmptyBox() throws {
        let directory = try TemporaryDirectory()
        // U+0F00 TIBETAN SYLLABLE OM: no font of the fixed set has it.
        try directory.write(
            #"{"fromName": "Acme \u0F00", "lineItems": [{"description": "Work", "quantity": 1, "rate": 10}]}"#,
            to: "bill.json")
        let result = try directory.run(
            "render", "bill.json", "--design", "compact", "--format", "png", "-o", "out.png")
        #expect(result.status == 65)
        #expect(
            result.errorLines == [
                "invoi: error: bill.json: theme: fonts: no font the theme names or invoi has prints U+0F00; name a font that covers them in fonts.fallbacks"
            ])
        #expect(try directory.entries() == ["bill.json"])
        // Without a theme it is the warning it always was, and the file is written.
        let plain = try directory.run("render", "bill.json", "--format", "png", "-o", "out.png")
        #expect(plain.status == 0)
    }
}
