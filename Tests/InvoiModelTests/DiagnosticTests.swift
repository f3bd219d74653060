import Testing

@testable import InvoiModel

@Suite struct DiagnosticTests {
    @Test func describesWithFilePathAndPosition() {
        #expect(
            Diagnostic(
                severity: .error, file: "bills/acme.json", path: "lineItems[2].quantity",
                message: "expected a number, got \"two\""
            ).description
                == #"invoi: error: bills/acme.json: lineItems[2].quantity: expected a number, got "two""#)
        #expect(
            Diagnostic(severity: .error, file: "a.json", message: "missing ','", line: 3, column: 14).description
                == "invoi: error: a.json:3:14: missing ','")
        #expect(
            Diagnostic(severity: .warning, file: "<stdin>", message: "unknown field").description
                == "invoi: warning: <stdin>: unknown field")
        #expect(Diagnostic(severity: .error, file: "", message: "m").description == "invoi: error: m")
    }

    @Test func printableEscapesOnlyWhatATerminalWouldObey() {
        #expect(Diagnostic.printable(#"my "bills"\2026.json"#) == #"my "bills"\2026.json"#)
        #expect(Diagnostic.printable("a\u{1B}[31mb\nc\u{202E}d") == #"a\u{1B}[31mb\nc\u{202E}d"#)
        #expect(
            Diagnostic(severity: .error, file: "x\u{7}.json", message: "m").description
                == #"invoi: error: x\u{7}.json: m"#)
    }
}
