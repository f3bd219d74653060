import Foundation
import InvoiTestSupport
import Testing

/// Runs the built `invoi` executable, as a user would, and captures what it prints.
struct InvoiProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String

        var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
    }

    /// The `invoi` binary beside the test bundle in the build directory, or the one named by
    /// INVOI_TEST_EXECUTABLE (to show that a test fails with an earlier build).
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["INVOI_TEST_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("invoi")
    }()

    static func run(_ arguments: [String], in directory: URL, input: Data? = nil) throws -> Result {
        let run = try Tools.execute(executable, arguments, input: input, in: directory)
        return Result(
            status: run.status,
            standardOutput: String(decoding: run.standardOutput, as: UTF8.self),
            standardError: String(decoding: run.standardError, as: UTF8.self))
    }
}

/// A fresh directory for one test, removed afterwards.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    func contents(of name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }

    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    func run(_ arguments: String..., input: String? = nil) throws -> InvoiProcess.Result {
        try run(arguments, input: input)
    }

    func run(_ arguments: [String], input: String? = nil) throws -> InvoiProcess.Result {
        try InvoiProcess.run(arguments, in: url, input: input.map { Data($0.utf8) })
    }
}

extension TemporaryDirectory {
    /// Runs `sh -c SCRIPT` here, the binary under test being "$INVOI", killed after `seconds`:
    /// a regression to a hang fails the test instead of stalling the suite.
    func shell(
        _ script: String, killedAfter seconds: Int = 60, environment extra: [String: String] = [:]
    ) throws -> InvoiProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["INVOI"] = InvoiProcess.executable.path
        environment.merge(extra) { $1 }
        let run = try Tools.execute(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["-k", "5", String(seconds), "/bin/sh", "-c", script],
            in: url, environment: environment)
        return InvoiProcess.Result(
            status: run.status, standardOutput: String(decoding: run.standardOutput, as: UTF8.self),
            standardError: String(decoding: run.standardError, as: UTF8.self))
    }

    /// `invoi ARGUMENTS` through `shell`, each argument quoted for it.
    func boundedRun(_ arguments: [String], killedAfter seconds: Int = 60) throws -> InvoiProcess.Result {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return try shell(#""$INVOI" "# + quoted.joined(separator: " "), killedAfter: seconds)
    }
}
