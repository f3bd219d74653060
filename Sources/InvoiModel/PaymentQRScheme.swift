/// The payment QR code an invoice carries, by the standard its payload follows.
public enum PaymentQRScheme: String, Hashable, Sendable, CaseIterable {
    /// EPC069-12 "GiroCode": a SEPA credit transfer in euros.
    case epc
    /// The Swiss QR-bill (SIX Swiss Implementation Guidelines 2.3), in francs or euros.
    case swiss
    /// Saudi Arabia's simplified tax invoice code (ZATCA phase 1): seller, VAT number, totals.
    case zatca
    /// India's Unified Payments Interface deep link, in rupees.
    case upi
    /// The Czech "QR Platba" (Short Payment Descriptor 1.0), in koruna or euros.
    case spayd
}

extension PaymentQRScheme {
    /// The scheme's own name, the same in every language: what a code's alternative text names.
    public var displayName: String {
        switch self {
        case .epc: "EPC GiroCode"
        case .swiss: "Swiss QR Code"
        case .zatca: "ZATCA"
        case .upi: "UPI"
        case .spayd: "QR Platba"
        }
    }
}
