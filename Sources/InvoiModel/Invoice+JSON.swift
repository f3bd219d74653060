import Foundation
import InvoiCharacters

extension Invoice {
    /// The invoice as pretty JSON with every field of the invoice format in the app's order,
    /// then the extension fields that are set (so an invoice without them is written as
    /// the app's fields alone): what `invoi init` writes, and what `InvoiceDecoder` reads
    /// back to an equal invoice (the logo given the same base directory). Numbers are
    /// written as exact decimals.
    public func prettyPrintedJSON() -> String {
        var fields: [(String, String)] = [
            ("fromName", Self.jsonString(fromName)),
            ("fromEmail", Self.jsonString(fromEmail)),
            ("fromPhone", Self.jsonString(fromPhone)),
            ("fromAddress", Self.jsonString(fromAddress)),
            ("toName", Self.jsonString(toName)),
            ("toEmail", Self.jsonString(toEmail)),
            ("toAddress", Self.jsonString(toAddress)),
            ("invoiceNumber", Self.jsonString(invoiceNumber)),
            ("issueDate", Self.jsonString(issueDate.iso)),
            ("dueDate", Self.jsonString(dueDate?.iso ?? "")),
            ("currency", Self.jsonString(currency.code)),
            ("vatRate", Self.jsonNumber(vatRate)),
            ("lineItems", lineItemsJSON()),
            ("bankBeneficiary", Self.jsonString(bankBeneficiary)),
            ("bankName", Self.jsonString(bankName)),
            ("bankAccount", Self.jsonString(bankAccount)),
            ("bankSwift", Self.jsonString(bankSwift)),
        ]
        fields += extensionFields()
        if let locale { fields.append(("locale", Self.jsonString(locale))) }
        let body = fields.map { "  \(Self.jsonString($0.0)): \($0.1)" }.joined(separator: ",\n")
        return "{\n" + body + "\n}\n"
    }

    /// The extension fields that differ from their defaults, in the order of `InvoiceKeys`.
    private func extensionFields() -> [(String, String)] {
        var fields: [(String, String)] = []
        if documentType != .invoice { fields.append(("documentType", Self.jsonString(documentType.rawValue))) }
        if !notes.isEmpty { fields.append(("notes", Self.jsonString(notes))) }
        if let discount { fields.append(("discount", Self.jsonObject(discount))) }
        if let amountPaid { fields.append(("amountPaid", Self.jsonNumber(amountPaid))) }
        if !fromTaxId.isEmpty { fields.append(("fromTaxId", Self.jsonString(fromTaxId))) }
        if !toTaxId.isEmpty { fields.append(("toTaxId", Self.jsonString(toTaxId))) }
        if let status { fields.append(("status", Self.jsonString(status.rawValue))) }
        if let logo { fields.append(("logo", Self.jsonString(logo.path))) }
        if !logoAlt.isEmpty { fields.append(("logoAlt", Self.jsonString(logoAlt))) }
        if let accentColor { fields.append(("accentColor", Self.jsonString(accentColor.name))) }
        if let language { fields.append(("language", Self.jsonString(language))) }
        if direction != .auto { fields.append(("direction", Self.jsonString(direction.rawValue))) }
        if let digits { fields.append(("digits", Self.jsonString(digits.rawValue))) }
        if !labels.isEmpty {
            let members = labels.sorted { $0.key.rawValue < $1.key.rawValue }
                .map { "\(Self.jsonString($0.key.rawValue)): \(Self.jsonString($0.value))" }
            fields.append(("labels", "{" + members.joined(separator: ", ") + "}"))
        }
        if !allocationNumber.isEmpty { fields.append(("allocationNumber", Self.jsonString(allocationNumber))) }
        if let copyMark { fields.append(("copyMark", Self.jsonString(copyMark.rawValue))) }
        if !customFields.isEmpty { fields.append(("customFields", customFieldsJSON())) }
        if let design { fields.append(("design", Self.jsonString(design.rawValue))) }
        switch theme {
        case .design(let name)?: fields.append(("theme", Self.jsonString(name.rawValue)))
        case .file(let path)?: fields.append(("theme", Self.jsonString(path)))
        case nil: break
        }
        return fields + eInvoiceFields()
    }

    /// The e-invoice fields that are set, in the order of `InvoiceKeys`.
    private func eInvoiceFields() -> [(String, String)] {
        var fields: [(String, String)] = []
        let texts: [(String, String)] = [
            ("fromStreet", fromStreet), ("fromCity", fromCity), ("fromPostalCode", fromPostalCode),
            ("fromCountry", fromCountry?.code ?? ""),
            ("toStreet", toStreet), ("toCity", toCity), ("toPostalCode", toPostalCode),
            ("toCountry", toCountry?.code ?? ""),
            ("fromRegistrationId", fromRegistrationId), ("fromContact", fromContact),
            ("fromElectronicAddress", fromElectronicAddress?.description ?? ""),
            ("toElectronicAddress", toElectronicAddress?.description ?? ""),
            ("buyerReference", buyerReference), ("orderReference", orderReference),
            ("precedingInvoice", precedingInvoice), ("paymentTerms", paymentTerms),
        ]
        fields += texts.filter { !$0.1.isEmpty }.map { ($0.0, Self.jsonString($0.1)) }
        switch delivery {
        case .date(let date)?: fields.append(("deliveryDate", Self.jsonString(date.iso)))
        case .period(let start, let end)?:
            fields.append(("periodStart", Self.jsonString(start.iso)))
            fields.append(("periodEnd", Self.jsonString(end.iso)))
        case nil: break
        }
        if let vatCategory { fields.append(("vatCategory", Self.jsonString(vatCategory.rawValue))) }
        if !vatExemptionReason.isEmpty { fields.append(("vatExemptionReason", Self.jsonString(vatExemptionReason))) }
        if let paymentQR { fields.append(("paymentQR", Self.jsonString(paymentQR.rawValue))) }
        let payment: [(String, String)] = [
            ("paymentReference", paymentReference), ("upiId", upiId),
            ("fromBuildingNumber", fromBuildingNumber), ("toBuildingNumber", toBuildingNumber),
        ]
        fields += payment.filter { !$0.1.isEmpty }.map { ($0.0, Self.jsonString($0.1)) }
        return fields
    }

    private func lineItemsJSON() -> String {
        guard !lineItems.isEmpty else { return "[]" }
        let items = lineItems.map { item in
            var fields = [
                ("id", Self.jsonString(item.id)), ("description", Self.jsonString(item.description)),
                ("quantity", Self.jsonNumber(item.quantity)), ("rate", Self.jsonNumber(item.rate)),
            ]
            if item.unit != .one { fields.append(("unit", Self.jsonString(item.unit.code))) }
            if let rate = item.vatRate { fields.append(("vatRate", Self.jsonNumber(rate))) }
            if let category = item.vatCategory { fields.append(("vatCategory", Self.jsonString(category.rawValue))) }
            if !item.itemId.isEmpty { fields.append(("itemId", Self.jsonString(item.itemId))) }
            if let date = item.date { fields.append(("date", Self.jsonString(date.iso))) }
            if let discount = item.discount { fields.append(("discount", Self.jsonObject(discount))) }
            let body = fields.map { "      \(Self.jsonString($0.0)): \($0.1)" }.joined(separator: ",\n")
            return "    {\n" + body + "\n    }"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n  ]"
    }

    private static func jsonObject(_ discount: Discount) -> String {
        "{\"type\": \(jsonString(discount.kind.rawValue)), \"value\": \(jsonNumber(discount.value))}"
    }

    private func customFieldsJSON() -> String {
        let fields = customFields.map { field in
            var members = "\"name\": \(Self.jsonString(field.name)), \"value\": \(Self.jsonString(field.value))"
            if field.isIdentifier { members += ", \"identifier\": true" }
            return "    {" + members + "}"
        }
        return "[\n" + fields.joined(separator: ",\n") + "\n  ]"
    }

    /// Plain decimal notation, never an exponent: `1234.5`, `-0.125`.
    static func jsonNumber(_ value: Decimal) -> String {
        value == 0 ? "0" : value.description
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if let escape = scalar.quotedStringEscape {
                result += escape
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.isControlCharacter {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
