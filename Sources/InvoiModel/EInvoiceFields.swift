import Foundation

/// An ISO 3166-1 alpha-2 country code as EN 16931's code list has it (BR-CL-14): `DE`, `FR`.
public struct CountryCode: Hashable, Sendable, CustomStringConvertible {
    public let code: String

    /// nil unless `code` is on the list, spelled exactly (upper case).
    public init?(_ code: String) {
        guard EInvoiceCodeLists.countryCodes.contains(code) else { return nil }
        self.code = code
    }

    public var description: String { code }
}

/// Where an electronic invoice is delivered to (BT-34, BT-49): a scheme of the CEF EAS code
/// list and the identifier within it, written `"SCHEME:ID"` (`"0088:4012345000009"`,
/// `"EM:ap@acme.de"`).
public struct ElectronicAddress: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let identifier: String

    public init?(scheme: String, identifier: String) {
        guard EInvoiceCodeLists.electronicAddressSchemes.contains(scheme), !identifier.isEmpty else { return nil }
        self.scheme = scheme
        self.identifier = identifier
    }

    public var description: String { "\(scheme):\(identifier)" }
}

/// The VAT category of a line or a tax row (BT-151, BT-118), with EN 16931's codes.
public enum VATCategory: String, Hashable, Sendable, CaseIterable {
    /// Standard rate (a rate above 0).
    case standard = "S"
    /// Zero-rated goods.
    case zeroRated = "Z"
    /// Exempt from VAT.
    case exempt = "E"
    /// The buyer accounts for the VAT (reverse charge).
    case reverseCharge = "AE"
    /// Intra-community supply within the EEA.
    case intraCommunitySupply = "K"
    /// Export outside the EU.
    case export = "G"
    /// Outside the scope of VAT.
    case outsideScope = "O"

    /// Whether the rate must be 0 (every category but the standard one).
    public var hasZeroRate: Bool { self != .standard }

    /// Whether the invoice must say why no VAT is charged (BR-E-10, BR-AE-10, BR-IC-10,
    /// BR-G-10, BR-O-10).
    public var needsExemptionReason: Bool {
        switch self {
        case .exempt, .reverseCharge, .intraCommunitySupply, .export, .outsideScope: true
        case .standard, .zeroRated: false
        }
    }

    /// The category when none is given: standard for a rate above 0, else zero-rated.
    public static func implied(byRate rate: Decimal) -> VATCategory { rate > 0 ? .standard : .zeroRated }
}

/// A UN/ECE Recommendation 20 unit code (BT-130): `C62` (one, a piece), `HUR`, `DAY`, …
public struct UnitCode: Hashable, Sendable, CustomStringConvertible {
    public let code: String

    /// nil unless `code` is on Rec 20 / Rec 21 as EN 16931's code list has it (BR-CL-23).
    public init?(code: String) {
        guard EInvoiceCodeLists.unitCodes.contains(code) else { return nil }
        self.code = code
    }

    private init(known code: String) { self.code = code }

    /// The default unit: one (a piece), not printed after the quantity.
    public static let one = UnitCode(known: "C62")
    public static let hour = UnitCode(known: "HUR")
    public static let day = UnitCode(known: "DAY")
    public static let month = UnitCode(known: "MON")

    /// The words people write for the common units, and their codes.
    static let aliases: [String: UnitCode] = [
        "piece": .one, "pieces": .one, "unit": .one, "units": .one, "each": .one,
        "hour": .hour, "hours": .hour, "h": .hour,
        "day": .day, "days": .day,
        "week": UnitCode(known: "WEE"), "weeks": UnitCode(known: "WEE"),
        "month": .month, "months": .month,
        "year": UnitCode(known: "ANN"), "years": UnitCode(known: "ANN"),
        "minute": UnitCode(known: "MIN"), "minutes": UnitCode(known: "MIN"),
        "kg": UnitCode(known: "KGM"), "kilogram": UnitCode(known: "KGM"), "kilograms": UnitCode(known: "KGM"),
        "km": UnitCode(known: "KMT"), "kilometre": UnitCode(known: "KMT"), "kilometer": UnitCode(known: "KMT"),
        "m": UnitCode(known: "MTR"), "metre": UnitCode(known: "MTR"), "meter": UnitCode(known: "MTR"),
        "l": UnitCode(known: "LTR"), "litre": UnitCode(known: "LTR"), "liter": UnitCode(known: "LTR"),
        "kwh": UnitCode(known: "KWH"),
    ]

    /// A code, or one of the aliases in any case (`"hour"`, `"Hours"`).
    public init?(codeOrAlias text: String) {
        if let unit = UnitCode(code: text) {
            self = unit
        } else if let unit = Self.aliases[text.lowercased()] {
            self = unit
        } else {
            return nil
        }
    }

    public var description: String { code }
}

/// When the goods or services were supplied (BT-72, or the invoicing period BG-14).
public enum Delivery: Hashable, Sendable {
    case date(CalendarDate)
    /// From the first day to the last, both included.
    case period(start: CalendarDate, end: CalendarDate)
}

extension Currency {
    /// Whether EN 16931's rules take the code (BR-CL-03, BR-CL-04): the current ISO 4217 codes,
    /// which no longer hold currencies replaced by the euro (BGN, HRK).
    public var isInEInvoiceCodeList: Bool { EInvoiceCodeLists.currencyCodes.contains(code) }
}
