import Foundation
import Testing

@Suite struct CheckCommandTests {
    @Test func validFileExitsZero() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            #"{"invoiceNumber": "INV-0007", "lineItems": [{"quantity": 2, "rate": 617.28}]}"#, to: "a.json")
        let result = try directory.run("check", "a.json")
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput == "a.json: ok — INV-0007, 1 item, total $1,234.56\n")
        #expect(try directory.run("check", "--quiet", "a.json").standardOutput == "")
    }

    @Test func invalidFileReportsEveryProblemAndExits65() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            {"fromNmae": "Acme", "issueDate": "2026-02-30", "vatRate": 120,
             "lineItems": [{"quantity": 1}, {"quantity": 1}, {"quantity": "two"}]}
            """, to: "acme.json")
        let result = try directory.run("check", "acme.json")
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(
            result.errorLines == [
                #"invoi: warning: acme.json: unknown field "fromNmae" — did you mean "fromName"?"#,
                #"invoi: error: acme.json: issueDate: "2026-02-30" is not a real date: February 2026 has 28 days, not 30"#,
                "invoi: error: acme.json: vatRate: vatRate is a percentage from 0 to 100, got 120",
                #"invoi: error: acme.json: lineItems[2].quantity: expected a number, got "two""#,
            ])
    }

    @Test func syntaxErrorShowsLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{\n  \"fromName\": \"Acme\",\n}\n", to: "bad.json")
        let result = try directory.run("check", "bad.json")
        #expect(result.status == 65)
        #expect(result.errorLines == ["invoi: error: bad.json:3:1: trailing comma before '}'; remove the last ','"])
    }

    @Test func warningsAloneStillPass() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"colour": "red"}"#, to: "w.json")
        let result = try directory.run("check", "w.json")
        #expect(result.status == 0)
        #expect(result.errorLines == [#"invoi: warning: w.json: unknown field "colour" is ignored"#])
        #expect(result.standardOutput.hasPrefix("w.json: ok (1 warning) — INV-0001"))
    }

    @Test func readsStandardInput() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.run("check", "-", input: #"{"currency": "EUR", "lineItems": [{"rate": 1234.5}]}"#)
        #expect(good.status == 0)
        #expect(good.standardOutput == "<stdin>: ok — INV-0001, 1 item, total 1.234,50\u{A0}€\n")
        let bad = try directory.run("check", "-", input: #"{"currency": "usd"}"#)
        #expect(bad.status == 65)
        #expect(
            bad.errorLines == [
                #"invoi: error: <stdin>: currency: unknown currency "usd" — did you mean "USD"? (codes are upper case)"#
            ])
    }

    @Test func missingInputExits66AndOthersAreStillChecked() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{}", to: "ok.json")
        try directory.write("[", to: "bad.json")
        let result = try directory.run("check", "missing.json", "bad.json", "ok.json")
        #expect(result.status == 66)
        #expect(
            result.errorLines.first
                == "invoi: error: missing.json: no such file (check the path, or run 'invoi init missing.json' to create one)"
        )
        #expect(result.errorLines.count == 2)
        #expect(result.errorLines.last?.hasPrefix("invoi: error: bad.json:1:2: unexpected end of file") == true)
        #expect(result.standardOutput.hasPrefix("ok.json: ok"))
    }

    @Test func directoryInputExits66() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("check", ".")
        #expect(result.status == 66)
        #expect(result.errorLines.first?.hasPrefix("invoi: error: .: is a directory") == true)
    }

    @Test func binaryAndUTF16InputsExit65() throws {
        let directory = try TemporaryDirectory()
        try Data([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]).write(to: directory.url.appendingPathComponent("u16.json"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(
            to: directory.url.appendingPathComponent("logo.png"))
        let result = try directory.run("check", "u16.json", "logo.png")
        #expect(result.status == 65)
        #expect(result.errorLines.count == 2)
        #expect(
            result.errorLines[0].hasPrefix(
                "invoi: error: u16.json: the file is encoded as UTF-16LE; invoi reads UTF-8 only"))
        #expect(result.errorLines[1].hasPrefix("invoi: error: logo.png: the file contains NUL bytes"))
    }

    @Test func checksTheBuiltInSample() throws {
        let result = try TemporaryDirectory().run("check", "--sample")
        #expect(result.status == 0)
        #expect(result.standardOutput == "<sample>: ok — INV-0001, 5 items, total $10,079.99\n")
    }

    @Test func usageErrorsExit64() throws {
        let directory = try TemporaryDirectory()
        let none = try directory.run("check")
        #expect(none.status == 64)
        #expect(
            none.errorLines.first
                == "invoi: error: give at least one invoice file to check (- for standard input), or --sample")
        let twice = try directory.run("check", "-", "-", input: "{}")
        #expect(twice.status == 64)
        let unknown = try directory.run("check", "--frobnicate", "a.json")
        #expect(unknown.status == 64)
        #expect(unknown.errorLines.first == "invoi: error: Unknown option '--frobnicate'")
        #expect(try directory.run("no-such-command").status == 64)
    }

    /// File names are printed with their control characters escaped.
    @Test func fileNamesCannotInjectEscapeSequences() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("check", "evil\u{1B}[2J.json")
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix(#"invoi: error: evil\u{1B}[2J.json: no such file"#))
    }
}
