import Foundation
import InvoiCharacters

/// Reading the optional extension fields.
extension InvoiceDecoder {
    /// One of a fixed set of words, spelled exactly; a near miss gets a suggestion.
    func readChoice<Choice>(
        _ node: JSONNode, path: String, naming what: String,
        context: inout DecodingContext
    ) -> Choice?
    where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        guard let text = context.text(node, path: path) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        if let intended = KeySuggestion.closestValue(to: text, among: names) {
            context.error(path, "unknown \(what) \(DiagnosticText.quoted(text)) — did you mean \"\(intended)\"?")
        } else {
            context.error(
                path, "unknown \(what) \(DiagnosticText.quoted(text)); use \(DiagnosticText.alternatives(names))")
        }
        return nil
    }

    /// `upTo` names what a fixed discount is at most (the subtotal, or a line's quantity × rate).
    func readDiscount(
        _ node: JSONNode, path: String, upTo limit: String = "the subtotal", context: inout DecodingContext
    ) -> Discount? {
        let shape = #"{"type": "percentage", "value": 10} or {"type": "fixed", "value": 50}"#
        guard case .object(let members) = node.value else {
            context.error(path, "expected a discount object such as \(shape), got \(DecodingContext.describe(node))")
            return nil
        }
        var kind: Discount.Kind?
        var value: Decimal?
        var valid = true
        for (key, node, fieldPath) in Self.givenMembers(members, in: path, context: &context) {
            switch key {
            case "type":
                kind = readChoice(node, path: fieldPath, naming: "discount type", context: &context)
                if kind == nil { valid = false }
            case "value":
                if case .string(let text) = node.value, text.hasSuffix("%") {
                    context.error(
                        fieldPath,
                        "expected a number, got \(DiagnosticText.quoted(text)); write the number without quotes or %, with \"type\": \"percentage\""
                    )
                    valid = false
                } else {
                    value = context.number(node, path: fieldPath)
                    if value == nil { valid = false }
                }
            default:
                Self.warnUnknown(key, in: path, candidates: InvoiceKeys.discount, context: &context)
            }
        }
        guard valid else { return nil }
        guard let kind else {
            context.error(path, "the discount has no \"type\"; give \"percentage\" or \"fixed\", as in \(shape)")
            return nil
        }
        guard let value else {
            context.error(path, "the discount has no \"value\"; give a number, as in \(shape)")
            return nil
        }
        switch kind {
        case .percentage where value < 0 || value > 100:
            context.error(path + ".value", "a percentage discount is from 0 to 100, got \(value)")
            return nil
        case .fixed where value < 0:
            context.error(path + ".value", "a fixed discount is an amount from 0 to \(limit), got \(value)")
            return nil
        default:
            return Discount(kind: kind, value: value)
        }
    }

    func readAmountPaid(_ node: JSONNode, path: String, context: inout DecodingContext) -> Decimal? {
        guard let paid = context.number(node, path: path) else { return nil }
        guard paid >= 0 else {
            context.error(path, "amountPaid is the amount already received, 0 or more, got \(paid)")
            return nil
        }
        return paid
    }

    func readLogo(_ node: JSONNode, path: String, context: inout DecodingContext) -> LogoReference? {
        guard let written = context.text(node, path: path) else { return nil }
        guard !written.allSatisfy(\.isWhitespace) else {
            context.error(
                path,
                "expected the path of a PNG, JPEG or SVG image, got \(DecodingContext.describe(node)); leave the field out for no logo"
            )
            return nil
        }
        let base = context.baseDirectory ?? Self.baseDirectory(forSource: context.file)
        let logo = LogoReference(path: written, relativeTo: base)
        guard logo.kind != nil else {
            let found = FilePath.pathExtension(of: written)
            let problem =
                found.isEmpty
                ? "has no file extension"
                : "is not a PNG, JPEG or SVG image (by its extension \(DiagnosticText.quoted("." + found)))"
            context.error(
                path, "\(DiagnosticText.quoted(written)) \(problem); give a \(LogoKind.acceptedExtensions) file")
            return nil
        }
        return logo
    }

    func readAccentColor(_ node: JSONNode, path: String, context: inout DecodingContext) -> AccentColor? {
        guard let text = context.text(node, path: path) else { return nil }
        if let color = AccentColor(text) { return color }
        let themes = DiagnosticText.alternatives(AccentColor.themes.map(\.name))
        var message =
            "expected a colour as \"#RRGGBB\" (e.g. \"#3B82F6\") or a theme name (\(themes)), got \(DiagnosticText.quoted(text))"
        if let intended = Self.intendedColor(text) { message += " — did you mean \"\(intended)\"?" }
        context.error(path, message)
        return nil
    }

    /// The accepted spelling of a near miss: `Blue` → `blue`, `#38f` → `#3388FF`, `3B82F6` → `#3B82F6`.
    private static func intendedColor(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let theme = AccentColor.themes.first(where: { $0.name == trimmed.lowercased() }) { return theme.name }
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        guard digits.utf8.allSatisfy({ AccentColor.hexValue($0) != nil }) else { return nil }
        switch digits.count {
        case 3: return AccentColor("#" + digits.map { "\($0)\($0)" }.joined())?.hexString
        case 6: return AccentColor("#" + digits)?.hexString
        default: return nil
        }
    }

    /// The directory a relative logo path starts from when the caller gives none: the
    /// invoice file's directory, or the current directory for a source that is no path
    /// (`-`, `<stdin>`, `<sample>`). Callers reading JSON Lines pass the file's directory.
    static func baseDirectory(forSource file: String) -> String {
        if ["", "-", "<stdin>", "<sample>"].contains(file) { return "." }
        return FilePath.directory(of: file)
    }
}
