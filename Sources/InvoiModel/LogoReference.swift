import Foundation

/// The image formats a logo may be in.
public enum LogoKind: String, Hashable, Sendable, CaseIterable {
    case png
    case jpeg
    case svg

    /// By file extension, ignoring case: `.png`, `.jpg`/`.jpeg`, `.svg`; nil for any other.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "svg": self = .svg
        default: return nil
        }
    }

    /// How messages list the accepted extensions.
    static let acceptedExtensions = ".png, .jpg, .jpeg or .svg"
}

/// Where the logo image is. The model never opens the file: the layout
/// and the backends read and decode it, and report a missing or undecodable image.
public struct LogoReference: Hashable, Sendable {
    /// As written in the JSON.
    public var path: String
    /// Absolute and without `.` or `..` parts: `path` taken relative to the directory of
    /// the invoice file (standard input and the sample: the current directory).
    public var resolvedPath: String

    public init(path: String, resolvedPath: String) {
        self.path = path
        self.resolvedPath = resolvedPath
    }

    /// `path` resolved against `baseDirectory`, which is itself taken relative to the
    /// current directory when it is not absolute.
    public init(path: String, relativeTo baseDirectory: String) {
        self.init(path: path, resolvedPath: FilePath.absolute(path, relativeTo: baseDirectory))
    }

    /// The image format its extension names; nil for an extension invoi cannot read.
    public var kind: LogoKind? {
        LogoKind(pathExtension: FilePath.pathExtension(of: path))
    }
}

/// Lexical path arithmetic: no file is touched, so resolving a path never depends on what
/// exists on disk (and never follows a link the user did not write).
enum FilePath {
    static func currentDirectory() -> String {
        FileManager.default.currentDirectoryPath
    }

    /// `path` made absolute against `base` (itself made absolute against the current
    /// directory), with `.`, `..` and repeated slashes removed.
    static func absolute(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        let absoluteBase = base.hasPrefix("/") ? base : currentDirectory() + "/" + base
        return normalized(absoluteBase + "/" + path)
    }

    /// An absolute path with `.`, `..` (never above the root) and empty parts removed.
    static func normalized(_ absolutePath: String) -> String {
        var parts: [Substring] = []
        for part in absolutePath.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The directory part of `path`: `bills` for `bills/acme.json`, `.` for `acme.json`.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }

    /// `png` for `img/logo.PNG`; "" when the last component has no extension (or is a dotfile).
    static func pathExtension(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
