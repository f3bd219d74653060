import Foundation
import Testing

@Suite struct RenderCommandTests {
    static let invoice =
        #"{"fromName": "Acme Studio", "invoiceNumber": "INV-0007", "issueDate": "2026-03-12", "lineItems": [{"description": "Design", "quantity": 2, "rate": 150}]}"#

    @Test func rendersThePdfUnderTheInvoicesName() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice, to: "acme.json")
        let result = try directory.run("render", "acme.json")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try directory.entries() == ["INV-0007 - Acme Studio.pdf", "acme.json"])
        let pdf = try Data(contentsOf: directory.url.appendingPathComponent("INV-0007 - Acme Studio.pdf"))
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
    }

    @Test func txtAndOpsGoToStandardOutput() throws {
        let directory = try TemporaryDirectory()
        let txt = try directory.run("render", "--sample", "--format", "txt", "--width", "80")
        #expect(txt.status == 0)
        #expect(txt.standardOutput.contains("Meridian Group"))
        #expect(!txt.standardOutput.contains("\u{1B}"), "no colour when stdout is not a terminal")
        #expect(txt.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let ops = try directory.run("render", "--sample", "--format", "ops")
        #expect(ops.status == 0)
        #expect(ops.standardOutput.hasPrefix("{\n  \"metadata\""))
        #expect(try directory.entries().isEmpty)
    }

    @Test func pdfStandardsAreAListCheckedBeforeAnythingIsWritten() throws {
        let directory = try TemporaryDirectory()
        let both = try directory.run("render", "--sample", "--pdf-standard", "ua-1,a-3a", "-o", "a.pdf")
        #expect(both.status == 0, "\(both.standardError)")
        let pdf = String(decoding: try Data(contentsOf: directory.url.appendingPathComponent("a.pdf")), as: UTF8.self)
        #expect(pdf.contains("<pdfuaid:part>1</pdfuaid:part>"))
        #expect(pdf.contains("<pdfaid:conformance>A</pdfaid:conformance>"))
        for wrong in ["ua-2", "a-3a,a-3b", "ua-1,", ""] {
            let result = try directory.run("render", "--sample", "--pdf-standard", wrong, "-o", "b.pdf")
            #expect(result.status == 64 && result.standardError.contains("--pdf-standard"), "\(wrong)")
        }
        let untagged = try directory.run("render", "--sample", "--untagged", "--pdf-standard", "ua-1", "-o", "c.pdf")
        #expect(untagged.status == 64)
        // Only a PDF can claim a standard: elsewhere the list is refused, not dropped unseen.
        for format in ["png", "svg", "txt", "ops", "cii"] {
            let result = try directory.run(
                "render", "--sample", "--pdf-standard", "ua-1", "--format", format, "-o", "d.\(format)")
            #expect(result.status == 64, "\(format): \(result.standardError)")
            #expect(
                result.standardError.contains(
                    "--pdf-standard is for PDFs: use --format pdf or facturx (not \(format))"),
                "\(format): \(result.standardError)")
        }
        let byExtension = try directory.run("render", "--sample", "--pdf-standard", "a-3b", "-o", "e.png")
        #expect(byExtension.status == 64 && byExtension.standardError.contains("(not png)"))
        #expect(try directory.entries() == ["a.pdf"])
    }

    /// `invoi help render` says what a Factur-X claims (PDF/A-3a; 3b untagged, as the README
    /// says) and shows --untagged, which the README uses.
    @Test func renderHelpSaysFacturXIsPDFA3aAndShowsUntagged() throws {
        let directory = try TemporaryDirectory()
        let help = try directory.run("help", "render")
        #expect(help.status == 0)
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("facturx (the PDF as PDF/A-3a, 3b with --untagged,"), "\(text)")
        #expect(!text.contains("PDF/A-3b with the CII XML"), "\(text)")
        #expect(text.contains("--untagged Write the PDF without tags"), "\(text)")
    }

    @Test func digitsOverrideTheInvoiceAndAreChecked() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            #"{"language": "fa", "invoiceNumber": "INV-0007", "issueDate": "2026-03-12", "lineItems": [{"quantity": 2, "rate": 150}]}"#,
            to: "fa.json")
        let native = try directory.run("render", "fa.json", "--format", "txt", "--width", "80")
        #expect(native.status == 0, "\(native.standardError)")
        #expect(native.standardOutput.contains("$۳۰۰٫۰۰") && native.standardOutput.contains("INV-0007"))
        let latin = try directory.run("render", "fa.json", "--format", "txt", "--width", "80", "--digits", "latin")
        #expect(latin.status == 0 && latin.standardOutput.contains("$300.00"))
        let preview = try directory.run("preview", "fa.json", "--width", "80", "--digits", "latin")
        #expect(preview.standardOutput.contains("$300.00"))
        let wrong = try directory.run("render", "fa.json", "--format", "txt", "--digits", "arabic")
        #expect(wrong.status == 64 && wrong.standardError.contains("--digits"))
    }

    @Test func colourAlwaysWritesOnlySGR() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("render", "--sample", "--format", "txt", "--color", "always")
        #expect(result.standardOutput.contains("\u{1B}[1m"))
        let escapes = result.standardOutput.split(separator: "\u{1B}").dropFirst()
        #expect(escapes.allSatisfy { $0.first == "[" && $0.contains("m") })
    }

    @Test func aFailedRenderLeavesTheExistingFileAlone() throws {
        let directory = try TemporaryDirectory()
        try directory.write("precious", to: "out.pdf")
        try directory.write(#"{"vatRate": 300}"#, to: "bad.json")
        let result = try directory.run("render", "bad.json", "-o", "out.pdf")
        #expect(result.status == 65)
        #expect(result.errorLines.contains { $0.hasPrefix("invoi: error: bad.json: vatRate:") })
        #expect(try directory.contents(of: "out.pdf") == "precious")
        #expect(try directory.entries() == ["bad.json", "out.pdf"], "no temporary file left behind")
    }

    @Test func exitCodesFollowSysexits() throws {
        let directory = try TemporaryDirectory()
        #expect(try directory.run("render", "missing.json").status == 66)
        #expect(try directory.run("render", "--sample", "--width", "19", "--format", "txt").status == 64)
        #expect(try directory.run("render").status == 64)
        let unwritable = try directory.run("render", "--sample", "-o", "no/such/dir/x.pdf")
        #expect(unwritable.status == 73)
        #expect(unwritable.errorLines.first?.hasPrefix("invoi: error: no/such/dir/x.pdf: cannot write") == true)
    }

    @Test func aBatchKeepsGoingPastABadInvoiceAndNeverOverwritesANameTwice() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice, to: "a.json")
        try directory.write(Self.invoice, to: "b.json")
        try directory.write(#"{"lineItems": [{"quantity": "two"}]}"#, to: "c.json")
        let result = try directory.run("render", "a.json", "b.json", "c.json", "--out-dir", "out", "--format", "svg")
        #expect(result.status == 65)
        #expect(result.errorLines.contains { $0.contains("c.json: lineItems[0].quantity") })
        #expect(result.errorLines.contains { $0.hasPrefix("invoi: warning: b.json") && $0.contains("(2)") })
        #expect(result.standardError.contains("rendered 2 of 3 invoices (1 failed)"))
        let outputs = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("out").path
        ).sorted()
        #expect(outputs == ["INV-0007 - Acme Studio (2).svg", "INV-0007 - Acme Studio.svg"])
    }

    /// Enough files for the long-list parse (InputRuns): the same results as a short list,
    /// with the files named from the command line in messages, in order.
    @Test func aLongListOfFilesRendersEveryOneInOrder() throws {
        let directory = try TemporaryDirectory()
        var arguments = ["render", "--format", "txt"]
        for index in 1...70 {
            let number = index == 70 ? 1 : index  // the last repeats the first's name
            try directory.write(
                Self.invoice.replacingOccurrences(of: "INV-0007", with: "INV-\(1000 + number)"),
                to: "in-\(index).json")
            arguments.append("in-\(index).json")
        }
        try directory.write(#"{"lineItems": 5}"#, to: "bad.json")
        arguments += ["bad.json", "missing.json", "--out-dir", "out", "--jobs", "2"]
        let result = try directory.run(arguments)
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.errorLines.contains { $0.contains("bad.json: lineItems") })
        #expect(result.errorLines.contains { $0.contains("missing.json") })
        #expect(result.errorLines.contains { $0.hasPrefix("invoi: warning: in-70.json") && $0.contains("(2)") })
        #expect(result.standardError.contains("rendered 70 of 72 invoices (2 failed)"))
        let outputs = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("out").path)
        #expect(outputs.count == 70)
        #expect(outputs.contains("INV-1001 - Acme Studio (2).txt") && outputs.contains("INV-1069 - Acme Studio.txt"))
    }

    @Test func jsonLinesNameTheLineOfABadInvoice() throws {
        let directory = try TemporaryDirectory()
        let lines = [Self.invoice, "", #"{"currency": "XYZ"}"#].joined(separator: "\n")
        let result = try directory.run("render", "--jsonl", "-", "--out-dir", "out", "--format", "txt", input: lines)
        #expect(result.status == 65)
        #expect(result.errorLines.contains { $0.hasPrefix("invoi: error: <stdin>:3") && $0.contains("currency") })
        let outputs = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("out").path)
        #expect(outputs == ["INV-0007 - Acme Studio.txt"])
    }

    @Test func jsonLinesWithSeveralInvoicesIntoOneFileIsAUsageErrorBeforeAnyWrite() throws {
        let directory = try TemporaryDirectory()
        let lines = [Self.invoice, Self.invoice].joined(separator: "\n")
        let result = try directory.run("render", "--jsonl", "-", "-o", "one.pdf", input: lines)
        #expect(result.status == 64)
        #expect(result.standardError.contains("use --out-dir DIR"))
        #expect(try directory.entries().isEmpty)
    }

    @Test func reRenderingABatchReplacesEveryFileAndLeavesNoSpare() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice, to: "a.json")
        try directory.write(Self.invoice.replacingOccurrences(of: "INV-0007", with: "INV-0008"), to: "b.json")
        for _ in 1...2 {
            let result = try directory.run("render", "a.json", "b.json", "--out-dir", "out", "--format", "txt")
            #expect(result.status == 0, "\(result.standardError)")
        }
        let outputs = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("out").path
        ).sorted()
        #expect(outputs == ["INV-0007 - Acme Studio.txt", "INV-0008 - Acme Studio.txt"])
    }

    @Test func severalPagesOfPngAreNumbered() throws {
        let directory = try TemporaryDirectory()
        let items = (1...60).map { #"{"description": "Item \#($0)", "quantity": 1, "rate": 10}"# }.joined(
            separator: ",")
        try directory.write(
            #"{"invoiceNumber": "LONG", "issueDate": "2026-03-12", "lineItems": [\#(items)]}"#, to: "long.json")
        let result = try directory.run("render", "long.json", "--format", "png", "--dpi", "36")
        #expect(result.status == 0, "\(result.standardError)")
        let pngs = try directory.entries().filter { $0.hasSuffix(".png") }
        #expect(pngs.count > 1)
        #expect(pngs.first == "LONG-1.png")
        let stdout = try directory.run("render", "long.json", "--format", "png", "-o", "-")
        #expect(stdout.status == 64)
        #expect(stdout.standardError.contains("pages"))
    }
}
