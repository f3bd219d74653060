import Foundation
import InvoiModel
import InvoiRender

#if canImport(Glibc)
    import Glibc
#endif

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

    /// Its files' name under `--name-by input`: the input file's name without its extension
    /// (`bills/a.json` → `a`), `-LINE` after it for a JSON Lines line, `stdin` for standard input.
    var outputBase: String {
        func stem(_ path: String) -> String {
            guard path != "-" else { return "stdin" }
            let name = OutputName.sanitized((path as NSString).lastPathComponent)
            let stem = (name as NSString).deletingPathExtension
            return stem.isEmpty ? (name.isEmpty ? "invoice" : name) : stem
        }
        switch self {
        case .sample: return "sample"
        case .standardInput: return "stdin"
        case .file(let path): return stem(path)
        case .jsonLine(let file, let line, _): return "\(stem(file))-\(line)"
        }
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
        case .standardInput: return try InputFile.readStandardInput()
        case .file(let path): return try InputFile.read(path)
        case .jsonLine(_, _, let data): return data
        }
    }
}

/// Reading an input file or standard input whole, with errors that say what to do. An
/// input is read from one descriptor, checked with fstat first, and never past the size
/// limit: `/dev/zero` or a runaway pipe ends with an error, not with all the memory.
enum InputFile {
    /// The largest invoice file invoi reads; a JSON Lines line has the same limit.
    static let maximumSize = 64 << 20

    /// `regularOnly`: anything but a regular file is refused without waiting (a FIFO opened
    /// without O_NONBLOCK waits for a writer, a terminal device for input).
    static func read(_ path: String, regularOnly: Bool = false) throws(CLIFailure) -> Data {
        let shown = Diagnostic.printable(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw CLIFailure(
                    .noInput, "\(shown): no such file (check the path, or run 'invoi init \(shown)' to create one)")
            }
            throw CLIFailure(
                .noInput, "\(shown): cannot be read (\(String(cString: strerror(code)))); check its permissions")
        }
        defer { close(descriptor) }
        if regularOnly {
            var status = stat()
            if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
                let kind =
                    switch status.st_mode & S_IFMT {
                    case S_IFDIR: "a directory"
                    case S_IFIFO: "a named pipe (FIFO)"
                    case S_IFCHR, S_IFBLK: "a device"
                    default: "a special file"
                    }
                throw CLIFailure(.noInput, "\(shown): is \(kind), not an invoice file; watch a regular file")
            }
        }
        return try readAll(
            descriptor, named: shown, directoryHint: " (to render every invoice in it: invoi render \(shown)/*.json)")
    }

    static func readStandardInput() throws(CLIFailure) -> Data {
        try readAll(STDIN_FILENO, named: "<stdin>", directoryHint: "")
    }

    /// Everything `descriptor` holds, up to `maximumSize`.
    static func readAll(_ descriptor: Int32, named shown: String, directoryHint: String) throws(CLIFailure) -> Data {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = errno == EBADF ? "is closed" : "cannot be read (\(String(cString: strerror(errno))))"
            throw CLIFailure(.noInput, "\(shown): \(reason); give the invoice as a file or pipe it in")
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw CLIFailure(.noInput, "\(shown): is a directory, not an invoice file\(directoryHint)")
        }
        if (status.st_mode & S_IFMT) == S_IFREG, status.st_size > maximumSize {
            throw tooLarge(shown)
        }
        var data = Data()
        // A regular file's size is known: one buffer, not a doubling one.
        if (status.st_mode & S_IFMT) == S_IFREG { data.reserveCapacity(Int(status.st_size) + 1) }
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, chunk) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR && !Interruption.isRequested { continue }
                if errno == EINTR { throw Interruption.failure }
                throw CLIFailure(.noInput, "\(shown): cannot be read (\(String(cString: strerror(errno))))")
            }
            guard data.count + count <= maximumSize else { throw tooLarge(shown) }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    static func tooLarge(_ shown: String) -> CLIFailure {
        CLIFailure(
            .dataError,
            "\(shown): is larger than \(maximumSize >> 20) MiB, the most invoi reads for one invoice "
                + "(many invoices go one per line in a JSON Lines file: render --jsonl)")
    }
}
