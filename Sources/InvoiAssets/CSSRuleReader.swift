/// One rule of a stylesheet, as tokens.
enum CSSRule {
    /// `selectors { declarations }`
    case style(prelude: ArraySlice<CSSToken>, block: ArraySlice<CSSToken>)
    /// `@name prelude;` or `@name prelude { block }`; the block is not read further.
    case atRule(name: String, prelude: ArraySlice<CSSToken>, block: ArraySlice<CSSToken>?)
}

/// One declaration of a block: `name: value [!important]`.
struct CSSDeclaration {
    /// Escapes decoded, as written (property names are matched without case).
    var name: String
    var value: ArraySlice<CSSToken>
    var isImportant: Bool
}

/// Reads tokens into rules and declarations as CSS Syntax Level 3 does, strictly: nil for
/// anything it cannot read with confidence (a block, bracket or parenthesis left open or
/// closed twice, a selector without a block, a `;` or `}` in a selector), so that the
/// caller drops the whole stylesheet instead of guessing where a rule ends, as a browser
/// might guess otherwise.
enum CSSRuleReader {
    /// The rules of a stylesheet (`topLevel`, where `<!--` and `-->` are skipped) or of an
    /// at-rule's block.
    static func rules(in tokens: ArraySlice<CSSToken>, topLevel: Bool) -> [CSSRule]? {
        var rules: [CSSRule] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            switch token.kind {
            case .whitespace, .comment:
                index += 1
                continue
            case .commentOpener, .commentCloser:
                guard topLevel else { return nil }
                index += 1
                continue
            case .atKeyword(let name):
                guard let (prelude, end, terminator) = prelude(tokens, from: index + 1, allowingSemicolon: true)
                else { return nil }
                if terminator == .semicolon {
                    rules.append(.atRule(name: name, prelude: prelude, block: nil))
                    index = end
                } else {
                    guard let (block, after) = block(tokens, from: end) else { return nil }
                    rules.append(.atRule(name: name, prelude: prelude, block: block))
                    index = after
                }
            default:
                guard let (prelude, end, terminator) = prelude(tokens, from: index, allowingSemicolon: false),
                    terminator == .openBrace, let (block, after) = block(tokens, from: end)
                else { return nil }
                rules.append(.style(prelude: prelude, block: block))
                index = after
            }
        }
        return rules
    }

    /// The declarations of a block, split at the semicolons outside brackets; a part that
    /// is no `name: value` (a nested rule, an at-rule, a stray token) is left out.
    static func declarations(in tokens: ArraySlice<CSSToken>) -> [CSSDeclaration] {
        var declarations: [CSSDeclaration] = []
        var start = tokens.startIndex
        var nesting: [CSSToken.Kind] = []
        var index = tokens.startIndex
        while index <= tokens.endIndex {
            let atEnd = index == tokens.endIndex
            if atEnd || (nesting.isEmpty && tokens[index].kind == .semicolon) {
                if let declaration = declaration(tokens[start..<index]) { declarations.append(declaration) }
                start = index + 1
            } else {
                track(tokens[index].kind, in: &nesting)
            }
            index += 1
        }
        return declarations
    }

    private static func declaration(_ tokens: ArraySlice<CSSToken>) -> CSSDeclaration? {
        var index = tokens.startIndex
        func skipSpace() {
            while index < tokens.endIndex, tokens[index].kind == .whitespace || tokens[index].kind == .comment {
                index += 1
            }
        }
        skipSpace()
        guard index < tokens.endIndex, case .identifier(let name) = tokens[index].kind else { return nil }
        index += 1
        skipSpace()
        guard index < tokens.endIndex, tokens[index].kind == .colon else { return nil }
        var value = tokens[(index + 1)...]
        // Blocks and brackets have no place in a value that is kept.
        guard
            !value.contains(where: {
                [.openBrace, .closeBrace, .openBracket, .closeBracket, .semicolon].contains($0.kind)
            })
        else { return nil }
        var isImportant = false
        var end = value.endIndex
        while end > value.startIndex, [.whitespace, .comment].contains(value[end - 1].kind) { end -= 1 }
        if end > value.startIndex, case .identifier(let word) = value[end - 1].kind, word.lowercased() == "important" {
            var bang = end - 1
            while bang > value.startIndex, [.whitespace, .comment].contains(value[bang - 1].kind) { bang -= 1 }
            if bang > value.startIndex, value[bang - 1].kind == .delimiter("!") {
                isImportant = true
                value = value[value.startIndex..<(bang - 1)]
            }
        }
        return CSSDeclaration(name: name, value: value, isImportant: isImportant)
    }

    /// The tokens up to a `{` (or a `;`, when allowed) outside brackets and parentheses,
    /// the index after it, and which one ended it.
    private static func prelude(
        _ tokens: ArraySlice<CSSToken>, from start: Int, allowingSemicolon: Bool
    ) -> (ArraySlice<CSSToken>, Int, CSSToken.Kind)? {
        var nesting: [CSSToken.Kind] = []
        var index = start
        while index < tokens.endIndex {
            let kind = tokens[index].kind
            if nesting.isEmpty {
                switch kind {
                case .openBrace:
                    return (tokens[start..<index], index + 1, kind)
                case .semicolon:
                    guard allowingSemicolon else { return nil }
                    return (tokens[start..<index], index + 1, kind)
                case .closeBrace:
                    return nil
                default:
                    break
                }
            }
            guard track(kind, in: &nesting) else { return nil }
            index += 1
        }
        return nil
    }

    /// The tokens up to the `}` that closes the block just opened, and the index after it.
    private static func block(_ tokens: ArraySlice<CSSToken>, from start: Int) -> (ArraySlice<CSSToken>, Int)? {
        var nesting: [CSSToken.Kind] = []
        var index = start
        while index < tokens.endIndex {
            let kind = tokens[index].kind
            if nesting.isEmpty, kind == .closeBrace { return (tokens[start..<index], index + 1) }
            guard track(kind, in: &nesting) else { return nil }
            index += 1
        }
        return nil
    }

    /// Follows brackets, parentheses (functions open one too) and braces; false when one
    /// closes what is not open.
    @discardableResult
    private static func track(_ kind: CSSToken.Kind, in nesting: inout [CSSToken.Kind]) -> Bool {
        switch kind {
        case .openParenthesis, .function:
            nesting.append(.closeParenthesis)
        case .openBracket:
            nesting.append(.closeBracket)
        case .openBrace:
            nesting.append(.closeBrace)
        case .closeParenthesis, .closeBracket, .closeBrace:
            guard nesting.last == kind else { return false }
            nesting.removeLast()
        default:
            break
        }
        return true
    }
}
