import Foundation

/// The JSON Schema (2020-12) of the invoice file, made from `InvoiceFieldTable`: what
/// `invoi schema invoice` prints, the .deb installs and the server's OpenAPI document names.
/// Editors complete and check an invoice that names it in `$schema`; platforms validate their
/// payloads with it before calling invoi. Unknown fields, which invoi warns about and ignores,
/// are refused here (`additionalProperties: false`), so an editor marks a misspelt key.
public enum InvoiceSchema {
    /// The schema's `$id`.
    public static let identifier = "urn:invoi:schema:invoice"

    /// The schema as indented JSON text, keys in a fixed order (the same bytes every time).
    public static var text: String { document.text }

    static var document: SchemaValue {
        .root(
            identifier: identifier, title: "invoi invoice",
            description:
                "An invoice for invoi (invoi render, invoi check). Every field is optional; a field left out takes the app's default.",
            properties: InvoiceFieldTable.invoice.map { ($0.name, schema(of: $0)) })
    }

    static func schema(of field: InvoiceField) -> SchemaValue {
        var entries = body(of: field.type)
        entries.insert(("description", .string(field.summary)), at: 0)
        return .object(entries)
    }

    private static func body(of type: FieldType) -> [(String, SchemaValue)] {
        switch type {
        case .text:
            return [("type", .string("string"))]
        case .identifier:
            // One line: no control character, no line or paragraph separator.
            return [("type", .string("string")), ("pattern", .string(#"^[^\u0000-\u001F\u007F\u0085\u2028\u2029]*$"#))]
        case .latinIdentifier:
            return [("type", .string("string")), ("pattern", .string(#"^[\u0020-\u007E]*$"#))]
        case .date:
            return [
                ("type", .string("string")),
                ("pattern", .string(#"^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]))?$"#)),
            ]
        case .number(let minimum, let maximum):
            var entries: [(String, SchemaValue)] = [("type", .string("number"))]
            if let minimum { entries.append(("minimum", .number(minimum))) }
            if let maximum { entries.append(("maximum", .number(maximum))) }
            return entries
        case .choice(let values, let allowsEmpty):
            return [
                ("type", .string("string")),
                ("enum", .array((allowsEmpty ? [""] : []).map(SchemaValue.string) + values.map(SchemaValue.string))),
            ]
        case .patterned(let pattern, let allowsEmpty):
            let anchored = allowsEmpty ? "^$|" + pattern : pattern
            return [("type", .string("string")), ("pattern", .string(anchored))]
        case .either(let values, let pattern):
            return [
                ("type", .string("string")),
                (
                    "anyOf",
                    .array([
                        .object([("enum", .array(values.map(SchemaValue.string)))]),
                        .object([("pattern", .string(pattern))]),
                    ])
                ),
            ]
        case .list(let element, let maximumCount):
            return [
                ("type", .string("array")), ("items", .object(body(of: element))), ("maxItems", .integer(maximumCount)),
            ]
        case .object(let fields):
            return [
                ("type", .string("object")),
                ("properties", .object(fields.map { ($0.name, schema(of: $0)) })),
                ("additionalProperties", .bool(false)),
            ]
        case .discount:
            return [
                ("type", .string("object")),
                ("properties", .object(InvoiceFieldTable.discountFields.map { ($0.name, schema(of: $0)) })),
                ("required", .array([.string("type"), .string("value")])),
                ("additionalProperties", .bool(false)),
                (
                    "if",
                    .object([
                        ("properties", .object([("type", .object([("const", .string("percentage"))]))]))
                    ])
                ),
                ("then", .object([("properties", .object([("value", .object([("maximum", .integer(100))]))]))])),
            ]
        case .boundedText(let minimumLength, let maximumLength):
            // JSON Schema counts code points, invoi characters as a reader sees them: a name
            // with combining marks can be refused here that invoi takes.
            var entries: [(String, SchemaValue)] = [("type", .string("string"))]
            if minimumLength > 0 {
                entries += [("minLength", .integer(minimumLength)), ("pattern", .string(#"\S"#))]
            }
            return entries + [("maxLength", .integer(maximumLength))]
        case .flag:
            return [("type", .string("boolean"))]
        case .customField:
            return [
                ("type", .string("object")),
                ("properties", .object(InvoiceFieldTable.customFieldFields.map { ($0.name, schema(of: $0)) })),
                ("required", .array([.string("name"), .string("value")])),
                ("additionalProperties", .bool(false)),
                (
                    "if",
                    .object([
                        ("properties", .object([("identifier", .object([("const", .bool(true))]))])),
                        ("required", .array([.string("identifier")])),
                    ])
                ),
                ("then", .object([("properties", .object([("value", .object(body(of: .identifier)))]))])),
            ]
        case .labels(let keys):
            return [
                ("type", .string("object")),
                ("properties", .object(keys.map { ($0, .object([("type", .string("string"))])) })),
                ("additionalProperties", .bool(false)),
            ]
        }
    }
}

/// A JSON value whose objects keep their keys' order.
extension SchemaValue {
    /// The root of one of invoi's schemas: an object of `properties`, after the `$schema` key
    /// an editor may put in a file, that refuses every other key.
    static func root(
        identifier: String, title: String, description: String, properties: [(String, SchemaValue)],
        required: [String] = []
    ) -> SchemaValue {
        let schemaKey: (String, SchemaValue) = (
            InvoiceFieldTable.schemaKey,
            .object([
                ("type", .string("string")),
                ("description", .string("The schema this file follows, for editors; invoi ignores it.")),
            ])
        )
        var entries: [(String, SchemaValue)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string(identifier)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("type", .string("object")),
            ("properties", .object([schemaKey] + properties)),
        ]
        if !required.isEmpty { entries.append(("required", .array(required.map(SchemaValue.string)))) }
        entries.append(("additionalProperties", .bool(false)))
        return .object(entries)
    }

    /// The schema as indented JSON text ending in a line break.
    var text: String {
        var output = ""
        write(to: &output, indent: 0)
        return output + "\n"
    }
}

indirect enum SchemaValue {
    case string(String)
    case number(Decimal)
    case integer(Int)
    case bool(Bool)
    case array([SchemaValue])
    case object([(String, SchemaValue)])

    func write(to output: inout String, indent: Int) {
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .string(let text): output += Invoice.jsonString(text)
        case .number(let value): output += Invoice.jsonNumber(value)
        case .integer(let value): output += String(value)
        case .bool(let value): output += value ? "true" : "false"
        case .array(let items):
            // Short arrays of scalars (enums) on one line.
            if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
                output += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { output += ", " }
                    item.write(to: &output, indent: indent + 1)
                }
                output += "]"
                return
            }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                item.write(to: &output, indent: indent + 1)
                output += index < items.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let entries):
            output += "{\n"
            for (index, (key, value)) in entries.enumerated() {
                output += inner + Invoice.jsonString(key) + ": "
                value.write(to: &output, indent: indent + 1)
                output += index < entries.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }
}
