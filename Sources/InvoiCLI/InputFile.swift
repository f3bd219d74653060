import ArgumentParser
import Foundation
import InvoiModel

import Glibc

/// One input's bytes and the name messages use for it.
public struct InputFile: Sendable {
    /// The command-line argument that means standard input.
    public static let standardInputArgument = "-"
    /// How standard input is named in messages.
    public static let standardInputName = "<stdin>"

    /// The path as the user gave it, or `<stdin>`.
    public let name: String
    public let data: Data

    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }

    /// Reads `path` whole, or standard input for `-`. Fails with exit status 66 and a
    /// message saying what to do when the file is missing, a directory or unreadable.
    public static func read(_ path: String) throws(CommandFailure) -> InputFile {
        if path == standardInputArgument {
            do {
                return InputFile(name: standardInputName, data: try FileHandle.standardInput.readToEnd() ?? Data())
            } catch {
                throw CommandFailure("cannot read standard input: \(error.localizedDescription)", exitCode: .noInput)
            }
        }
        let shown = Diagnostic.printable(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandFailure(openFailureMessage(shown, errno: errno), exitCode: .noInput)
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw CommandFailure("\(shown): is a directory; give the path of an invoice JSON file", exitCode: .noInput)
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure("\(shown): cannot be read: \(String(cString: strerror(errno)))", exitCode: .noInput)
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return InputFile(name: path, data: data)
    }

    private static func openFailureMessage(_ shown: String, errno code: Int32) -> String {
        switch code {
        case ENOENT:
            "\(shown): no such file; check the path (or create an invoice there with `invoi init \(shown)`)"
        case ENOTDIR:
            "\(shown): no such file (a part of the path is not a directory); check the path"
        case EACCES, EPERM:
            "\(shown): permission denied; check the file's permissions"
        default:
            "\(shown): cannot be opened: \(String(cString: strerror(code)))"
        }
    }
}
