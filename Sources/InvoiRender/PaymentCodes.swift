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
    /// by JSON path; empty when it has none. Checked before anything is written.
    public func paymentProblems(of invoice: Invoice, settings: RenderSettings) -> [PaymentProblem] {
        guard case .failure(let refusal) = paymentCode(of: invoice, settings: settings) else { return [] }
        return refusal.problems
    }

    /// The payment code's modules, nil when the invoice has none.
    func paymentCode(of invoice: Invoice, settings: RenderSettings) -> Result<QRCodeMatrix?, PaymentRefusal> {
        guard let scheme = paymentScheme(of: invoice, settings: settings) else { return .success(nil) }
        let payload: PaymentPayload
        do {
            payload = try PaymentPayload(invoice: invoice, scheme: scheme)
        } catch {
            return .failure(error)
        }
        let level: QRErrorCorrection =
            switch payload.errorCorrection {
            case .low: .low
            case .medium: .medium
            case .quartile: .quartile
            case .high: .high
            }
        let path = settings.paymentQR != nil ? "paymentQR (--payment-qr)" : "paymentQR"
        do {
            let code = try QRCodeEncoder.encode(payload.text, level: level)
            guard code.version <= payload.maximumVersion else {
                return .failure(
                    PaymentRefusal(problems: [
                        PaymentProblem(
                            path: path,
                            message:
                                "the \(scheme.rawValue) code's \(payload.text.utf8.count) bytes need a QR code of version \(code.version); its standard allows up to version \(payload.maximumVersion). Shorten the names or the invoice number"
                        )
                    ]))
            }
            return .success(code.matrix)
        } catch {
            return .failure(PaymentRefusal(problems: [PaymentProblem(path: path, message: error.description)]))
        }
    }
}
