import Foundation
import Testing

/// `--copy-mark` over the invoice's `copyMark`, on every command that renders.
@Suite struct CopyMarkCommandTests {
    static func invoice(number: String, mark: String? = nil) -> String {
        let field = mark.map { #", "copyMark": "\#($0)""# } ?? ""
        return
            #"{"fromName": "Acme Studio", "invoiceNumber": "\#(number)", "issueDate": "2026-03-12", "lineItems": [{"description": "Design", "quantity": 2, "rate": 150}]\#(field)}"#
    }

    @Test func theOptionOverridesTheInvoice() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice(number: "INV-0007", mark: "original"), to: "acme.json")
        let own = try directory.run("render", "acme.json", "--format", "txt", "--width", "100")
        #expect(own.status == 0, "\(own.standardError)")
        #expect(own.standardOutput.contains("│ Original │"))
        let copy = try directory.run("render", "acme.json", "--format", "txt", "--width", "100", "--copy-mark", "copy")
        #expect(
            copy.status == 0 && copy.standardOutput.contains("│ Copy │") && !copy.standardOutput.contains("Original"))
        let certified = try directory.run(
            "render", "acme.json", "--format", "ops", "--copy-mark", "certified-copy")
        #expect(certified.standardOutput.contains(#""text": "Certified copy""#))
        #expect(certified.standardOutput.contains(#""subject": "Invoice INV-0007 — Certified copy""#))
        let preview = try directory.run("preview", "acme.json", "--width", "100", "--copy-mark", "copy")
        #expect(preview.status == 0 && preview.standardOutput.contains("│ Copy │"))
    }

    @Test func aBatchAndJSONLinesTakeTheOption() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice(number: "A-1"), to: "a.json")
        try directory.write(Self.invoice(number: "B-2", mark: "original"), to: "b.json")
        let batch = try directory.run(
            "render", "a.json", "b.json", "--format", "txt", "--out-dir", "out", "--copy-mark", "copy")
        #expect(batch.status == 0, "\(batch.standardError)")
        try directory.write(
            Self.invoice(number: "C-3") + "\n" + Self.invoice(number: "D-4", mark: "copy") + "\n", to: "bills.jsonl")
        let lines = try directory.run(
            "render", "--jsonl", "bills.jsonl", "--format", "txt", "--out-dir", "lines", "--copy-mark", "original")
        #expect(lines.status == 0, "\(lines.standardError)")
        for (folder, names, word) in [("out", ["A-1", "B-2"], "Copy"), ("lines", ["C-3", "D-4"], "Original")] {
            for name in names {
                let text = try String(
                    contentsOf: directory.url.appendingPathComponent("\(folder)/\(name) - Acme Studio.txt"),
                    encoding: .utf8)
                #expect(text.contains("│ \(word) │"), "\(folder)/\(name)")
            }
        }
    }

    @Test func anUnknownMarkIsAUsageErrorAndNothingIsWritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice(number: "INV-0007"), to: "acme.json")
        for value in ["duplicate", "certifiedCopy", ""] {
            let result = try directory.run("render", "acme.json", "--copy-mark", value)
            #expect(result.status == 64, "\(value)")
            #expect(result.standardError.contains("--copy-mark") && result.standardError.contains("certified-copy"))
        }
        #expect(try directory.run("preview", "acme.json", "--copy-mark", "x").status == 64)
        #expect(try directory.entries() == ["acme.json"])
    }

    @Test func aBadMarkInTheInvoiceIsADataErrorByPath() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice(number: "INV-0007", mark: "copie"), to: "acme.json")
        let result = try directory.run("render", "acme.json")
        #expect(result.status == 65)
        #expect(
            result.standardError.contains("acme.json: copyMark: unknown copy mark \"copie\""), "\(result.standardError)"
        )
        #expect(try directory.entries() == ["acme.json"])
        let check = try directory.run("check", "acme.json")
        #expect(check.status == 65)
        #expect((check.standardOutput + check.standardError).contains("copyMark"))
    }
}
