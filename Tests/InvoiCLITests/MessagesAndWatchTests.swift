import Foundation
import InvoiTestSupport
import Testing

/// What the command line says about odd inputs and outputs, and how the watch mode behaves
/// when its file turns into something it cannot read. Each run is bounded by `timeout`.
@Suite struct MessagesAndWatchTests {
    /// Runs `sh -c SCRIPT` (the binary is "$INVOI"), killed after 60 s.
    private func shell(
        _ script: String, in directory: TemporaryDirectory, environment extra: [String: String] = [:]
    ) throws -> InvoiProcess.Result {
        try directory.shell(script, environment: extra)
    }

    // MARK: - Decoding

    @Test func anInvalidIssueDateGivesNoDueDateWarning() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"issueDate": "2020-13-45", "dueDate": "2020-01-01"}"#, to: "a.json")
        let result = try directory.run("check", "a.json")
        #expect(result.status == 65)
        #expect(result.standardError.contains("issueDate"))
        #expect(!result.standardError.contains("dueDate"))
    }

    @Test(arguments: ["", "   ", "\\n"])
    func anEmptyLabelIsWarnedAboutByItsPath(_ label: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"labels": {"total": "\#(label)", "subtotal": "Net"}}"#, to: "a.json")
        let result = try directory.run("check", "a.json")
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "invoi: warning: a.json: labels.total: the label is empty, so what it names is shown without a "
                + "label; give it a text, or remove the key to use the language's word\n")
    }

    @Test func anArrayOnAJSONLinesLineGetsAHintForLines() throws {
        let directory = try TemporaryDirectory()
        try directory.write("[{}, {}]\n{}\n", to: "a.jsonl")
        let result = try directory.run("render", "--jsonl", "a.jsonl", "--format", "txt", "--out-dir", "o")
        #expect(result.status == 65)
        #expect(result.standardError.contains("a.jsonl:1: expected a JSON object"))
        #expect(result.standardError.contains("put each invoice of the array on a line of its own"))
        #expect(!result.standardError.contains("render --jsonl"))
    }

    // MARK: - Options and outputs

    @Test func anOutputWithoutAnExtensionIsAPDF() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("render", "--sample", "-o", "outfile")
        #expect(result.status == 0)
        #expect(try Data(contentsOf: directory.url.appendingPathComponent("outfile")).prefix(5) == Data("%PDF-".utf8))
        let unknown = try directory.run("render", "--sample", "-o", "out.doc")
        #expect(unknown.status == 64)
    }

    @Test func aClosedStandardOutputIs73WithAMessageThatSaysSo() throws {
        let directory = try TemporaryDirectory()
        let result = try shell(#""$INVOI" render --sample --format txt >&-"#, in: directory)
        #expect(result.status == 73)
        #expect(
            result.standardError
                == "invoi: error: standard output is closed; redirect it to a file (> FILE) or give -o FILE\n")
    }

    @Test func endlessBadJSONLinesListTheFirstErrorsAndCountTheRest() throws {
        let directory = try TemporaryDirectory()
        let lines = (1...100).map { "not json \($0)" }.joined(separator: "\n") + "\n"
        try directory.write(lines, to: "bad.jsonl")
        let result = try directory.run("render", "--jsonl", "bad.jsonl", "--out-dir", "o")
        #expect(result.status == 65)
        let errors = result.errorLines.filter { $0.hasPrefix("invoi: error: bad.jsonl:") }
        #expect(errors.count == 20)
        #expect(result.standardError.contains("invoi: error: 80 more invoices failed; their errors are not listed"))
        #expect(result.errorLines.count < 30)
    }

    @Test func aMissingLogoIsQuotedShort() throws {
        let directory = try TemporaryDirectory()
        let path = "/nonexistent/" + String(repeating: "d/", count: 2500) + "logo.png"
        try directory.write(#"{"logo": "\#(path)"}"#, to: "a.json")
        for arguments in [["render", "a.json", "-o", "a.pdf"], ["check", "a.json"]] {
            let result = try directory.run(arguments)
            #expect(result.status == 66, "\(arguments)")
            let message = result.standardError
            #expect(message.hasPrefix("invoi: error: a.json: logo: /nonexistent/d/d/"), "\(arguments)")
            #expect(message.contains("…/d/d/"), "\(arguments)")
            #expect(message.contains("/d/d/logo.png: cannot be read"), "\(arguments)")
            #expect(message.count < 200, "\(arguments)")
        }
    }

    // MARK: - Watch mode

    /// Starts `preview --watch FILE` in the background with its output in `out`, waits
    /// (bounded) until `out` holds `ready`, runs `then`, waits until `out` holds `shown`,
    /// sends SIGTERM and reports HUNG if the process is still there after it.
    private func watch(
        then action: String, ready: String = "watching", shown: String, in directory: TemporaryDirectory,
        environment: [String: String] = [:]
    ) throws -> InvoiProcess.Result {
        try shell(
            #"""
            "$INVOI" preview --watch f.json > out 2>&1 & pid=$!
            i=0; until grep -q '\#(ready)' out || [ $i -ge 300 ]; do sleep 0.1; i=$((i+1)); done
            \#(action)
            i=0; until grep -q '\#(shown)' out || [ $i -ge 300 ]; do sleep 0.1; i=$((i+1)); done
            kill -TERM $pid
            i=0; while kill -0 $pid 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
            if kill -0 $pid 2>/dev/null; then kill -KILL $pid; echo HUNG; fi
            wait $pid; echo "status $?"
            """#, in: directory, environment: environment)
    }

    @Test func theWatchModeNeverBlocksOnAFIFOAndSIGTERMEndsIt() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{}", to: "f.json")
        let result = try watch(then: "rm f.json && mkfifo f.json", shown: "named pipe", in: directory)
        #expect(!result.standardOutput.contains("HUNG"))
        #expect(result.standardOutput.hasSuffix("status 0\n"))
        #expect(
            try directory.contents(of: "out").contains(
                "invoi: error: f.json: is a named pipe (FIFO), not an invoice file; watch a regular file"))
    }

    @Test(arguments: [["NO_COLOR": "1"], [:]])
    func theWatchModeWritesNoEscapeCodesWhenNotToATerminal(_ environment: [String: String]) throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"invoiceNumber": "W-1"}"#, to: "f.json")
        let result = try watch(then: ":", shown: "W-1", in: directory, environment: environment)
        #expect(!result.standardOutput.contains("HUNG"))
        let out = try directory.contents(of: "out")
        #expect(out.contains("watching f.json"))
        #expect(!out.contains("\u{1B}"))
    }

    /// On a terminal (a pseudo-terminal from script(1)) with NO_COLOR: the screen is still
    /// cleared and redrawn, but no colour (SGR) code is written.
    @Test func theWatchModeOnATerminalWithNoColorWritesNoColourCodes() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"invoiceNumber": "W-1"}"#, to: "f.json")
        let result = try shell(
            #"""
            script -qefc 'echo $$ > pid; NO_COLOR=1 exec "$INVOI" preview --watch f.json' /dev/null > out 2>&1 &
            spid=$!
            i=0; until grep -q 'watching' out || [ $i -ge 300 ]; do sleep 0.1; i=$((i+1)); done
            kill -TERM "$(cat pid)"
            i=0; while kill -0 $spid 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
            if kill -0 $spid 2>/dev/null; then kill -KILL "$(cat pid)" $spid; echo HUNG; fi
            wait $spid
            """#, in: directory)
        try #require(!result.standardOutput.contains("HUNG"))
        let out = try directory.contents(of: "out")
        #expect(out.contains("watching f.json"))
        #expect(out.contains("\u{1B}[2J"))
        #expect(out.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) == nil)
    }
}
