/// Something an invoice lacks, or has wrong, for an e-invoice profile: the JSON path of the
/// field and what the profile's rule asks (`toCountry: required for EN 16931 (BR-11)`).
public struct EInvoiceProblem: Hashable, Sendable, CustomStringConvertible {
    /// The invoice JSON's path: `toCountry`, `lineItems[2].description`.
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Why a writer wrote nothing: every problem of the invoice for the profile, in field order.
public struct EInvoiceRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public let problems: [EInvoiceProblem]

    public init(problems: [EInvoiceProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
