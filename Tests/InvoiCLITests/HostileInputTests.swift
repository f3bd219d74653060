import Foundation
import InvoiTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile input at every entry point of the command line: options, files,
/// standard input, JSON Lines, output paths and what reaches the terminal. Every case
/// ends with a sysexits status and one clear message — never a crash, a hang, a partial
/// output or a replaced device. Each run is bounded by `timeout`, so a regression to a
/// hang fails the test instead of stalling the suite.
@Suite struct HostileInputTests {
    /// Runs `sh -c SCRIPT` (the binary is "$INVOI"), killed after 60 s.
    private func shell(_ script: String, in directory: TemporaryDirectory) throws -> InvoiProcess.Result {
        try directory.shell(script, killedAfter: 60)
    }

    private func invoi(_ arguments: [String], in directory: TemporaryDirectory) throws -> InvoiProcess.Result {
        try directory.boundedRun(arguments, killedAfter: 60)
    }

    /// An invoice long enough for several pages.
    private func longInvoice(items: Int = 90) -> String {
        let lines = (1...items).map { #"{"description": "Design work, part \#($0)", "quantity": 1, "rate": 10}"# }
        return #"{"invoiceNumber": "INV-9", "lineItems": [\#(lines.joined(separator: ","))]}"#
    }

    // MARK: - Options

    @Test(arguments: [
        (["--width", "5"], "--width must be from 20 to 1000 columns (got 5)"),
        (["--width", "1001"], "--width must be from 20 to 1000 columns (got 1001)"),
        (["--width", "100000000"], "--width must be from 20 to 1000 columns"),
        (["--dpi", "2400"], "--dpi must be from 18 to 600 (got 2400)"),
        (["--dpi", "17.5"], "--dpi must be from 18 to 600 (got 17.5)"),
        (["--dpi", "nan"], "--dpi must be from 18 to 600"),
        (["--jobs", "0"], "--jobs must be from 1 to 256 (got 0)"),
        (["--jobs", "257"], "--jobs must be from 1 to 256 (got 257)"),
    ])
    func numericOptionsOutOfRangeAreUsageErrors(_ option: [String], _ message: String) throws {
        let directory = try TemporaryDirectory()
        let result = try invoi(["render", "--sample", "--format", "txt"] + option, in: directory)
        #expect(result.status == 64)
        #expect(result.standardError.contains("invoi: error: " + message))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func theNarrowestWidthRenders() throws {
        let directory = try TemporaryDirectory()
        let result = try invoi(["render", "--sample", "--format", "txt", "--width", "20"], in: directory)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.count <= 20 })
    }

    @Test func previewChecksItsWidthToo() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{}", to: "a.json")
        let result = try invoi(["preview", "a.json", "--width", "1000000"], in: directory)
        #expect(result.status == 64)
        #expect(result.standardError.contains("--width must be from 20 to 1000"))
    }

    @Test func aUsageErrorEscapesControlCharactersOfTheArguments() throws {
        let directory = try TemporaryDirectory()
        let result = try invoi(["render", "--sample", "--width", "\u{1B}[31mred\u{07}"], in: directory)
        #expect(result.status == 64)
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(!result.standardError.contains("\u{07}"))
        #expect(result.standardError.contains(#"\u{1B}[31mred\u{7}"#))
    }

    // MARK: - Standard input

    @Test(arguments: ["render - --format txt", "check -"])
    func standardInputThatIsADirectoryIs66(_ command: String) throws {
        let directory = try TemporaryDirectory()
        let result = try shell(#""$INVOI" \#(command) < /"#, in: directory)
        #expect(result.status == 66)
        #expect(result.standardError == "invoi: error: <stdin>: is a directory, not an invoice file\n")
    }

    @Test(arguments: ["render - --format txt", "check -", "render --jsonl - --format txt"])
    func closedStandardInputIs66(_ command: String) throws {
        let directory = try TemporaryDirectory()
        let result = try shell(#""$INVOI" \#(command) <&-"#, in: directory)
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("invoi: error: <stdin>"))
        #expect(result.errorLines.count == 1)
    }

    // MARK: - Input files

    @Test func anInvoiceFileOver64MiBIsRefusedBeforeItIsRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, (64 << 20) + 1) == 0)  // sparse: no disk used
        let result = try invoi(["check", "huge.json"], in: directory)
        #expect(result.status == 65)
        #expect(result.standardError.contains("huge.json: is larger than 64 MiB"))
    }

    @Test func anEndlessInputEndsAtTheLimit() throws {
        let directory = try TemporaryDirectory()
        let result = try invoi(["render", "/dev/zero", "--format", "txt", "-o", "out.txt"], in: directory)
        #expect(result.status == 65)
        #expect(result.standardError.contains("/dev/zero: is larger than 64 MiB"))
        #expect(try directory.entries().isEmpty)
    }

    @Test func aHugeBadTokenIsQuotedShort() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"fromName": "# + String(repeating: "x", count: 1 << 20) + "}", to: "bad.json")
        let result = try invoi(["check", "bad.json"], in: directory)
        #expect(result.status == 65)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.utf8.count < 300)
    }

    @Test func manyUnknownFieldsGiveAShortReport() throws {
        let directory = try TemporaryDirectory()
        let fields = (0..<200_000).map { "\"u\($0)\": 1" }.joined(separator: ",")
        try directory.write("{\(fields)}", to: "many.json")
        let result = try invoi(["check", "many.json"], in: directory)
        #expect(result.status == 0)
        #expect(result.errorLines.count == 51)
        #expect(result.errorLines.last?.contains("199950 more warnings not listed") == true)
        #expect(result.standardError.utf8.count < 10_000)
    }

    // MARK: - JSON Lines

    @Test func aJSONLinesLineOver64MiBIsRefusedWithItsLineNumber() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("bills.jsonl")
        var data = Data(#"{"invoiceNumber": "A-1"}"#.utf8 + [0x0A])
        data.append(Data(repeating: 0x20, count: (64 << 20) + 10))
        data.append(contentsOf: Array(#"{"invoiceNumber": "A-3"}"#.utf8))
        try data.write(to: url)
        try directory.write(#"{"invoiceNumber": "B-1"}"#, to: "other.jsonl")
        let result = try invoi(
            ["render", "--jsonl", "bills.jsonl", "other.jsonl", "--format", "txt", "--out-dir", "out"], in: directory)
        #expect(result.status == 65)
        #expect(
            result.standardError.contains(
                "invoi: error: bills.jsonl:2: the line is longer than 64 MiB, the most invoi reads for one invoice"))
        let outputs = try FileManager.default.contentsOfDirectory(atPath: directory.url.path + "/out").sorted()
        #expect(outputs.count == 2)  // A-1 before the long line, and the next input's B-1
        #expect(outputs.contains { $0.hasPrefix("A-1") } && outputs.contains { $0.hasPrefix("B-1") })
    }

    @Test func endlessJSONLinesEndAtTheLimit() throws {
        let directory = try TemporaryDirectory()
        let result = try invoi(
            ["render", "--jsonl", "/dev/zero", "--format", "txt", "--out-dir", "out"], in: directory)
        #expect(result.status == 65)
        #expect(result.standardError.contains("/dev/zero:1: the line is longer than 64 MiB"))
    }

    // MARK: - Output paths

    @Test func aSymlinkIsFollowedAndItsTargetReplaced() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old", to: "real.txt")
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("link.txt").path, withDestinationPath: "real.txt")
        let result = try invoi(["render", "--sample", "-o", "link.txt"], in: directory)
        #expect(result.status == 0)
        #expect(try directory.contents(of: "real.txt").contains("INV-0001"))
        let destination = try FileManager.default.destinationOfSymbolicLink(
            atPath: directory.url.appendingPathComponent("link.txt").path)
        #expect(destination == "real.txt")
        #expect(try directory.entries() == ["link.txt", "real.txt"])
    }

    @Test func aDanglingSymlinkCreatesItsTarget() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("link.txt").path, withDestinationPath: "new.txt")
        let result = try invoi(["render", "--sample", "-o", "link.txt"], in: directory)
        #expect(result.status == 0)
        #expect(try directory.contents(of: "new.txt").contains("INV-0001"))
    }

    @Test func aFIFOIsWrittenThroughNotReplaced() throws {
        let directory = try TemporaryDirectory()
        let result = try shell(
            #"mkfifo out.txt && { cat out.txt > copy.txt & } && "$INVOI" render --sample -o out.txt; s=$?; wait; "#
                + #"test -p out.txt && echo fifo; exit $s"#, in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput == "fifo\n")
        #expect(try directory.contents(of: "copy.txt").contains("INV-0001"))
    }

    @Test func devStdoutIsWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let result = try shell(
            #""$INVOI" render --sample --format pdf -o /dev/stdout > out.pdf && head -c 5 out.pdf"#, in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput == "%PDF-")
    }

    /// A private node like /dev/full (the system's must never be at risk): 73, and the node stays.
    @Test func aFullDeviceIs73AndStaysADevice() throws {
        let directory = try TemporaryDirectory()
        let made = try shell("mknod full c 1 7", in: directory)
        try #require(made.status == 0, "mknod needs root")
        for format in ["pdf", "png", "txt"] {
            let result = try invoi(["render", "--sample", "--format", format, "-o", "full"], in: directory)
            #expect(result.status == 73)
            #expect(result.standardError.contains("full: cannot write (No space left on device)"))
            var status = stat()
            #expect(lstat(directory.url.appendingPathComponent("full").path, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFCHR)
        }
        #expect(try directory.entries() == ["full"])
    }

    @Test func aDirectoryAsOutputIs73() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("out.pdf"), withIntermediateDirectories: false)
        let result = try invoi(["render", "--sample", "-o", "out.pdf"], in: directory)
        #expect(result.status == 73)
        #expect(result.standardError.contains("out.pdf: is a directory"))
    }

    @Test(arguments: ["png", "svg"])
    func aPageSetIsAllOrNothing(_ format: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(longInvoice(), to: "long.json")
        // Page 3's name is taken by a directory: its file cannot be written.
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("out-3.\(format)"), withIntermediateDirectories: false)
        let result = try invoi(["render", "long.json", "-o", "out.\(format)", "--dpi", "36"], in: directory)
        #expect(result.status == 73)
        #expect(try directory.entries() == ["long.json", "out-3.\(format)"])

        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("out-3.\(format)"))
        let again = try invoi(["render", "long.json", "-o", "out.\(format)", "--dpi", "36"], in: directory)
        #expect(again.status == 0)
        #expect(try directory.entries().filter { $0.hasPrefix("out-") }.count >= 3)
    }

    @Test func aPageSetInAnOutputDirectoryIsAllOrNothing() throws {
        let directory = try TemporaryDirectory()
        try directory.write(longInvoice(), to: "long.json")
        let made = try shell("mkdir out && mknod 'out/INV-9-2.png' c 1 7", in: directory)
        try #require(made.status == 0, "mknod needs root")
        let result = try invoi(
            ["render", "long.json", "--format", "png", "--out-dir", "out", "--dpi", "36"], in: directory)
        #expect(result.status == 73)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: directory.url.path + "/out")
        #expect(outputs == ["INV-9-2.png"])
    }

    @Test func initForceWritesIntoAFIFOAndThroughASymlink() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old", to: "real.json")
        let result = try shell(
            #"ln -s real.json link.json && "$INVOI" init link.json --force && test -L link.json && "#
                + #"mkfifo pipe.json && { cat pipe.json > copy.json & } && "$INVOI" init pipe.json --force; s=$?; wait; "#
                + #"test -p pipe.json && echo fifo; exit $s"#, in: directory)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("fifo\n"))
        #expect(try directory.contents(of: "real.json").contains("invoiceNumber"))
        #expect(try directory.contents(of: "copy.json").contains("invoiceNumber"))
    }

    // MARK: - The terminal

    @Test func fileNamesWithControlCharactersAreEscapedInEveryMessage() throws {
        let directory = try TemporaryDirectory()
        let name = "bad\u{1B}]0;owned\u{07}.json"
        try directory.write("{", to: name)
        try directory.write("", to: "file\u{1B}[2J")
        for arguments in [
            ["check", name], ["render", name, "--format", "txt"], ["render", name, "missing\u{1B}[2J.json"],
            ["render", "--sample", "--out-dir", "file\u{1B}[2J/sub"],
        ] {
            let result = try invoi(arguments, in: directory)
            #expect(result.status != 0)
            #expect(!result.standardError.contains("\u{1B}"), "\(arguments)")
            #expect(!result.standardError.contains("\u{07}"), "\(arguments)")
        }
    }

    @Test func watchModeEscapesTheFileName() throws {
        let directory = try TemporaryDirectory()
        // The file does not exist: the watcher shows why, naming it.
        let result = try shell(
            #"timeout -s INT 2 "$INVOI" preview --watch "$(printf 'x\033[31mRED.json')"; exit 0"#, in: directory)
        #expect(result.standardOutput.contains("watching"))
        #expect(!result.standardOutput.contains("\u{1B}[31mRED"))
        #expect(result.standardOutput.contains(#"x\u{1B}[31mRED.json"#))
    }
}
