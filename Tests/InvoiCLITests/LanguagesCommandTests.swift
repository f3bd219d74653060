import Foundation
import InvoiLocalization
import Testing

@Suite struct LanguagesCommandTests {
    @Test func listsEveryLanguageWithItsTitleAndASampleDate() throws {
        let result = try TemporaryDirectory().run("languages")
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 27)
        #expect(lines.first?.split(separator: " ").prefix(3).map(String.init) == ["CODE", "DIR", "LANGUAGE"])
        #expect(lines.contains { $0.hasPrefix("en ") && $0.hasSuffix("English · INVOICE · Mar 12, 2026") })
        #expect(lines.contains { $0.hasPrefix("de ") && $0.hasSuffix("Deutsch · RECHNUNG · 12.03.2026") })
        #expect(
            lines.contains { $0.hasPrefix("he       rtl  Hebrew") && $0.hasSuffix("עברית · חשבון עסקה · 12 במרץ 2026") }
        )
        #expect(lines.contains { $0.hasPrefix("ja ") && $0.hasSuffix("日本語 · 請求書 · 2026/03/12") })
        #expect(!result.standardOutput.unicodeScalars.contains { $0 == "\u{200F}" || $0 == "\u{200E}" })
    }

    @Test func keysListEveryKeyWithItsEnglishText() throws {
        let result = try TemporaryDirectory().run("languages", "--keys")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // Every key, its English text in one column after the longest key.
        let column = WordKey.allCases.map(\.rawValue.count).max()! + 2
        func line(_ key: String, _ text: String) -> String {
            key + String(repeating: " ", count: column - key.count) + text
        }
        #expect(lines.contains(line("tax", "VAT {rate}%")))
        #expect(lines.contains(line("footer", "{number} · Page {page} of {pages}")))
        #expect(lines.contains(line("payment.scanToPay", "Scan to pay")))
        #expect(lines.contains(line("copyMark.certifiedCopy", "Certified copy")))
        #expect(lines.contains(line("signedNote", "Digitally signed document")))
        #expect(lines.contains(line("payment.upiId", "UPI ID")))
        #expect(lines.contains(line("taxInvoice.scanToVerify", "Scan to verify this tax invoice")))
        #expect(lines.contains(line("column.item", "Item No.")))
        #expect(lines.contains(line("column.tax", "VAT")))
        #expect(lines.contains(line("term.contractReference", "Contract reference")))
        #expect(lines.contains(line("vatOn", "{category} {rate}% on {amount}")))
        #expect(lines.first?.hasPrefix("KEY") == true)
        #expect(lines.count == WordKey.allCases.count + 1, "a header and a line per key")
    }

    @Test func anUnknownLanguageOrLocaleOnTheCommandLineIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let language = try directory.run("render", "--sample", "--language", "hebrew", "-o", "out.pdf")
        #expect(language.status == 64)
        #expect(
            language.standardError.contains(#"--language: unknown language "hebrew" — did you mean "he" (Hebrew)?"#))
        let locale = try directory.run("render", "--sample", "--locale", "zz-QQ", "-o", "out.pdf")
        #expect(locale.status == 64)
        #expect(locale.standardError.contains(#"--locale: "zz-QQ" names no language ICU knows"#))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("out.pdf").path))
    }

    @Test func anUnknownLanguageInTheFileIsInvalidInput() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"language": "kl"}"#, to: "bad.json")
        let result = try directory.run("render", "bad.json", "-o", "out.pdf")
        #expect(result.status == 65)
        #expect(result.standardError.contains(#"bad.json: language: unknown language "kl""#))
    }

    @Test func languageRendersTheSampleInHebrew() throws {
        let result = try TemporaryDirectory().run(
            "render", "--sample", "--language", "he", "--format", "txt", "--width", "100")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("הקסע ןובשח"), "the title, as shown")
    }
}
