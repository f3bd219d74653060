import InvoiModel

/// What keeps an invoice from carrying its payment code: the JSON path of the field and
/// what the scheme's standard asks of it (`bankAccount: the IBAN's check digits are wrong`).
public typealias PaymentProblem = FieldProblem

/// Why no payload was built: every problem the invoice has for the scheme, in field order.
public struct PaymentRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public let problems: [PaymentProblem]

    public init(problems: [PaymentProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// The problems found while a payload is built, thrown together at the end.
struct ProblemList {
    private(set) var problems: [PaymentProblem] = []

    mutating func add(_ path: String, _ message: String) {
        problems.append(PaymentProblem(path: path, message: message))
    }

    /// Throws the problems, if any.
    func check() throws(PaymentRefusal) {
        if !problems.isEmpty { throw PaymentRefusal(problems: problems) }
    }

    /// `text` when it is present and at most `limit` characters; otherwise a problem.
    mutating func require(_ text: String, path: String, naming what: String, limit: Int, scheme: String) {
        if text.isEmpty {
            add(path, "\(scheme) needs \(what); give \(path)")
        } else {
            limitLength(text, path: path, naming: what, limit: limit, scheme: scheme)
        }
    }

    mutating func limitLength(_ text: String, path: String, naming what: String, limit: Int, scheme: String) {
        if text.count > limit {
            add(path, "\(scheme) takes \(what) of at most \(limit) characters; this one has \(text.count)")
        }
    }

    /// A problem unless the invoice is in one of `currencies`.
    mutating func requireCurrency(_ invoice: Invoice, _ currencies: [String], scheme: String) {
        guard !currencies.contains(invoice.currency.code) else { return }
        let allowed =
            currencies.count == 1
            ? currencies[0] : currencies.dropLast().joined(separator: ", ") + " or " + currencies.last!
        add("currency", "\(scheme) is paid in \(allowed), but the invoice is in \(invoice.currency.code)")
    }
}
