/// One rule of a stylesheet, its parts as written (comments removed).
enum CSSRule: Equatable {
    /// `selectors { declarations }`
    case style(selectors: String, declarations: String)
    /// `@name prelude;` or `@name prelude { block }`; the block is not read further.
    case atRule(name: String, prelude: String, block: String?)
}

/// Reads a stylesheet into its rules, strictly: nil for anything it cannot read with
/// confidence (a brace, bracket or parenthesis left open or closed twice, a brace or `;`
/// inside brackets or parentheses, a string that holds a brace or never ends, a comment
/// that never ends, a selector without a block), so that the caller drops the whole
/// stylesheet instead of guessing where a rule ends, as a browser might guess otherwise.
struct CSSStylesheetReader {
    private let scalars: [Unicode.Scalar]
    private var at = 0

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The rules of a whole stylesheet.
    static func rules(in css: String) -> [CSSRule]? {
        guard let text = withoutComments(css) else { return nil }
        var reader = CSSStylesheetReader(text)
        return reader.readRules()
    }

    /// The rules inside an at-rule's block, as `rules(in:)` returned it.
    static func rules(inBlock block: String) -> [CSSRule]? {
        var reader = CSSStylesheetReader(block)
        return reader.readRules()
    }

    /// The text without `/* … */` comments; nil when a comment or a string never ends, or
    /// a string holds a brace.
    static func withoutComments(_ css: String) -> String? {
        let scalars = Array(css.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == "*" && scalars[end + 1] == "/") { end += 1 }
                guard end + 1 < scalars.count else { return nil }
                index = end + 2
            } else if scalar == "\"" || scalar == "'" {
                guard let end = stringEnd(in: scalars, from: index) else { return nil }
                out.append(contentsOf: scalars[index...end])
                index = end + 1
            } else {
                out.append(scalar)
                index += 1
            }
        }
        return String(out)
    }

    /// The index of the quote that closes the string opening at `start`; nil when it
    /// never closes on its line or holds a brace.
    private static func stringEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        while index < scalars.count, scalars[index] != scalars[start] {
            guard !["{", "}", "\n", "\r", "\u{0C}"].contains(scalars[index]) else { return nil }
            index += 1
        }
        return index < scalars.count ? index : nil
    }

    // MARK: Rules

    private mutating func readRules() -> [CSSRule]? {
        var rules: [CSSRule] = []
        while true {
            skipSpaceAndHTMLCommentMarkers()
            guard at < scalars.count else { return rules }
            if scalars[at] == "@" {
                at += 1
                let nameStart = at
                while at < scalars.count, CSSSelectorScoping.isNameCharacter(scalars[at]) { at += 1 }
                let name = String(String.UnicodeScalarView(scalars[nameStart..<at]))
                guard !name.isEmpty, let (prelude, terminator) = readPrelude(allowingSemicolon: true) else {
                    return nil
                }
                if terminator == ";" {
                    rules.append(.atRule(name: name, prelude: prelude, block: nil))
                } else {
                    guard let block = readBlock() else { return nil }
                    rules.append(.atRule(name: name, prelude: prelude, block: block))
                }
            } else {
                guard let (prelude, terminator) = readPrelude(allowingSemicolon: false), terminator == "{",
                    let block = readBlock()
                else { return nil }
                rules.append(.style(selectors: prelude, declarations: block))
            }
        }
    }

    /// The text up to a `{` (or a `;`, when allowed) outside brackets, parentheses and
    /// strings, and which one ended it; the reader then stands after it.
    private mutating func readPrelude(allowingSemicolon: Bool) -> (String, Unicode.Scalar)? {
        let start = at
        var nesting: [Unicode.Scalar] = []
        while at < scalars.count {
            let scalar = scalars[at]
            switch scalar {
            case "\"", "'":
                guard let end = Self.stringEnd(in: scalars, from: at) else { return nil }
                at = end
            case "(", "[":
                nesting.append(scalar == "(" ? ")" : "]")
            case ")", "]":
                guard nesting.popLast() == scalar else { return nil }
            case "{", "}", ";":
                guard nesting.isEmpty, scalar != "}", scalar == "{" || allowingSemicolon else { return nil }
                let prelude = String(String.UnicodeScalarView(scalars[start..<at]))
                at += 1
                return (prelude, scalar)
            default:
                break
            }
            at += 1
        }
        return nil
    }

    /// The text up to the `}` that closes the block just opened; the reader then stands after it.
    private mutating func readBlock() -> String? {
        let start = at
        var nesting: [Unicode.Scalar] = []
        while at < scalars.count {
            let scalar = scalars[at]
            switch scalar {
            case "\"", "'":
                guard let end = Self.stringEnd(in: scalars, from: at) else { return nil }
                at = end
            case "(", "[", "{":
                // A brace may not open inside brackets or parentheses.
                guard scalar != "{" || nesting.allSatisfy({ $0 == "}" }) else { return nil }
                nesting.append(scalar == "(" ? ")" : scalar == "[" ? "]" : "}")
            case ")", "]":
                guard nesting.popLast() == scalar else { return nil }
            case "}":
                if nesting.isEmpty {
                    let block = String(String.UnicodeScalarView(scalars[start..<at]))
                    at += 1
                    return block
                }
                guard nesting.popLast() == "}" else { return nil }
            default:
                break
            }
            at += 1
        }
        return nil
    }

    /// Whitespace, and the `<!--` and `-->` that old stylesheets put around their rules.
    private mutating func skipSpaceAndHTMLCommentMarkers() {
        while at < scalars.count {
            if Self.isSpace(scalars[at]) {
                at += 1
            } else if starts(with: "<!--") {
                at += 4
            } else if starts(with: "-->") {
                at += 3
            } else {
                return
            }
        }
    }

    private func starts(with marker: String) -> Bool {
        let pattern = Array(marker.unicodeScalars)
        return scalars.count - at >= pattern.count && scalars[at..<(at + pattern.count)].elementsEqual(pattern)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }
}
