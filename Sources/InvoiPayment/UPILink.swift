import InvoiCharacters
import InvoiModel

/// India's UPI payment link (`upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`), which every UPI app
/// opens: the payee's UPI address and name, the balance due in rupees, the invoice number
/// as the transaction note. Values are percent-encoded (RFC 3986).
public struct UPILink: Hashable, Sendable {
    public let payeeAddress: String
    public let payeeName: String
    public let amount: String
    public let note: String

    static let scheme = "the UPI code"

    public init(invoice: Invoice) throws(PaymentRefusal) {
        var problems = ProblemList()
        problems.requireCurrency(invoice, ["INR"], scheme: Self.scheme)
        let address = invoice.upiId.trimmingWhitespace()
        if address.isEmpty {
            problems.add("upiId", "\(Self.scheme) needs the payee's UPI address (such as \"acme@okaxis\"); give upiId")
        } else if !Self.isVirtualPaymentAddress(address) {
            problems.add(
                "upiId",
                "\"\(address)\" is no UPI address: a handle of letters, digits, '.', '-' or '_', an '@' and the bank's name (acme@okaxis)"
            )
        }
        let payee = invoice.payee
        problems.requireOneLine(payee.name, path: payee.path, scheme: Self.scheme)
        problems.require(payee.name, path: payee.path, naming: "the payee's name", limit: 99, scheme: Self.scheme)
        let amount = PaymentAmount(balanceDueOf: invoice.totals)
        problems.requirePositive(amount, of: invoice, scheme: Self.scheme)
        problems.requireOneLine(invoice.invoiceNumber, path: "invoiceNumber", scheme: Self.scheme)
        problems.limitLength(
            invoice.invoiceNumber, path: "invoiceNumber", naming: "a note (the invoice number)", limit: 80,
            scheme: Self.scheme)
        try problems.check()
        payeeAddress = address
        payeeName = payee.name
        self.amount = amount.text()
        note = invoice.invoiceNumber
    }

    /// `handle@provider`: the handle 2–256 characters, the provider 2–64 letters.
    static func isVirtualPaymentAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, (2...256).contains(parts[0].count), (2...64).contains(parts[1].count) else {
            return false
        }
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    public var payload: String {
        let query = [
            ("pa", payeeAddress), ("pn", payeeName), ("am", amount), ("cu", "INR"), ("tn", note),
        ]
        return "upi://pay?" + query.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
    }

    /// RFC 3986: unreserved characters and '@' (allowed in a query) as they are, every other
    /// byte of the UTF-8 as %XX.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~@".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
