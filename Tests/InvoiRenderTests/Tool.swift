import Foundation
import InvoiTestSupport

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
        let run = try Tools.execute(URL(fileURLWithPath: executable), arguments, input: input)
        return Result(status: run.status, stdout: run.standardOutput, stderr: run.standardError)
    }

    /// Runs a tool and fails unless it exits 0.
    static func check(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> Data {
        let result = try run(executable, arguments, input: input)
        guard result.status == 0 else {
            throw Failure(
                description: "\(executable) \(arguments.joined(separator: " ")) exited \(result.status): "
                    + String(decoding: result.stderr, as: UTF8.self))
        }
        return result.stdout
    }
}
