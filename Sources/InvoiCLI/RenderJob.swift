import Foundation
import InvoiAssets
import InvoiDocument
import InvoiModel
import InvoiRender
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
    let sources: SourceStream
    let destination: Destination
    let jobs: Int
    let terminal: TerminalInfo

    func run() -> ExitStatus {
        let log = MessageLog(isTerminal: terminal.stderrIsTerminal)
        let several = sources.hasAtLeast(2)
        switch destination {
        case .standardOutput where several, .path where several:
            let count = sources.knownCount.map { "\($0) were given" } ?? "the JSON Lines input has several"
            log.error("-o writes one invoice, but \(count); use --out-dir DIR to render several")
            return .usage
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

        MallocTuning.keepFreedMemoryForReuse()
        // One decoder, and one reading of the clock for "today", per job; the built-in sample needs neither.
        let decoder = sources.needsDecoding ? InvoiceDecoder(today: .today()) : nil
        // Names are told apart only between several invoices written into one directory.
        let names: NameClaims? = if case .directory = destination, several { NameClaims() } else { nil }
        let outcome = BatchOutcome()
        let progress = Progress(total: sources.knownCount, log: log)
        let writer = BatchWriter(flushesOnce: several)
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
            var scratch = writer.makeScratch()
            defer { scratch.discard() }
            while let item = sources.next() {
                outcome.record(render(item, names: names, decoder: decoder, scratch: &scratch, log: log))
                progress.advance()
            }
        }
        log.clearProgress()

        let flushed = flushOutputs(durability: writer.durability, log: log)
        let (rendered, failed, worst) = outcome.totals
        if rendered + failed > 1 {
            let seconds =
                Double((ContinuousClock.now - start).components.attoseconds) / 1e18
                + Double((ContinuousClock.now - start).components.seconds)
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
        return try (decoder ?? InvoiceDecoder(today: .today())).decode(
            data, file: source.displayName,
            baseDirectory: source.baseDirectory)
    }

    private func render(
        _ item: SourceStream.Item, names: NameClaims?, decoder: InvoiceDecoder?,
        scratch: inout BatchWriter.Scratch, log: MessageLog
    ) -> ExitStatus {
        // Every invoice takes its turn at naming, named or not, so that later ones never wait forever.
        var passedNaming = names == nil
        defer { if !passedNaming { names?.pass(index: item.index) } }
        let source: InvoiceSource
        switch item.source {
        case .success(let value): source = value
        case .failure(let failure):
            log.write(failure)
            return failure.status
        }
        do {
            let (invoice, warnings) = try load(source, decoder: decoder)
            for warning in warnings { log.raw(warning.description) }
            var name = OutputName.base(for: invoice)
            if let names {
                let claim = names.claim(name, index: item.index, reference: item.reference)
                passedNaming = true
                name = NameClaims.name(name, suffix: claim.suffix)
                if let first = claim.firstClaimant {
                    log.warning(
                        "\(source.displayName) would be named like \(sources.displayName(of: first)): "
                            + "writing \"\(name)\" instead")
                }
            }
            let laidOut: LaidOutInvoice
            do throws(LogoError) {
                laidOut = try renderer.layOut(invoice, settings: settings)
            } catch {
                throw CLIFailure(error, invoice: source.displayName)
            }
            let document = laidOut.document
            let uncovered = laidOut.uncoveredCharacters
            if !uncovered.isEmpty {
                let list = uncovered.map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")
                log.warning(
                    "\(source.displayName): no installed font has \(list); they will show as empty boxes "
                        + "(install a font that covers them, e.g. fonts-noto-core)")
            }
            let output = try renderer.render(document, settings: settings)
            try write(output, named: name, scratch: &scratch)
            return .ok
        } catch let failure as CLIFailure {
            log.write(failure)
            return failure.status
        } catch let invalid as InvoiceDecodingError {
            for diagnostic in invalid.diagnostics { log.raw(diagnostic.description) }
            return .dataError
        } catch {
            log.error("\(source.displayName): could not render (\(error)); this is a bug in invoi, please report it")
            return .software
        }
    }

    /// `name`: the invoice's output name, told apart from the batch's others, for a directory.
    private func write(
        _ output: RenderedOutput, named name: String,
        scratch: inout BatchWriter.Scratch
    ) throws(CLIFailure) {
        let files: [Data] =
            switch output {
            case .document(let data): [data]
            case .pages(let pages): pages
            }
        let ext = settings.format.fileExtension
        switch destination {
        case .standardOutput:
            guard files.count == 1 else {
                throw CLIFailure(
                    .usage,
                    "this invoice has \(files.count) pages, and \(settings.format.rawValue) "
                        + "writes one file per page: use -o NAME.\(ext) instead of -o -")
            }
            try StandardOutput.write(files[0])
        case .path(let path):
            let url = URL(fileURLWithPath: path)
            let base = url.deletingPathExtension().path
            let pathExt = url.pathExtension.isEmpty ? ext : url.pathExtension
            let paths =
                files.count == 1 ? [path] : OutputName.fileNames(base: base, fileExtension: pathExt, count: files.count)
            try PageSet.write(files, to: paths)
        case .directory(let directory):
            let names = OutputName.fileNames(base: name, fileExtension: ext, count: files.count)
            let paths = names.map { (directory as NSString).appendingPathComponent($0) }
            if files.count == 1 {
                try scratch.write(files[0], to: paths[0])
            } else {
                try PageSet.write(files, to: paths, durability: scratch.durability)
            }
        }
    }
}

/// The files of a several-page PNG or SVG render, all or nothing (DESIGN §13): every page
/// goes to its temporary file first, and only when all are written are they renamed into
/// place; on any error no page file of this render remains.
enum PageSet {
    static func write(
        _ pages: [Data], to paths: [String], durability: AtomicFile.Durability = .flushedEachFile
    ) throws(CLIFailure) {
        var files: [OutputFile] = []
        do throws(CLIFailure) {
            for (data, path) in zip(pages, paths) {
                let file = try OutputFile.open(path, durability: durability)
                files.append(file)
                try file.write(data)
            }
        } catch {
            for file in files { file.discard() }
            throw error
        }
        for (index, file) in files.enumerated() {
            do throws(CLIFailure) {
                try file.commit()
            } catch {
                for committed in files[..<index] { committed.removeCommitted() }
                for rest in files[index...] { rest.discard() }
                throw error
            }
        }
    }
}

/// How a batch went: invoices rendered and failed, and the worst exit status.
final class BatchOutcome: Sendable {
    private let state = Mutex((rendered: 0, failed: 0, worst: ExitStatus.ok))

    func record(_ status: ExitStatus) {
        state.withLock { state in
            if status == .ok { state.rendered += 1 } else { state.failed += 1 }
            state.worst = max(state.worst, status)
        }
    }

    var totals: (rendered: Int, failed: Int, worst: ExitStatus) {
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
