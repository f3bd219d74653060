import Foundation
import InvoiDocument
import InvoiModel

#if canImport(Glibc)
    import Glibc
#endif

/// The files a render reads, by device and inode, so that no output is written over one
/// of them — through a symlink, a hard link or another spelling of its path. Standard
/// input counts when it is a regular file (`< bill.json`).
struct InputFiles: Sendable {
    private struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// Each identity with the input's position: 20 bytes an input, names made only for a message.
    private var positions: [Identity: Int32] = [:]
    private let sources: SourceStream?

    init() {
        sources = nil
    }

    /// The input files of `sources`; those that cannot be reached are left out (they fail on
    /// their own when read).
    init(of sources: SourceStream) {
        self.sources = sources
        for index in 0..<sources.inputCount {
            let path = sources.inputPath(at: index)
            var status = stat()
            let found = path == "-" ? fstat(STDIN_FILENO, &status) == 0 : stat(path, &status) == 0
            guard found, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            let identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            if positions[identity] == nil { positions[identity] = Int32(clamping: index) }
        }
    }

    /// The input that `path` names (links followed), if it names one.
    func input(at path: String) -> String? {
        guard let sources, !positions.isEmpty else { return nil }
        var status = stat()
        guard stat(path, &status) == 0,
            let index = positions[Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))]
        else { return nil }
        let input = sources.inputPath(at: Int(index))
        return input == "-" ? "<stdin>" : input
    }

    /// A usage error when `path` is one of the inputs.
    func refuseOverwriting(_ path: String, option: String) throws(CLIFailure) {
        guard let input = input(at: path) else { return }
        let shown = Diagnostic.printable(path)
        let sameName = input == path ? "" : " (the input \(Diagnostic.printable(input)))"
        throw CLIFailure(
            .usage,
            "\(shown): the output would replace the invoice being read\(sameName); nothing was written "
                + "(choose another \(option))")
    }
}

/// Kinds of output path that cannot take a set of page files.
enum OutputPathKind {
    /// What `path` is when it is no place for page files beside it: a descriptor, a FIFO,
    /// a device or a socket; nil for a regular file, a directory or a new name.
    static func special(_ path: String) -> String? {
        if path == "/dev/stdout" || path == "/dev/stderr" || path.hasPrefix("/dev/fd/")
            || path.hasPrefix("/proc/self/fd/")
        {
            return "a file descriptor"
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return nil
        }
    }
}

/// The page files an earlier, longer render left beside a new one: with `o.svg` now one
/// page, `o-1.svg`, `o-2.svg`, …; with `o-1.svg` … `o-3.svg` now written, `o-4.svg`, … A
/// file is taken for such a page only if it is named exactly so, the numbers run on
/// without a gap from the first one this render did not write, it is a regular file
/// (not a link) and it begins as invoi writes this format; the first one that fails any
/// of these ends the search, so an unrelated file is never removed.
enum StalePages {
    /// Removes them; `isClaimed` names files another invoice of the batch writes.
    static func remove(
        base: String, fileExtension: String, format: OutputFormat, after pageCount: Int,
        isClaimed: (String) -> Bool = { _ in false }
    ) {
        guard let signature = signature(of: format) else { return }
        var number = pageCount == 1 ? 1 : pageCount + 1
        // Bounded: a render has at most as many pages as a million line items make.
        while number <= 10_000_000 {
            let path = "\(base)-\(number).\(fileExtension)"
            guard !isClaimed(AtomicFile.split(path).name), isEarlierPage(path, signature: signature) else { return }
            unlink(path)
            number += 1
        }
    }

    /// How every page file of `format` that invoi writes begins.
    private static func signature(of format: OutputFormat) -> [UInt8]? {
        switch format {
        case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .svg:
            Array(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink="
                    .utf8)
        default: nil
        }
    }

    private static func isEarlierPage(_ path: String, signature: [UInt8]) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: signature.count)
        let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, signature.count) }
        return count == signature.count && start == signature
    }
}
