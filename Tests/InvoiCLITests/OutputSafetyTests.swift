import Foundation
import InvoiTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Nothing written over what is read, no output lost to another's name, no stale pages,
/// no files beside a pipe or device, and an interrupted batch that tidies up. Each run is
/// bounded by `timeout`.
@Suite struct OutputSafetyTests {
    /// Runs `sh -c SCRIPT` (the binary is "$INVOI"), killed after 120 s.
    private func shell(_ script: String, in directory: TemporaryDirectory) throws -> InvoiProcess.Result {
        try directory.shell(script, killedAfter: 120)
    }

    private func invoi(_ arguments: [String], in directory: TemporaryDirectory) throws -> InvoiProcess.Result {
        try directory.boundedRun(arguments, killedAfter: 120)
    }

    /// An invoice of `items` line items (90 make several pages), with no sender, so that its
    /// files are named by the number alone.
    private func invoice(number: String, items: Int = 1) -> String {
        let lines = (1...items).map { #"{"description": "Design work, part \#($0)", "quantity": 1, "rate": 10}"# }
        return #"{"invoiceNumber": "\#(number)", "fromName": "", "lineItems": [\#(lines.joined(separator: ","))]}"#
    }

    private func entries(_ directory: TemporaryDirectory, in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent(folder).path).sorted()
    }

    // MARK: - Batch names

    @Test func pageFilesOfOneInvoiceNeverOverwriteAnotherInvoice() throws {
        let directory = try TemporaryDirectory()
        try directory.write(invoice(number: "X", items: 90), to: "a.json")
        try directory.write(invoice(number: "X-1"), to: "b.json")
        try directory.write(invoice(number: "X-2"), to: "c.json")
        let result = try invoi(
            ["render", "a.json", "b.json", "c.json", "--out-dir", "o", "--format", "svg", "--jobs", "3"],
            in: directory)
        #expect(result.status == 0)
        let files = try entries(directory, in: "o")
        let pages = files.filter { $0.range(of: #"^X-[0-9]+\.svg$"#, options: .regularExpression) != nil }
        #expect(pages.count >= 3)
        #expect(files.count == pages.count + 2)
        #expect(files.contains("X-1 (2).svg"))
        #expect(files.contains("X-2 (2).svg"))
        #expect(try directory.contents(of: "o/X-1 (2).svg").contains("<title>Invoice X-1</title>"))
        #expect(try directory.contents(of: "o/X-1.svg").contains("<title>Invoice X</title>"))
        #expect(result.standardError.contains("invoi: warning: b.json would be written to the same file as a.json"))
        #expect(result.standardError.contains("invoi: warning: c.json would be written to the same file as a.json"))
        #expect(result.standardError.contains("rendered 3 of 3 invoices"))
    }

    @Test func anInvoiceWhosePagesWouldTakeAnEarlierInvoicesNameIsRenamed() throws {
        let directory = try TemporaryDirectory()
        try directory.write(invoice(number: "X-1"), to: "b.json")
        try directory.write(invoice(number: "X", items: 90), to: "a.json")
        let result = try invoi(
            ["render", "b.json", "a.json", "--out-dir", "o", "--format", "png", "--dpi", "18"], in: directory)
        #expect(result.status == 0)
        let files = try entries(directory, in: "o")
        #expect(files.contains("X-1.png"))
        #expect(files.contains("X (2)-1.png"))
        #expect(!files.contains("X-2.png"))
        #expect(result.standardError.contains("a.json would be written to the same file as b.json"))
    }

    // MARK: - Outputs over inputs

    @Test func anOutputThatIsTheInputIsRefusedBeforeRendering() throws {
        let directory = try TemporaryDirectory()
        let bill = invoice(number: "INV-1")
        try directory.write(bill, to: "bill.json")
        let made = try shell("ln -s bill.json link.json && ln bill.json hard.json && mkdir d", in: directory)
        try #require(made.status == 0)
        for arguments in [
            ["render", "bill.json", "-o", "bill.json"],
            ["render", "bill.json", "-o", "./link.json", "--format", "ops"],
            ["render", "bill.json", "-o", "hard.json"],
            ["render", "bill.json", "-o", "../\(directory.url.lastPathComponent)/bill.json", "--format", "txt"],
        ] {
            let result = try invoi(arguments, in: directory)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains("the output would replace the invoice being read"), "\(arguments)")
            #expect(try directory.contents(of: "bill.json") == bill, "\(arguments)")
        }
        let piped = try shell(#""$INVOI" render - -o bill.json --format ops < bill.json"#, in: directory)
        #expect(piped.status == 64)
        #expect(try directory.contents(of: "bill.json") == bill)
        #expect(try directory.entries() == ["bill.json", "d", "hard.json", "link.json"])
    }

    @Test func anOutputDirectoryNameThatIsAnInputIsRefused() throws {
        let directory = try TemporaryDirectory()
        let bill = #"{"invoiceNumber": "INV-1", "fromName": "Acme"}"#
        let other = #"{"invoiceNumber": "INV-2", "fromName": "Acme"}"#
        let made = try shell("mkdir d", in: directory)
        try #require(made.status == 0)
        try directory.write(bill, to: "d/INV-1 - Acme.json")
        try directory.write(other, to: "other.json")
        let result = try invoi(
            ["render", "d/INV-1 - Acme.json", "other.json", "--format", "ops", "--out-dir", "d"], in: directory)
        #expect(result.status == 64)
        #expect(result.standardError.contains("INV-1 - Acme.json: the output would replace the invoice being read"))
        #expect(try directory.contents(of: "d/INV-1 - Acme.json") == bill)
        #expect(try entries(directory, in: "d") == ["INV-1 - Acme.json", "INV-2 - Acme.json"])
    }

    // MARK: - Page sets

    /// /dev/stdout and /dev/null themselves are not used: a build without the check, run as
    /// root, would create page files in /dev. A private null device, /dev/fd/1 (whose
    /// directory holds no files) and a link to /dev/stdout stand in for them.
    @Test(arguments: ["png", "svg"])
    func severalPagesToAPipeOrDeviceAreAUsageError(_ format: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(invoice(number: "L", items: 90), to: "long.json")
        let made = try shell("mkfifo fifo && ln -s /dev/stdout stdout.\(format)", in: directory)
        try #require(made.status == 0)
        var outputs = ["fifo", "/dev/fd/1", "stdout.\(format)"]
        if try shell("mknod null c 1 3", in: directory).status == 0 { outputs.append("null") }
        for output in outputs {
            let result = try invoi(
                ["render", "long.json", "--format", format, "--dpi", "18", "-o", output], in: directory)
            #expect(result.status == 64, "\(output)")
            #expect(result.standardError.contains("writes one file per page; nothing was written"), "\(output)")
            #expect(result.standardOutput.isEmpty)
        }
        #expect(try directory.entries().filter { $0 != "null" } == ["fifo", "long.json", "stdout.\(format)"])
    }

    @Test func aShorterRenderRemovesTheEarlierRendersLaterPages() throws {
        let directory = try TemporaryDirectory()
        try directory.write(invoice(number: "L", items: 200), to: "long.json")
        try directory.write(invoice(number: "M", items: 60), to: "medium.json")
        try directory.write(invoice(number: "S"), to: "short.json")
        #expect(try shell("mkdir m", in: directory).status == 0)
        #expect(try invoi(["render", "long.json", "-o", "o.svg"], in: directory).status == 0)
        let longPages = try directory.entries().filter { $0.hasPrefix("o-") }.count
        #expect(longPages >= 4)
        // Not pages of that render: after a gap, by another name, or not invoi's SVG.
        try directory.write("mine", to: "o-\(longPages + 2).svg")
        try directory.write("mine", to: "o-notes.svg")

        #expect(try invoi(["render", "medium.json", "-o", "m/o.svg"], in: directory).status == 0)
        let mediumCount = try entries(directory, in: "m").count
        #expect(mediumCount >= 2 && mediumCount < longPages)

        #expect(try invoi(["render", "medium.json", "-o", "o.svg"], in: directory).status == 0)
        let pages = try directory.entries().filter {
            $0.range(of: #"^o-[0-9]+\.svg$"#, options: .regularExpression) != nil
        }
        #expect(Set(pages) == Set((1...mediumCount).map { "o-\($0).svg" } + ["o-\(longPages + 2).svg"]))
        #expect(try directory.contents(of: "o-1.svg").contains("<title>Invoice M</title>"))

        try directory.write("mine", to: "o-3.svg")
        try directory.write("mine", to: "o-4.svg")
        #expect(try invoi(["render", "short.json", "-o", "o.svg"], in: directory).status == 0)
        #expect(
            try directory.entries()
                == [
                    "long.json", "m", "medium.json", "o-3.svg", "o-4.svg", "o-\(longPages + 2).svg", "o-notes.svg",
                    "o.svg", "short.json",
                ].sorted())
    }

    @Test func aShorterRenderInAnOutputDirectoryRemovesItsOldPagesButNoOtherInvoices() throws {
        let directory = try TemporaryDirectory()
        try directory.write(invoice(number: "X", items: 200), to: "x.json")
        #expect(
            try invoi(["render", "x.json", "--format", "png", "--dpi", "18", "--out-dir", "o"], in: directory).status
                == 0)
        let oldPages = try entries(directory, in: "o").count
        #expect(oldPages >= 4)
        // X now has one page; X-2 is an invoice of the same batch.
        try directory.write(invoice(number: "X"), to: "x.json")
        try directory.write(invoice(number: "X-2"), to: "x2.json")
        let result = try invoi(
            ["render", "x.json", "x2.json", "--format", "png", "--dpi", "18", "--out-dir", "o"], in: directory)
        #expect(result.status == 0)
        // X-1.png of the old render goes; X-2.png is the other invoice's, so the removal stops there.
        #expect(try entries(directory, in: "o").contains("X.png"))
        #expect(try entries(directory, in: "o").contains("X-2.png"))
        #expect(try !entries(directory, in: "o").contains("X-1.png"))
    }

    /// PNG files of another program (only the signature is invoi's) beside a name are never
    /// taken for its pages: not removed by a one-page render, not replaced by a set.
    @Test func pngFilesInvoiDidNotWriteAsPagesAreKept() throws {
        let directory = try TemporaryDirectory()
        try directory.write(invoice(number: "S"), to: "short.json")
        try directory.write(invoice(number: "L", items: 90), to: "long.json")
        let scan = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("pdftoppm page".utf8)
        for name in ["scan-1.png", "scan-2.png"] { try scan.write(to: directory.url.appendingPathComponent(name)) }

        #expect(try invoi(["render", "short.json", "-o", "scan.png", "--dpi", "18"], in: directory).status == 0)
        #expect(try directory.entries() == ["long.json", "scan-1.png", "scan-2.png", "scan.png", "short.json"])

        let result = try invoi(["render", "long.json", "-o", "scan.png", "--dpi", "18"], in: directory)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                #"long.json: scan-1.png is there and is not a page of an earlier render of this name, so it is "#
                    + #"kept: writing the pages as "scan (2)" instead"#))
        for name in ["scan-1.png", "scan-2.png"] {
            #expect(try Data(contentsOf: directory.url.appendingPathComponent(name)) == scan)
        }
        #expect(try directory.entries().contains("scan (2)-1.png"))
        #expect(try directory.entries().contains("scan (2)-2.png"))
    }

    @Test func aOnePageRenderKeepsOtherOnePageInvoicesNamedLikeItsPages() throws {
        let directory = try TemporaryDirectory()
        try directory.write(invoice(number: "X-1"), to: "b.json")
        try directory.write(invoice(number: "X-2"), to: "c.json")
        try directory.write(invoice(number: "X"), to: "x.json")
        #expect(
            try invoi(["render", "b.json", "c.json", "--out-dir", "o", "--format", "svg"], in: directory).status == 0)
        #expect(try invoi(["render", "x.json", "--out-dir", "o", "--format", "svg"], in: directory).status == 0)
        #expect(try entries(directory, in: "o") == ["X-1.svg", "X-2.svg", "X.svg"])
        #expect(try directory.contents(of: "o/X-1.svg").contains("<title>Invoice X-1</title>"))
        #expect(try directory.contents(of: "o/X-2.svg").contains("<title>Invoice X-2</title>"))
    }

    /// Alone or in a batch, a set of pages whose names are taken by earlier one-page invoices
    /// gets a distinct name, each time; rendered again, it replaces its own pages there.
    @Test(arguments: [false, true])
    func aPageSetNeverOverwritesEarlierOnePageInvoices(inBatch: Bool) throws {
        let directory = try TemporaryDirectory()
        try directory.write(invoice(number: "X-1"), to: "b.json")
        try directory.write(invoice(number: "X-2"), to: "c.json")
        try directory.write(invoice(number: "X", items: 90), to: "x.json")
        try directory.write(invoice(number: "Y"), to: "y.json")
        #expect(
            try invoi(["render", "b.json", "c.json", "--out-dir", "o", "--format", "svg"], in: directory).status == 0)
        let inputs = inBatch ? ["x.json", "y.json"] : ["x.json"]
        for _ in 1...2 {
            let result = try invoi(["render"] + inputs + ["--out-dir", "o", "--format", "svg"], in: directory)
            #expect(result.status == 0)
            #expect(
                result.standardError.contains(
                    #"x.json: o/X-1.svg is there and is not a page of an earlier render of this name, so it is "#
                        + #"kept: writing the pages as "X (2)" instead"#),
                "\(result.standardError)")
        }
        #expect(try directory.contents(of: "o/X-1.svg").contains("<title>Invoice X-1</title>"))
        #expect(try directory.contents(of: "o/X-2.svg").contains("<title>Invoice X-2</title>"))
        #expect(try directory.contents(of: "o/X (2)-1.svg").contains("<title>Invoice X</title>"))
        #expect(try directory.contents(of: "o/X (2)-2.svg").contains(#"data-invoi-page="2/"#))
        #expect(try !entries(directory, in: "o").contains("X (3)-1.svg"))
    }

    /// The message names the invoice whose output it is, not the input it would replace; nothing
    /// of that invoice is written.
    @Test func anOutputThatIsAnotherInputNamesTheInvoiceBeingRendered() throws {
        let directory = try TemporaryDirectory()
        #expect(try shell("mkdir d", in: directory).status == 0)
        let other = invoice(number: "X-1")
        try directory.write(#"{"invoiceNumber": "INV-1", "fromName": "Acme"}"#, to: "s.json")
        try directory.write(other, to: "d/INV-1 - Acme.json")
        let result = try invoi(
            ["render", "s.json", "d/INV-1 - Acme.json", "--format", "ops", "--out-dir", "d", "--jobs", "1"],
            in: directory)
        #expect(result.status == 64)
        #expect(
            result.standardError.contains(
                "invoi: error: s.json: its output d/INV-1 - Acme.json would replace the input d/INV-1 - Acme.json; "
                    + "nothing of it was written"))
        #expect(try directory.contents(of: "d/INV-1 - Acme.json") == other)
        #expect(try entries(directory, in: "d") == ["INV-1 - Acme.json", "X-1.json"])
    }

    // MARK: - Interruptions

    @Test(arguments: ["INT", "TERM"])
    func anInterruptedBatchRemovesItsTemporaryFilesAndSaysWhatItDid(_ signal: String) throws {
        let directory = try TemporaryDirectory()
        for index in 1...40 {
            try directory.write(invoice(number: "B-\(index)", items: 120), to: "b\(index).json")
        }
        // A background job of sh ignores SIGINT (and the test may run with SIGTERM ignored):
        // env gives both back their defaults, as in a shell's foreground job.
        let result = try shell(
            #"""
            env --default-signal=INT,TERM "$INVOI" render b*.json --out-dir o --format png --jobs 2 2> errors & pid=$!
            i=0; until ls o 2>/dev/null | grep -q png || [ $i -ge 1200 ]; do sleep 0.05; i=$((i+1)); done
            kill -\#(signal) $pid
            i=0; while kill -0 $pid 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done
            if kill -0 $pid 2>/dev/null; then kill -KILL $pid; echo HUNG; fi
            wait $pid; echo "status $?"
            """#, in: directory)
        #expect(result.standardOutput == "status \(signal == "INT" ? 130 : 143)\n")
        let message = try directory.contents(of: "errors")
        #expect(message.hasPrefix("invoi: interrupted (SIG\(signal)): rendered "), "\(message)")
        #expect(message.contains(" of 40 invoices"))
        #expect(message.contains(" not rendered; the finished files are kept"))
        let out = directory.url.appendingPathComponent("o")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(!names.isEmpty)
        #expect(!names.contains { $0.hasPrefix(".") }, "\(names)")
        // Every file left is whole: a PNG ends with its IEND chunk.
        for name in names {
            let data = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(data.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "\(name)")
        }
    }
}
