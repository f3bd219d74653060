/// A catalog text split at its placeholders: "VAT {rate}%" is the literal "VAT ", the
/// value of `rate`, and the literal "%". Braces that do not name a placeholder are literal.
public struct Template: Hashable, Sendable {
    public enum Part: Hashable, Sendable {
        case literal(String)
        case value(Placeholder)
    }

    public let parts: [Part]

    public init(_ text: String) {
        var parts: [Part] = []
        var literal = Substring()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                let placeholder = Placeholder(rawValue: String(rest[afterOpen..<close]))
            {
                if !literal.isEmpty { parts.append(.literal(String(literal))) }
                literal = ""
                parts.append(.value(placeholder))
                rest = rest[rest.index(after: close)...]
            } else {
                literal += "{"
                rest = rest[afterOpen...]
            }
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(String(literal))) }
        self.parts = parts
    }

    /// The placeholders the text uses, in order.
    public var placeholders: [Placeholder] {
        parts.compactMap { if case .value(let placeholder) = $0 { placeholder } else { nil } }
    }

    /// Names written in braces that are no placeholder (`{total}` in "Total {total}").
    public static func unknownPlaceholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            let name = rest[afterOpen..<close]
            if !name.isEmpty, !name.contains("{"), name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                Placeholder(rawValue: String(name)) == nil
            {
                names.append(String(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The text with each placeholder replaced by `value(placeholder)`.
    public func filled(_ value: (Placeholder) -> String) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .value(let placeholder): result += value(placeholder)
            }
        }
        return result
    }
}
