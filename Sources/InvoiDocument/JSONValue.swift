import Foundation

/// A minimal JSON tree with a deterministic pretty printer: keys sorted,
/// numbers rounded to 0.01, arrays of scalars kept on one line.
public indirect enum JSONValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    public func prettyPrinted() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The value as it is printed `indent` levels deep inside another, without a final newline.
    public func prettyPrinted(indent: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out, indent: indent)
        return String(decoding: out, as: UTF8.self)
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    // Written as UTF-8 bytes, not appended to a String piece by piece: a page's ops are tens of
    // thousands of small pieces, and String's appends cost several times a byte array's.
    private func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .number(let n): JSONValue.writeNumber(n, to: &out)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
            } else if items.allSatisfy(\.isScalar) {
                out.append(UInt8(ascii: "["))
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(contentsOf: ", ".utf8) }
                    item.write(to: &out, indent: indent)
                }
                out.append(UInt8(ascii: "]"))
            } else {
                out.append(contentsOf: "[\n".utf8)
                for (i, item) in items.enumerated() {
                    Self.writeIndent(indent + 1, to: &out)
                    item.write(to: &out, indent: indent + 1)
                    out.append(contentsOf: (i == items.count - 1 ? "\n" : ",\n").utf8)
                }
                Self.writeIndent(indent, to: &out)
                out.append(UInt8(ascii: "]"))
            }
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(contentsOf: "{\n".utf8)
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                Self.writeIndent(indent + 1, to: &out)
                JSONValue.writeString(key, to: &out)
                out.append(contentsOf: ": ".utf8)
                members[key]!.write(to: &out, indent: indent + 1)
                out.append(contentsOf: (i == keys.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.writeIndent(indent, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeIndent(_ levels: Int, to out: inout [UInt8]) {
        for _ in 0..<levels * 2 { out.append(UInt8(ascii: " ")) }
    }

    /// Rounds to 0.01 and prints without trailing zeros; never `-0`.
    static func format(_ value: Double) -> String {
        var out: [UInt8] = []
        writeNumber(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func writeNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        var cents = (value * 100).rounded(.toNearestOrAwayFromZero)
        if cents == 0 { cents = 0 }  // folds -0
        let negative = cents < 0
        let magnitude = Int64(abs(cents))
        if negative { out.append(UInt8(ascii: "-")) }
        let whole = magnitude / 100
        var divisor: Int64 = 1
        while whole / divisor >= 10 { divisor *= 10 }
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(whole / divisor % 10))
            divisor /= 10
        } while divisor > 0
        let fraction = magnitude % 100
        if fraction != 0 {
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
        }
    }

    /// `text` as a JSON string, quotes included: control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        writeString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Quotes, backslashes and C0, DEL and C1 control characters escaped; the rest as it is.
    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var utf8 = s.utf8.makeIterator()
        var pending: UInt8?
        while let byte = pending ?? utf8.next() {
            pending = nil
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
            case 0..<0x20, 0x7F: writeEscape(UInt32(byte), to: &out)
            case 0xC2:
                // U+0080…U+009F (C1 controls) are 0xC2 0x80…0x9F in UTF-8.
                guard let next = utf8.next() else {
                    out.append(byte)
                    break
                }
                if (0x80...0x9F).contains(next) {
                    writeEscape(UInt32(next), to: &out)
                } else {
                    out.append(byte)
                    pending = next
                }
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `\u00XX`, lower-case hex.
    private static func writeEscape(_ value: UInt32, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: "\\u".utf8)
        for shift in [12, 8, 4, 0] { out.append(hex[Int((value >> UInt32(shift)) & 0xF)]) }
    }
}
