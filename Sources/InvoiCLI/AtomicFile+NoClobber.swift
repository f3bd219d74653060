import Foundation
import Glibc
import InvoiCharacters
import InvoiModel

extension AtomicFile {
    /// Writes `data` to a new file at `path`, atomically, and never replaces anything
    /// there: the bytes go to a temporary file that is then hard-linked to `path`, and
    /// link() fails when `path` exists — even if it appeared after the check, and even
    /// when it is a dangling symlink. `existsHint` says what to do instead ("pass --force …").
    static func writeNew(_ data: Data, to path: String, existsHint: String) throws(CLIFailure) {
        let shown = Diagnostic.printable(path)
        let (directory, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw CLIFailure(.cannotCreate, "cannot write \(shown): give a file name, not a directory")
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            throw CLIFailure(.cannotCreate, "\(shown) already exists; \(existsHint)")
        }
        guard stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            let shownDirectory = Diagnostic.printable(directory)
            throw CLIFailure(
                .cannotCreate,
                "cannot write \(shown): the directory \(shownDirectory) does not exist; create it first (mkdir -p \(shownDirectory))"
            )
        }

        guard let (descriptor, temporaryPath) = createTemporary(for: path) else {
            throw failure(writing: shown, errno: errno)
        }
        defer { unlink(temporaryPath) }  // after link() the new name keeps the file

        fchmod(descriptor, 0o666 & ~processUmask)  // mkstemp creates 0600
        let written = data.withUnsafeBytes { writeAll($0, to: descriptor) }
        let closed = close(descriptor)
        guard written == 0 else { throw failure(writing: shown, errno: written) }
        guard closed == 0 else { throw failure(writing: shown, errno: errno) }
        if link(temporaryPath, path) != 0 {
            let code = errno
            if code == EEXIST { throw CLIFailure(.cannotCreate, "\(shown) already exists; \(existsHint)") }
            throw failure(writing: shown, errno: code)
        }
    }

    /// The directory part as written (`.` when there is none) and the file name.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// Writes `text` as UTF-8; 0 on success, else the errno of the failed write.
    @discardableResult
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// 0 on success, else the errno of the failed write.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return 0
    }

    private static func failure(writing shown: String, errno code: Int32) -> CLIFailure {
        let reason = String(cString: strerror(code))
        let hint =
            switch code {
            case EACCES, EPERM, EROFS: "; choose a directory you can write to"
            case ENOSPC, EDQUOT: "; free some disk space"
            default: ""
            }
        return CLIFailure(.cannotCreate, "cannot write \(shown): \(reason)\(hint)")
    }

    /// The process's umask, read without changing it (Linux reports it in /proc).
    static let processUmask: mode_t = {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let value = mode_t(line.dropFirst("Umask:".count).trimmingWhitespace(), radix: 8)
        {
            return value
        }
        return 0o022
    }()
}
