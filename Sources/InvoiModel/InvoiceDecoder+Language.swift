import InvoiCharacters
import InvoiLocalization

/// Reading `language` and `labels`.
extension InvoiceDecoder {
    /// A BCP 47 tag invoi has a catalog for; an unknown one is an error naming the close ones.
    func readLanguage(_ node: JSONNode, path: String, context: inout DecodingContext) -> String? {
        guard let tag = context.text(node, path: path), !tag.isEmpty else { return nil }
        if Language(tag: tag) != nil { return tag }
        context.error(path, LanguageProblem.unknown(tag))
        return nil
    }

    /// The invoice's own words by catalog key. An unknown key is a warning with a suggestion
    /// (like an unknown field), or an error with it when `unknownKeysAreErrors` (a theme's
    /// labels); a placeholder its key does not fill is an error.
    func readLabels(
        _ node: JSONNode, path: String, unknownKeysAreErrors: Bool = false, context: inout DecodingContext
    ) -> [WordKey: String] {
        guard case .object(let members) = node.value else {
            context.error(
                path,
                "expected an object of labels by key, such as {\"tax\": \"GST {rate}%\"}, got \(DecodingContext.describe(node))"
            )
            return [:]
        }
        var labels: [WordKey: String] = [:]
        for (name, member, memberPath) in Self.givenMembers(members, in: path, context: &context) {
            guard let key = WordKey(rawValue: name) else {
                if unknownKeysAreErrors {
                    context.error(path, Self.unknownLabelMessage(name, isIgnored: false))
                } else {
                    Self.warnUnknownLabel(name, in: path, context: &context)
                }
                continue
            }
            guard let text = context.text(member, path: memberPath) else { continue }
            let allowed = key.placeholders
            let unknown =
                Template.unknownPlaceholders(in: text)
                + Template(text).placeholders.filter { !allowed.contains($0) }.map(\.rawValue)
            guard unknown.isEmpty else {
                let offered =
                    allowed.isEmpty
                    ? "\"\(key.rawValue)\" takes no placeholders"
                    : "\"\(key.rawValue)\" takes \(allowed.map { "\"\($0.written)\"" }.joined(separator: ", "))"
                context.error(
                    memberPath,
                    "unknown placeholder \(unknown.map { "\"{\($0)}\"" }.joined(separator: ", ")) in \(DiagnosticText.quoted(text)); \(offered)"
                )
                continue
            }
            // A blank label — spaces or invisible characters only — would leave its value (the
            // total, a column's amounts) unlabelled.
            if text.unicodeScalars.allSatisfy({
                $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
            }) {
                context.warning(
                    memberPath,
                    "the label is empty, so what it names is shown without a label; give it a text, "
                        + "or remove the key to use the language's word")
            }
            labels[key] = text
        }
        return labels
    }

    private static func warnUnknownLabel(_ name: String, in path: String, context: inout DecodingContext) {
        context.warning(path, unknownLabelMessage(name))
    }

    private static func unknownLabelMessage(_ name: String, isIgnored: Bool = true) -> String {
        let message = "unknown label key \(DiagnosticText.quoted(name))"
        if let suggestion = KeySuggestion.closest(to: name, among: WordKey.allCases.map(\.rawValue)) {
            return message + " — did you mean \"\(suggestion)\"?"
        }
        return message + (isIgnored ? " is ignored" : "") + "; run `invoi languages --keys` for the keys"
    }
}

/// The message for a language invoi has no words for, shared by the file and `--language`.
public enum LanguageProblem {
    public static func unknown(_ tag: String) -> String {
        let close = Language.closest(to: tag)
        let codes = Language.all.map(\.code).joined(separator: " ")
        let message = "unknown language \(DiagnosticText.quoted(tag))"
        guard close.isEmpty else {
            let suggestions = close.map { "\"\($0.code)\" (\($0.englishName))" }.joined(separator: " or ")
            return message + " — did you mean \(suggestions)? (`invoi languages` lists all \(Language.all.count))"
        }
        return message + "; invoi prints \(codes) (`invoi languages` lists them)"
    }
}
