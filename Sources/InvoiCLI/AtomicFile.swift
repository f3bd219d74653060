import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a failed write never leaves a partial file nor destroys an
/// existing one: the bytes go to a temporary file beside the target, then a rename
/// (`OutputFile` decides what is renamed and what written through).
enum AtomicFile {
    /// When the bytes must be on disk.
    enum Durability {
        /// Flushed before the rename: once `write` returns, the file survives a crash.
        case flushedEachFile
        /// A new file is not flushed here: the caller flushes the directory once, after
        /// a batch (`DirectoryFlush`), and the data reaches the disk with the kernel's
        /// writeback. A file that replaces an existing one is still flushed before the
        /// rename, so that a crash can never leave an empty file where a good one was.
        /// Readers always see either nothing or the whole file.
        case flushedWithDirectory
    }

    /// Writes `data` to `path` through an `OutputFile`: a regular file is replaced whole or
    /// not at all; a FIFO or device is written into.
    static func write(_ data: Data, to path: String, durability: Durability = .flushedEachFile) throws(CLIFailure) {
        let file = try OutputFile.open(path, durability: durability)
        try file.write(data)
        try file.commit()
    }

    /// A new temporary file beside `path` (hidden, named after it), open for writing;
    /// nil with errno set when it cannot be created.
    static func createTemporary(for path: String) -> (descriptor: Int32, path: String)? {
        let (directory, name) = split(path)
        var template = Array((directory + "/." + name + ".invoi-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { return nil }
        return (descriptor, String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// `path` is shown as given: escape it first.
    static func failure(_ path: String, errno code: Int32) -> CLIFailure {
        let hint =
            switch code {
            case ENOSPC, EDQUOT: "free some disk space, or choose another place"
            case EACCES, EPERM, EROFS: "choose a directory you can write to"
            default: "check that the directory exists and is writable"
            }
        return CLIFailure(.cannotCreate, "\(path): cannot write (\(String(cString: strerror(code)))); \(hint)")
    }
}

/// Flushes a directory's entries to disk (fsync on the directory), once after a batch
/// written with `AtomicFile.Durability.flushedWithDirectory`.
enum DirectoryFlush {
    /// False when the directory could not be opened or flushed.
    static func flush(directory: String) -> Bool {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }
}

/// Standard output, written whole.
enum StandardOutput {
    /// Whether the process started with standard output closed (`>&-`). Read first thing,
    /// before anything is opened: descriptor 1 is then held by /dev/null, so that no file
    /// opened later takes its number and receives what was meant for standard output.
    static let wasClosed: Bool = {
        guard fcntl(STDOUT_FILENO, F_GETFD) == -1, errno == EBADF else { return false }
        let descriptor = open("/dev/null", O_WRONLY)
        if descriptor >= 0, descriptor != STDOUT_FILENO {
            dup2(descriptor, STDOUT_FILENO)
            close(descriptor)
        }
        return true
    }()

    static func refuseIfClosed() throws(CLIFailure) {
        guard wasClosed else { return }
        throw CLIFailure(
            .cannotCreate, "standard output is closed; redirect it to a file (> FILE) or give -o FILE")
    }

    static func write(_ data: Data) throws(CLIFailure) {
        try refuseIfClosed()
        let code = data.withUnsafeBytes { AtomicFile.writeAll($0, to: STDOUT_FILENO) }
        guard code == 0 else { throw AtomicFile.failure("standard output", errno: code) }
    }
}
