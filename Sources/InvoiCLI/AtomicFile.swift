import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a failed write never leaves a partial file nor destroys an
/// existing one: the bytes go to a temporary file beside the target, then a rename.
enum AtomicFile {
    static func write(_ data: Data, to path: String) throws(CLIFailure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIFailure(.cannotCreate, "\(path): cannot write: the directory \(directory.path) does not exist "
                             + "(create it, or choose another path)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).invoi-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try data.write(to: temporary, options: [.withoutOverwriting])
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CLIFailure(.cannotCreate, "\(path): cannot write (\(Self.reason(error))); check that the directory exists and is writable")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CLIFailure(.cannotCreate, "\(path): cannot write (\(reason))")
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// Standard output, written whole.
enum StandardOutput {
    static func write(_ data: Data) throws(CLIFailure) {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw CLIFailure(.cannotCreate, "cannot write to standard output (\(error.localizedDescription))")
        }
    }
}
