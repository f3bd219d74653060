import Foundation
import InvoiCharacters
import InvoiModel

/// An amount as payment payloads write it: plain digits, a point, the currency's fraction
/// digits, no grouping (`1949.75`); made from the exact decimal, never a binary float.
struct PaymentAmount {
    let money: Money

    /// The invoice's balance due (the total when nothing is paid yet).
    init(balanceDueOf totals: InvoiceTotals) {
        money = totals.balanceDue ?? totals.total
    }

    init(_ money: Money) {
        self.money = money
    }

    var isPositive: Bool { money.amount > 0 }

    /// `1949.75`, with `fractionDigits` digits after the point.
    func text(fractionDigits: Int = 2) -> String {
        var value = money.amount.magnitude
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, fractionDigits, .plain)
        var scale = Decimal(1)
        for _ in 0..<fractionDigits { scale *= 10 }
        let units = NSDecimalNumber(decimal: rounded * scale).int64Value
        var power: Int64 = 1
        for _ in 0..<fractionDigits { power *= 10 }
        let whole = "\(units / power)"
        guard fractionDigits > 0 else { return (money.amount < 0 ? "-" : "") + whole }
        let fraction = String(units % power)
        let padded = String(repeating: "0", count: fractionDigits - fraction.count) + fraction
        return (money.amount < 0 ? "-" : "") + whole + "." + padded
    }

    /// The text without trailing zeros in the fraction (`12.3`, `100`), as EPC069-12 allows
    /// and its common encoders write it.
    func shortestText() -> String {
        var text = self.text()
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Where a wrong balance is corrected: the amount paid if one is given, else the lines.
    static func path(of invoice: Invoice) -> String {
        invoice.amountPaid != nil ? "amountPaid" : "lineItems"
    }
}

extension Invoice {
    /// Who is paid: the bank's beneficiary, else the sender.
    var payee: (name: String, path: String) {
        let beneficiary = bankBeneficiary.trimmingWhitespace()
        if !beneficiary.isEmpty { return (beneficiary, "bankBeneficiary") }
        return (fromName.trimmingWhitespace(), "fromName")
    }
}

extension ProblemList {
    /// The invoice's IBAN, or a problem naming `bankAccount`.
    mutating func iban(of invoice: Invoice, scheme: String) -> IBAN? {
        let account = invoice.bankAccount.trimmingWhitespace()
        guard !account.isEmpty else {
            add("bankAccount", "\(scheme) needs the payee's IBAN; give it as bankAccount")
            return nil
        }
        guard let iban = IBAN(account) else {
            add(
                "bankAccount",
                "\"\(account)\" is no valid IBAN (a country code, two check digits and the account; the mod-97 check fails)"
            )
            return nil
        }
        return iban
    }

    /// A problem unless the balance due is above zero.
    mutating func requirePositive(_ amount: PaymentAmount, of invoice: Invoice, scheme: String) {
        guard !amount.isPositive else { return }
        add(
            PaymentAmount.path(of: invoice),
            "\(scheme) transfers a positive amount, but the balance due is \(amount.text(fractionDigits: invoice.currency.fractionDigits)) \(invoice.currency.code)"
        )
    }
}
