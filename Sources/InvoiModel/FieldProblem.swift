/// Something an invoice lacks, or has wrong, for a use beyond being read — an e-invoice
/// profile, a payment code's scheme: the JSON path of the field and what the rule asks
/// (`toCountry: required for EN 16931 (BR-11)`).
public struct FieldProblem: Hashable, Sendable, CustomStringConvertible {
    /// The invoice JSON's path: `toCountry`, `lineItems[2].description`.
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
