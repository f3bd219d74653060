import Glibc

/// Command-line arguments read where they are (the process's argv, as the kernel laid it
/// out): a String is made only for an argument that is used, when it is used.
struct ArgumentVector: @unchecked Sendable {
    // Unchecked: the process's argv is neither written nor freed while invoi runs, and
    // copies made by `init(copying:)` are never freed.
    private let base: UnsafePointer<UnsafeMutablePointer<CChar>?>
    let count: Int

    /// The process's arguments, the program's name first.
    static var process: ArgumentVector {
        ArgumentVector(base: UnsafePointer(CommandLine.unsafeArgv), count: Int(CommandLine.argc))
    }

    private init(base: UnsafePointer<UnsafeMutablePointer<CChar>?>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Copies of `arguments`, kept for the life of the process (tests, and calls from code).
    init(copying arguments: [String]) {
        let pointers = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: max(arguments.count, 1))
        for (index, argument) in arguments.enumerated() { pointers[index] = strdup(argument) }
        self.init(base: UnsafePointer(pointers), count: arguments.count)
    }

    subscript(index: Int) -> String {
        precondition(index >= 0 && index < count, "argument \(index) of \(count)")
        return base[index].map { String(cString: $0) } ?? ""
    }

    /// Whether the argument starts with `-` (an option, `-` or `--`), read without a String.
    func startsWithDash(at index: Int) -> Bool {
        base[index].map { $0[0] == 0x2D } ?? false
    }

    /// Whether the argument is exactly `--`.
    func isDoubleDash(at index: Int) -> Bool {
        base[index].map { $0[0] == 0x2D && $0[1] == 0x2D && $0[2] == 0 } ?? false
    }

    /// Whether the argument is exactly `-` (standard input, or standard output as a value).
    func isLoneDash(at index: Int) -> Bool {
        base[index].map { $0[0] == 0x2D && $0[1] == 0 } ?? false
    }

    /// Whether the argument is the empty string.
    func isEmpty(at index: Int) -> Bool {
        base[index].map { $0[0] == 0 } ?? true
    }
}
