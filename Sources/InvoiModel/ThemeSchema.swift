import Foundation

/// The JSON Schema (2020-12) of the theme file, made from `ThemeFieldTable`: what `invoi schema
/// theme` prints. What a schema cannot say — the file's size (16 KiB) and nesting depth, that a
/// window needs the letter design — is in the descriptions and is `invoi theme check`'s.
public enum ThemeSchema {
    /// The schema's `$id`.
    public static let identifier = "urn:invoi:schema:theme"

    /// The schema as indented JSON text, keys in a fixed order (the same bytes every time).
    public static var text: String { document.text }

    static var document: SchemaValue {
        .root(
            identifier: identifier, title: "invoi theme",
            description:
                "A theme for invoi (--theme, an invoice's \"theme\"): a built-in design and what may change of it. At most 16 KiB, nested at most \(Theme.Limits.nestingDepth) deep; a window only with the letter design.",
            properties: ThemeFieldTable.fields.map { ($0.name, schema(of: $0)) }, required: ["version"])
    }

    static func schema(of field: ThemeField) -> SchemaValue {
        var entries = body(of: field.type)
        entries.insert(("description", .string(field.summary)), at: 0)
        return .object(entries)
    }

    private static func number(_ value: Double) -> SchemaValue {
        value.rounded() == value ? .integer(Int(value)) : .number(Decimal(value))
    }

    private static var family: [(String, SchemaValue)] {
        [
            ("type", .string("string")),
            // Not blank, one line.
            ("pattern", .string(#"^[^\n\r\u0085\u2028\u2029]*\S[^\n\r\u0085\u2028\u2029]*$"#)),
            ("maxLength", .integer(ThemeFieldTable.maximumFamilyLength)),
        ]
    }

    private static func names(_ values: [String]) -> SchemaValue {
        .object([("type", .string("string")), ("enum", .array(values.map(SchemaValue.string)))])
    }

    private static func body(of type: ThemeFieldType) -> [(String, SchemaValue)] {
        switch type {
        case .version(let version):
            return [("type", .string("integer")), ("const", .integer(version))]
        case .choice(let values):
            return [("type", .string("string")), ("enum", .array(values.map(SchemaValue.string)))]
        case .color:
            return [
                ("type", .string("string")),
                (
                    "anyOf",
                    .array([
                        .object([("enum", .array(AccentColor.themes.map { SchemaValue.string($0.name) }))]),
                        .object([("pattern", .string("^#[0-9A-Fa-f]{6}$"))]),
                    ])
                ),
            ]
        case .family:
            return family
        case .number(let range, _, _):
            return [
                ("type", .string("number")), ("minimum", number(range.lowerBound)),
                ("maximum", number(range.upperBound)),
            ]
        case .boolean:
            return [("type", .string("boolean"))]
        case .text(let maximumLength):
            return [("type", .string("string")), ("maxLength", .integer(maximumLength))]
        case .columns(let values, let required):
            return [
                ("type", .string("array")), ("items", names(values)), ("uniqueItems", .bool(true)),
                ("allOf", .array(required.map { .object([("contains", .object([("const", .string($0))]))]) })),
            ]
        case .sections(let hideable, _):
            return [("type", .string("array")), ("items", names(hideable)), ("uniqueItems", .bool(true))]
        case .fallbacks(let scripts, let maximumCount):
            let list = SchemaValue.object([
                ("type", .string("array")), ("items", .object(family)), ("maxItems", .integer(maximumCount)),
            ])
            return [
                ("type", .string("object")),
                ("properties", .object(scripts.map { ($0, list) })),
                ("additionalProperties", .bool(false)),
            ]
        case .labels(let keys):
            return [
                ("type", .string("object")),
                ("properties", .object(keys.map { ($0, .object([("type", .string("string"))])) })),
                ("additionalProperties", .bool(false)),
            ]
        case .object(let fields):
            return [
                ("type", .string("object")),
                ("properties", .object(fields.map { ($0.name, schema(of: $0)) })),
                ("additionalProperties", .bool(false)),
            ]
        }
    }
}
