import Foundation
import InvoiModel

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a JSON Lines file or standard input one line at a time, holding no more than
/// the line being read, so that a stream of any length renders in flat memory. A line
/// longer than an invoice file may be (`InputFile.maximumSize`) ends the reading of its
/// input: its end may never come (`/dev/zero`), and it is never held whole.
final class JSONLinesReader {
    /// The file as messages name it ("-" for standard input).
    let name: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// The 1-based number of the line returned last.
    private(set) var lineNumber = 0

    /// Opens `path` ("-": standard input) now, so that a missing file is reported before anything renders.
    init(path: String) throws(CLIFailure) {
        name = path
        if path == "-" {
            descriptor = STDIN_FILENO
            return
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw CLIFailure(.noInput, "\(path): no such file (check the path of the JSON Lines file)")
        }
        guard (status.st_mode & S_IFMT) != S_IFDIR else {
            throw CLIFailure(.noInput, "\(path): is a directory, not a JSON Lines file")
        }
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLIFailure(
                .noInput, "\(path): cannot be read (\(String(cString: strerror(errno)))); check its permissions")
        }
    }

    deinit {
        if descriptor != STDIN_FILENO { close(descriptor) }
    }

    /// The next line that is not blank, with its number; nil at the end.
    func nextInvoiceLine() throws(CLIFailure) -> (number: Int, bytes: Data)? {
        while let line = try nextLine() {
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                return (lineNumber, line)
            }
        }
        return nil
    }

    private func nextLine() throws(CLIFailure) -> Data? {
        var searched = start
        while true {
            if searched - start > InputFile.maximumSize {
                let shown = Diagnostic.printable(InvoiceSource.jsonLineName(file: name, line: lineNumber + 1))
                buffer = []
                start = 0
                atEnd = true
                throw CLIFailure(
                    .dataError,
                    "\(shown): the line is longer than \(InputFile.maximumSize >> 20) MiB, the most invoi reads "
                        + "for one invoice; the rest of the input was not read")
            }
            if let newline = newline(from: searched) {
                let line = Data(buffer[start..<newline])
                start = newline + 1
                lineNumber += 1
                return line
            }
            searched = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Data(buffer[start...])
                start = buffer.count
                lineNumber += 1
                return line
            }
            if start > 0 && start * 2 >= buffer.count {
                buffer.removeSubrange(0..<start)
                searched -= start
                start = 0
            }
            try fill()
        }
    }

    /// The index of the first line feed at or after `index`.
    private func newline(from index: Int) -> Int? {
        buffer.withUnsafeBytes { bytes in
            guard index < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + index, 0x0A, bytes.count - index)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    private func fill() throws(CLIFailure) {
        // Larger reads as a line grows: a long line is read in few calls.
        let chunk = max(64 << 10, min(buffer.count - start, 8 << 20))
        let old = buffer.count
        var readCount = 0
        var code: Int32 = 0
        buffer.append(contentsOf: [UInt8](repeating: 0, count: chunk))
        buffer.withUnsafeMutableBytes { bytes in
            repeat {
                readCount = Glibc.read(descriptor, bytes.baseAddress! + old, chunk)
                code = readCount < 0 ? errno : 0
            } while readCount < 0 && code == EINTR && !Interruption.isRequested
        }
        buffer.removeLast(chunk - max(readCount, 0))
        if readCount < 0 && code == EINTR {
            atEnd = true  // interrupted: no more invoices are taken
            return
        }
        if readCount < 0 {
            atEnd = true
            let shown = name == "-" ? "<stdin>" : name
            throw CLIFailure(
                .noInput, "\(shown): reading stopped after line \(lineNumber) (\(String(cString: strerror(code))))")
        }
        if readCount == 0 { atEnd = true }
    }
}
