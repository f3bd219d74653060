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

    /// Printable ASCII is returned as it is without looking at each scalar; everything else is
    /// escaped one scalar at a time. Both must give what the scalar-by-scalar rule gives.
    @Test func escapingASCIIFieldNamesIsTheScalarRule() {
        let byScalar = { (text: String) in
            text.unicodeScalars.map { $0.quotedStringEscape ?? DiagnosticText.printable(String($0)) }.joined()
        }
        var samples = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }
        samples += ["lineItems", "a\"b", "back\\slash", "tab\there", "bell\u{7}", "del\u{7F}", "é", "a\u{202E}b"]
        samples.append(String(repeating: "x", count: 41))
        samples.append(String(repeating: "é", count: 41))
        for text in samples {
            #expect(DiagnosticText.escaped(text) == byScalar(text), "\(text.debugDescription)")
        }
        #expect(DiagnosticText.excerpt(String(repeating: "x", count: 40)) == String(repeating: "x", count: 40))
        #expect(DiagnosticText.excerpt(String(repeating: "x", count: 41)) == String(repeating: "x", count: 39) + "…")
        #expect(DiagnosticText.excerpt(String(repeating: "é", count: 40)) == String(repeating: "é", count: 40))
        #expect(DiagnosticText.excerpt(String(repeating: "é", count: 41)) == String(repeating: "é", count: 39) + "…")
    }
}
