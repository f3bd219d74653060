/// The XML syntax an e-invoice is written in.
public enum EInvoiceSyntax: String, Hashable, Sendable, CaseIterable {
    /// UN/CEFACT Cross Industry Invoice D16B: Factur-X / ZUGFeRD, XRechnung CII.
    case cii
    /// OASIS UBL 2.1 Invoice or CreditNote: EN 16931, XRechnung UBL, Peppol BIS Billing 3.0.
    case ubl

    /// The profiles this syntax is written in, from the least to the most demanding.
    public var profiles: [EInvoiceProfile] {
        switch self {
        case .cii: [.minimum, .basicWL, .basic, .en16931, .xrechnung]
        case .ubl: [.en16931, .xrechnung, .peppol]
        }
    }

    /// The profile when none is asked for.
    public var defaultProfile: EInvoiceProfile { .en16931 }

    public func accepts(_ profile: EInvoiceProfile) -> Bool { profiles.contains(profile) }
}

/// A specification an e-invoice conforms to: EN 16931 itself, a Factur-X profile (a subset of
/// it) or a CIUS that adds rules (XRechnung, Peppol BIS). Raw values are the `--profile` names.
public enum EInvoiceProfile: String, Hashable, Sendable, CaseIterable {
    /// Factur-X MINIMUM: the totals and the parties only; not an EN 16931 invoice.
    case minimum
    /// Factur-X BASIC WL: the header and the VAT breakdown, no lines; not an EN 16931 invoice.
    case basicWL = "basicwl"
    /// Factur-X BASIC: a subset of EN 16931 with lines.
    case basic
    /// EN 16931 (Factur-X EN 16931 in CII).
    case en16931
    /// XRechnung 3.0, the German CIUS.
    case xrechnung
    /// Peppol BIS Billing 3.0.
    case peppol

    /// BT-24, the specification identifier.
    public var guidelineID: String {
        switch self {
        case .minimum: "urn:factur-x.eu:1p0:minimum"
        case .basicWL: "urn:factur-x.eu:1p0:basicwl"
        case .basic: "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic"
        case .en16931: "urn:cen.eu:en16931:2017"
        case .xrechnung: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
        case .peppol: "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
        }
    }

    /// BT-23, the business process: required by Peppol (PEPPOL-EN16931-R001), a rule that
    /// XRechnung adopts; the other profiles leave it out.
    public var businessProcessID: String? {
        switch self {
        case .xrechnung, .peppol: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
        case .minimum, .basicWL, .basic, .en16931: nil
        }
    }

    /// The Factur-X XMP `fx:ConformanceLevel` of a PDF that embeds this profile's CII; nil
    /// for the profiles a Factur-X PDF cannot carry. XRechnung is refused: declared "EN 16931",
    /// its BT-24 fails the Factur-X EN 16931 schematron (FX-SCH-A-000556), so an XRechnung
    /// travels as its XML alone. Peppol is UBL only.
    public var facturXConformanceLevel: String? {
        switch self {
        case .minimum: "MINIMUM"
        case .basicWL: "BASIC WL"
        case .basic: "BASIC"
        case .en16931: "EN 16931"
        case .xrechnung, .peppol: nil
        }
    }

    /// The profile's name in messages.
    public var name: String {
        switch self {
        case .minimum: "Factur-X MINIMUM"
        case .basicWL: "Factur-X BASIC WL"
        case .basic: "Factur-X BASIC"
        case .en16931: "EN 16931"
        case .xrechnung: "XRechnung"
        case .peppol: "Peppol BIS"
        }
    }

    /// Whether the document has invoice lines (MINIMUM and BASIC WL have none).
    public var hasLines: Bool { self != .minimum && self != .basicWL }

    /// Whether the document carries every EN 16931 business term invoi writes (contacts,
    /// account name, BIC); Factur-X's BASIC WL and BASIC leave these out.
    var hasFullEN16931: Bool { self == .en16931 || self == .xrechnung || self == .peppol }
}
