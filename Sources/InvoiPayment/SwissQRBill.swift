import Foundation
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

        /// One line each: the parts were refused if they had a line break.
        var fields: [String] { ["S", name, street, buildingNumber, postalCode, town, country] }
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
        let additionalInformation = Self.permittedText(
            invoice.invoiceNumber, path: "invoiceNumber", problems: &problems)
        problems.limitLength(
            additionalInformation, path: "invoiceNumber", naming: "additional information (the invoice number)",
            limit: 140, scheme: Self.scheme)
        try problems.check()
        self.iban = iban!
        self.creditor = creditor!
        self.amount = amount.text()
        self.currency = invoice.currency.code
        self.debtor = debtor
        self.referenceType = referenceType
        self.reference = reference
        self.additionalInformation = additionalInformation
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
        // Each part's characters, then its length: the problems in field order.
        func part(_ text: String, _ path: String, _ naming: String, limit: Int, required: Bool) -> String {
            let permitted = permittedText(text, path: path, problems: &problems)
            if required {
                problems.require(permitted, path: path, naming: "\(what) \(naming)", limit: limit, scheme: scheme)
            } else {
                problems.limitLength(permitted, path: path, naming: "\(what) \(naming)", limit: limit, scheme: scheme)
            }
            return permitted
        }
        let name = part(name.0, name.1, "name", limit: 70, required: true)
        let street = part(street.1, street.0, "street", limit: 70, required: false)
        let buildingNumber = part(buildingNumber.1, buildingNumber.0, "building number", limit: 16, required: false)
        let postalCode = part(postalCode.1, postalCode.0, "postal code", limit: 16, required: true)
        let town = part(town.1, town.0, "town", limit: 35, required: true)
        if country.1.isEmpty {
            problems.add(
                country.0,
                "\(scheme) needs \(what) country (structured addresses only); give \(country.0) as an ISO code such as \"CH\""
            )
        }
        guard problems.problems.count == before else { return nil }
        return Address(
            name: name, street: street, buildingNumber: buildingNumber, postalCode: postalCode, town: town,
            country: country.1)
    }

    /// Whether the guidelines' Latin character set has `scalar`: printable Basic Latin, the
    /// Latin-1 Supplement, Latin Extended-A, Ș ș Ț ț and €. Banks' validators reject the rest.
    static func isPermitted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x17F, 0x218...0x21B, 0x20AC: true
        default: false
        }
    }

    /// What to write instead of a typographic character outside the set, for the message.
    /// Not replaced silently: the page prints the field as given, and the code must say the same.
    private static let plainEquivalents: [Unicode.Scalar: String] = [
        "\u{2010}": "-", "\u{2011}": "-", "\u{2012}": "-", "\u{2013}": "-", "\u{2014}": "-", "\u{2212}": "-",
        "\u{2018}": "'", "\u{2019}": "'", "\u{201A}": "'", "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"",
        "\u{2026}": "...",
    ]

    /// `text` as the code holds it — composed, so that `e` and a combining acute are the
    /// permitted `é` — or a problem naming `path` and each character outside the guidelines'
    /// set (a line break or control character first: one problem a field).
    static func permittedText(_ text: String, path: String, problems: inout ProblemList) -> String {
        guard !text.unicodeScalars.allSatisfy(isPermitted) else { return text }
        let before = problems.problems.count
        problems.requireOneLine(text, path: path, scheme: scheme)
        guard problems.problems.count == before else { return text }
        let composed = text.precomposedStringWithCanonicalMapping
        var outside: [Unicode.Scalar] = []
        for scalar in composed.unicodeScalars where !isPermitted(scalar) && !outside.contains(scalar) {
            outside.append(scalar)
        }
        guard !outside.isEmpty else { return composed }
        let invisible: Set<Unicode.GeneralCategory> = [
            .nonspacingMark, .spacingMark, .enclosingMark, .format, .spaceSeparator, .privateUse, .unassigned,
            .surrogate,
        ]
        let named = outside.prefix(6).map { scalar in
            let shown =
                invisible.contains(scalar.properties.generalCategory)
                ? scalar.codePoint : "'\(Character(scalar))' (\(scalar.codePoint))"
            return plainEquivalents[scalar].map { "\(shown), write '\($0)'" } ?? shown
        }
        let more = outside.count > 6 ? " and \(outside.count - 6) more" : ""
        problems.add(
            path,
            "\(scheme) takes only the Latin characters of the Swiss guidelines (Basic Latin, Latin-1 Supplement, Latin Extended-A, Ș ș Ț ț, €), which banks' validators enforce; \(path) has "
                + named.joined(separator: "; ") + more)
        return composed
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
