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

    /// The most bytes of UTF-8 a payload may have: the byte capacity at level M of the largest
    /// QR version the scheme's standard allows — 331 (version 13, EPC069-12's own limit), 997
    /// (version 25, the Swiss guidelines'), 2,331 (version 40) for the others.
    static func maximumBytes(of scheme: PaymentQRScheme) -> Int {
        switch scheme {
        case .epc: 331
        case .swiss: 997
        case .zatca, .upi, .spayd: 2331
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
        let limit = Self.maximumBytes(of: scheme)
        if text.utf8.count > limit {
            throw PaymentRefusal(problems: [
                PaymentProblem(
                    path: "invoiceNumber",
                    message:
                        "the \(scheme.rawValue) code would hold \(text.utf8.count) bytes, more than the \(limit) its QR code can; shorten the names or the invoice number"
                )
            ])
        }
    }
}
