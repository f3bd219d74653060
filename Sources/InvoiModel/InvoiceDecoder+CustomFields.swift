import Foundation
import InvoiCharacters

/// The invoice data the designs print beside the app's: the custom fields, and a line's
/// date, item id and discount.
extension InvoiceDecoder {
    static let customFieldShape = #"{"name": "PO number", "value": "4500012345"}"#

    /// `customFields`: at most `CustomField.maximumCount` objects `{name, value, identifier}`.
    /// Lengths are counted in characters as a reader counts them (grapheme clusters: `é`
    /// written as e + U+0301 is one).
    func readCustomFields(_ node: JSONNode, path: String, context: inout DecodingContext) -> [CustomField]? {
        guard case .array(let elements) = node.value else {
            context.error(
                path,
                "expected an array of custom fields such as [\(Self.customFieldShape)], got \(DecodingContext.describe(node))"
            )
            return nil
        }
        guard elements.count <= CustomField.maximumCount else {
            context.error(
                path,
                "\(elements.count) custom fields are more than the \(CustomField.maximumCount) an invoice prints; keep \(CustomField.maximumCount) and put the rest in notes"
            )
            return nil
        }
        var fields: [CustomField] = []
        var valid = true
        // Each name, as a reader tells names apart, with the index of the field that has it.
        var names: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let fieldPath = "\(path)[\(index)]"
            guard let field = readCustomField(element, path: fieldPath, context: &context) else {
                valid = false
                continue
            }
            let name = field.name.trimmingCharacters(in: .whitespaces).lowercased()
            if let first = names[name] {
                // Two values under one label: which one the reader should take is unknowable.
                context.error(
                    fieldPath + ".name",
                    "\(DiagnosticText.quoted(field.name)) is also the name of \(path)[\(first)]; give each custom field a name of its own"
                )
                valid = false
            } else {
                names[name] = index
            }
            fields.append(field)
        }
        return valid ? fields : nil
    }

    private func readCustomField(_ node: JSONNode, path: String, context: inout DecodingContext) -> CustomField? {
        guard case .object(let members) = node.value else {
            context.error(
                path, "expected a custom field such as \(Self.customFieldShape), got \(DecodingContext.describe(node))")
            return nil
        }
        var name: String?
        var valueNode: (node: JSONNode, path: String)?
        var isIdentifier = false
        var nameGiven = false
        var valid = true
        for (key, node, fieldPath) in Self.givenMembers(members, in: path, context: &context) {
            switch key {
            case "name":
                nameGiven = true
                name = context.text(node, path: fieldPath)
                if let text = name {
                    if text.allSatisfy(\.isWhitespace) {
                        context.error(fieldPath, "the name is empty; give the label to print, such as \"PO number\"")
                        name = nil
                    } else if text.count > CustomField.maximumNameLength {
                        context.error(
                            fieldPath,
                            "the name is \(text.count) characters long; a custom field's name is at most \(CustomField.maximumNameLength) characters"
                        )
                        name = nil
                    }
                }
                if name == nil { valid = false }
            case "value":
                valueNode = (node, fieldPath)
            case "identifier":
                guard case .bool(let flag) = node.value else {
                    context.error(fieldPath, "expected true or false, got \(DecodingContext.describe(node))")
                    valid = false
                    continue
                }
                isIdentifier = flag
            default:
                Self.warnUnknown(key, in: path, candidates: InvoiceKeys.customField, context: &context)
            }
        }
        // Read once `identifier` is known, wherever it stands in the object.
        var value: String?
        if let (node, valuePath) = valueNode {
            value = isIdentifier ? context.identifier(node, path: valuePath) : context.text(node, path: valuePath)
            if let text = value {
                if text.allSatisfy(\.isWhitespace) {
                    context.error(
                        valuePath, "the value is empty; give the text to print, or leave the custom field out")
                    value = nil
                } else if text.count > CustomField.maximumValueLength {
                    context.error(
                        valuePath,
                        "the value is \(text.count) characters long; a custom field's value is at most \(CustomField.maximumValueLength) characters (put longer text in notes)"
                    )
                    value = nil
                }
            }
        } else {
            context.error(
                path, "the custom field has no \"value\"; give the text to print, as in \(Self.customFieldShape)")
        }
        if !nameGiven {
            context.error(
                path, "the custom field has no \"name\"; give the label to print, as in \(Self.customFieldShape)")
        }
        guard valid, nameGiven, let name, let value else { return nil }
        return CustomField(name: name, value: value, isIdentifier: isIdentifier)
    }

    /// A line's `date`, `itemId` or `discount`; false (with an error) when it cannot be read.
    func readLineField(
        _ key: String, _ node: JSONNode, path: String, into item: inout LineItem, context: inout DecodingContext
    ) -> Bool {
        switch key {
        case "date":
            switch context.date(node, path: path) {
            case .date(let date)?: item.date = date
            case .empty?: item.date = nil
            case nil: return false
            }
        case "itemId":
            guard let id = context.identifier(node, path: path) else { return false }
            item.itemId = id
        case "discount":
            guard let discount = readDiscount(node, path: path, upTo: "the line's quantity × rate", context: &context)
            else { return false }
            item.discount = discount
        default:
            preconditionFailure("not a line field the designs print: \(key)")
        }
        return true
    }

    /// A line's fixed discount takes at most what the line is worth (quantity × rate, in
    /// magnitude: on a credit line it shrinks the credit), so no line's amount changes sign.
    func checkLineDiscount(of item: LineItem, path: String, context: inout DecodingContext) -> Bool {
        guard let discount = item.discount, discount.kind == .fixed else { return true }
        let worth = item.exactAmount.magnitude
        guard discount.value > worth else { return true }
        let product = "\(item.quantity) × \(item.rate) = \(item.exactAmount)"
        let message =
            item.exactAmount < 0
            ? "the fixed discount \(discount.value) is more than the line's quantity × rate (\(product)) in magnitude; a fixed discount on a credit line is from 0 to \(worth), and it shrinks the credit"
            : "the fixed discount \(discount.value) is more than the line's quantity × rate (\(product)); a fixed discount on a line is from 0 to \(worth)"
        context.error(path + ".discount.value", message)
        return false
    }
}
