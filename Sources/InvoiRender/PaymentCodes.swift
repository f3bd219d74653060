import InvoiDocument
import InvoiLayout
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

    /// The Swiss QR-bill's part as the guidelines print it: the IBAN and an RF reference in
    /// groups of four, a QR reference in groups of five from the right after its first two
    /// digits, the amount with a space between thousands, addresses on three lines (the country
    /// before the postal code when it is neither Switzerland nor Liechtenstein).
    static func swissBill(of invoice: Invoice, matrix: QRCodeMatrix, language: String, altText: String) -> SwissBill? {
        guard let bill = try? SwissQRBill(invoice: invoice) else { return nil }
        func groups(_ text: String, of size: Int, firstGroup: Int? = nil) -> String {
            var parts: [String] = []
            var rest = Substring(text)
            if let firstGroup {
                parts.append(String(rest.prefix(firstGroup)))
                rest = rest.dropFirst(firstGroup)
            }
            while !rest.isEmpty {
                parts.append(String(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            return parts.joined(separator: " ")
        }
        func lines(_ address: SwissQRBill.Address) -> [String] {
            let country = ["CH", "LI"].contains(address.country) ? "" : address.country + "-"
            return [
                address.name, [address.street, address.buildingNumber].filter { !$0.isEmpty }.joined(separator: " "),
                country + address.postalCode + " " + address.town,
            ]
        }
        let reference: String =
            switch bill.referenceType {
            case .qrReference: groups(bill.reference, of: 5, firstGroup: 2)
            case .creditorReference: groups(bill.reference, of: 4)
            case .none: ""
            }
        let whole = bill.amount.prefix { $0 != "." }
        let fraction = bill.amount.drop { $0 != "." }
        var thousands: [Substring] = []
        var digits = Substring(whole)
        while digits.count > 3 {
            thousands.insert(digits.suffix(3), at: 0)
            digits = digits.dropLast(3)
        }
        thousands.insert(digits, at: 0)
        return SwissBill(
            matrix: matrix, language: SwissBill.Language(documentLanguage: language),
            account: groups(bill.iban.electronic, of: 4), creditor: lines(bill.creditor), reference: reference,
            additionalInformation: bill.additionalInformation, debtor: bill.debtor.map(lines),
            currency: bill.currency, amount: thousands.joined(separator: " ") + fraction, altText: altText)
    }
}
