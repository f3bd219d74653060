import Foundation

/// Runs the command-line tools the tests check output with (poppler, Python, pngcheck).
enum Tools {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        process.environment = environment
        // Errors go to a file so that neither pipe can fill up and block the tool.
        let errorFile = try temporaryFile(Data(), name: "stderr")
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

    static func isInstalled(_ tool: String) -> Bool {
        ((try? run("sh", ["-c", "command -v \(tool)"]))?.status ?? 1) == 0
    }

    /// A fresh file in a temporary directory of its own holding `data`.
    static func temporaryFile(_ data: Data, name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("invoi-cairo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }
}
