internal import InvoiModel

/// One problem found in an invoice: how bad, where (its JSON path) and what.
public struct InvoiceProblem: Hashable, Sendable, CustomStringConvertible {
    /// Whether the problem keeps the invoice from being used.
    public enum Severity: String, Hashable, Sendable {
        /// The invoice cannot be rendered.
        case error
        /// The invoice is rendered, but something in it is probably not what its author meant.
        case warning
    }

    /// How bad the problem is.
    public let severity: Severity
    /// The JSON path of the field, such as `lineItems[2].quantity` (indices from 0); empty
    /// for the invoice as a whole.
    public let path: String
    /// What is wrong, in English, with any quoted input escaped and shortened.
    public let message: String
    /// The 1-based line of a syntax or encoding error in the JSON text.
    public let line: Int?
    /// The 1-based column (in Unicode scalars) of a syntax or encoding error.
    public let column: Int?

    /// A problem at `path`.
    public init(severity: Severity, path: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.severity = severity
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    /// `lineItems[2].quantity: expected a number, got "two"`, with the line and column first
    /// when there are some.
    public var description: String {
        var text = ""
        if let line { text += "\(line):" + (column.map { "\($0):" } ?? "") + " " }
        if !path.isEmpty { text += path + ": " }
        return text + message
    }
}

extension InvoiceProblem {
    /// The model's diagnostic without its file name (the caller knows where the bytes came from).
    init(_ diagnostic: Diagnostic) {
        self.init(
            severity: diagnostic.severity == .error ? .error : .warning, path: diagnostic.path,
            message: diagnostic.message, line: diagnostic.line, column: diagnostic.column)
    }
}
