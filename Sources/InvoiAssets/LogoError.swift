/// Why a logo file could not be used. Both name the file; the CLI maps `unreadable`
/// to EX_NOINPUT and `undecodable` to EX_DATAERR.
public enum LogoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Missing, a directory, or not readable: `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// Read, but not an image invoi can draw: `reason` says what is wrong with it.
    case undecodable(path: String, reason: String)

    public var path: String {
        switch self {
        case .unreadable(let path, _), .undecodable(let path, _): path
        }
    }

    public var reason: String {
        switch self {
        case .unreadable(_, let reason), .undecodable(_, let reason): reason
        }
    }

    /// `/bills/logo.png: cannot be read (No such file or directory)`.
    public var description: String {
        description(showing: path)
    }

    /// The description with the path shown as `shownPath` (shortened or escaped by the caller).
    public func description(showing shownPath: String) -> String {
        switch self {
        case .unreadable(_, let reason): "\(shownPath): cannot be read (\(reason))"
        case .undecodable(_, let reason): "\(shownPath): \(reason)"
        }
    }
}
