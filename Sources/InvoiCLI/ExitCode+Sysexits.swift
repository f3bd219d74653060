import ArgumentParser

/// The exit statuses of DESIGN.md §7 (BSD sysexits.h).
extension ExitCode {
    /// 64: the command line is wrong (ArgumentParser's own `validationFailure` is also 64).
    public static let usageError = ExitCode(64)
    /// 65: an invoice's data is invalid.
    public static let dataError = ExitCode(65)
    /// 66: an input is missing or unreadable.
    public static let noInput = ExitCode(66)
    /// 70: a bug in invoi.
    public static let internalError = ExitCode(70)
    /// 73: an output cannot be created or written.
    public static let cannotCreate = ExitCode(73)
}
