/// Makes CSS from an untrusted SVG (a `<style>` element, a `style` attribute or a
/// presentation attribute such as `fill`) safe, consistent with the renamed ids and
/// bounded in cost:
/// - it is read into tokens first (`CSSTokenizer`), escapes decoded, so every check sees
///   what a browser or librsvg would see, and what is written is made from the checked
///   tokens, not copied from the source: no escape and no comment is ever written;
/// - only the properties of `LogoProperty` are kept, each value only when it is made of
///   what its grammar allows (keywords, numbers, colours, `url(#id)`); `url(#id)` follows
///   the id's renaming, and any other address makes the value `none`;
/// - a stylesheet is scoped to the logo's root (`CSSSelectorScoping`), so that inlined
///   into a page it cannot restyle the page; of its at-rules only `@media` and `@supports`
///   stay, their rules scoped too (`@import`, `@font-face`, `@namespace`, … go).
/// A stylesheet whose blocks do not nest, or that holds a broken string or URL, is
/// dropped whole: a browser could end a rule elsewhere than this code thinks.
enum CSSSanitizer {
    /// A presentation attribute's value; nil when it is left out.
    static func attributeValue(_ value: String, of property: LogoProperty, renaming: IDRenaming) -> SanitizedValue? {
        sanitizedValue(CSSTokenizer.tokens(value)[...], of: property, renaming: renaming)
    }

    /// A `style` attribute: the declarations that are kept, as `name: value; …`.
    static func declarations(
        _ css: String, renaming: IDRenaming, excluding excluded: Set<LogoProperty> = []
    ) -> SanitizedDeclarations {
        declarations(CSSTokenizer.tokens(css)[...], renaming: renaming, excluding: excluded)
    }

    /// What the root may not have: the page places the logo's root, and a filter on it
    /// (an feOffset) could draw the logo outside its box, over the invoice.
    static let rootExcluded: Set<LogoProperty> = [.filter]

    /// A `<style>` element's text.
    /// Throws when it has more than `largestRuleCount` rules (blocks, counting those nested
    /// in at-rules): each rule is scoped and matched against the elements, which costs.
    static func stylesheet(
        _ css: String, renaming: IDRenaming, largestRuleCount: Int = .max
    ) throws(ImageDecodingFailure) -> SanitizedStylesheet {
        let tokens = CSSTokenizer.tokens(css)
        let blockCount = tokens.count(where: { $0.kind == .openBrace })
        guard blockCount <= largestRuleCount else {
            throw ImageDecodingFailure("the SVG is too complex for a logo (its stylesheets have too many rules)")
        }
        let dropped = SanitizedStylesheet(text: "", rules: [], blockCount: blockCount)
        guard !tokens.contains(where: { $0.kind == .badString || $0.kind == .badURL }),
            let rules = CSSRuleReader.rules(in: tokens[...], topLevel: true),
            let scoped = scopedRules(rules, renaming: renaming)
        else { return dropped }
        let text = scoped.map(\.text).joined(separator: "\n")
        // What is written must read back as the same tokens: no comment, no escape.
        guard !CSSTokenizer.tokens(text).contains(where: { $0.kind == .comment || $0.hasEscape }) else {
            return dropped
        }
        return SanitizedStylesheet(text: text, rules: scoped.flatMap(\.rules), blockCount: blockCount)
    }

    // MARK: Rules

    private struct ScopedRule {
        var text: String
        var rules: [SanitizedStylesheet.Rule]
    }

    /// Each rule written out scoped; rules that cannot be scoped, or keep no declaration,
    /// are left out; nil when a block's rules cannot be read.
    private static func scopedRules(_ rules: [CSSRule], renaming: IDRenaming) -> [ScopedRule]? {
        var out: [ScopedRule] = []
        for rule in rules {
            switch rule {
            case .style(let prelude, let block):
                guard let selectors = plainText(prelude),
                    let scoped = CSSSelectorScoping.scoped(selectors, renaming: renaming), !scoped.isEmpty
                else { continue }
                let kept = declarations(block, renaming: renaming)
                guard !kept.text.isEmpty else { continue }
                // The root may not have what `rootExcluded` names: selectors of the root get a rule of their own.
                let atRoot = declarations(block, renaming: renaming, excluding: rootExcluded)
                let groups =
                    atRoot.text == kept.text
                    ? [(scoped, kept.text)]
                    : [(scoped.filter { !$0.selectsRoot }, kept.text), (scoped.filter(\.selectsRoot), atRoot.text)]
                var text: [String] = []
                for (selectors, declarations) in groups where !selectors.isEmpty && !declarations.isEmpty {
                    text.append(selectors.map(\.text).joined(separator: ", ") + " { " + declarations + " }")
                }
                guard !text.isEmpty else { continue }
                out.append(
                    ScopedRule(
                        text: text.joined(separator: "\n"),
                        rules: [
                            SanitizedStylesheet.Rule(
                                subjects: CSSSelectorScoping.subjects(selectors), effects: kept.effects)
                        ]))
            case .atRule(let name, let prelude, let block):
                guard ["media", "supports"].contains(name.lowercased()), let block,
                    let condition = mediaCondition(prelude)
                else { continue }
                guard let inner = CSSRuleReader.rules(in: block, topLevel: false),
                    let scopedInner = scopedRules(inner, renaming: renaming)
                else { return nil }
                guard !scopedInner.isEmpty else { continue }
                out.append(
                    ScopedRule(
                        text: "@\(name.lowercased()) \(condition) {\n" + scopedInner.map(\.text).joined(separator: "\n")
                            + "\n}",
                        rules: scopedInner.flatMap(\.rules)))
            }
        }
        return out
    }

    /// A selector list as written, when it has no escape and no comment inside a token
    /// sequence (`.a/**/b`); nil otherwise.
    private static func plainText(_ tokens: ArraySlice<CSSToken>) -> String? {
        guard let kept = withoutComments(tokens), !kept.contains(where: \.hasEscape) else { return nil }
        return kept.map(\.source).joined()
    }

    /// The condition of `@media` or `@supports`: keywords, numbers and the punctuation of
    /// media queries and feature tests only.
    private static func mediaCondition(_ tokens: ArraySlice<CSSToken>) -> String? {
        guard let kept = withoutComments(tokens), !kept.isEmpty else { return nil }
        var text = ""
        for token in kept {
            guard !token.hasEscape else { return nil }
            switch token.kind {
            case .identifier(let name) where isSafeIdentifier(name): text += name
            case .whitespace: text += " "
            case .number, .percentage, .colon, .comma, .openParenthesis, .closeParenthesis:
                text += token.source
            // A length or a resolution: `10url(` is a dimension to CSS, but reads as a URL.
            case .dimension(let unit) where mediaUnits.contains(unit.lowercased()): text += token.source
            case .delimiter(let scalar) where ["<", ">", "=", "/"].contains(scalar): text += token.source
            default: return nil
            }
        }
        return text
    }

    /// The units a media query or feature test compares with.
    private static let mediaUnits: Set<String> = [
        "px", "em", "rem", "ex", "ch", "vw", "vh", "vmin", "vmax", "cm", "mm", "q", "in", "pt", "pc", "dpi", "dpcm",
        "dppx", "x", "s", "ms", "hz", "khz", "deg", "grad", "rad", "turn",
    ]

    // MARK: Declarations

    private static func declarations(
        _ tokens: ArraySlice<CSSToken>, renaming: IDRenaming, excluding excluded: Set<LogoProperty> = []
    ) -> SanitizedDeclarations {
        var written: [String] = []
        var effects = CSSEffects()
        for declaration in CSSRuleReader.declarations(in: tokens) {
            guard let property = LogoProperty.byName[declaration.name.lowercased()], !excluded.contains(property),
                let value = sanitizedValue(declaration.value, of: property, renaming: renaming)
            else { continue }
            written.append(property.rawValue + ": " + value.text + (declaration.isImportant ? " !important" : ""))
            effects.add(value)
        }
        return SanitizedDeclarations(text: written.joined(separator: "; "), effects: effects)
    }

    // MARK: Values

    /// The value written from its tokens, when each is allowed by the property's grammar;
    /// nil otherwise. `renaming` nil leaves `url(#id)` as it is (for the check that the
    /// written value reads back the same).
    private static func sanitizedValue(
        _ tokens: ArraySlice<CSSToken>, of property: LogoProperty, renaming: IDRenaming?
    ) -> SanitizedValue? {
        guard let kept = withoutComments(tokens), !kept.isEmpty else { return nil }
        let grammar = property.grammar
        let takesColor = grammar == .paint || grammar == .color
        let takesReference = grammar == .paint || grammar == .reference
        var text = ""
        var target: String?
        var pointsElsewhere = false
        var hadEscape = false
        var index = 0
        while index < kept.count {
            let token = kept[index]
            index += 1
            if token.hasEscape { hadEscape = true }
            switch token.kind {
            case .whitespace:
                text += " "
            case .identifier(let name):
                guard isSafeIdentifier(name) else { return nil }
                text += name
            case .number, .percentage:
                text += token.source
            case .dimension(let unit):
                guard !token.hasEscape, unit.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic && $0.isASCII })
                else { return nil }
                text += token.source
            case .comma where grammar == .plain:
                text += ","
            case .hash(let digits, _) where takesColor:
                guard [3, 4, 6, 8].contains(digits.count),
                    digits.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit)
                else { return nil }
                text += "#" + digits
            case .function(let name) where takesColor && ["rgb", "rgba", "hsl", "hsla"].contains(name.lowercased()):
                guard let (arguments, end) = colorArguments(kept, from: index) else { return nil }
                text += name.lowercased() + "(" + arguments + ")"
                index = end
            case .function(let name) where takesReference && name.lowercased() == "url":
                // url("…"): spaces, one string, spaces, ")".
                var next = index
                while next < kept.count, kept[next].kind == .whitespace { next += 1 }
                guard next < kept.count, case .string(let address) = kept[next].kind else { return nil }
                next += 1
                while next < kept.count, kept[next].kind == .whitespace { next += 1 }
                guard next < kept.count, kept[next].kind == .closeParenthesis, target == nil, !pointsElsewhere else {
                    return nil
                }
                index = next + 1
                if let id = fragment(address) {
                    target = id
                    text += "url(#" + (renaming?.target(of: id) ?? id) + ")"
                } else {
                    pointsElsewhere = true
                }
            case .url(let address) where takesReference:
                guard target == nil, !pointsElsewhere else { return nil }
                if let id = fragment(address) {
                    target = id
                    text += "url(#" + (renaming?.target(of: id) ?? id) + ")"
                } else {
                    pointsElsewhere = true
                }
            default:
                return nil
            }
        }
        // Another file, an address, `data:`: nothing is drawn instead.
        if pointsElsewhere { return SanitizedValue(property: property, text: "none", target: nil) }
        let value = SanitizedValue(property: property, text: text, target: target)
        guard renaming != nil, hadEscape else { return value }
        // What is written from decoded escapes must read back as the same value.
        guard let again = sanitizedValue(CSSTokenizer.tokens(text)[...], of: property, renaming: nil),
            again.text == text
        else { return nil }
        return value
    }

    /// The arguments of `rgb(…)` or `hsl(…)` up to the closing parenthesis, and the index after it.
    private static func colorArguments(_ tokens: [CSSToken], from start: Int) -> (String, Int)? {
        var text = ""
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .closeParenthesis: return (text, index)
            case .whitespace: text += " "
            case .number, .percentage, .comma: text += token.source
            case .dimension(let unit)
            where !token.hasEscape && ["deg", "rad", "grad", "turn"].contains(unit.lowercased()):
                text += token.source
            case .delimiter("/"): text += "/"
            case .identifier(let name) where name.lowercased() == "none": text += "none"
            default: return nil
            }
        }
        return nil
    }

    /// The id in `#id`; nil for anything else (another file, an address, `data:`).
    private static func fragment(_ address: String) -> String? {
        guard address.hasPrefix("#") else { return nil }
        let id = address.dropFirst()
        guard !id.isEmpty,
            id.unicodeScalars.allSatisfy({ scalar in
                scalar.value > 0x20 && scalar.value != 0x7F && !["\"", "'", "(", ")", "\\"].contains(scalar)
            })
        else { return nil }
        return String(id)
    }

    /// ASCII letters, digits, `-` and `_`, read as an identifier (not as a number).
    static func isSafeIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        if first == "-", let second = name.unicodeScalars.dropFirst().first, ("0"..."9").contains(second) {
            return false
        }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
            default: false
            }
        }
    }

    /// The tokens without comments and without the whitespace at either end; nil when a
    /// comment stands between two tokens that would read as one without it (`u/**/rl(`).
    static func withoutComments(_ tokens: ArraySlice<CSSToken>) -> [CSSToken]? {
        var kept: [CSSToken] = []
        var afterComment = false
        for token in tokens {
            if token.kind == .comment {
                afterComment = true
                continue
            }
            if afterComment, token.kind != .whitespace, let last = kept.last, last.kind != .whitespace {
                return nil
            }
            afterComment = false
            if token.kind == .whitespace, kept.last?.kind == .whitespace { continue }
            kept.append(token)
        }
        while kept.first?.kind == .whitespace { kept.removeFirst() }
        while kept.last?.kind == .whitespace { kept.removeLast() }
        return kept
    }
}

/// A value that is kept: its text, and what its `url(#id)` names (the id as in the source).
struct SanitizedValue {
    var property: LogoProperty
    var text: String
    var target: String?

    /// Whether it makes its element drawn into a surface of its own.
    var isolates: Bool {
        guard property.isolates else { return false }
        switch property {
        case .opacity: return text != "1"
        case .mixBlendMode: return text != "normal"
        case .isolation: return text != "auto"
        default: return text != "none"
        }
    }
}

/// What kept declarations do that costs something when drawn (see `SVGCost`).
struct CSSEffects: Equatable {
    struct Reference: Equatable {
        var role: ReferenceRole
        var property: LogoProperty
        /// The id as in the source.
        var target: String
    }

    var references: [Reference] = []
    var isolates = false

    var isEmpty: Bool { references.isEmpty && !isolates }

    mutating func add(_ value: SanitizedValue) {
        if value.isolates { isolates = true }
        if let target = value.target {
            for role in value.property.referenceRoles {
                references.append(Reference(role: role, property: value.property, target: target))
            }
        }
    }

    mutating func add(_ other: CSSEffects) {
        references += other.references
        if other.isolates { isolates = true }
    }
}

struct SanitizedDeclarations {
    var text: String
    var effects: CSSEffects
}

struct SanitizedStylesheet {
    /// A kept rule, for `SVGCost`: which elements it may apply to, and what it does.
    struct Rule {
        /// nil: any element.
        var subjects: [SelectorSubject]?
        var effects: CSSEffects
    }

    var text: String
    var rules: [Rule]
    /// Blocks read (rules, counting those nested in at-rules), kept or not.
    var blockCount: Int
}
