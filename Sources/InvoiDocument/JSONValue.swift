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
        var out = ""
        write(to: &out, indent: 0)
        out.append("\n")
        return out
    }

    /// The value as it is printed `indent` levels deep inside another, without a final newline.
    public func prettyPrinted(indent: Int) -> String {
        var out = ""
        write(to: &out, indent: indent)
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .number(let n): out.append(JSONValue.format(n))
        case .bool(let b): out.append(b ? "true" : "false")
        case .null: out.append("null")
        case .array(let items):
            if items.isEmpty {
                out.append("[]")
            } else if items.allSatisfy(\.isScalar) {
                out.append("[")
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(", ") }
                    item.write(to: &out, indent: indent)
                }
                out.append("]")
            } else {
                out.append("[\n")
                for (i, item) in items.enumerated() {
                    out.append(String(repeating: "  ", count: indent + 1))
                    item.write(to: &out, indent: indent + 1)
                    out.append(i == items.count - 1 ? "\n" : ",\n")
                }
                out.append(String(repeating: "  ", count: indent) + "]")
            }
        case .object(let members):
            if members.isEmpty {
                out.append("{}")
                return
            }
            out.append("{\n")
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                out.append(String(repeating: "  ", count: indent + 1))
                JSONValue.writeString(key, to: &out)
                out.append(": ")
                members[key]!.write(to: &out, indent: indent + 1)
                out.append(i == keys.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: "  ", count: indent) + "}")
        }
    }

    /// Rounds to 0.01 and prints without trailing zeros; never `-0`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        var cents = (value * 100).rounded(.toNearestOrAwayFromZero)
        if cents == 0 { cents = 0 }  // folds -0
        let negative = cents < 0
        let magnitude = Int64(abs(cents))
        var s = negative ? "-" : ""
        s += String(magnitude / 100)
        let frac = magnitude % 100
        if frac != 0 {
            s += frac % 10 == 0 ? "." + String(frac / 10) : (frac < 10 ? ".0" : ".") + String(frac)
        }
        return s
    }

    /// `text` as a JSON string, quotes included: control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out = ""
        writeString(text, to: &out)
        return out
    }

    static func writeString(_ s: String, to out: inout String) {
        out.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\t": out.append("\\t")
            case "\r": out.append("\\r")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    out.append(String(format: "\\u%04x", scalar.value))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }
}
