import Foundation
import InvoiModel

/// Where one invoice comes from.
enum InvoiceSource: Sendable {
    case sample
    case standardInput
    case file(String)
    /// One line of a JSON Lines stream: the file it came from ("-" for stdin) and its 1-based line number.
    case jsonLine(file: String, line: Int, data: Data)

    var isStandardInput: Bool {
        if case .standardInput = self { true } else { false }
    }

    /// How messages name it: the path, `<stdin>`, `<sample>`, or `path:LINE`.
    var displayName: String {
        switch self {
        case .sample: "<sample>"
        case .standardInput: "<stdin>"
        case .file(let path): path
        case .jsonLine(let file, let line, _): Self.jsonLineName(file: file, line: line)
        }
    }

    /// `bills.jsonl:12`, `<stdin>:3`.
    static func jsonLineName(file: String, line: Int) -> String {
        "\(file == "-" ? "<stdin>" : file):\(line)"
    }

    /// Where a relative logo path starts (relative to the invoice file): the
    /// file's directory, the JSON Lines file's for one of its lines, else the current one.
    var baseDirectory: String {
        switch self {
        case .sample, .standardInput: "."
        case .file(let path): Self.directory(of: path)
        case .jsonLine(let file, _, _): file == "-" ? "." : Self.directory(of: file)
        }
    }

    static func directory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// Reads the source's bytes; nil for the sample, which is built in.
    func data() throws(CLIFailure) -> Data? {
        switch self {
        case .sample: return nil
        case .standardInput: return FileHandle.standardInput.readDataToEndOfFile()
        case .file(let path): return try InputFile.read(path)
        case .jsonLine(_, _, let data): return data
        }
    }
}

/// Reading an input file with errors that say what to do.
enum InputFile {
    static func read(_ path: String) throws(CLIFailure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIFailure(
                .noInput, "\(path): no such file (check the path, or run 'invoi init \(path)' to create one)")
        }
        if isDirectory.boolValue {
            throw CLIFailure(
                .noInput,
                "\(path): is a directory, not an invoice file (to render every invoice in it: invoi render \(path)/*.json)"
            )
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIFailure(.noInput, "\(path): cannot be read (check its permissions)")
        }
        return data
    }
}
