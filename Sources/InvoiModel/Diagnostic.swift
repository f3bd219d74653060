import InvoiCharacters

/// One problem found in an input: what, where, and how bad.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        /// The input cannot be used.
        case error
        /// The input is used, but something in it is probably not what the author meant.
        case warning
    }

    public let severity: Severity
    /// The input as the user named it; `<stdin>` for standard input, `<sample>` for the built-in sample.
    public let file: String
    /// JSON path such as `lineItems[2].quantity` (indices from 0); "" for the whole file.
    public let path: String
    public let message: String
    /// 1-based line and column (in Unicode scalars), given for syntax and encoding errors.
    public let line: Int?
    public let column: Int?

    public init(
        severity: Severity, file: String, path: String = "", message: String,
        line: Int? = nil, column: Int? = nil
    ) {
        self.severity = severity
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    /// `text` with control and bidi-control characters escaped (`\u{1B}`), safe to print to a
    /// terminal: for file names and other user-supplied text in messages.
    public static func printable(_ text: String) -> String {
        DiagnosticText.printable(text)
    }

    /// A path for a message: escaped, and when longer than `limit` characters its start and
    /// end around `…` (the end names the file, the start where it is).
    public static func shortPath(_ path: String, limit: Int = 80) -> String {
        guard path.count > limit else { return DiagnosticText.printable(path) }
        let head = limit / 4
        let tail = limit - head - 1
        return DiagnosticText.printable(String(path.prefix(head)) + "…" + String(path.suffix(tail)))
    }

    /// `invoi: error: bills/acme.json: lineItems[2].quantity: expected a number, got "two"`,
    /// or `invoi: error: bills/acme.json:3:14: …` when there is a line and column.
    /// Safe to print to a terminal: control characters in file names are escaped.
    public var description: String {
        var text = "invoi: \(severity.rawValue): "
        if !file.isEmpty {
            text += DiagnosticText.printable(file)
            if let line {
                text += ":\(line)"
                if let column { text += ":\(column)" }
            }
            text += ": "
        }
        if !path.isEmpty { text += path + ": " }
        return text + message
    }
}

/// Everything wrong with one input; thrown when the input cannot be used.
public struct InvoiceDecodingError: Error, Sendable, CustomStringConvertible {
    /// All of the file's diagnostics in source order: at least one error, and any warnings.
    public let diagnostics: [Diagnostic]
    /// What could still be read, when the file is a JSON object; nil when it is not JSON.
    public let partial: PartialInvoice?

    public init(diagnostics: [Diagnostic], partial: PartialInvoice? = nil) {
        self.diagnostics = diagnostics
        self.partial = partial
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// An invoice whose file had errors: every field that decoded, the default for each that did
/// not, and which did not. Enough to check further rules on the fields that decoded (`invoi
/// check --profile` reports them with the decoding errors), never to render.
public struct PartialInvoice: Sendable {
    public let invoice: Invoice
    /// The top-level keys of the invoice JSON that had an error: `lineItems` for an error at
    /// `lineItems[2].quantity`.
    public let undecodedFields: Set<String>

    public init(invoice: Invoice, undecodedFields: Set<String>) {
        self.invoice = invoice
        self.undecodedFields = undecodedFields
    }

    /// Whether every one of `fields` (top-level keys) decoded.
    public func decoded(_ fields: String...) -> Bool { fields.allSatisfy { !undecodedFields.contains($0) } }

    /// The top-level key of a JSON path: `lineItems` for `lineItems[2].quantity`.
    public static func field(of path: String) -> String {
        String(path.prefix { $0 != "." && $0 != "[" })
    }
}

/// Quoting of user text inside messages, so that nothing from an input file can
/// reach the terminal as a control sequence or swamp a message.
enum DiagnosticText {
    /// The longest piece of a value quoted in a message, in characters.
    static let quoteLimit = 40

    /// `"two"`, escaped and shortened with `…` when long.
    static func quoted(_ text: String) -> String {
        "\"" + excerpt(text) + "\""
    }

    /// A piece of input shown without quotes (a field name in a JSON path): escaped, and
    /// shortened with `…` when long.
    static func excerpt(_ text: String) -> String {
        var shown = text
        // Characters are never more than UTF-8 bytes: most texts need no count of characters.
        if shown.utf8.count > quoteLimit, shown.count > quoteLimit {
            shown = String(shown.prefix(quoteLimit - 1)) + "…"
        }
        return escaped(shown)
    }

    /// `"a" or "b"`; `"a", "b" or "c"`.
    static func alternatives(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }

    /// For text inside quotes: `printable`, and `"` and `\` escaped too.
    static func escaped(_ text: String) -> String {
        // Printable ASCII other than `"` and `\` stays as it is (every field name of a path).
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }) { return text }
        return text.unicodeScalars.map { $0.quotedStringEscape ?? printable(String($0)) }.joined()
    }

    /// Control characters, bidi controls and marks written as `\u{…}`, line breaks as `\n`:
    /// the text can be printed to a terminal without changing anything but its own line, and
    /// an invisible mark shows where it is.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: \.needsEscapeInMessage) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.needsEscapeInMessage {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    fileprivate var needsEscapeInMessage: Bool { isControlCharacter || isBidiFormattingControl || isBidiMark }

    /// `\"` and `\\`, the escapes of the two characters a quoted string cannot hold as they
    /// are (in JSON and in the quoted values of messages); nil for every other character.
    var quotedStringEscape: String? {
        switch self {
        case "\"": "\\\""
        case "\\": "\\\\"
        default: nil
        }
    }
}
