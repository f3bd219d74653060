import InvoiDocument
import InvoiModel
import InvoiPayment
import InvoiQRCode

extension Renderer {
    /// The payment code's scheme: `--payment-qr`, else the invoice's `paymentQR`; nil for
    /// none, and for the formats without a page (CII, UBL).
    func paymentScheme(of invoice: Invoice, settings: RenderSettings) -> PaymentQRScheme? {
        guard settings.format != .cii, settings.format != .ubl else { return nil }
        return settings.paymentQR ?? invoice.paymentQR
    }

    /// Everything that keeps `invoice` from carrying the payment code `settings` asks for,
    /// by JSON path; empty when it has none. Checked before anything is written. The payload's
    /// size limits are the byte capacities of the scheme's largest QR version, so a payload that
    /// passes always fits: the code is encoded once, for the page.
    public func paymentProblems(of invoice: Invoice, settings: RenderSettings) -> [PaymentProblem] {
        guard let scheme = paymentScheme(of: invoice, settings: settings) else { return [] }
        do {
            _ = try PaymentPayload(invoice: invoice, scheme: scheme)
        } catch {
            return error.problems
        }
        guard let reason = QRCodeEncoder.unavailability else { return [] }
        return [
            PaymentProblem(path: settings.paymentQR != nil ? "paymentQR (--payment-qr)" : "paymentQR", message: reason)
        ]
    }

    /// The payment code's modules; nil when the invoice has none, or its payload is refused
    /// (`paymentProblems` says why).
    func paymentCode(of invoice: Invoice, settings: RenderSettings) -> QRCodeMatrix? {
        guard let scheme = paymentScheme(of: invoice, settings: settings),
            let payload = try? PaymentPayload(invoice: invoice, scheme: scheme)
        else { return nil }
        let level: QRErrorCorrection =
            switch payload.errorCorrection {
            case .low: .low
            case .medium: .medium
            case .quartile: .quartile
            case .high: .high
            }
        return try? QRCodeEncoder.encode(payload.text, level: level).matrix
    }
}
