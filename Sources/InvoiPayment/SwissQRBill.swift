import InvoiCharacters
import InvoiModel

/// The Swiss QR-bill's QR code (SIX Swiss Implementation Guidelines for the QR-bill 2.3,
/// "Swiss QR Code"): a QR-IBAN with a QR reference, or an IBAN with a creditor reference
/// or none; structured addresses only; the invoice number as additional information.
public struct SwissQRBill: Hashable, Sendable {
    /// A structured address (type `S`).
    public struct Address: Hashable, Sendable {
        public let name: String
        public let street: String
        public let buildingNumber: String
        public let postalCode: String
        public let town: String
        /// ISO 3166-1 alpha-2.
        public let country: String

        /// One line each: a line break in a field would end it early.
        var fields: [String] {
            ["S", name, street, buildingNumber, postalCode, town, country].map {
                $0.split(whereSeparator: \.isNewline).joined(separator: " ")
            }
        }
    }

    /// How the payment is referenced: `QRR` (QR reference), `SCOR` (creditor reference), `NON`.
    public enum ReferenceType: String, Hashable, Sendable {
        case qrReference = "QRR"
        case creditorReference = "SCOR"
        case none = "NON"
    }

    public let iban: IBAN
    public let creditor: Address
    /// The amount, two decimals (`1949.75`).
    public let amount: String
    /// CHF or EUR.
    public let currency: String
    /// nil when the invoice has no structured address for the client.
    public let debtor: Address?
    public let referenceType: ReferenceType
    public let reference: String
    /// The invoice number.
    public let additionalInformation: String

    static let scheme = "the Swiss QR-bill"
    /// The guidelines' limit on the whole payload, in characters.
    public static let maximumCharacters = 997

    public init(invoice: Invoice) throws(PaymentRefusal) {
        var problems = ProblemList()
        problems.requireCurrency(invoice, ["CHF", "EUR"], scheme: Self.scheme)
        let iban = problems.iban(of: invoice, scheme: Self.scheme)
        if let iban, !["CH", "LI"].contains(iban.countryCode) {
            problems.add(
                "bankAccount",
                "the Swiss QR-bill pays into a Swiss or Liechtenstein IBAN (CH…, LI…), not \(iban.countryCode)")
        }
        var referenceType = ReferenceType.none
        var reference = ""
        if !invoice.paymentReference.isEmpty {
            switch PaymentReference.parse(invoice.paymentReference) {
            case .success(.qrReference(let digits)):
                referenceType = .qrReference
                reference = digits
            case .success(.creditorReference(let rf)):
                referenceType = .creditorReference
                reference = rf
            case .failure(let invalid): problems.add("paymentReference", invalid.message)
            }
        }
        if let iban, ["CH", "LI"].contains(iban.countryCode),
            invoice.paymentReference.isEmpty || PaymentReference(invoice.paymentReference) != nil
        {
            if iban.isQRIBAN, referenceType != .qrReference {
                problems.add(
                    "paymentReference",
                    "\(iban.electronic) is a QR-IBAN, which takes only payments with a QR reference (27 digits); give one as paymentReference, or use the account's ordinary IBAN"
                )
            } else if !iban.isQRIBAN, referenceType == .qrReference {
                problems.add(
                    "paymentReference",
                    "a QR reference is paid only into a QR-IBAN (institution id 30000–31999), and \(iban.electronic) is none; give the QR-IBAN as bankAccount, or an RF creditor reference"
                )
            }
        }
        let creditor = Self.address(
            name: invoice.payee, street: ("fromStreet", invoice.fromStreet),
            buildingNumber: ("fromBuildingNumber", invoice.fromBuildingNumber),
            postalCode: ("fromPostalCode", invoice.fromPostalCode), town: ("fromCity", invoice.fromCity),
            country: ("fromCountry", invoice.fromCountry?.code ?? ""), party: "creditor", problems: &problems)
        var debtor: Address?
        // The client's address is optional: without one the payer writes it on the slip.
        let clientParts = [invoice.toStreet, invoice.toPostalCode, invoice.toCity, invoice.toCountry?.code ?? ""]
        if clientParts.contains(where: { !$0.isEmpty }) {
            debtor = Self.address(
                name: (invoice.toName.trimmingWhitespace(), "toName"),
                street: ("toStreet", invoice.toStreet), buildingNumber: ("toBuildingNumber", invoice.toBuildingNumber),
                postalCode: ("toPostalCode", invoice.toPostalCode), town: ("toCity", invoice.toCity),
                country: ("toCountry", invoice.toCountry?.code ?? ""), party: "debtor", problems: &problems)
        }
        let amount = PaymentAmount(balanceDueOf: invoice.totals)
        problems.requirePositive(amount, of: invoice, scheme: Self.scheme)
        if amount.money.amount > 999_999_999.99 {
            problems.add(PaymentAmount.path(of: invoice), "the Swiss QR-bill pays at most 999,999,999.99")
        }
        problems.limitLength(
            invoice.invoiceNumber, path: "invoiceNumber", naming: "additional information (the invoice number)",
            limit: 140, scheme: Self.scheme)
        try problems.check()
        self.iban = iban!
        self.creditor = creditor!
        self.amount = amount.text()
        self.currency = invoice.currency.code
        self.debtor = debtor
        self.referenceType = referenceType
        self.reference = reference
        self.additionalInformation = invoice.invoiceNumber
        if payload.count > Self.maximumCharacters {
            problems.add(
                "invoiceNumber",
                "the Swiss QR code would be \(payload.count) characters, over the guidelines' \(Self.maximumCharacters)"
            )
            try problems.check()
        }
    }

    /// A structured address, or problems naming each missing or over-long part.
    private static func address(
        name: (String, String), street: (String, String), buildingNumber: (String, String),
        postalCode: (String, String), town: (String, String), country: (String, String), party: String,
        problems: inout ProblemList
    ) -> Address? {
        let before = problems.problems.count
        let what = "the \(party)'s"
        problems.require(name.0, path: name.1, naming: "\(what) name", limit: 70, scheme: scheme)
        problems.limitLength(street.1, path: street.0, naming: "\(what) street", limit: 70, scheme: scheme)
        problems.limitLength(
            buildingNumber.1, path: buildingNumber.0, naming: "\(what) building number", limit: 16, scheme: scheme)
        problems.require(postalCode.1, path: postalCode.0, naming: "\(what) postal code", limit: 16, scheme: scheme)
        problems.require(town.1, path: town.0, naming: "\(what) town", limit: 35, scheme: scheme)
        if country.1.isEmpty {
            problems.add(
                country.0,
                "\(scheme) needs \(what) country (structured addresses only); give \(country.0) as an ISO code such as \"CH\""
            )
        }
        guard problems.problems.count == before else { return nil }
        return Address(
            name: name.0, street: street.1, buildingNumber: buildingNumber.1, postalCode: postalCode.1,
            town: town.1, country: country.1)
    }

    /// The Swiss QR Code's elements in the guidelines' order (header, creditor account and
    /// address, the ultimate creditor's seven empty fields, amount, debtor, reference,
    /// additional information, the `EPD` trailer), joined by CR LF.
    public var payload: String {
        var fields = ["SPC", "0200", "1", iban.electronic]
        fields += creditor.fields
        fields += Array(repeating: "", count: 7)
        fields += [amount, currency]
        fields += debtor?.fields ?? Array(repeating: "", count: 7)
        fields += [referenceType.rawValue, reference, additionalInformation, "EPD"]
        return fields.joined(separator: "\r\n")
    }
}
