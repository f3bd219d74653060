import Foundation
import InvoiDocument
import Logging

/// One log line's value.
enum LogValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)

    var json: String {
        switch self {
        case .boolean(let value): String(value)
        case .string(let text): JSONValue.quoted(text)
        case .integer(let value): String(value)
        case .number(let value): value.isFinite ? String(format: "%.3f", value) : "null"
        }
    }

}

/// Writes JSON lines to a file descriptor (standard error): the access log and every
/// other log message, so that a log collector reads one format.
struct JSONLineWriter: Sendable {
    var descriptor: Int32 = 2

    func write(_ fields: [(String, LogValue)]) {
        let time = Date().formatted(
            .iso8601.year().month().day().timeZone(separator: .omitted).time(includingFractionalSeconds: true))
        let body = ([("time", LogValue.string(time))] + fields).map { JSONValue.quoted($0.0) + ":" + $0.1.json }
        let line = "{" + body.joined(separator: ",") + "}\n"
        // One write per line: lines from several threads do not interleave.
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }
}

/// swift-log's messages (Hummingbird's, the service lifecycle's, ours) as JSON lines.
struct JSONLogHandler: LogHandler {
    let label: String
    let writer: JSONLineWriter
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields: [(String, LogValue)] = [
            ("level", .string(event.level.rawValue)), ("message", .string(event.message.description)),
            ("logger", .string(label)),
        ]
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        for key in merged.keys.sorted() { fields.append((key, .string("\(merged[key]!)"))) }
        writer.write(fields)
    }
}
