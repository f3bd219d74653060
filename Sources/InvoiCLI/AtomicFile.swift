import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a failed write never leaves a partial file nor destroys an
/// existing one: the bytes go to a temporary file beside the target, then a rename.
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

    static func write(_ data: Data, to path: String, durability: Durability = .flushedEachFile) throws(CLIFailure) {
        let directory = split(path).directory
        var status = stat()
        guard stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw CLIFailure(
                .cannotCreate,
                "\(path): cannot write: the directory \(directory) does not exist "
                    + "(create it, or choose another path)")
        }
        guard let (descriptor, temporaryPath) = createTemporary(for: path) else { throw failure(path, errno: errno) }

        fchmod(descriptor, 0o666 & ~processUmask)  // mkstemp creates 0600
        var code = data.withUnsafeBytes { writeAll($0, to: descriptor) }
        let replacesFile = durability == .flushedWithDirectory && access(path, F_OK) == 0
        if code == 0, durability == .flushedEachFile || replacesFile, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == 0 { code = errno }
        if code == 0, rename(temporaryPath, path) != 0 { code = errno }
        guard code == 0 else {
            unlink(temporaryPath)
            throw failure(path, errno: code)
        }
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

    static func failure(_ path: String, errno code: Int32) -> CLIFailure {
        CLIFailure(
            .cannotCreate,
            "\(path): cannot write (\(String(cString: strerror(code)))); "
                + "check that the directory exists and is writable")
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
    static func write(_ data: Data) throws(CLIFailure) {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw CLIFailure(.cannotCreate, "cannot write to standard output (\(error.localizedDescription))")
        }
    }
}
