import InvoiModel

/// What a payment QR code holds, built from an invoice by its scheme's standard.
public struct PaymentPayload: Hashable, Sendable {
    /// How much of the code may be lost and still read (ISO/IEC 18004's levels).
    public enum ErrorCorrection: Hashable, Sendable {
        case low, medium, quartile, high
    }

    public let scheme: PaymentQRScheme
    /// The text the code encodes (UTF-8).
    public let text: String
    /// Medium for every scheme: EPC069-12 and the Swiss guidelines require it, and it is
    /// the common choice of the others.
    public var errorCorrection: ErrorCorrection { .medium }

    /// The largest QR code version the scheme's standard allows: 13 for EPC069-12, 25 for
    /// the Swiss guidelines, 40 (any) for the others.
    public var maximumVersion: Int {
        switch scheme {
        case .epc: 13
        case .swiss: 25
        case .zatca, .upi, .spayd: 40
        }
    }

    /// The payload of `scheme` for `invoice`, or every problem that keeps the invoice from it.
    public init(invoice: Invoice, scheme: PaymentQRScheme) throws(PaymentRefusal) {
        self.scheme = scheme
        switch scheme {
        case .epc: text = try GiroCode(invoice: invoice).payload
        case .swiss: text = try SwissQRBill(invoice: invoice).payload
        case .zatca: text = try ZATCACode(invoice: invoice).payload
        case .upi: text = try UPILink(invoice: invoice).payload
        case .spayd: text = try SPAYDCode(invoice: invoice).payload
        }
    }
}
