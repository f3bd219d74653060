import Foundation

/// Runs the command-line tools the tests check output with (poppler, Python, pngcheck).
public enum Tools {
    public struct Result {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    public static func run(_ tool: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        process.environment = environment
        // Errors go to a file so that neither pipe can fill up and block the tool.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let errorFile = directory.appendingPathComponent("stderr")
        try Data().write(to: errorFile)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        let errors = try Data(contentsOf: errorFile)
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errors, as: UTF8.self))
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

    public static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("invoi-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
