import ArgumentParser
import Foundation
import Glibc
import InvoiModel

/// Writes files so that readers only ever see the old file or the complete new one:
/// the bytes go to a temporary file in the same directory, which is then renamed over
/// the target (or hard-linked to it, when an existing file must not be replaced).
/// A failure leaves no partial file behind and never damages an existing one.
public enum AtomicFile {
    /// What to do when the target already exists.
    public enum ExistingFile: Sendable {
        /// Replace it (its permissions are kept).
        case replace
        /// Fail with exit status 73; `hint` says what to do instead, e.g. "pass --force to overwrite it".
        case keep(hint: String)
    }

    /// Writes `data` to `path` atomically. Fails with exit status 73 and a message saying
    /// what to do. (No fsync: rename already guarantees all-or-nothing for other processes,
    /// and a sync per file would cost batch rendering most of its speed.)
    public static func write(_ data: Data, to path: String, existing: ExistingFile) throws(CommandFailure) {
        let shown = Diagnostic.printable(path)
        let (directory, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw CommandFailure("cannot write \(shown): give a file name, not a directory", exitCode: .cannotCreate)
        }

        var targetStatus = stat()
        let targetExists = lstat(path, &targetStatus) == 0
        if targetExists, (targetStatus.st_mode & S_IFMT) == S_IFDIR {
            throw CommandFailure("cannot write \(shown): it is a directory", exitCode: .cannotCreate)
        }
        if targetExists, case .keep(let hint) = existing {
            throw CommandFailure("\(shown) already exists; \(hint)", exitCode: .cannotCreate)
        }
        var directoryStatus = stat()
        guard stat(directory, &directoryStatus) == 0, (directoryStatus.st_mode & S_IFMT) == S_IFDIR else {
            let shownDirectory = Diagnostic.printable(directory)
            throw CommandFailure("cannot write \(shown): the directory \(shownDirectory) does not exist; create it first (mkdir -p \(shownDirectory))",
                                 exitCode: .cannotCreate)
        }

        var template = Array((directory + "/." + name + ".invoi-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw failure(writing: shown, errno: errno) }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporaryPath) }
        }

        let mode = targetExists ? targetStatus.st_mode & 0o7777 : 0o666 & ~processUmask
        fchmod(descriptor, mode)
        let written = data.withUnsafeBytes { writeAll($0, to: descriptor) }
        let closed = close(descriptor)
        guard written == 0 else { throw failure(writing: shown, errno: written) }
        guard closed == 0 else { throw failure(writing: shown, errno: errno) }

        switch existing {
        case .replace:
            guard rename(temporaryPath, path) == 0 else { throw failure(writing: shown, errno: errno) }
        case .keep(let hint):
            // link() fails if the target appeared meanwhile: no race can clobber a file.
            if link(temporaryPath, path) != 0 {
                let code = errno
                if code == EEXIST {
                    throw CommandFailure("\(shown) already exists; \(hint)", exitCode: .cannotCreate)
                }
                throw failure(writing: shown, errno: code)
            }
            unlink(temporaryPath)
        }
        committed = true
    }

    /// The directory part as written (`.` when there is none) and the file name.
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// 0 on success, else the errno of the failed write.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
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

    private static func failure(writing shown: String, errno code: Int32) -> CommandFailure {
        let reason = String(cString: strerror(code))
        let hint = switch code {
        case EACCES, EPERM, EROFS: "; choose a directory you can write to"
        case ENOSPC, EDQUOT: "; free some disk space"
        default: ""
        }
        return CommandFailure("cannot write \(shown): \(reason)\(hint)", exitCode: .cannotCreate)
    }

    /// The process's umask, read without changing it (Linux reports it in /proc).
    private static let processUmask: mode_t = {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        return 0o022
    }()
}
