import Foundation
import InvoiDocument
import InvoiModel

#if canImport(Glibc)
    import Glibc
#endif

/// One output being written: a regular file — new, or one a symlink points
/// to — is written to a temporary file beside it and renamed over it by `commit()`, so
/// that a failed render never leaves a partial file nor destroys the old one. A FIFO, a
/// device, or a descriptor named as a path (`/dev/stdout`, `/dev/fd/3`) is written
/// through: renaming over it would replace a device node or a pipe with a plain file.
final class OutputFile {
    private enum Mode {
        /// Into `temporary`, renamed to `target` on commit.
        case replacing(target: String, temporary: String)
        /// Into a batch's spare file, exchanged with the regular file at `target` on commit
        /// (`BatchWriter`): the old file lives on as the spare.
        case exchanging(target: String, spare: String)
        /// Straight into the open file.
        case through
    }

    /// How an exchanging file went in place.
    enum ExchangeOutcome {
        case exchanged
        /// Renamed instead; `exchangeUnsupported`: the file system has no exchange.
        case renamed(exchangeUnsupported: Bool)
        case failed
    }

    private(set) var exchangeOutcome: ExchangeOutcome?

    /// The path as given, for messages.
    let path: String
    private let mode: Mode
    private var descriptor: Int32
    private let durability: AtomicFile.Durability
    private var finished = false

    private init(path: String, mode: Mode, descriptor: Int32, durability: AtomicFile.Durability) {
        self.path = path
        self.mode = mode
        self.descriptor = descriptor
        self.durability = durability
    }

    deinit {
        if !finished { discard() }
    }

    /// A file written into `spare` (already open and empty), to take `target`'s place by exchange.
    convenience init(exchanging target: String, spare: String, descriptor: Int32) {
        self.init(
            path: target, mode: .exchanging(target: target, spare: spare), descriptor: descriptor,
            durability: .flushedWithDirectory)
    }

    func usesSpare(_ spare: String) -> Bool {
        if case .exchanging(_, let own) = mode { own == spare } else { false }
    }

    /// Opens the output at `path`, checking everything that can be checked before any
    /// work: its directory exists, it is not a directory, the temporary file can be made.
    static func open(
        _ path: String, durability: AtomicFile.Durability = .flushedEachFile
    ) throws(CLIFailure)
        -> OutputFile
    {
        let shown = Diagnostic.printable(path)
        if let descriptor = namedDescriptor(path) {
            if descriptor == STDOUT_FILENO { try StandardOutput.refuseIfClosed() }
            let copy = dup(descriptor)
            guard copy >= 0 else { throw AtomicFile.failure(shown, errno: errno) }
            return OutputFile(path: path, mode: .through, descriptor: copy, durability: durability)
        }
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw CLIFailure(.cannotCreate, "\(shown): is a directory; give a file name")
            case S_IFREG:
                break
            default:
                // A FIFO, a character or block device, a socket: write into it.
                let descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
                guard descriptor >= 0 else { throw AtomicFile.failure(shown, errno: errno) }
                return OutputFile(path: path, mode: .through, descriptor: descriptor, durability: durability)
            }
        }
        let target = try finalTarget(of: path)
        let directory = AtomicFile.split(target).directory
        guard stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw CLIFailure(
                .cannotCreate,
                "\(shown): cannot write: the directory \(Diagnostic.printable(directory)) does not exist "
                    + "(create it, or choose another path)")
        }
        guard let (descriptor, temporary) = AtomicFile.createTemporary(for: target) else {
            throw AtomicFile.failure(shown, errno: errno)
        }
        fchmod(descriptor, 0o666 & ~AtomicFile.processUmask)  // mkstemp creates 0600
        return OutputFile(
            path: path, mode: .replacing(target: target, temporary: temporary), descriptor: descriptor,
            durability: durability)
    }

    func write(_ data: Data) throws(CLIFailure) {
        let code = data.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) }
        guard code == 0 else { throw fail(code) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(CLIFailure) {
        // A render stops at its next write once interrupted; its temporary file goes.
        if Interruption.isRequested {
            discard()
            throw Interruption.failure
        }
        let code = AtomicFile.writeAll(bytes, to: descriptor)
        guard code == 0 else { throw fail(code) }
    }

    /// Puts the output in its place: flushed and renamed, or (written through) closed.
    func commit() throws(CLIFailure) {
        guard !finished else { return }
        switch mode {
        case .through:
            finished = true
            let closed = close(descriptor)
            if closed != 0, errno != EINTR { throw AtomicFile.failure(Diagnostic.printable(path), errno: errno) }
        case .exchanging(let target, let spare):
            var code: Int32 = 0
            // The new bytes are on disk before they take the old file's place.
            if fsync(descriptor) != 0 { code = errno }
            if close(descriptor) != 0, code == 0 { code = errno }
            descriptor = -1
            finished = true
            if code == 0, RenameExchange.exchange(spare, target) == 0 {
                exchangeOutcome = .exchanged
                return
            }
            if code == 0 {
                code = errno
                if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP || code == ENOENT {
                    // No exchange here (or the old file just went): a plain rename, as for a new file.
                    let exchangeError = code
                    code = rename(spare, target) == 0 ? 0 : errno
                    if code == 0 {
                        exchangeOutcome = .renamed(exchangeUnsupported: exchangeError != ENOENT)
                        return
                    }
                }
            }
            exchangeOutcome = .failed
            unlink(spare)
            throw AtomicFile.failure(Diagnostic.printable(path), errno: code)
        case .replacing(let target, let temporary):
            var code: Int32 = 0
            let replacesFile = durability == .flushedWithDirectory && access(target, F_OK) == 0
            if durability == .flushedEachFile || replacesFile, fsync(descriptor) != 0 { code = errno }
            if close(descriptor) != 0, code == 0 { code = errno }
            descriptor = -1
            if code == 0, rename(temporary, target) != 0 { code = errno }
            finished = true
            guard code == 0 else {
                unlink(temporary)
                throw AtomicFile.failure(Diagnostic.printable(path), errno: code)
            }
        }
    }

    /// Abandons the output: the temporary file goes, whatever was at the path stays.
    func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        switch mode {
        case .replacing(_, let temporary): unlink(temporary)
        case .exchanging(_, let spare):
            unlink(spare)
            exchangeOutcome = .failed
        case .through: break
        }
    }

    /// Whether it went to a file name (renamed or exchanged into place), not through a
    /// FIFO or device: only then can page files beside it belong to an earlier render.
    var isReplaceable: Bool {
        if case .through = mode { false } else { true }
    }

    /// Removes a committed file again (a page of a set whose later page failed). Written-through outputs stay.
    func removeCommitted() {
        switch mode {
        case .replacing(let target, _), .exchanging(let target, _): unlink(target)
        case .through: break
        }
    }

    private func fail(_ code: Int32) -> CLIFailure {
        discard()
        return AtomicFile.failure(Diagnostic.printable(path), errno: code)
    }

    /// The descriptor a path names directly: `/dev/stdout` (1), `/dev/stderr` (2),
    /// `/dev/fd/N`, `/proc/self/fd/N`. Opening such a path anew would truncate and rewind
    /// a redirected file, and renaming over it would miss the file entirely.
    private static func namedDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// The file a path finally names, following symlinks (also dangling ones, whose target
    /// is then created): the rename must replace the target, not the link.
    private static func finalTarget(of path: String) throws(CLIFailure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, Int(PATH_MAX))
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : AtomicFile.split(current).directory + "/" + link
        }
        throw CLIFailure(.cannotCreate, "\(Diagnostic.printable(path)): too many levels of symbolic links")
    }
}

extension OutputFile: ByteSink {}
