import InvoiCharacters
import InvoiModel

/// The EPC QR code ("GiroCode", EPC069-12 version 2.1, payload version 002): a SEPA credit
/// transfer of the balance due, in euros, to the invoice's IBAN.
public struct GiroCode: Hashable, Sendable {
    public let bic: BIC?
    public let beneficiary: String
    public let iban: IBAN
    /// The amount, from EUR 0.01 to EUR 999,999,999.99.
    public let amount: String
    /// An ISO 11649 creditor reference (structured remittance), or nil.
    public let creditorReference: String?
    /// The remittance text when there is no creditor reference: the invoice number.
    public let remittanceText: String?

    static let scheme = "a GiroCode (EPC QR code)"
    /// The standard's limit on the payload.
    public static let maximumBytes = 331

    public init(invoice: Invoice) throws(PaymentRefusal) {
        var problems = ProblemList()
        problems.requireCurrency(invoice, ["EUR"], scheme: Self.scheme)
        let swift = invoice.bankSwift.trimmingWhitespace()
        let bic = BIC(swift)
        if !swift.isEmpty, bic == nil {
            problems.add(
                "bankSwift", "\"\(swift)\" is no BIC (8 or 11 letters and digits, such as COBADEFFXXX); or leave it out"
            )
        }
        let payee = invoice.payee
        problems.requireOneLine(payee.name, path: payee.path, scheme: Self.scheme)
        problems.require(payee.name, path: payee.path, naming: "the beneficiary's name", limit: 70, scheme: Self.scheme)
        let iban = problems.iban(of: invoice, scheme: Self.scheme)
        let amount = PaymentAmount(balanceDueOf: invoice.totals)
        problems.requirePositive(amount, of: invoice, scheme: Self.scheme)
        if amount.money.amount > 999_999_999.99 {
            problems.add(
                PaymentAmount.path(of: invoice),
                "a GiroCode transfers at most EUR 999,999,999.99; the balance is larger")
        }
        var reference: String?
        var text: String?
        if !invoice.paymentReference.isEmpty {
            switch PaymentReference.parse(invoice.paymentReference) {
            case .success(.creditorReference(let rf)): reference = rf
            case .success(.qrReference):
                problems.add(
                    "paymentReference",
                    "a GiroCode's structured reference is an ISO 11649 creditor reference (RF…); a Swiss QR reference is for the Swiss QR-bill"
                )
            case .failure(let invalid): problems.add("paymentReference", invalid.message)
            }
        } else {
            // Without blanks at its ends, as the payee's name (and as segno writes it).
            let number = invoice.invoiceNumber.trimmingWhitespace()
            text = number
            problems.requireOneLine(number, path: "invoiceNumber", scheme: Self.scheme)
            problems.require(
                number, path: "invoiceNumber", naming: "a remittance text (the invoice number)",
                limit: 140, scheme: Self.scheme)
        }
        try problems.check()
        self.bic = bic
        self.beneficiary = payee.name
        self.iban = iban!
        self.amount = amount.shortestText()
        self.creditorReference = reference
        self.remittanceText = text
        if payload.utf8.count > Self.maximumBytes {
            problems.add(
                payee.path,
                "the GiroCode would be \(payload.utf8.count) bytes, over the standard's \(Self.maximumBytes); shorten the name or the invoice number"
            )
            try problems.check()
        }
    }

    /// The lines of EPC069-12: service tag, version, character set (1, UTF-8),
    /// identification, BIC, name, IBAN, amount, purpose, structured then unstructured
    /// remittance; joined by line feeds, ending with the last one given.
    public var payload: String {
        var lines = [
            "BCD", "002", "1", "SCT", bic?.code ?? "", beneficiary, iban.electronic, "EUR" + amount, "",
            creditorReference ?? "",
        ]
        if let remittanceText { lines.append(remittanceText) }
        return lines.joined(separator: "\n")
    }
}
