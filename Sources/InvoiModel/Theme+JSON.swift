import Foundation

extension Theme {
    /// The theme as a theme file with every key of `ThemeFieldTable` present, in its order: a
    /// value the theme leaves to the design is `null` (which the decoder reads as "not given").
    /// What `invoi init --theme` writes; `ThemeDecoder` reads it back to an equal theme.
    public func prettyPrintedJSON() -> String {
        func string(_ text: String?) -> String { text.map(Invoice.jsonString) ?? "null" }
        func number(_ value: Double?) -> String {
            guard let value else { return "null" }
            return value.rounded() == value ? String(Int(value)) : "\(value)"
        }
        func flag(_ value: Bool?) -> String { value.map { $0 ? "true" : "false" } ?? "null" }
        func color(_ value: AccentColor?) -> String { string(value?.name) }
        func names(_ values: [String]?) -> String {
            values.map { "[" + $0.map(Invoice.jsonString).joined(separator: ", ") + "]" } ?? "null"
        }
        func object(_ members: [(String, String)], indent: String) -> String {
            let inner = indent + "  "
            return "{\n"
                + members.map { "\(inner)\(Invoice.jsonString($0.0)): \($0.1)" }.joined(separator: ",\n")
                + "\n\(indent)}"
        }
        let fallbackMembers = Script.allCases.compactMap { script in
            fonts.fallbacks[script].map { (script.rawValue, names($0)) }
        }
        let labelMembers = labels.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { ($0.key.rawValue, Invoice.jsonString($0.value)) }
        let members: [(String, String)] = [
            ("version", String(ThemeFieldTable.version)),
            ("design", string(design?.rawValue)),
            ("window", string(window?.rawValue)),
            (
                "colors",
                object(
                    [
                        ("accent", color(colors.accent)), ("text", color(colors.text)), ("muted", color(colors.muted)),
                        ("rule", color(colors.rule)), ("fill", color(colors.fill)),
                    ], indent: "  ")
            ),
            (
                "fonts",
                object(
                    [
                        ("body", string(fonts.body)), ("heading", string(fonts.heading)),
                        ("numbers", string(fonts.numbers)),
                        ("fallbacks", fallbackMembers.isEmpty ? "{}" : object(fallbackMembers, indent: "    ")),
                    ], indent: "  ")
            ),
            ("size", number(size)),
            ("paper", string(paper?.rawValue)),
            (
                "margins",
                object(
                    [
                        ("start", number(margins.start)), ("end", number(margins.end)), ("top", number(margins.top)),
                        ("bottom", number(margins.bottom)),
                    ], indent: "  ")
            ),
            (
                "logo",
                object([("height", number(logo.height)), ("position", string(logo.position?.rawValue))], indent: "  ")
            ),
            (
                "table",
                object(
                    [
                        ("rules", string(table.rules?.rawValue)), ("stripes", flag(table.stripes)),
                        ("columns", names(table.columns?.map(\.rawValue))), ("hideEmpty", flag(table.hideEmpty)),
                    ], indent: "  ")
            ),
            (
                "sections",
                object(
                    [("hide", names(Section.allCases.filter(hiddenSections.contains).map(\.rawValue)))], indent: "  ")
            ),
            ("footer", string(footer)),
            ("pageNumbers", string(pageNumbers?.rawValue)),
            ("labels", labelMembers.isEmpty ? "{}" : object(labelMembers, indent: "  ")),
        ]
        return object(members, indent: "") + "\n"
    }
}
