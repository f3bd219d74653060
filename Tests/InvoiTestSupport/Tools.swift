import Foundation

/// Runs the command-line tools the tests check output with (poppler, Python, pngcheck).
public enum Tools {
    public struct Result {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// What a finished process left: its exit status and everything it wrote.
    public struct Run: Sendable {
        public var status: Int32
        public var standardOutput: Data
        public var standardError: Data
    }

    /// The one way the tests start a program: `executable` with `arguments`, `input` on its
    /// standard input (none when nil), in `directory`. Standard error goes to a file and
    /// standard input is written from another thread while standard output is read, so
    /// that no full pipe can block the program or the test.
    public static func execute(
        _ executable: URL, _ arguments: [String], input: Data? = nil, in directory: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let errorFile = scratch.appendingPathComponent("stderr")
        try Data().write(to: errorFile)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        let output = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            let writer = inputPipe.fileHandleForWriting
            Thread {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }.start()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, standardOutput: outputData,
            standardError: (try? Data(contentsOf: errorFile)) ?? Data())
    }

    /// Runs `tool` found on the PATH, in UTC, with text output.
    public static func run(_ tool: String, _ arguments: [String]) throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        let run = try execute(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, environment: environment)
        return Result(
            status: run.status, output: String(decoding: run.standardOutput, as: UTF8.self),
            errors: String(decoding: run.standardError, as: UTF8.self))
    }

    public static func isInstalled(_ tool: String) -> Bool {
        ((try? run("sh", ["-c", "command -v \(tool)"]))?.status ?? 1) == 0
    }

    /// Calls `body` with a file holding `data`, in a temporary directory removed afterwards.
    public static func withFile<T>(_ data: Data, name: String, _ body: (URL) throws -> T) throws -> T {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return try body(url)
    }

    /// The PDF's objects as text, one after another, streams inflated and object streams
    /// unpacked, each object on a line of its own (qpdf), read as Latin-1: what a test looks for in objects that a tagged
    /// PDF keeps compressed.
    public static func expandedPDF(_ data: Data) throws -> String {
        try withFile(data, name: "in.pdf") { input in
            let output = input.deletingLastPathComponent().appendingPathComponent("expanded.pdf")
            let run = try execute(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["qpdf", "--object-streams=disable", "--stream-data=uncompress", input.path, output.path])
            guard run.status == 0 || run.status == 3 else {
                throw TestError("qpdf could not expand the PDF: \(String(decoding: run.standardError, as: UTF8.self))")
            }
            let bytes = try Data(contentsOf: output)
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
    }

    public static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("invoi-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
