/// Reading the payment QR code's fields. Whether they make a valid code for the scheme
/// is the payment code builder's check, made once `--payment-qr` may have chosen the scheme.
extension InvoiceDecoder {
    /// Reads `key` if it is a payment field; false if it is none.
    func readPaymentField(
        _ key: String, _ node: JSONNode, into invoice: inout Invoice, context: inout DecodingContext
    )
        -> Bool
    {
        switch key {
        case "paymentQR":
            if case .string("") = node.value { return true }
            invoice.paymentQR = readChoice(node, path: key, naming: "payment QR scheme", context: &context)
        case "paymentReference": context.identifier(node, path: key).map { invoice.paymentReference = $0 }
        case "upiId": context.identifier(node, path: key).map { invoice.upiId = $0 }
        case "fromBuildingNumber": context.identifier(node, path: key).map { invoice.fromBuildingNumber = $0 }
        case "toBuildingNumber": context.identifier(node, path: key).map { invoice.toBuildingNumber = $0 }
        default: return false
        }
        return true
    }
}
