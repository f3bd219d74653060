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

    /// A usage error when `path` is one of the inputs; `invoice` names the invoice whose
    /// output it is, when that is known.
    func refuseOverwriting(_ path: String, option: String, invoice: String? = nil) throws(CLIFailure) {
        guard let input = input(at: path) else { return }
        let shown = Diagnostic.printable(path)
        let sameName = input == path ? "" : " (the input \(Diagnostic.printable(input)))"
        guard let invoice, invoice != input else {
            throw CLIFailure(
                .usage,
                "\(shown): the output would replace the invoice being read\(sameName); nothing was written "
                    + "(choose another \(option))")
        }
        // Another input's output: the message names the invoice being rendered first.
        throw CLIFailure(
            .usage,
            "\(Diagnostic.printable(invoice)): its output \(shown) would replace the input "
                + "\(Diagnostic.printable(input)); nothing of it was written (choose another \(option))")
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

/// Page files of PNG and SVG sets that invoi wrote: each page of a set of more than one
/// says which page of how many it is (`PagePosition`), so that a file of the same name that
/// invoi did not write as such a page — a user's file, a one-page invoice named `X-1` — is
/// never taken for one.
enum PageFiles {
    /// What the page file at `path` says it is: nil unless it is a regular file (not a link)
    /// of `format` as invoi writes it, marked as a page of a set.
    static func position(of path: String, format: OutputFormat) -> PagePosition? {
        var status = stat()
        guard format == .png || format == .svg, lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG
        else { return nil }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // The marker comes before the page's content: in the first chunks, or on the root element.
        var start = [UInt8](repeating: 0, count: 4096)
        let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let head = start[..<count]
        return format == .png ? pngPosition(head) : svgPosition(head)
    }

    /// The first file of the set `base-1.ext` … `base-count.ext` whose content writing the
    /// set would replace — a regular file, or a link (written through) — and that is not
    /// invoi's page of that number; nil when the set may be written. A directory or a device
    /// there holds no content to lose: writing to it fails, or goes through, as for any output.
    static func firstForeign(base: String, fileExtension: String, count: Int, format: OutputFormat) -> String? {
        guard count > 1 else { return nil }
        for number in 1...count {
            let path = "\(base)-\(number).\(fileExtension)"
            var status = stat()
            guard lstat(path, &status) == 0,
                [S_IFREG, S_IFLNK].contains(status.st_mode & S_IFMT)
            else { continue }
            if position(of: path, format: format)?.number != number { return path }
        }
        return nil
    }

    /// The value of the `tEXt` chunk keyed `PagePosition.pngKeyword` before the image data.
    private static func pngPosition(_ head: ArraySlice<UInt8>) -> PagePosition? {
        let bytes = Array(head)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let keyword = Array(PagePosition.pngKeyword.utf8) + [0]
        var at = 8
        while at + 8 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let data = at + 8
            guard type != "IDAT", length <= bytes.count - data else { return nil }
            if type == "tEXt", bytes[data..<data + length].starts(with: keyword) {
                return PagePosition(
                    text: String(decoding: bytes[(data + keyword.count)..<(data + length)], as: UTF8.self))
            }
            at = data + length + 4
        }
        return nil
    }

    /// The value of `PagePosition.svgAttribute` on the root element (the XML declaration
    /// and the opening of the root as invoi writes them come first).
    private static func svgPosition(_ head: ArraySlice<UInt8>) -> PagePosition? {
        let prefix = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix(prefix), let end = text.dropFirst(prefix.count).firstIndex(of: ">"),
            let range = text[..<end].range(of: " \(PagePosition.svgAttribute)=\"")
        else { return nil }
        let value = text[range.upperBound..<end]
        guard let close = value.firstIndex(of: "\"") else { return nil }
        return PagePosition(text: value[..<close])
    }
}

/// The page files an earlier, longer render left beside a new one: with `o.svg` now one
/// page, `o-1.svg`, `o-2.svg`, …; with `o-1.svg` … `o-3.svg` now written, `o-4.svg`, … A
/// file is taken for such a page only if it is named exactly so, the numbers run on
/// without a gap from the first one this render did not write, and invoi marked it as that
/// page of a set (`PageFiles`); the first one that fails any of these ends the search, so
/// no file invoi did not write as such a page is ever removed.
enum StalePages {
    /// Removes them; `isClaimed` names files another invoice of the batch writes.
    static func remove(
        base: String, fileExtension: String, format: OutputFormat, after pageCount: Int,
        isClaimed: (String) -> Bool = { _ in false }
    ) {
        guard format == .png || format == .svg else { return }
        var number = pageCount == 1 ? 1 : pageCount + 1
        // Bounded: a render has at most as many pages as a million line items make.
        while number <= 10_000_000 {
            let path = "\(base)-\(number).\(fileExtension)"
            guard !isClaimed(AtomicFile.split(path).name),
                PageFiles.position(of: path, format: format)?.number == number
            else { return }
            unlink(path)
            number += 1
        }
    }
}
