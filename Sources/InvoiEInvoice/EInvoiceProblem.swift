import InvoiModel

/// Something an invoice lacks, or has wrong, for an e-invoice profile (`toCountry: required
/// for EN 16931 (BR-11)`).
public typealias EInvoiceProblem = FieldProblem

/// Why a writer wrote nothing: every problem of the invoice for the profile, in field order.
public struct EInvoiceRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public let problems: [EInvoiceProblem]

    public init(problems: [EInvoiceProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
