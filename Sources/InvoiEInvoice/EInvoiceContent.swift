import Foundation
import InvoiModel

/// What both writers and the requirements check read from an invoice, worked out once: the
/// parties' address lines, the payment means, the lines' signs, and the totals as the money
/// rules computed them (never recomputed here).
struct EInvoiceContent {
    let invoice: Invoice
    let totals: InvoiceTotals
    let seller: Party
    let buyer: Party
    let paymentMeans: PaymentMeans?

    /// A party's address: the structured street, else the free-form address's lines.
    struct Party {
        var name: String
        /// BT-35, BT-36, BT-162 (or BT-50, BT-51, BT-163): at most three lines.
        var addressLines: [String]
        var city: String
        var postalCode: String
        var country: CountryCode?
        var taxID: String
        var electronicAddress: ElectronicAddress?
        var email: String

        var hasAddress: Bool { !addressLines.isEmpty || !city.isEmpty || !postalCode.isEmpty || country != nil }
    }

    /// BG-16: credit transfer to the invoice's bank account.
    struct PaymentMeans {
        /// 58 (SEPA credit transfer) for an IBAN, else 30 (credit transfer).
        var typeCode: String
        /// BT-84, an IBAN without its spaces, or the account as given.
        var account: String
        var isIBAN: Bool
        var accountName: String
        var bic: String
    }

    init(invoice: Invoice) {
        self.invoice = invoice
        self.totals = invoice.totals
        self.seller = Party(
            name: Self.trimmed(invoice.fromName),
            addressLines: Self.addressLines(street: invoice.fromStreetLine, address: invoice.fromAddress),
            city: Self.trimmed(invoice.fromCity), postalCode: Self.trimmed(invoice.fromPostalCode),
            country: invoice.fromCountry, taxID: Self.trimmed(invoice.fromTaxId),
            electronicAddress: invoice.fromElectronicAddress, email: Self.trimmed(invoice.fromEmail))
        self.buyer = Party(
            name: Self.trimmed(invoice.toName),
            addressLines: Self.addressLines(street: invoice.toStreetLine, address: invoice.toAddress),
            city: Self.trimmed(invoice.toCity), postalCode: Self.trimmed(invoice.toPostalCode),
            country: invoice.toCountry, taxID: Self.trimmed(invoice.toTaxId),
            electronicAddress: invoice.toElectronicAddress, email: Self.trimmed(invoice.toEmail))
        let account = Self.trimmed(invoice.bankAccount)
        if account.isEmpty {
            self.paymentMeans = nil
        } else {
            let compact = account.filter { $0 != " " }
            let isIBAN = IBAN.isValid(compact)
            self.paymentMeans = PaymentMeans(
                typeCode: isIBAN ? "58" : "30", account: isIBAN ? compact : account, isIBAN: isIBAN,
                accountName: Self.trimmed(invoice.bankBeneficiary), bic: Self.trimmed(invoice.bankSwift))
        }
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The street lines: `street`'s, else `address`'s; a fourth line and beyond join the third,
    /// since EN 16931 has three.
    static func addressLines(street: String, address: String) -> [String] {
        let source = trimmed(street).isEmpty ? address : street
        let lines = source.split(separator: "\n").map { trimmed(String($0)) }.filter { !$0.isEmpty }
        guard lines.count > 3 else { return lines }
        return Array(lines.prefix(2)) + [lines.dropFirst(2).joined(separator: ", ")]
    }

    /// BT-20 as written: trimmed, except that a last line that is a German cash discount
    /// statement (`#SKONTO#…#`) keeps a line break after it, which BR-DE-18 and DE-R-018 ask of
    /// every such statement.
    var paymentTerms: String {
        let terms = Self.trimmed(invoice.paymentTerms)
        let lastLine = terms.split(separator: "\n").last.map { Self.trimmed(String($0)) } ?? ""
        return lastLine.hasPrefix("#") ? terms + "\n" : terms
    }

    /// BT-3: 381 for a credit note, 380 for the other document types an e-invoice may be.
    var typeCode: String { invoice.documentType == .creditNote ? "381" : "380" }

    var isCreditNote: Bool { invoice.documentType == .creditNote }

    /// BT-115: the balance when a payment is given, else the total.
    var amountDue: Money { totals.balanceDue ?? totals.total }

    /// One written line: a negative unit price is written positive with the quantity's sign
    /// turned instead (BR-27: a price is never negative), which keeps the line's amount.
    struct Line {
        var number: Int
        var item: LineItem
        var quantity: Decimal
        var price: Decimal
        /// BT-131: the line's net amount, after its discount.
        var amount: Money
        var category: VATCategory
        var rate: Decimal
        /// The line's discount as a line allowance (BG-27); nil when it has none.
        var allowance: LineAllowance?
    }

    /// BG-27, reason code 95 (discount): BT-136 the amount, and for a percentage BT-137 the
    /// base (the rounded quantity × rate) and BT-138 the percentage. On a credit line all three
    /// amounts are negative, as the line's are: net = base − amount holds either way.
    struct LineAllowance {
        var amount: Money
        var base: Money
        var percentage: Decimal?
    }

    /// Made as they are written, one at a time: a long invoice's lines are not copied whole.
    var lines: some Sequence<Line> {
        zip(invoice.lineItems.indices, totals.lineAmounts).lazy.map { index, amount in
            let item = invoice.lineItems[index]
            let flips = item.rate < 0
            let allowance = item.discount.flatMap { discount -> LineAllowance? in
                let amounts = totals.lineAmounts.amounts(at: index)
                guard let taken = amounts.discount else { return nil }
                return LineAllowance(
                    amount: taken, base: amounts.gross, percentage: discount.kind == .percentage ? discount.value : nil)
            }
            return Line(
                number: index + 1, item: item, quantity: flips ? -item.quantity : item.quantity,
                price: flips ? -item.rate : item.rate, amount: amount,
                category: invoice.vatCategory(of: item), rate: invoice.vatRate(of: item), allowance: allowance)
        }
    }

    /// The category and rate the document-level allowance (the discount) is taxed in: the
    /// only row of the breakdown (a discount over several rates is refused).
    var discountTax: VATBreakdown? { totals.discount == nil ? nil : totals.vatBreakdown.first }

    /// The reason BT-120 on a row whose category needs one (and never on S or Z: BR-S-10, BR-Z-10).
    func exemptionReason(for category: VATCategory) -> String? {
        let reason = Self.trimmed(invoice.vatExemptionReason)
        return category.needsExemptionReason && !reason.isEmpty ? reason : nil
    }

    /// The intra-community supply rules ask for the deliver-to country (BR-IC-12), which is
    /// the buyer's.
    var needsDeliverToAddress: Bool { totals.vatBreakdown.contains { $0.category == .intraCommunitySupply } }
}

/// Text of decimals as the XML carries them.
enum XMLNumber {
    /// An amount with exactly its currency's digits: `800.00`, `-0.50`, `1500` (JPY).
    static func amount(_ money: Money) -> String {
        let rounded = money.rounded()
        return fixed(rounded.amount, fractionDigits: money.currency.fractionDigits)
    }

    /// A quantity, price or percentage as given: `2`, `6.5`, `189.99`.
    static func plain(_ value: Decimal) -> String { value == 0 ? "0" : value.description }

    static func fixed(_ value: Decimal, fractionDigits: Int) -> String {
        var text = plain(value)
        guard fractionDigits > 0 else { return text }
        if let dot = text.firstIndex(of: ".") {
            let present = text.distance(from: dot, to: text.endIndex) - 1
            text += String(repeating: "0", count: max(0, fractionDigits - present))
        } else {
            text += "." + String(repeating: "0", count: fractionDigits)
        }
        return text
    }
}

/// International bank account numbers (ISO 13616).
enum IBAN {
    /// Whether `text` (no spaces) has an IBAN's shape: a country, two check digits, 11 to 30
    /// letters or digits.
    static func hasShape(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard (15...34).contains(scalars.count) else { return false }
        let isLetter = { (s: Unicode.Scalar) in ("A"..."Z").contains(s) }
        let isDigit = { (s: Unicode.Scalar) in ("0"..."9").contains(s) }
        return isLetter(scalars[0]) && isLetter(scalars[1]) && isDigit(scalars[2]) && isDigit(scalars[3])
            && scalars.dropFirst(4).allSatisfy { isLetter($0) || isDigit($0) }
    }

    /// Whether `text` has an IBAN's shape and its check digits match (mod 97 = 1).
    static func isValid(_ text: String) -> Bool {
        guard hasShape(text) else { return false }
        let rearranged = text.unicodeScalars.dropFirst(4) + text.unicodeScalars.prefix(4)
        var remainder = 0
        for scalar in rearranged {
            let value = scalar.value >= 65 ? Int(scalar.value) - 55 : Int(scalar.value) - 48
            remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97
        }
        return remainder == 1
    }
}
