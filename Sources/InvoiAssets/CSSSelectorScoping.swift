/// Scopes a logo stylesheet's selectors to the logo's root (id `logo`, see `IDRenaming`),
/// so that when the logo is inlined into a page its rules can select only its own elements:
/// - every selector `S` becomes `#logo S`: its subject is then inside the logo, whatever
///   combinators follow (a sibling of a descendant is a descendant too);
/// - when S's first compound could be the root itself (no type, `*` or `svg`, no other id)
///   and is followed by nothing, ` ` or `>`, `S` also becomes `S₁#logo …`, so that rules
///   styling the root or its children still apply (the root is no descendant of itself);
/// - `:root` and `:scope`, and an id selector naming the source's root, become `#logo`; a
///   selector that starts at the root so is kept as it stands (`:root > g` → `#logo > g`),
///   unless a sibling combinator follows it, which could only reach the page's elements:
///   such a selector is left out.
/// Every selector so gains exactly one id of specificity, and the logo's rules keep their
/// order among themselves (`:root` alone trades its pseudo-class for the id).
enum CSSSelectorScoping {
    /// A selector as written out, and whether it may select the root itself (not only
    /// what is inside it).
    struct ScopedSelector: Equatable {
        var text: String
        var selectsRoot: Bool
    }

    /// The scoped selectors of a comma-separated list (some selectors may become two, some
    /// none); nil when a selector is not one this reader understands.
    static func scoped(_ list: String, renaming: IDRenaming) -> [ScopedSelector]? {
        guard let selectors = splitAtCommas(list) else { return nil }
        var scoped: [ScopedSelector] = []
        for text in selectors {
            var reader = SelectorReader(scalars: Array(text.unicodeScalars), renaming: renaming)
            guard let selector = reader.read() else { return nil }
            let first = selector.compounds[0]
            let firstCombinator = selector.combinators.first
            let descends = firstCombinator == nil || firstCombinator == " " || firstCombinator == ">"
            let isCompound = selector.compounds.count == 1
            if first.namesRoot {
                if descends { scoped.append(ScopedSelector(text: selector.text, selectsRoot: isCompound)) }
                continue
            }
            scoped.append(ScopedSelector(text: "#\(IDRenaming.rootID) " + selector.text, selectsRoot: false))
            if descends, !first.hasOtherID, ["", "*", "svg"].contains(first.localType) {
                var anchored = selector
                anchored.compounds[0].rest = "#\(IDRenaming.rootID)" + first.rest
                scoped.append(ScopedSelector(text: anchored.text, selectsRoot: isCompound))
            }
        }
        return scoped
    }

    /// What each selector of a list may select, read from its last compound (a superset:
    /// pseudo-classes and attribute selectors are not read); nil when the list is not one
    /// this reader understands.
    static func subjects(_ list: String) -> [SelectorSubject]? {
        guard let selectors = splitAtCommas(list) else { return nil }
        var subjects: [SelectorSubject] = []
        for text in selectors {
            var reader = SelectorReader(scalars: Array(text.unicodeScalars), renaming: IDRenaming())
            guard let last = reader.read()?.compounds.last else { return nil }
            let type = last.localType
            subjects.append(
                SelectorSubject(
                    type: type == "*" ? nil : type.isEmpty ? nil : type, ids: last.ids, classes: last.classes))
        }
        return subjects
    }

    /// The selectors of a list, trimmed; nil when one is empty.
    private static func splitAtCommas(_ list: String) -> [String]? {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        var quote: Unicode.Scalar?
        for scalar in list.unicodeScalars {
            if let q = quote {
                if scalar == q { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "(" || scalar == "[" {
                depth += 1
            } else if scalar == ")" || scalar == "]" {
                depth -= 1
            } else if scalar == ",", depth == 0 {
                parts.append(String(current))
                current = String.UnicodeScalarView()
                continue
            }
            current.append(scalar)
        }
        parts.append(String(current))
        let trimmed = parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return trimmed.contains(where: \.isEmpty) ? nil : trimmed
    }

    /// Letters, digits, `-`, `_` and anything beyond ASCII (escapes never get this far).
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
        default: scalar.value >= 0x80
        }
    }

    /// A CSS identifier: name characters, not starting with a digit or with `-` and a digit.
    static func isIdentifier(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first, scalars.allSatisfy(isNameCharacter) else { return false }
        if ("0"..."9").contains(first) { return false }
        if first == "-", scalars.count > 1, ("0"..."9").contains(scalars[scalars.startIndex + 1]) { return false }
        return true
    }
}

/// What a selector's subject must be: of a type (none: any), with ids and classes.
struct SelectorSubject: Equatable {
    var type: String?
    var ids: [String]
    var classes: [String]
}

/// A complex selector: compounds joined by combinators.
private struct ComplexSelector {
    struct Compound {
        /// The type selector as written (`svg`, `*`, `ns|rect`), or empty.
        var type: String
        /// Ids, classes, attributes and pseudo-classes, ids already renamed.
        var rest: String
        /// Whether it can only match the root (`:root`, `:scope`, the root's id).
        var namesRoot: Bool
        /// Whether it names another id, so that it can never match the root.
        var hasOtherID: Bool
        /// Its ids as in the source, and its classes.
        var ids: [String] = []
        var classes: [String] = []

        var localType: String {
            type.split(separator: "|", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        }
    }

    var compounds: [Compound]
    /// Between compound i and i + 1: " ", ">", "+" or "~".
    var combinators: [String]

    var text: String {
        var out = compounds[0].type + compounds[0].rest
        for (combinator, compound) in zip(combinators, compounds.dropFirst()) {
            out += (combinator == " " ? " " : " \(combinator) ") + compound.type + compound.rest
        }
        return out
    }
}

/// Reads one selector of a list, renaming its ids on the way.
private struct SelectorReader {
    let scalars: [Unicode.Scalar]
    let renaming: IDRenaming
    var at = 0

    mutating func read() -> ComplexSelector? {
        var selector = ComplexSelector(compounds: [], combinators: [])
        skipSpace()
        while true {
            guard let compound = readCompound() else { return nil }
            selector.compounds.append(compound)
            let spaced = skipSpace()
            guard at < scalars.count else { return selector }
            if [">", "+", "~"].contains(scalars[at]) {
                selector.combinators.append(String(scalars[at]))
                at += 1
                skipSpace()
            } else if spaced {
                selector.combinators.append(" ")
            } else {
                return nil
            }
        }
    }

    private mutating func readCompound() -> ComplexSelector.Compound? {
        var compound = ComplexSelector.Compound(type: "", rest: "", namesRoot: false, hasOtherID: false)
        if at < scalars.count,
            CSSSelectorScoping.isNameCharacter(scalars[at]) || scalars[at] == "*" || scalars[at] == "|"
        {
            guard let type = readTypeSelector() else { return nil }
            compound.type = type
        }
        parts: while at < scalars.count {
            switch scalars[at] {
            case "#":
                at += 1
                guard let name = readIdentifier() else { return nil }
                compound.ids.append(name)
                let target = renaming.target(of: name)
                if target == IDRenaming.rootID { compound.namesRoot = true } else { compound.hasOtherID = true }
                compound.rest += "#" + target
            case ".":
                at += 1
                guard let name = readIdentifier() else { return nil }
                compound.classes.append(name)
                compound.rest += "." + name
            case "[":
                guard let attribute = readAttributeSelector() else { return nil }
                compound.rest += attribute
            case ":":
                at += 1
                let isElement = at < scalars.count && scalars[at] == ":"
                if isElement { at += 1 }
                guard let name = readIdentifier() else { return nil }
                if at < scalars.count, scalars[at] == "(" {
                    guard let arguments = readArguments() else { return nil }
                    compound.rest += (isElement ? "::" : ":") + name + "(" + arguments + ")"
                } else if !isElement, Self.namesRoot(name) {
                    compound.rest += "#" + IDRenaming.rootID
                    compound.namesRoot = true
                } else {
                    compound.rest += (isElement ? "::" : ":") + name
                }
            default:
                break parts
            }
        }
        return compound.type.isEmpty && compound.rest.isEmpty ? nil : compound
    }

    private static func namesRoot(_ pseudoClass: String) -> Bool {
        ["root", "scope"].contains(pseudoClass.lowercased())
    }

    /// `name`, `*`, `ns|name`, `|name`, `*|*` …
    private mutating func readTypeSelector() -> String? {
        let start = at
        while at < scalars.count,
            CSSSelectorScoping.isNameCharacter(scalars[at]) || scalars[at] == "*" || scalars[at] == "|"
        {
            at += 1
        }
        let parts = scalars[start..<at].split(separator: "|", omittingEmptySubsequences: false)
        func isName(_ part: ArraySlice<Unicode.Scalar>) -> Bool {
            part.elementsEqual(["*"]) || CSSSelectorScoping.isIdentifier(part)
        }
        switch parts.count {
        case 1 where isName(parts[0]): break
        case 2 where (parts[0].isEmpty || isName(parts[0])) && isName(parts[1]): break
        default: return nil
        }
        return String(String.UnicodeScalarView(scalars[start..<at]))
    }

    private mutating func readIdentifier() -> String? {
        let start = at
        while at < scalars.count, CSSSelectorScoping.isNameCharacter(scalars[at]) { at += 1 }
        guard CSSSelectorScoping.isIdentifier(scalars[start..<at]) else { return nil }
        return String(String.UnicodeScalarView(scalars[start..<at]))
    }

    /// `[name]` or `[name op value]` (`ns|name`, `*|name`; op one of `=`, `~=`, `|=`, `^=`,
    /// `$=`, `*=`; value an identifier or a string; `i` or `s` after it), as written; nil
    /// for anything else. A browser drops a rule whose attribute selector is malformed, so
    /// such a rule is left out here too rather than passed on with whatever it holds.
    private mutating func readAttributeSelector() -> String? {
        let start = at
        at += 1
        skipSpace()
        if at < scalars.count, scalars[at] == "*" || scalars[at] == "|" {
            if scalars[at] == "*" { at += 1 }
            guard at + 1 < scalars.count, scalars[at] == "|", scalars[at + 1] != "=" else { return nil }
            at += 1
        }
        guard readIdentifier() != nil else { return nil }
        if at + 1 < scalars.count, scalars[at] == "|", scalars[at + 1] != "=" {
            at += 1
            guard readIdentifier() != nil else { return nil }
        }
        skipSpace()
        guard at < scalars.count else { return nil }
        if scalars[at] != "]" {
            if "~|^$*".unicodeScalars.contains(scalars[at]) { at += 1 }
            guard at < scalars.count, scalars[at] == "=" else { return nil }
            at += 1
            skipSpace()
            guard at < scalars.count else { return nil }
            if scalars[at] == "\"" || scalars[at] == "'" {
                let quote = scalars[at]
                at += 1
                while at < scalars.count, scalars[at] != quote, !"\n\r\u{0C}".unicodeScalars.contains(scalars[at]) {
                    at += 1
                }
                guard at < scalars.count, scalars[at] == quote else { return nil }
                at += 1
            } else {
                guard readIdentifier() != nil else { return nil }
            }
            skipSpace()
            if at < scalars.count, "iIsS".unicodeScalars.contains(scalars[at]) {
                at += 1
                skipSpace()
            }
        }
        guard at < scalars.count, scalars[at] == "]" else { return nil }
        at += 1
        return String(String.UnicodeScalarView(scalars[start..<at]))
    }

    /// The arguments of a functional pseudo-class (`:not(…)`, `:is(…)`, `:nth-child(…)`),
    /// with their ids renamed and `:root` / `:scope` as `#logo`; the reader then stands
    /// after the closing parenthesis.
    private mutating func readArguments() -> String? {
        at += 1
        var out = ""
        var depth = 0
        while at < scalars.count {
            let scalar = scalars[at]
            switch scalar {
            case "\"", "'":
                let start = at
                at += 1
                while at < scalars.count, scalars[at] != scalar { at += 1 }
                guard at < scalars.count else { return nil }
                out += String(String.UnicodeScalarView(scalars[start...at]))
                at += 1
            case "#":
                at += 1
                guard let name = readIdentifier() else { return nil }
                out += "#" + renaming.target(of: name)
            case ":":
                at += 1
                let isElement = at < scalars.count && scalars[at] == ":"
                if isElement { at += 1 }
                guard let name = readIdentifier() else { return nil }
                let isFunction = at < scalars.count && scalars[at] == "("
                out +=
                    !isElement && !isFunction && Self.namesRoot(name)
                    ? "#" + IDRenaming.rootID
                    : (isElement ? "::" : ":") + name
            case "(":
                depth += 1
                out.unicodeScalars.append(scalar)
                at += 1
            case ")":
                at += 1
                if depth == 0 { return out }
                depth -= 1
                out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar)
                at += 1
            }
        }
        return nil
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = at
        while at < scalars.count, CSSTokenizer.isWhitespace(scalars[at]) { at += 1 }
        return at > start
    }
}
