/// Makes CSS from an untrusted SVG (a `<style>` element or a `style` attribute) safe and
/// consistent with the renamed ids: `url(#id)` follows the id's renaming and any other
/// `url(…)` becomes `none`. A stylesheet is also scoped to the logo's root
/// (`CSSSelectorScoping`), so that inlined into a page it cannot restyle the page; of its
/// at-rules only `@media` and `@supports` stay, their rules scoped too (`@import`,
/// `@font-face`, `@keyframes`, `@namespace`, `@page`, `@layer`, `@property` … name or load
/// things for the whole page, and go). CSS with a backslash escape, or that the strict
/// reader cannot read (`CSSStylesheetReader`), is dropped whole: escapes could spell `url`
/// or `@import` in a way this code would not see, and a browser could end a rule
/// elsewhere than this code thinks.
enum CSSSanitizer {
    static func declarations(_ css: String, renaming: IDRenaming) -> String {
        guard !css.contains("\\"), !loadsByString(css), let text = CSSStylesheetReader.withoutComments(css) else {
            return ""
        }
        return rewritingURLs(text, renaming: renaming)
    }

    static func stylesheet(_ css: String, renaming: IDRenaming) -> String {
        guard !css.contains("\\"), !loadsByString(css), let rules = CSSStylesheetReader.rules(in: css),
            let scoped = scopedRules(rules, renaming: renaming)
        else { return "" }
        let text = scoped.joined(separator: "\n")
        // Removing comments could have joined "/" and "*" into a new comment opener.
        guard CSSStylesheetReader.withoutComments(text) == text else { return "" }
        return text
    }

    /// Functions that take an address as a plain string, not only as `url(…)`
    /// (`image-set("https://…" 1x)`): CSS using one is dropped whole, since a viewer of the
    /// page's SVG would fetch the address.
    static func loadsByString(_ css: String) -> Bool {
        let text = css.lowercased()
        return ["image-set(", "image(", "cross-fade(", "src(", "element("].contains { text.contains($0) }
    }

    /// Each rule written out scoped; nil when a rule cannot be.
    private static func scopedRules(_ rules: [CSSRule], renaming: IDRenaming) -> [String]? {
        var out: [String] = []
        for rule in rules {
            switch rule {
            case .style(let selectors, let declarations):
                // A nested rule would need its own scoping: not read.
                guard !declarations.contains("{"),
                    let scoped = CSSSelectorScoping.scoped(selectors, renaming: renaming)
                else { return nil }
                guard !scoped.isEmpty else { continue }
                out.append(
                    scoped.joined(separator: ", ") + " {" + rewritingURLs(declarations, renaming: renaming) + "}")
            case .atRule(let name, let prelude, let block):
                guard ["media", "supports"].contains(name.lowercased()), let block else { continue }
                guard let inner = CSSStylesheetReader.rules(inBlock: block),
                    let scopedInner = scopedRules(inner, renaming: renaming)
                else { return nil }
                let condition = rewritingURLs(prelude, renaming: renaming).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                out.append("@\(name) \(condition) {\n" + scopedInner.joined(separator: "\n") + "\n}")
            }
        }
        return out
    }

    static func containsURL(_ text: String) -> Bool {
        text.range(of: "url(", options: .caseInsensitive) != nil
    }

    /// Every `url(…)`: a same-document fragment renamed, anything else replaced by `none`.
    static func rewritingURLs(_ text: String, renaming: IDRenaming) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if index + 4 <= scalars.count,
                String(String.UnicodeScalarView(scalars[index..<(index + 4)])).lowercased() == "url("
            {
                var end = index + 4
                var quote: Unicode.Scalar?
                while end < scalars.count {
                    let scalar = scalars[end]
                    if let q = quote {
                        if scalar == q { quote = nil }
                    } else if scalar == "\"" || scalar == "'" {
                        quote = scalar
                    } else if scalar == ")" {
                        break
                    }
                    end += 1
                }
                let inner = String(String.UnicodeScalarView(scalars[(index + 4)..<min(end, scalars.count)]))
                var target = inner.trimmingCharacters(in: .whitespacesAndNewlines)
                if let first = target.first, first == "\"" || first == "'", target.count >= 2, target.last == first {
                    target = String(target.dropFirst().dropLast())
                }
                if target.hasPrefix("#"), target.count > 1 {
                    out.append(contentsOf: "url(#\(renaming.target(of: String(target.dropFirst()))))".unicodeScalars)
                } else {
                    out.append(contentsOf: "none".unicodeScalars)
                }
                index = end + 1
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }
}
