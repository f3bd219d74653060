import InvoiCharacters
import InvoiModel

/// The Czech "QR Platba" code, Short Payment Descriptor 1.0: `SPD*1.0*ACC:IBAN+BIC*AM:…*CC:…`
/// with the payee's name, the variable symbol (the invoice number's digits, when it has 1 to
/// 10 of them) and the invoice number as the message. A `*` inside a value is written `%2A`
/// and a `%` `%25` (readers percent-decode values).
public struct SPAYDCode: Hashable, Sendable {
    public let iban: IBAN
    public let bic: BIC?
    public let amount: String
    /// CZK or EUR.
    public let currency: String
    public let recipientName: String
    /// Up to 10 digits, or nil.
    public let variableSymbol: String?
    public let message: String

    static let scheme = "the QR Platba code (SPAYD)"

    public init(invoice: Invoice) throws(PaymentRefusal) {
        var problems = ProblemList()
        problems.requireCurrency(invoice, ["CZK", "EUR"], scheme: Self.scheme)
        let iban = problems.iban(of: invoice, scheme: Self.scheme)
        let swift = invoice.bankSwift.trimmingWhitespace()
        let bic = BIC(swift)
        if !swift.isEmpty, bic == nil {
            problems.add(
                "bankSwift", "\"\(swift)\" is no BIC (8 or 11 letters and digits, such as KOMBCZPP); or leave it out")
        }
        let payee = invoice.payee
        problems.requireOneLine(payee.name, path: payee.path, scheme: Self.scheme)
        problems.limitLength(
            payee.name, path: payee.path, naming: "the recipient's name", limit: 35, scheme: Self.scheme)
        let amount = PaymentAmount(balanceDueOf: invoice.totals)
        problems.requirePositive(amount, of: invoice, scheme: Self.scheme)
        // AM holds at most 10 characters, the point and two decimals among them.
        if amount.money.amount > 9_999_999.99 {
            problems.add(
                PaymentAmount.path(of: invoice),
                "\(Self.scheme) pays at most 9,999,999.99 (its amount field holds 10 characters); the balance is larger"
            )
        }
        problems.requireOneLine(invoice.invoiceNumber, path: "invoiceNumber", scheme: Self.scheme)
        problems.limitLength(
            invoice.invoiceNumber, path: "invoiceNumber", naming: "a message (the invoice number)", limit: 60,
            scheme: Self.scheme)
        try problems.check()
        self.iban = iban!
        self.bic = bic
        self.amount = amount.text()
        currency = invoice.currency.code
        recipientName = payee.name
        let digits = invoice.invoiceNumber.filter { $0.isASCII && $0.isNumber }
        variableSymbol = (1...10).contains(digits.count) ? String(digits) : nil
        message = invoice.invoiceNumber
    }

    public var payload: String {
        var fields = ["SPD", "1.0", "ACC:" + iban.electronic + (bic.map { "+" + $0.code } ?? "")]
        fields += ["AM:" + amount, "CC:" + currency]
        if !recipientName.isEmpty { fields.append("RN:" + Self.escaped(recipientName)) }
        if let variableSymbol { fields.append("X-VS:" + variableSymbol) }
        if !message.isEmpty { fields.append("MSG:" + Self.escaped(message)) }
        return fields.joined(separator: "*")
    }

    /// The field separator `*` percent-encoded, as SPAYD asks, and `%` too, which readers
    /// would otherwise take for the start of an escape (`100%2A` would read `100*`). Line
    /// breaks were refused.
    static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "*", with: "%2A")
    }
}
