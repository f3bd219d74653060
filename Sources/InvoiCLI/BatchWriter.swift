import Foundation
import InvoiModel

#if canImport(Glibc)
    import Glibc
#endif

/// How a batch writes its files into their directory. A new file goes through
/// `AtomicFile` (temporary file, rename; flushed with the directory at the end). A file
/// that replaces one from an earlier run is flushed, then swapped with the old one in
/// one step (renameat2 RENAME_EXCHANGE): the old file lives on under the temporary name,
/// and is emptied and reused for the next replacement, so re-rendering a month of
/// invoices creates and deletes one inode instead of one per invoice (on ext4, new inodes
/// beside just-freed ones cost about as much as rendering). Readers see the old file or
/// the new one, whole, as with a rename.
struct BatchWriter: Sendable {
    let durability: AtomicFile.Durability

    init(flushesOnce: Bool) {
        durability = flushesOnce ? .flushedWithDirectory : .flushedEachFile
    }

    /// One per worker: the file it reuses for replacements.
    func makeScratch() -> Scratch {
        Scratch(durability: durability)
    }

    struct Scratch {
        let durability: AtomicFile.Durability
        /// A file of ours holding the last replaced output, and its directory.
        private var spare: (path: String, directory: String)?
        /// False once the file system has refused an exchange.
        private var exchanges = true

        init(durability: AtomicFile.Durability) {
            self.durability = durability
        }

        mutating func write(_ data: Data, to path: String) throws(CLIFailure) {
            let file = try open(path)
            try file.write(data)
            try file.commit()
            committed(file)
        }

        /// The output file for `path`: one that replaces an earlier run's regular file is
        /// written into the spare and exchanged with the old one on commit; any other goes
        /// through `OutputFile` as usual.
        mutating func open(_ path: String) throws(CLIFailure) -> OutputFile {
            var status = stat()
            guard durability == .flushedWithDirectory, exchanges, lstat(path, &status) == 0,
                (status.st_mode & S_IFMT) == S_IFREG
            else {
                return try OutputFile.open(path, durability: durability)
            }
            let directory = AtomicFile.split(path).directory
            var descriptor: Int32 = -1
            if let spare, spare.directory == directory { descriptor = Self.openReusable(spare.path) }
            if descriptor < 0 {
                discard()
                guard let created = AtomicFile.createTemporary(for: path) else {
                    throw AtomicFile.failure(Diagnostic.printable(path), errno: errno)
                }
                descriptor = created.descriptor
                fchmod(descriptor, 0o666 & ~AtomicFile.processUmask)  // mkstemp creates 0600
                spare = (created.path, directory)
            }
            if ftruncate(descriptor, 0) != 0 {
                let code = errno
                close(descriptor)
                discard()
                throw AtomicFile.failure(Diagnostic.printable(path), errno: code)
            }
            return OutputFile(exchanging: path, spare: spare?.path ?? "", descriptor: descriptor)
        }

        /// Takes note of how a file from `open` was put in place: after an exchange the spare
        /// holds the old file, to be reused; after a rename (or a failure) it is gone.
        mutating func committed(_ file: OutputFile) {
            guard let spare, file.usesSpare(spare.path) else { return }
            switch file.exchangeOutcome {
            case .exchanged: break
            case .renamed(let exchangeUnsupported):
                self.spare = nil
                if exchangeUnsupported { exchanges = false }
            case .failed, nil:
                self.spare = nil
            }
        }

        /// Removes the spare file; a worker calls it when the batch ends.
        mutating func discard() {
            if let spare { unlink(spare.path) }
            spare = nil
        }

        /// The spare, opened for rewriting if it is still plainly ours: a regular file of our
        /// user with one link and no extended attributes (an earlier output hard-linked into a
        /// backup, or carrying an ACL or a label, is left alone and removed from this name).
        private static func openReusable(_ path: String) -> Int32 {
            let descriptor = Glibc.open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return -1 }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_nlink == 1,
                status.st_uid == geteuid(), !ExtendedAttributes.present(descriptor),
                fchmod(descriptor, 0o666 & ~AtomicFile.processUmask) == 0
            else {
                close(descriptor)
                return -1
            }
            return descriptor
        }
    }
}

/// renameat2(2) with RENAME_EXCHANGE, which Swift's Glibc module does not import.
enum RenameExchange {
    private typealias Function =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let function = GlibcExtras.function("renameat2", as: Function.self)
    private static let exchangeFlag: UInt32 = 1 << 1

    /// 0 when the two names now name each other's file; -1 with errno set otherwise
    /// (ENOSYS when the C library has no renameat2).
    static func exchange(_ first: String, _ second: String) -> Int32 {
        guard let function else {
            errno = ENOSYS
            return -1
        }
        return function(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag)
    }
}

/// Whether a file carries extended attributes (ACLs, security labels, user attributes).
enum ExtendedAttributes {
    private typealias Function = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    private static let list = GlibcExtras.function("flistxattr", as: Function.self)

    /// True when it has any, or when that cannot be told (other than the file system having none).
    static func present(_ descriptor: Int32) -> Bool {
        guard let list else { return true }
        let size = list(descriptor, nil, 0)
        return size > 0 || (size < 0 && errno != ENOTSUP)
    }
}
