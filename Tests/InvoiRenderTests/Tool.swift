import Foundation

/// Runs an external tool (pdftoppm, pdftotext, rsvg-convert, xmllint) for the cross-backend checks.
enum Tool {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let inPipe = Pipe()
        // stderr goes to a file so that a chatty tool can never block on a full pipe.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-tool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? err.close() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        try process.run()
        if let input {
            // Large inputs are written from another thread while stdout is drained here.
            let writer = inPipe.fileHandleForWriting
            let thread = Thread {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
            thread.start()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderrData = (try? Data(contentsOf: errURL)) ?? Data()
        return Result(status: process.terminationStatus, stdout: stdoutData, stderr: stderrData)
    }

    /// Runs a tool and fails unless it exits 0.
    static func check(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> Data {
        let result = try run(executable, arguments, input: input)
        guard result.status == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(result.status): "
                + String(decoding: result.stderr, as: UTF8.self))
        }
        return result.stdout
    }
}
