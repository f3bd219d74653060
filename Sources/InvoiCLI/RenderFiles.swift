import Foundation
import InvoiDocument
import InvoiModel
import InvoiRender

#if canImport(Glibc)
    import Glibc
#endif

/// The files of one render, opened as the backend asks for them and written as it draws,
/// then put in place together by `commit` — or all removed by `discard` (DESIGN §13: a
/// several-page PNG or SVG set is all or nothing; a failed render leaves nothing behind).
final class RenderFiles: OutputTarget {
    private let destination: Destination
    /// The invoice's output name (for a directory), told apart from the batch's others.
    private let name: String
    private let format: OutputFormat
    private var scratch: BatchWriter.Scratch
    private var files: [OutputFile] = []

    init(destination: Destination, name: String, format: OutputFormat, scratch: BatchWriter.Scratch) {
        self.destination = destination
        self.name = name
        self.format = format
        self.scratch = scratch
    }

    func sink(forPage page: Int?, of pageCount: Int) throws -> any ByteSink {
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
            let url = URL(fileURLWithPath: path)
            let base = url.deletingPathExtension().path
            let pathExt = url.pathExtension.isEmpty ? ext : url.pathExtension
            let target =
                count == 1 ? path : OutputName.fileNames(base: base, fileExtension: pathExt, count: count)[index]
            return try open(OutputFile.open(target))
        case .directory(let directory):
            let file = OutputName.fileNames(base: name, fileExtension: ext, count: count)[index]
            let target = (directory as NSString).appendingPathComponent(file)
            // A single file may take an earlier run's place by exchange (BatchWriter); the pages
            // of a set are renamed into place together.
            return try open(count == 1 ? scratch.open(target) : OutputFile.open(target, durability: scratch.durability))
        }
    }

    private func open(_ file: OutputFile) -> OutputFile {
        files.append(file)
        return file
    }

    /// Puts every file in place; when one cannot be, those already placed are removed again.
    /// Returns the scratch state for the worker's next render.
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
        let code = AtomicFile.writeAll(bytes, to: STDOUT_FILENO)
        guard code == 0 else { throw AtomicFile.failure("standard output", errno: code) }
    }
}
