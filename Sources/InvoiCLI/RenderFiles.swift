import Foundation
import InvoiDocument
import InvoiModel
import InvoiRender

#if canImport(Glibc)
    import Glibc
#endif

/// The files of one render, opened as the backend asks for them and written as it draws,
/// then put in place together by `commit` — or all removed by `discard` (a several-page
/// PNG or SVG set is all or nothing; a failed render leaves nothing behind). No file is
/// opened over an input, no page of a set over a file that is not invoi's earlier page of
/// that number, and page files left by an earlier, longer render of the same name go once
/// the new ones are in place.
final class RenderFiles: OutputTarget {
    private let destination: Destination
    private let format: OutputFormat
    private var scratch: BatchWriter.Scratch
    private let inputs: InputFiles
    /// The invoice's output name in a directory for a page count, told apart from the
    /// batch's others (claimed once, when the page count is known).
    private let naming: (Int) -> String
    private let names: NameClaims?
    /// The invoice being rendered, as messages name it.
    private let invoice: String?
    private let warn: (String) -> Void
    private var name: String?
    /// The base name of an `-o` page set, once chosen.
    private var pathBase: String?
    private var files: [OutputFile] = []
    /// The base and extension of the page files, once the first file is opened.
    private var pageNames: (base: String, fileExtension: String, count: Int)?

    init(
        destination: Destination, format: OutputFormat, scratch: BatchWriter.Scratch, inputs: InputFiles,
        names: NameClaims? = nil, invoice: String? = nil, warn: @escaping (String) -> Void = { _ in },
        naming: @escaping (Int) -> String
    ) {
        self.invoice = invoice
        self.warn = warn
        self.destination = destination
        self.format = format
        self.scratch = scratch
        self.inputs = inputs
        self.names = names
        self.naming = naming
    }

    /// Takes the output name now, for a format that writes one file whatever the page count:
    /// a batch's later invoices then need not wait for this one to be drawn.
    func nameSingleFile() {
        if case .directory = destination, format != .png, format != .svg, name == nil { name = naming(1) }
    }

    func sink(forPage page: Int?, of pageCount: Int) throws -> any ByteSink {
        if Interruption.isRequested { throw Interruption.failure }
        let count = page == nil ? 1 : pageCount
        let index = page ?? 0
        let ext = format.fileExtension
        switch destination {
        case .standardOutput:
            guard count == 1 else {
                throw CLIFailure(
                    .usage,
                    "this invoice has \(count) pages, and \(format.rawValue) writes one file per page: "
                        + "use -o NAME.\(ext) instead of -o -")
            }
            return StandardOutputSink()
        case .path(let path):
            if count > 1, let kind = OutputPathKind.special(path) {
                throw CLIFailure(
                    .usage,
                    "\(Diagnostic.printable(path)) is \(kind), but this invoice has \(count) pages and "
                        + "\(format.rawValue) writes one file per page; nothing was written "
                        + "(give -o NAME.\(ext) in a directory, or --out-dir DIR)")
            }
            let url = URL(fileURLWithPath: path)
            let pathExt = url.pathExtension.isEmpty ? ext : url.pathExtension
            // The base as given (not made absolute), for messages.
            let given = url.pathExtension.isEmpty ? path : String(path.dropLast(url.pathExtension.count + 1))
            let base = pathBase ?? setBase(given, fileExtension: pathExt, count: count)
            pathBase = base
            let target =
                count == 1 ? path : OutputName.fileNames(base: base, fileExtension: pathExt, count: count)[index]
            try inputs.refuseOverwriting(target, option: "-o path", invoice: invoice)
            pageNames = (base, pathExt, count)
            return try open(OutputFile.open(target))
        case .directory(let directory):
            let name = self.name ?? naming(count)
            self.name = name
            let file = OutputName.fileNames(base: name, fileExtension: ext, count: count)[index]
            let target = (directory as NSString).appendingPathComponent(file)
            try inputs.refuseOverwriting(target, option: "--out-dir or --format", invoice: invoice)
            pageNames = ((directory as NSString).appendingPathComponent(name), ext, count)
            // A single file may take an earlier run's place by exchange (BatchWriter); the pages
            // of a set are renamed into place together.
            return try open(count == 1 ? scratch.open(target) : OutputFile.open(target, durability: scratch.durability))
        }
    }

    /// The base name of a set of `count` pages for `-o BASE.ext`: `BASE`, or when a file of
    /// that set is there and is not invoi's earlier page of its number, `BASE (2)`, … with
    /// a warning (nothing is written over it, as for two invoices of a batch).
    private func setBase(_ base: String, fileExtension: String, count: Int) -> String {
        let foreignFile = { (name: String) in
            PageFiles.firstForeign(base: name, fileExtension: fileExtension, count: count, format: self.format)
        }
        guard count > 1, let file = foreignFile(base) else { return base }
        let name = NameClaims.name(base, suffix: NameClaims.unclaimedSuffix(base, foreignFile: foreignFile))
        warn(Self.keptFileWarning(file, invoice: invoice ?? "the invoice", name: AtomicFile.split(name).name))
        return name
    }

    static func keptFileWarning(_ file: String, invoice: String, name: String) -> String {
        "\(invoice): \(file) is there and is not a page of an earlier render of this name, so it is kept: "
            + "writing the pages as \"\(name)\" instead"
    }

    private func open(_ file: OutputFile) -> OutputFile {
        files.append(file)
        return file
    }

    /// Puts every file in place; when one cannot be, those already placed are removed again.
    /// Then removes the page files an earlier, longer render left. Returns the scratch state
    /// for the worker's next render.
    func commit() throws(CLIFailure) -> BatchWriter.Scratch {
        for (index, file) in files.enumerated() {
            do throws(CLIFailure) {
                try file.commit()
                scratch.committed(file)
            } catch {
                for placed in files[..<index] { placed.removeCommitted() }
                for rest in files[index...] { rest.discard() }
                throw error
            }
        }
        if let pageNames, files.allSatisfy(\.isReplaceable) {
            let remove = { (isClaimed: (String) -> Bool) in
                StalePages.remove(
                    base: pageNames.base, fileExtension: pageNames.fileExtension, format: self.format,
                    after: pageNames.count, isClaimed: isClaimed)
            }
            if let names { names.withNoClaimInProgress(remove) } else { remove { _ in false } }
        }
        return scratch
    }

    /// Removes every file of this render that is not in place; returns the scratch state.
    func discard() -> BatchWriter.Scratch {
        for file in files { file.discard() }
        return scratch
    }
}

/// Standard output as a sink (`-o -`, and txt or ops for a single input).
final class StandardOutputSink: ByteSink {
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if Interruption.isRequested { throw Interruption.failure }
        try StandardOutput.refuseIfClosed()
        let code = AtomicFile.writeAll(bytes, to: STDOUT_FILENO)
        guard code == 0 else { throw AtomicFile.failure("standard output", errno: code) }
    }
}
