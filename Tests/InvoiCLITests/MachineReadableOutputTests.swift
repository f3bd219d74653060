import Foundation
import Testing

/// What programs (the Python wheel among them) read: `check --json` and `render --name-by input`.
@Suite struct MachineReadableOutputTests {
    private struct CheckLine: Decodable, Equatable {
        struct Problem: Decodable, Equatable {
            var severity: String
            var path: String
            var message: String
            var line: Int?
            var column: Int?
        }
        var input: String
        var valid: Bool
        var status: Int32
        var problems: [Problem]
    }

    private func lines(_ output: String) throws -> [CheckLine] {
        try output.split(separator: "\n").map { try JSONDecoder().decode(CheckLine.self, from: Data($0.utf8)) }
    }

    @Test func checkJSONHasALinePerInputWithEveryProblemAndNothingOnStandardError() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            #"{"fromNmae": "Acme", "vatRate": 120, "lineItems": [{"quantity": 1}, {"quantity": "two"}]}"#,
            to: "bad.json")
        try directory.write(#"{"invoiceNumber": "INV-7", "lineItems": [{"quantity": 2, "rate": 5}]}"#, to: "good.json")
        try directory.write("{\n  \"fromName\": \"Acme\",\n}\n", to: "syntax.json")
        let result = try directory.run("check", "--json", "good.json", "bad.json", "syntax.json", "missing.json")
        #expect(result.status == 66)
        #expect(result.standardError == "")
        let reports = try lines(result.standardOutput)
        #expect(reports.map(\.input) == ["good.json", "bad.json", "syntax.json", "missing.json"])
        #expect(reports.map(\.valid) == [true, false, false, false])
        #expect(reports.map(\.status) == [0, 65, 65, 66])
        #expect(reports[0].problems.isEmpty)
        #expect(
            reports[1].problems == [
                .init(severity: "warning", path: "", message: #"unknown field "fromNmae" — did you mean "fromName"?"#),
                .init(severity: "error", path: "vatRate", message: "vatRate is a percentage from 0 to 100, got 120"),
                .init(severity: "error", path: "lineItems[1].quantity", message: #"expected a number, got "two""#),
            ])
        #expect(
            reports[2].problems == [
                .init(
                    severity: "error", path: "", message: "trailing comma before '}'; remove the last ','", line: 3,
                    column: 1)
            ])
        #expect(reports[3].problems.count == 1)
        #expect(reports[3].problems[0].path == "")
        #expect(reports[3].problems[0].message.hasPrefix("no such file"))
    }

    @Test func checkJSONReportsAProfilesRulesByPath() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("check", "--json", "--profile", "en16931", "-", input: #"{"currency": "EUR"}"#)
        #expect(result.status == 65)
        let report = try #require(try lines(result.standardOutput).first)
        #expect(report.input == "<stdin>")
        #expect(report.problems.contains { $0.path == "fromCountry" && $0.message.contains("BR-09") })
    }

    @Test func nameByInputNamesEachOutputAfterItsInput() throws {
        let directory = try TemporaryDirectory()
        // Two invoices that would take the same name by their number.
        try directory.write(#"{"invoiceNumber": "INV-1"}"#, to: "march.json")
        try directory.write(#"{"invoiceNumber": "INV-1"}"#, to: "april.invoice.json")
        let files = try directory.run(
            "render", "march.json", "april.invoice.json", "--format", "txt", "--out-dir", "out", "--name-by", "input")
        #expect(files.status == 0)
        #expect(try directory.files(in: "out") == ["april.invoice.txt", "march.txt"])
        let lines = #"{"invoiceNumber": "A"}"# + "\n" + #"{"invoiceNumber": "B"}"# + "\n"
        let stream = try directory.run(
            "render", "--jsonl", "--format", "pdf", "--out-dir", "jsonl", "--name-by=input", input: lines)
        #expect(stream.status == 0)
        #expect(try directory.files(in: "jsonl") == ["stdin-1.pdf", "stdin-2.pdf"])
        try directory.write(lines, to: "bills.jsonl")
        let file = try directory.run(
            "render", "--jsonl", "bills.jsonl", "--format", "svg", "--out-dir", "b", "--name-by", "input")
        #expect(file.status == 0)
        #expect(try directory.files(in: "b") == ["bills-1.svg", "bills-2.svg"])
        // By the invoice, as before: the number names them.
        let byInvoice = try directory.run("render", "--jsonl", "bills.jsonl", "--format", "svg", "--out-dir", "c")
        #expect(try directory.files(in: "c") == ["A.svg", "B.svg"])
        #expect(byInvoice.status == 0)
    }
}

extension TemporaryDirectory {
    /// The names in the folder `name`, sorted.
    fileprivate func files(in name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(name).path).sorted()
    }
}
