import Foundation
import InvoiCairo
import InvoiDocument
import InvoiModel
import InvoiRender
import Synchronization

/// Where rendered bytes go.
enum Destination: Sendable {
    case standardOutput
    /// `-o PATH`: a several-page PNG or SVG becomes PATH-1.ext, PATH-2.ext, …
    case path(String)
    /// Files named by the invoice (DESIGN.md §4) in this directory.
    case directory(String)
}

/// Renders a batch of invoices in parallel, reports each failure with its source, and
/// keeps going; the exit status is that of the worst failure.
struct RenderJob: Sendable {
    let renderer: Renderer
    let settings: RenderSettings
    let sources: [InvoiceSource]
    let destination: Destination
    let jobs: Int
    let terminal: TerminalInfo

    func run() -> ExitStatus {
        let log = MessageLog(isTerminal: terminal.stderrIsTerminal)
        switch destination {
        case .standardOutput where sources.count > 1, .path where sources.count > 1:
            log.error("-o writes one invoice, but \(sources.count) were given; use --out-dir DIR to render several")
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
        let decoder = sources.contains(where: \.needsDecoding) ? InvoiceDecoder(today: .today()) : nil
        let suffixes = nameSuffixes(decoder: decoder, log: log)
        let start = ContinuousClock.now
        let progress = Progress(total: sources.count, log: log, shown: sources.count > 5)
        let statuses = parallelMap(count: sources.count, workers: jobs) { index in
            let status = render(index, nameSuffix: suffixes[index], decoder: decoder, log: log)
            progress.advance()
            return status
        }
        log.clearProgress()

        let flushed = flushOutputs(log: log)
        let failed = statuses.filter { $0 != .ok }.count
        if sources.count > 1 {
            let seconds = Double((ContinuousClock.now - start).components.attoseconds) / 1e18
                + Double((ContinuousClock.now - start).components.seconds)
            log.info("rendered \(sources.count - failed) of \(sources.count) invoices"
                     + (failed > 0 ? " (\(failed) failed)" : "") + String(format: " in %.2f s", seconds))
        }
        return max(statuses.max() ?? .ok, flushed)
    }

    /// Puts on disk the directory entries of what a batch wrote without flushing each file.
    private func flushOutputs(log: MessageLog) -> ExitStatus {
        guard case .directory(let path) = destination, flushesOnce else { return .ok }
        guard DirectoryFlush.flush(directory: path) else {
            log.error("\(path): could not flush the directory to disk (\(String(cString: strerror(errno)))); "
                      + "check the disk, then render again")
            return .cannotCreate
        }
        return .ok
    }

    /// A batch into a directory flushes the directory once at the end instead of each
    /// new file as it is written (an fsync per file cost more than rendering it). Each
    /// file still appears whole or not at all, and one that replaces an existing file is
    /// flushed before its rename; after a crash, new files written in the seconds before
    /// it may be missing or empty (as after `cp`), and can be rendered again from their
    /// inputs, which the batch never touches.
    private var flushesOnce: Bool { sources.count > 1 }

    /// Per input, the number that tells its output name apart from an earlier input's
    /// ("NAME (2)"; nil: the name as it is), so that the number goes to the later of
    /// two same-named invoices. Numbers rather than names: a batch keeps only 8 bytes
    /// per invoice between this pass and rendering.
    private func nameSuffixes(decoder: InvoiceDecoder?, log: MessageLog) -> [Int?] {
        // One input has no other to be told apart from: no decoding ahead for it.
        guard case .directory = destination, sources.count > 1 else { return Array(repeating: nil, count: sources.count) }
        let bases = parallelMap(count: sources.count, workers: jobs) { index -> String? in
            guard let invoice = try? load(sources[index], decoder: decoder).invoice else { return nil }
            return OutputName.base(for: invoice)
        }
        var taken: [String: Int] = [:]  // lower-cased name → the input that took it
        return bases.enumerated().map { index, base in
            guard let base else { return nil }
            var name = base
            var number = 1
            while taken[name.lowercased()] != nil {
                number += 1
                name = Self.name(base, suffix: number)
            }
            if number > 1, let first = taken[base.lowercased()] {
                log.warning("\(sources[index].displayName) would be named like \(sources[first].displayName): "
                            + "writing \"\(name)\" instead")
            }
            taken[name.lowercased()] = index
            return number > 1 ? number : nil
        }
    }

    private static func name(_ base: String, suffix: Int?) -> String {
        suffix.map { "\(base) (\($0))" } ?? base
    }

    private func load(_ source: InvoiceSource, decoder: InvoiceDecoder?) throws -> (invoice: Invoice, warnings: [Diagnostic]) {
        guard let data = try source.data() else { return (Invoice.sample, []) }
        return try (decoder ?? InvoiceDecoder(today: .today())).decode(data, file: source.displayName,
                                                                             baseDirectory: source.baseDirectory)
    }

    private func render(_ index: Int, nameSuffix: Int?, decoder: InvoiceDecoder?, log: MessageLog) -> ExitStatus {
        let source = sources[index]
        do {
            let (invoice, warnings) = try load(source, decoder: decoder)
            for warning in warnings { log.raw(warning.description) }
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
                log.warning("\(source.displayName): no installed font has \(list); they will show as empty boxes "
                            + "(install a font that covers them, e.g. fonts-noto-core)")
            }
            let output = try renderer.render(document, settings: settings)
            try write(output, nameSuffix: nameSuffix, invoice: invoice)
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

    private func write(_ output: RenderedOutput, nameSuffix: Int?, invoice: Invoice) throws(CLIFailure) {
        let files: [Data] = switch output {
        case .document(let data): [data]
        case .pages(let pages): pages
        }
        let ext = settings.format.fileExtension
        switch destination {
        case .standardOutput:
            guard files.count == 1 else {
                throw CLIFailure(.usage, "this invoice has \(files.count) pages, and \(settings.format.rawValue) "
                                 + "writes one file per page: use -o NAME.\(ext) instead of -o -")
            }
            try StandardOutput.write(files[0])
        case .path(let path):
            let url = URL(fileURLWithPath: path)
            let base = url.deletingPathExtension().path
            let pathExt = url.pathExtension.isEmpty ? ext : url.pathExtension
            let paths = files.count == 1 ? [path] : OutputName.fileNames(base: base, fileExtension: pathExt, count: files.count)
            for (data, path) in zip(files, paths) { try AtomicFile.write(data, to: path) }
        case .directory(let directory):
            let names = OutputName.fileNames(base: Self.name(OutputName.base(for: invoice), suffix: nameSuffix),
                                             fileExtension: ext, count: files.count)
            for (data, file) in zip(files, names) {
                try AtomicFile.write(data, to: (directory as NSString).appendingPathComponent(file),
                                     durability: flushesOnce ? .flushedWithDirectory : .flushedEachFile)
            }
        }
    }
}

/// The batch progress bar on standard error: done/total, rate, ETA; redrawn at most ten times a second.
final class Progress: Sendable {
    private let total: Int
    private let log: MessageLog
    private let shown: Bool
    private let start = ContinuousClock.now
    private let state = Mutex((done: 0, lastDraw: ContinuousClock.now - .seconds(1)))

    init(total: Int, log: MessageLog, shown: Bool) {
        self.total = total
        self.log = log
        self.shown = shown
    }

    func advance() {
        let line: String? = state.withLock { state in
            state.done += 1
            let now = ContinuousClock.now
            guard shown, now - state.lastDraw >= .milliseconds(100) || state.done == total else { return nil }
            state.lastDraw = now
            let elapsed = max(Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds), 0.001)
            let rate = Double(state.done) / elapsed
            let eta = Double(total - state.done) / max(rate, 0.001)
            let width = 24
            let filled = total == 0 ? width : width * state.done / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            return String(format: "%@ %d/%d  %.0f/s  ETA %.0fs", bar, state.done, total, rate, eta)
        }
        if let line { log.progress(line) }
    }
}

private extension InvoiceSource {
    /// False for the built-in sample, which is not decoded.
    var needsDecoding: Bool {
        if case .sample = self { false } else { true }
    }
}
