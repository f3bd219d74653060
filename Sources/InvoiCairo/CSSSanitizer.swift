/// Makes CSS from an untrusted SVG (a `<style>` element or a `style` attribute) safe and
/// consistent with the renamed ids: `url(#id)` becomes `url(#logo-id)` and any other
/// `url(…)` becomes `none`; `@import` rules go; in a stylesheet, `#id` selectors are
/// renamed. CSS with a backslash escape is dropped whole: escapes could spell `url` or
/// `@import` in a way this reader would not see.
enum CSSSanitizer {
    static func declarations(_ css: String) -> String {
        guard !css.contains("\\") else { return "" }
        return rewritingURLs(withoutComments(css))
    }

    static func stylesheet(_ css: String) -> String {
        guard !css.contains("\\") else { return "" }
        return renamingIDSelectors(withoutImports(rewritingURLs(withoutComments(css))))
    }

    static func containsURL(_ text: String) -> Bool {
        text.range(of: "url(", options: .caseInsensitive) != nil
    }

    /// Every `url(…)`: a same-document fragment renamed, anything else replaced by `none`.
    static func rewritingURLs(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if index + 4 <= scalars.count, String(String.UnicodeScalarView(scalars[index..<(index + 4)])).lowercased() == "url(" {
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
                    out.append(contentsOf: "url(#\(SVGSanitizer.idPrefix)\(target.dropFirst()))".unicodeScalars)
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

    static func withoutComments(_ css: String) -> String {
        var out = ""
        var rest = Substring(css)
        while let start = rest.range(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    /// Removes `@import …;` (to the next semicolon, or the end).
    static func withoutImports(_ css: String) -> String {
        var out = ""
        var rest = Substring(css)
        while let start = rest.range(of: "@import", options: .caseInsensitive) {
            out += rest[..<start.lowerBound]
            guard let semicolon = rest[start.upperBound...].firstIndex(of: ";") else { return out }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }

    /// `#name` in selectors becomes `#logo-name`; colours such as `#fff` in declaration
    /// blocks are left alone. Blocks of @media and @supports hold rules, others declarations.
    static func renamingIDSelectors(_ css: String) -> String {
        enum Block { case rules, declarations }
        var blocks: [Block] = []
        var prelude = ""
        var out = ""
        for character in css {
            let inRules = blocks.last.map { $0 == .rules } ?? true
            switch character {
            case "{":
                let trimmed = prelude.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                blocks.append(trimmed.hasPrefix("@media") || trimmed.hasPrefix("@supports") ? .rules : .declarations)
                prelude = ""
                out.append(character)
            case ";" where inRules:
                prelude = ""  // the end of an at-rule statement such as @charset
                out.append(character)
            case "}":
                _ = blocks.popLast()
                prelude = ""
                out.append(character)
            case "#" where inRules && !prelude.trimmingCharacters(in: .whitespaces).hasPrefix("@"):
                out += "#" + SVGSanitizer.idPrefix
                prelude.append(character)
            default:
                if inRules { prelude.append(character) }
                out.append(character)
            }
        }
        return out
    }
}
