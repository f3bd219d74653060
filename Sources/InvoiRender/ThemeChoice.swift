import Foundation
import InvoiDocument
import InvoiModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How each render's theme is chosen: what the command line (or a server request) says, over
/// what the invoice says. The design is `--design`'s, else the invoice's `design`, else the
/// theme's, else classic; the theme is `--theme`'s, else the invoice's `theme`.
public struct ThemeChoice: Sendable {
    /// `--theme`, already read (a design's name is a theme with only its design set).
    public var theme: Theme?
    /// `--design`.
    public var design: DesignName?
    /// Whether the paper was chosen explicitly (`--paper`): a theme's `paper` then gives way.
    public var paperIsGiven: Bool

    public init(theme: Theme? = nil, design: DesignName? = nil, paperIsGiven: Bool = false) {
        self.theme = theme
        self.design = design
        self.paperIsGiven = paperIsGiven
    }

    /// The theme a `--theme` or `theme` value names: a design's own, or the file's (read
    /// through `files`, so once per path).
    public static func theme(
        _ reference: ThemeReference, files: ThemeFiles
    ) throws(ThemeFileError) -> (theme: Theme, warnings: [Diagnostic]) {
        switch reference {
        case .design(let design):
            var theme = Theme()
            theme.design = design
            return (theme, [])
        case .file(let path):
            return try files.theme(at: path)
        }
    }

    /// `settings` for rendering `invoice`: its resolved theme (nil when neither the command
    /// line nor the invoice names a design or a theme, so that the layout is the app's as it
    /// always was), and the theme's paper unless the paper was given. An invoice's theme file
    /// is read through `files`; its warnings come back for the caller to print.
    public func settings(
        _ settings: RenderSettings, for invoice: Invoice, files: ThemeFiles
    ) throws(ThemeFileError) -> (settings: RenderSettings, warnings: [Diagnostic]) {
        var base = theme
        var warnings: [Diagnostic] = []
        if base == nil, let reference = invoice.theme {
            (base, warnings) = try Self.theme(reference, files: files)
        }
        guard base != nil || design != nil || invoice.design != nil else { return (settings, warnings) }
        var resolved = base ?? Theme()
        resolved.design = design ?? invoice.design ?? resolved.design ?? .classic
        var settings = settings
        if !paperIsGiven, let paper = resolved.paper {
            settings.paper = PaperSize(paper)
        }
        // The layout is given the paper it is laid out on, whichever chose it.
        resolved.paper = Theme.Paper(settings.paper)
        settings.theme = resolved
        return (settings, warnings)
    }
}

extension PaperSize {
    public init(_ paper: Theme.Paper) {
        switch paper {
        case .a4: self = .a4
        case .letter: self = .letter
        }
    }
}

extension Theme.Paper {
    public init(_ paper: PaperSize) {
        switch paper {
        case .a4: self = .a4
        case .letter: self = .letter
        }
    }
}

/// Why a theme file cannot be used.
public enum ThemeFileError: Error, Sendable, CustomStringConvertible {
    /// The file cannot be read: missing, a directory, no permission (exit 66).
    case unreadable(path: String, reason: String)
    /// The file is no valid theme (exit 65): every problem by JSON path.
    case invalid(ThemeDecodingError)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(Diagnostic.printable(path)): \(reason)"
        case .invalid(let error): error.description
        }
    }
}

/// Theme files read and decoded once per path for the life of the value (a batch, a server):
/// a thousand invoices naming one theme read it once. A failure is kept too.
public final class ThemeFiles: Sendable {
    private let read = Mutex<[String: Result<Theme, ThemeFileError>]>([:])

    public init() {}

    /// How many distinct files have been read (tests count the reads with it).
    public var readCount: Int { read.withLock { $0.count } }

    /// The theme in the file at `path` (relative to the current directory unless absolute);
    /// its warnings only the first time it is read.
    public func theme(at path: String) throws(ThemeFileError) -> (theme: Theme, warnings: [Diagnostic]) {
        // Held while the file is read: two workers asking for one file read it once.
        let outcome: (Result<Theme, ThemeFileError>, [Diagnostic]) = read.withLock { read in
            if let known = read[path] { return (known, []) }
            let result: Result<(Theme, [Diagnostic]), ThemeFileError> = Result { () throws(ThemeFileError) in
                try Self.load(path)
            }
            read[path] = result.map(\.0)
            return (result.map(\.0), (try? result.get().1) ?? [])
        }
        return (try outcome.0.get(), outcome.1)
    }

    /// `path` as messages show it: relative to the current directory when under it.
    public static func shown(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }

    /// Reads at most one byte more than a theme may have: `/dev/zero` or a huge file ends
    /// with the decoder's size error, not with all the memory.
    public static func load(_ path: String) throws(ThemeFileError) -> (Theme, [Diagnostic]) {
        let name = shown(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw .unreadable(
                    path: name, reason: "no such theme file (check the path, or run 'invoi init --theme \(name)')")
            }
            throw .unreadable(
                path: name, reason: "cannot be read (\(String(cString: strerror(code)))); check its permissions")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            let kind = (status.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw .unreadable(path: name, reason: "is \(kind), not a theme file")
        }
        var bytes = [UInt8](repeating: 0, count: Theme.Limits.fileSize + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: name, reason: "cannot be read (\(String(cString: strerror(errno))))")
            }
            count += got
        }
        do {
            return try ThemeDecoder().decode(Data(bytes[0..<count]), file: name)
        } catch {
            throw .invalid(error)
        }
    }
}
