import Foundation
import InvoiCharacters
import InvoiModel

/// The QR code of a Saudi simplified tax invoice (ZATCA e-invoicing phase 1): five TLV
/// fields — seller name, VAT registration number, time stamp, total with VAT, VAT total —
/// each a tag byte, a length byte and UTF-8 text, the whole Base64-encoded.
public struct ZATCACode: Hashable, Sendable {
    public let sellerName: String
    /// 15 digits, starting and ending with 3.
    public let vatNumber: String
    /// ISO 8601: the issue date at the start of the day, Saudi time (the invoice has no time).
    public let timestamp: String
    public let total: String
    public let vatTotal: String

    static let scheme = "the ZATCA QR code"

    public init(invoice: Invoice) throws(PaymentRefusal) {
        var problems = ProblemList()
        problems.requireCurrency(invoice, ["SAR"], scheme: Self.scheme)
        let name = invoice.fromName.trimmingWhitespace()
        if name.isEmpty {
            problems.add("fromName", "\(Self.scheme) needs the seller's name; give fromName")
        } else {
            problems.requireOneLine(name, path: "fromName", scheme: Self.scheme)
        }
        if name.utf8.count > 255 {
            problems.add("fromName", "\(Self.scheme) takes a seller name of at most 255 bytes of UTF-8")
        }
        let vat = invoice.fromTaxId.filter { $0 != " " }
        if vat.count != 15 || !vat.allSatisfy({ $0.isASCII && $0.isNumber }) || vat.first != "3" || vat.last != "3" {
            problems.add(
                "fromTaxId",
                "\(Self.scheme) needs the seller's VAT registration number: 15 digits starting and ending with 3 (300000000000003)"
                    + (vat.isEmpty ? "" : "; got \"\(invoice.fromTaxId)\""))
        }
        let totals = invoice.totals
        if totals.total.amount < 0 {
            problems.add(
                "lineItems", "\(Self.scheme) states the invoice total, which is negative here; a credit note has none")
        }
        try problems.check()
        sellerName = name
        vatNumber = vat
        timestamp = invoice.issueDate.iso + "T00:00:00+03:00"
        total = PaymentAmount(totals.total).text()
        vatTotal = PaymentAmount(totals.vat).text()
    }

    /// The TLV bytes: tags 1 to 5 in order.
    public var tlv: [UInt8] {
        var bytes: [UInt8] = []
        for (tag, value) in [sellerName, vatNumber, timestamp, total, vatTotal].enumerated() {
            let utf8 = Array(value.utf8)
            bytes += [UInt8(tag + 1), UInt8(utf8.count)] + utf8
        }
        return bytes
    }

    /// The Base64 text the QR code holds.
    public var payload: String { Data(tlv).base64EncodedString() }
}
