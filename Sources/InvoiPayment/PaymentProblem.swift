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

extension ProblemList {
    /// A problem unless `text` is one line without control characters. Each payload element
    /// is one line (EPC069-12 and the Swiss guidelines split the payload at line breaks), so
    /// a line break in a name would move the rest of it into the next element — the IBAN's
    /// line, say — while the page prints the real one; and no scheme's character set has a
    /// control character. Refused rather than flattened: the page prints the field as given.
    mutating func requireOneLine(_ text: String, path: String, scheme: String) {
        let isBreakOrControl = { (scalar: Unicode.Scalar) in
            scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
        guard text.unicodeScalars.contains(where: isBreakOrControl) else { return }
        var found: [String] = []
        for (offset, character) in text.enumerated()
        where character.unicodeScalars.contains(where: isBreakOrControl) {
            let kind = character.isNewline ? "a line break" : "a control character"
            found.append(
                "\(kind) (\(character.unicodeScalars.map(\.codePoint).joined(separator: " "))) at character \(offset + 1)"
            )
            if found.count == 3 { break }
        }
        add(
            path,
            "\(scheme) takes each of its fields on one line, without control characters; \(path) has "
                + found.joined(separator: ", ") + ": write it on one line")
    }
}

extension Unicode.Scalar {
    /// `U+2013`.
    var codePoint: String { "U+" + String(value, radix: 16, uppercase: true).leftPadded(to: 4) }
}
