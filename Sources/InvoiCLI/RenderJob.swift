import Foundation
import InvoiAssets
import InvoiDocument
import InvoiEInvoice
import InvoiModel
import InvoiRender
import InvoiSigning
import InvoiSpeedups
import Synchronization

/// Where rendered bytes go.
enum Destination: Sendable {
    case standardOutput
    /// `-o PATH`: a several-page PNG or SVG becomes PATH-1.ext, PATH-2.ext, …
    case path(String)
    /// Files named by the invoice in this directory.
    case directory(String)
}

/// Renders a batch of invoices in parallel, reports each failure with its source, and
/// keeps going; the exit status is that of the worst failure. Each invoice is read and
/// decoded once, by the worker that renders it.
struct RenderJob: Sendable {
    let renderer: Renderer
    let settings: RenderSettings
    /// `--theme` and `--design`, over each invoice's own.
    var themes = ThemeChoice()
    /// The theme files invoices name, each read once for the whole batch.
    var themeFiles = ThemeFiles()
    /// Signs every PDF when set (its key loaded once, shared by the workers).
    let signer: PDFSigner?
    let sources: SourceStream
    let destination: Destination
    let naming: OutputNaming
    let jobs: Int
    let terminal: TerminalInfo
    /// `--extract-attachments DIR`: where a received invoice's embedded files are written.
    var extraction: AttachmentExtraction?

    func run() -> ExitStatus {
        let log = MessageLog(isTerminal: terminal.stderrIsTerminal)
        let several = sources.hasAtLeast(2)
        // Outputs are checked against the inputs; standard output never names a file read.
        let inputs: InputFiles
        if case .standardOutput = destination { inputs = InputFiles() } else { inputs = InputFiles(of: sources) }
        switch destination {
        case .standardOutput where several, .path where several:
            let count = sources.knownCount.map { "\($0) were given" } ?? "the JSON Lines input has several"
            log.error("-o writes one invoice, but \(count); use --out-dir DIR to render several")
            return .usage
        case .path(let path):
            do {
                try inputs.refuseOverwriting(path, option: "-o path")
            } catch {
                log.write(error)
                return error.status
            }
        case .directory(let path):
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                log.error("\(path): cannot create the output directory (\(error.localizedDescription))")
                return .cannotCreate
            }
        default:
            break
        }

        Interruption.install()
        // Only a batch has a next invoice to reuse freed memory; one long invoice's growing
        // arrays grow in place as mappings.
        if several { MallocTuning.keepFreedMemoryForReuse() } else { MallocTuning.keepLargeBlocksMapped() }
        // One decoder, and one reading of the clock for "today", per job; the built-in sample needs neither.
        let decoder =
            sources.needsDecoding ? InvoiceDecoder(today: .today(), readsJSONLines: sources.isJSONLines) : nil
        // Names are told apart only between several invoices written into one directory.
        let names: NameClaims? = if case .directory = destination, several { NameClaims() } else { nil }
        let outcome = BatchOutcome()
        let progress = Progress(total: sources.knownCount, log: log)
        let writer = BatchWriter(flushesOnce: several)
        // A JSON Lines stream may be endless: only its first failures are listed.
        let reports = FailureReports(limit: sources.isJSONLines ? FailureReports.jsonLinesLimit : nil)
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
            var scratch = writer.makeScratch()
            defer { scratch.discard() }
            while !Interruption.isRequested, let item = sources.next() {
                let status = render(
                    item, names: names, inputs: inputs, decoder: decoder, scratch: &scratch, log: log,
                    reports: reports)
                outcome.record(status)
                progress.advance()
            }
        }
        log.clearProgress()
        if reports.unlisted > 0 {
            log.error(
                "\(reports.unlisted) more invoices failed; their errors are not listed (the first "
                    + "\(FailureReports.jsonLinesLimit) are above; check a line on its own to see its errors)")
        }

        let flushed = flushOutputs(durability: writer.durability, log: log)
        let (rendered, failed, stopped, worst) = outcome.totals
        let seconds =
            Double((ContinuousClock.now - start).components.attoseconds) / 1e18
            + Double((ContinuousClock.now - start).components.seconds)
        if let signal = Interruption.receivedSignal {
            let total = sources.knownCount.map { " of \($0)" } ?? ""
            let notRendered = sources.knownCount.map { $0 - rendered - failed } ?? stopped
            log.info(
                "interrupted (\(signal == SIGTERM ? "SIGTERM" : "SIGINT")): rendered \(rendered)\(total) invoices"
                    + (failed > 0 ? ", \(failed) failed" : "")
                    + (notRendered > 0 ? ", \(notRendered) not rendered" : "")
                    + "; the finished files are kept, unfinished ones removed")
            return .interrupted
        }
        if rendered + failed > 1 {
            log.info(
                "rendered \(rendered) of \(rendered + failed) invoices"
                    + (failed > 0 ? " (\(failed) failed)" : "") + String(format: " in %.2f s", seconds))
        }
        return max(worst, flushed)
    }

    /// Puts on disk the directory entries of what a batch wrote without flushing each file.
    private func flushOutputs(durability: AtomicFile.Durability, log: MessageLog) -> ExitStatus {
        guard case .directory(let path) = destination, durability == .flushedWithDirectory else { return .ok }
        guard DirectoryFlush.flush(directory: path) else {
            log.error(
                "\(path): could not flush the directory to disk (\(String(cString: strerror(errno)))); "
                    + "check the disk, then render again")
            return .cannotCreate
        }
        return .ok
    }

    private func load(
        _ source: InvoiceSource, decoder: InvoiceDecoder?
    ) throws -> (invoice: Invoice, warnings: [Diagnostic]) {
        guard let data = try source.data() else { return (Invoice.sample, []) }
        let decoder = decoder ?? InvoiceDecoder(today: .today())
        // A JSON Lines line is JSON by definition: one never holds an XML or a PDF.
        if case .jsonLine = source {
            return try decoder.decode(data, file: source.displayName, baseDirectory: source.baseDirectory)
        }
        return try InvoiceInput(decoder: decoder).readReporting(
            data, file: source.displayName, baseDirectory: source.baseDirectory)
    }

    private func render(
        _ item: SourceStream.Item, names: NameClaims?, inputs: InputFiles, decoder: InvoiceDecoder?,
        scratch: inout BatchWriter.Scratch, log: MessageLog, reports: FailureReports
    ) -> ExitStatus {
        // Every invoice takes its turn at naming, named or not, so that later ones never wait forever.
        var passedNaming = names == nil
        defer { if !passedNaming { names?.pass(index: item.index) } }
        let source: InvoiceSource
        switch item.source {
        case .success(let value): source = value
        case .failure(let failure):
            reports.list { log.write(failure) }
            return failure.status
        }
        do {
            let (invoice, warnings) = try load(source, decoder: decoder)
            for warning in warnings { log.raw(warning.description) }
            if let lost = ConversionLoss.warning(for: invoice, format: self.settings.format, file: source.displayName) {
                log.warning(lost)
            }
            let settings: RenderSettings
            do {
                let themed = try themes.settings(self.settings, for: invoice, files: themeFiles)
                settings = themed.settings
                for warning in themed.warnings { log.raw(warning.description) }
            } catch {
                throw CLIFailure(error, invoice: source.displayName)
            }
            // An e-invoice that its profile's rules would reject is not written at all.
            // So is a page whose payment code its scheme's standard would reject.
            let missing =
                try renderer.eInvoiceProblems(of: invoice, settings: settings)
                + renderer.paymentProblems(of: invoice, settings: settings)
            if !missing.isEmpty {
                throw InvoiceDecodingError(
                    diagnostics: missing.map {
                        Diagnostic(severity: .error, file: source.displayName, path: $0.path, message: $0.message)
                    })
            }
            let base =
                switch naming {
                case .invoice: OutputName.base(for: invoice)
                case .input: source.outputBase
                }
            let format = settings.format
            // A set of pages claims every page's file, so PNG and SVG claim once the page count is known.
            let files = RenderFiles(
                destination: destination, format: format, scratch: scratch, inputs: inputs, names: names,
                invoice: source.displayName, warn: log.warning
            ) { pageCount in
                // A set of pages never replaces a file that is not its own earlier page of that number.
                let foreignFile = { (name: String) -> String? in
                    guard case .directory(let directory) = destination else { return nil }
                    return PageFiles.firstForeign(
                        base: (directory as NSString).appendingPathComponent(name),
                        fileExtension: format.fileExtension, count: pageCount, format: format)
                }
                let claim =
                    names?.claim(
                        base,
                        fileNames: {
                            OutputName.fileNames(base: $0, fileExtension: format.fileExtension, count: pageCount)
                        },
                        foreignFile: foreignFile, index: item.index, reference: item.reference)
                    ?? (
                        suffix: NameClaims.unclaimedSuffix(base, foreignFile: foreignFile), firstClaimant: nil,
                        foreignFile: foreignFile(base)
                    )
                passedNaming = true
                let name = NameClaims.name(base, suffix: claim.suffix)
                if let first = claim.firstClaimant {
                    log.warning(
                        "\(source.displayName) would be written to the same file as \(sources.displayName(of: first)): "
                            + "writing \"\(name)\" instead")
                } else if let file = claim.foreignFile {
                    log.warning(RenderFiles.keptFileWarning(file, invoice: source.displayName, name: name))
                }
                return name
            }
            files.nameSingleFile()
            let uncovered: [Unicode.Scalar]
            do {
                uncovered = try renderer.render(invoice, settings: settings, signedBy: signer, to: files)
                scratch = try files.commit()
            } catch {
                scratch = files.discard()
                if let logo = error as? LogoError { throw CLIFailure(logo, invoice: source.displayName) }
                if let signing = error as? SigningError { throw CLIFailure(signing, invoice: source.displayName) }
                if let theme = error as? ThemeProblems { throw CLIFailure(theme, invoice: source.displayName) }
                throw error
            }
            if !uncovered.isEmpty {
                let list = uncovered.map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")
                log.warning(
                    "\(source.displayName): no installed font has \(list); they will show as empty boxes "
                        + "(install a font that covers them, e.g. fonts-noto-core)")
            }
            return extraction?.extract(from: invoice, file: source.displayName, log: log) ?? .ok
        } catch let failure as CLIFailure {
            // An interrupted render is counted in the summary, not reported on its own.
            if failure.status != .interrupted { reports.list { log.write(failure) } }
            return failure.status
        } catch let invalid as InvoiceDecodingError {
            reports.list { for diagnostic in invalid.diagnostics { log.raw(diagnostic.description) } }
            return .dataError
        } catch {
            reports.list {
                log.error(
                    "\(source.displayName): could not render (\(error)); this is a bug in invoi, please report it")
            }
            return .software
        }
    }
}

/// Which failed invoices have their errors listed: all of them, or for a JSON Lines stream,
/// which may be endless (`/dev/urandom`), the first `limit`; the others are only counted.
final class FailureReports: Sendable {
    static let jsonLinesLimit = 20
    private let limit: Int?
    private let counts = Mutex((listed: 0, unlisted: 0))

    init(limit: Int?) {
        self.limit = limit
    }

    /// Runs `report` if this failure is to be listed.
    func list(_ report: () -> Void) {
        let listed = counts.withLock { counts in
            if let limit, counts.listed >= limit {
                counts.unlisted += 1
                return false
            }
            counts.listed += 1
            return true
        }
        if listed { report() }
    }

    var unlisted: Int { counts.withLock { $0.unlisted } }
}

/// How a batch went: invoices rendered and failed, and the worst exit status.
final class BatchOutcome: Sendable {
    private let state = Mutex((rendered: 0, failed: 0, stopped: 0, worst: ExitStatus.ok))

    func record(_ status: ExitStatus) {
        state.withLock { state in
            switch status {
            case .ok: state.rendered += 1
            case .interrupted: state.stopped += 1
            default:
                state.failed += 1
                state.worst = max(state.worst, status)
            }
        }
    }

    /// `stopped`: renders the interruption ended.
    var totals: (rendered: Int, failed: Int, stopped: Int, worst: ExitStatus) {
        state.withLock { $0 }
    }
}

/// The batch progress bar on standard error, when it is a terminal and the batch is more
/// than a handful: done/total, rate, ETA (done and rate when the total is not known ahead,
/// as for JSON Lines, from the sixth invoice on); redrawn at most ten times a second.
final class Progress: Sendable {
    private static let handful = 5
    private let total: Int?
    private let log: MessageLog
    private let shown: Bool
    private let start = ContinuousClock.now
    private let state = Mutex((done: 0, lastDraw: ContinuousClock.now - .seconds(1)))

    init(total: Int?, log: MessageLog) {
        self.total = total
        self.log = log
        self.shown = log.isTerminal && (total ?? Int.max) > Self.handful
    }

    func advance() {
        guard shown else { return }
        let line: String? = state.withLock { state in
            state.done += 1
            let now = ContinuousClock.now
            guard state.done > Self.handful || total != nil,
                now - state.lastDraw >= .milliseconds(100) || state.done == total
            else { return nil }
            state.lastDraw = now
            let elapsed = max(
                Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds), 0.001)
            let rate = Double(state.done) / elapsed
            guard let total else { return String(format: "%d done  %.0f/s", state.done, rate) }
            let eta = Double(total - state.done) / max(rate, 0.001)
            let width = 24
            let filled = total == 0 ? width : width * state.done / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            return String(format: "%@ %d/%d  %.0f/s  ETA %.0fs", bar, state.done, total, rate, eta)
        }
        if let line { log.progress(line) }
    }
}
