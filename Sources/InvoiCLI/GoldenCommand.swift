import ArgumentParser
import Foundation
import InvoiDocument
import InvoiGolden
import InvoiModel
import InvoiRender
import InvoiText
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `invoi golden record|verify`: layout regression testing for users (docs/ARCHITECTURE.md, Goldens).
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        _superCommandName: InvoiCommand.configuration.commandName ?? "invoi",
        abstract: "Record invoices' renders as goldens and verify later renders against them.",
        discussion: """
            'record' stores NAME.golden/ beside each invoice NAME.json; commit those folders. \
            'verify' renders again, compares and says what changed. Exit status: 0 all the same, \
            1 something changed, a golden is missing or a golden's invoice is gone (orphaned), \
            2 usage; 65 an invoice or golden is damaged, \
            66 an input is missing, 69 a tool is missing, 73 a golden or report cannot be written.
            """,
        subcommands: [GoldenRecordCommand.self, GoldenVerifyCommand.self]
    )

    /// How usage errors of `invoi golden …` exit (as diff and test runners do): 2, not 64.
    static let usageExitCode: Int32 = 2
}

/// `--formats svg,pdftext`.
struct GoldenFormatList: ExpressibleByArgument, Sendable {
    var formats: [GoldenFormat]

    init?(argument: String) {
        var formats: [GoldenFormat] = []
        for name in argument.split(separator: ",") {
            guard let format = GoldenFormat(rawValue: name.trimmingCharacters(in: .whitespaces)) else { return nil }
            formats.append(format)
        }
        self.formats = formats
    }

    var defaultValueDescription: String { "none" }
    static var allValueStrings: [String] { GoldenFormat.allCases.map(\.rawValue) }
}

/// What record and verify share: the inputs, the renderer, the workers and the log.
struct GoldenRun {
    let log: MessageLog
    let jobs: Int

    init(jobs: Int?) {
        log = MessageLog(isTerminal: isatty(STDERR_FILENO) == 1)
        self.jobs = jobs ?? min(ProcessInfo.processInfo.activeProcessorCount, OptionBounds.jobs.upperBound)
    }

    static func renderer() -> GoldenRenderer {
        GoldenRenderer { font in
            var fonts = FontConfiguration.system
            if let font { fonts.primaryFamily = font }
            return try Renderer(fonts: fonts)
        }
    }

    /// The cases of the inputs, and the golden folders found whose invoice is gone. Inputs
    /// that do not exist are reported (66); JSON files found in folders that are not invoices
    /// are skipped with a note, unless they have a golden, as are folders and files reached
    /// again through symbolic links.
    func cases(of inputs: [String], status: inout ExitStatus) -> (cases: [GoldenCase], orphans: [String]) {
        let discovery = GoldenDiscovery(inputs: inputs)
        for path in discovery.unreadable {
            log.error("\(path): no such file or folder, or it cannot be listed")
            status = max(status, .noInput)
        }
        for skipped in discovery.skipped {
            log.info("skipped \(skipped.path): \(skipped.reason)")
        }
        let named = Set(inputs)
        var cases: [GoldenCase] = []
        for goldenCase in discovery.cases {
            if !FileManager.default.fileExists(atPath: goldenCase.goldenPath),
                let data = try? Data(contentsOf: URL(fileURLWithPath: goldenCase.invoicePath)),
                let reason = GoldenDiscovery.notAnInvoice(data)
            {
                // Found in a folder: not ours, said in passing. Named: a mistake.
                if named.contains(goldenCase.invoicePath) {
                    log.error("\(goldenCase.invoicePath): not an invoice (\(reason))")
                    status = max(status, .dataError)
                } else {
                    log.info("skipped \(goldenCase.invoicePath): not an invoice (\(reason))")
                }
                continue
            }
            cases.append(goldenCase)
        }
        if cases.isEmpty && discovery.unreadable.isEmpty {
            log.warning("no invoices found in \(inputs.joined(separator: ", "))")
        }
        return (cases, discovery.orphans)
    }

    /// Runs `work` over `count` items on `jobs` threads, with the progress bar.
    func forEach(_ count: Int, _ work: @Sendable (Int) -> Void) {
        let progress = Progress(total: count, log: log)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                work(index)
                progress.advance()
            }
        }
        log.clearProgress()
    }
}

extension ExitStatus {
    init(_ kind: GoldenFailure.Kind) {
        switch kind {
        case .unreadable: self = .noInput
        case .corrupt: self = .dataError
        case .cannotWrite: self = .cannotCreate
        case .unavailable: self = .unavailable
        }
    }
}

struct GoldenRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Render invoices and store NAME.golden/ beside each (ops.json, page PNGs, preview.txt, manifest).",
        discussion: """
            Folders are searched for *.json invoices, recursively; .golden folders and JSON files that \
            are not invoices are skipped. Symbolic links are followed, each folder searched and each \
            file taken once. A golden folder is replaced whole, in one rename; the goldens \
            of invoices not named stay as they are.
            """
    )

    @Argument(help: ArgumentHelp("Invoice files or folders of them.", valueName: "path"))
    var inputs: [String] = []

    @Option(help: "Resolution of the page PNGs in dots per inch (18 to 600).")
    var dpi: Double = 72

    @Option(help: "a4 or letter.")
    var paper: PaperSize = .a4

    @Option(
        help: ArgumentHelp(
            "Also record svg (each page as SVG) and/or pdftext (the PDF's text layer), comma-separated.",
            valueName: "svg,pdftext"))
    var formats: GoldenFormatList?

    @Option(help: "Font family to use before the built-in fallbacks.")
    var font: String?

    @Option(help: "Invoices rendered at once, 1 to 256 (default: the number of cores).")
    var jobs: Int?

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give invoice files or folders to record") }
        try OptionBounds.check(width: nil, dpi: dpi, jobs: jobs)
    }

    func run() throws {
        let run = GoldenRun(jobs: jobs)
        var status = ExitStatus.ok
        let (cases, orphans) = run.cases(of: inputs, status: &status)
        for orphan in orphans {
            run.log.warning("\(orphan): its invoice is gone (verify reports it as orphaned)")
        }
        let renderer = GoldenRun.renderer()
        let options = GoldenOptions(dpi: dpi, paper: paper, formats: formats?.formats ?? [], font: font)
        let today = CalendarDate.today()
        let failures = Mutex([ExitStatus](repeating: .ok, count: cases.count))
        run.forEach(cases.count) { index in
            do throws(GoldenFailure) {
                _ = try cases[index].record(with: renderer, options: options, today: today)
            } catch {
                run.log.error("\(cases[index].invoicePath): \(error.message)")
                failures.withLock { $0[index] = ExitStatus(error.kind) }
            }
        }
        let failed = failures.withLock { $0.filter { $0 != .ok } }
        status = failed.reduce(status, max)
        run.log.info("recorded \(cases.count - failed.count) of \(cases.count) goldens")
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}

struct GoldenVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Render invoices again and compare them with their goldens; say what changed.",
        discussion: """
            Compared: ops.json with a tolerance of 0.01 pt, page PNGs per pixel with an \
            anti-aliasing-aware threshold, preview.txt (and the SVG pages and PDF text when recorded) \
            exactly. Each golden is rendered with the options it was recorded with. Statuses: same, \
            changed, missing (no golden), error, orphaned (a golden folder whose invoice is gone).
            """
    )

    enum OutputStyle: String, NamedArgumentValue {
        case text, json
    }

    @Argument(help: ArgumentHelp("Invoice files or folders of them.", valueName: "path"))
    var inputs: [String] = []

    @Option(help: "text (a line per change) or json (for CI).")
    var format: OutputStyle = .text

    @Option(
        help: ArgumentHelp(
            "Write index.html and the golden, new and diff image of every changed page here.", valueName: "dir"))
    var report: String?

    @Flag(help: "Re-record the cases that changed (after reviewing the changes).")
    var update = false

    @Option(
        name: .customLong("update-case"),
        help: ArgumentHelp(
            "Re-record this case if it changed (its invoice path or file name, matching one case); repeatable.",
            valueName: "name"))
    var updateCases: [String] = []

    @Option(help: "Invoices verified at once, 1 to 256 (default: the number of cores).")
    var jobs: Int?

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give invoice files or folders to verify") }
        try OptionBounds.check(width: nil, jobs: jobs)
    }

    func run() throws {
        let run = GoldenRun(jobs: jobs)
        var status = ExitStatus.ok
        let (cases, orphans) = run.cases(of: inputs, status: &status)
        guard let named = Self.namedCases(updateCases, among: cases, log: run.log) else {
            throw ExitCode(GoldenCommand.usageExitCode)
        }
        let renderer = GoldenRun.renderer()
        let keepsImages = report != nil
        let results = Mutex([CaseResult?](repeating: nil, count: cases.count))
        run.forEach(cases.count) { index in
            let result = cases[index].verify(with: renderer, keepingImages: keepsImages)
            results.withLock { $0[index] = result }
        }
        let verified = results.withLock { $0.compactMap { $0 } }
        let finished = verified + orphans.map { CaseResult.orphaned(goldenPath: $0) }
        var updated = Set<Int>()

        // Re-recording what changed, when asked.
        for (index, result) in verified.enumerated()
        where result.status == .changed && (update || named.contains(result.name)) {
            let goldenCase = cases[index]
            do throws(GoldenFailure) {
                let manifest = try goldenCase.manifest()
                _ = try goldenCase.record(
                    with: renderer, options: manifest.options, today: CalendarDate(iso: manifest.today) ?? .today())
                run.log.info("re-recorded \(goldenCase.invoicePath)")
                updated.insert(index)
            } catch {
                run.log.error("\(goldenCase.invoicePath): cannot re-record: \(error.message)")
                status = max(status, ExitStatus(error.kind))
            }
        }

        if let report {
            do throws(GoldenFailure) {
                let index = try GoldenReport(directory: report).write(finished, verified: verified.count)
                run.log.info("report: \(index)")
            } catch {
                run.log.error(error.message)
                status = max(status, ExitStatus(error.kind))
            }
        }

        switch format {
        case .json: print(Self.json(finished), terminator: "")
        case .text: print(Self.text(finished), terminator: "")
        }
        for result in finished where result.status == .error {
            status = max(status, result.failure.map(ExitStatus.init) ?? .dataError)
        }
        if status != .ok { throw ExitCode(status.rawValue) }
        let outstanding = finished.indices.contains {
            [.missing, .orphaned].contains(finished[$0].status)
                || (finished[$0].status == .changed && !updated.contains($0))
        }
        if outstanding { throw ExitCode(1) }
    }

    /// The names of the cases `--update-case` asks for, each given name matching exactly one
    /// case: its path as listed, or the end of it, its file name, or that without `.json`
    /// (a path given whole wins over a file name another case ends in). Nil, the problem said,
    /// when a name matches no case or several: re-recording a guess would pass the wrong case.
    static func namedCases(_ wanted: [String], among cases: [GoldenCase], log: MessageLog) -> Set<String>? {
        func plain(_ path: String) -> Substring {
            var path = Substring(path)
            while path.hasPrefix("./") { path = path.dropFirst(2) }
            return path
        }
        var names = Set<String>()
        var isValid = true
        for name in wanted {
            let target = plain(name)
            var matches = cases.map(\.name).filter { plain($0) == target }
            if matches.isEmpty {
                matches = cases.map(\.name).filter { path in
                    let file = (path as NSString).lastPathComponent
                    return plain(path).hasSuffix("/" + target) || file == target
                        || (file as NSString).deletingPathExtension == target
                }
            }
            switch matches.count {
            case 1:
                names.insert(matches[0])
            case 0:
                let known = cases.map(\.name)
                let listed =
                    known.isEmpty
                    ? "no cases were found"
                    : "the cases are "
                        + (known.prefix(20) + (known.count > 20 ? ["… (\(known.count - 20) more)"] : []))
                        .joined(separator: ", ")
                log.error("--update-case '\(name)' matches no case; \(listed)")
                isValid = false
            default:
                log.error(
                    "--update-case '\(name)' matches \(matches.count) cases: \(matches.joined(separator: ", ")); "
                        + "give the path of the one to re-record")
                isValid = false
            }
        }
        return isValid ? names : nil
    }

    /// A line per case that is not the same, its changes indented, then a count.
    static func text(_ results: [CaseResult]) -> String {
        var output = ""
        for result in results where result.status != .same {
            // Names line up after the statuses of seven letters or fewer; "orphaned" takes a space more.
            let status = result.status.rawValue
            output += status.padding(toLength: max(8, status.count + 1), withPad: " ", startingAt: 0)
            output += "\(Diagnostic.printable(result.name))\n"
            for change in result.changes { output += "    \(Diagnostic.printable(change))\n" }
        }
        for result in results where result.status == .same && !result.warnings.isEmpty {
            output += "same    \(Diagnostic.printable(result.name))\n"
            for warning in result.warnings { output += "    \(Diagnostic.printable(warning))\n" }
        }
        let count = { (status: CaseResult.Status) in results.filter { $0.status == status }.count }
        output += "\(results.count) cases: \(count(.same)) same, \(count(.changed)) changed"
        if count(.missing) > 0 { output += ", \(count(.missing)) missing" }
        if count(.error) > 0 { output += ", \(count(.error)) in error" }
        if count(.orphaned) > 0 { output += ", \(count(.orphaned)) orphaned" }
        return output + "\n"
    }

    /// `{"cases": [{"name": …, "status": …, "changes": […]}], "changed": N}`.
    static func json(_ results: [CaseResult]) -> String {
        let cases: [JSONValue] = results.map { result in
            .object([
                "name": .string(result.name),
                "status": .string(result.status.rawValue),
                "changes": .array(result.changes.map { .string($0) }),
            ])
        }
        let changed = results.filter { $0.status == .changed }.count
        return JSONValue.object(["cases": .array(cases), "changed": .number(Double(changed))]).prettyPrinted()
    }
}
