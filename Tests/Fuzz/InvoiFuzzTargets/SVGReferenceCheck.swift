import Foundation

/// Reads a sanitised SVG back and names the first thing in it that a logo may not hold: a
/// script, foreign content or frame element, an event attribute, a reference to anything
/// but a same-document fragment or an embedded image (`href`, `src`, `data`, `url(…)` in an
/// attribute or a stylesheet, once XML entities and CSS escapes are decoded), an `@import`.
/// Independent of the sanitiser's own reader: it relies only on the output being
/// well-formed and escaped, which the sanitiser promises.
public struct SVGReferenceCheck {
    static let forbiddenElements: Set<String> = ["script", "foreignObject", "iframe", "handler", "listener"]
    static let referenceAttributes: Set<String> = ["href", "src", "data"]
    static let embeddedImagePrefixes = ["data:image/png", "data:image/jpeg", "data:image/jpg", "data:image/gif"]

    private let bytes: [UInt8]
    private var at = 0

    private init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// The first problem in `source`, or nil.
    public static func problem(in source: String) -> String? {
        var check = SVGReferenceCheck(source)
        return check.firstProblem()
    }

    private mutating func firstProblem() -> String? {
        var inStyle = false
        while at < bytes.count {
            guard bytes[at] == UInt8(ascii: "<") else {
                let start = at
                while at < bytes.count, bytes[at] != UInt8(ascii: "<") { at += 1 }
                if inStyle,
                    let problem = Self.stylesheetProblem(Self.decodingEntities(bytes[start..<at]), isSheet: true)
                {
                    return "in a <style>: \(problem)"
                }
                continue
            }
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "/") {
                inStyle = false
                skip(to: UInt8(ascii: ">"))
                continue
            }
            let name = readName()
            let local = Self.localName(name)
            if Self.forbiddenElements.contains(local) { return "a <\(name)> element" }
            while let (attribute, value) = readAttribute() {
                if let problem = Self.attributeProblem(attribute, value) { return "<\(name) \(attribute)>: \(problem)" }
            }
            let selfClosing = at > 0 && bytes[at - 1] == UInt8(ascii: "/")
            skip(to: UInt8(ascii: ">"))
            inStyle = local == "style" && !selfClosing
        }
        return nil
    }

    private static func attributeProblem(_ name: String, _ rawValue: String) -> String? {
        let local = localName(name)
        if local.lowercased().hasPrefix("on") { return "an event attribute" }
        let value = decodingEntities(Array(rawValue.utf8)[...])
        if referenceAttributes.contains(local) {
            let target = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard target.hasPrefix("#") || embeddedImagePrefixes.contains(where: target.hasPrefix) else {
                return "a reference to \(value.prefix(80).debugDescription)"
            }
        }
        // Names, not CSS: an id or class holding "url(" refers to nothing.
        if ["id", "class"].contains(local) { return nil }
        return stylesheetProblem(value, isSheet: false)
    }

    /// `url(…)` that is no fragment, or in a stylesheet `@import`, as CSS Syntax tokenizes
    /// the text: escapes decoded, comments gone, and nothing inside a string but the
    /// argument of `url(` counted (a string is a value, not a reference, wherever it sits —
    /// in an attribute selector it may hold any text). (Declarations, as in a style
    /// attribute, can hold no at-rule.)
    static func stylesheetProblem(_ css: String, isSheet: Bool) -> String? {
        var reader = CSSReader(scalars: Array(css.unicodeScalars))
        return reader.firstProblem(isSheet: isSheet)
    }

    /// Just enough of CSS Syntax's tokenizer to find url tokens, `url(` functions with their
    /// string argument, and at-keywords; everything else is read a character at a time,
    /// which can only find more of them than a browser does, never fewer.
    struct CSSReader {
        let scalars: [Unicode.Scalar]
        var at = 0

        mutating func firstProblem(isSheet: Bool) -> String? {
            while at < scalars.count {
                let scalar = scalars[at]
                if scalar == "/", next(1) == "*" {
                    at += 2
                    while at < scalars.count, !(scalars[at] == "*" && next(1) == "/") { at += 1 }
                    at += 2
                } else if scalar == "\"" || scalar == "'" {
                    _ = readString()
                } else if scalar == "@", startsIdentifier(from: at + 1) {
                    at += 1
                    if readName().lowercased() == "import", isSheet { return "an @import" }
                } else if startsIdentifier(from: at) {
                    let start = at
                    let name = readName()
                    guard name.lowercased() == "url", next(0) == "(" else { continue }
                    at += 1
                    while let scalar = next(0), Self.isWhitespace(scalar) { at += 1 }
                    let target: String?
                    if let quote = next(0), quote == "\"" || quote == "'" {
                        target = readString()
                    } else {
                        target = readUnquotedURL()
                    }
                    if let target, !target.hasPrefix("#") {
                        let written = String(String.UnicodeScalarView(scalars[start..<min(at, scalars.count)]))
                        return "url( to \(written.prefix(80).debugDescription)"
                    }
                } else {
                    at += 1
                }
            }
            return nil
        }

        private func next(_ offset: Int) -> Unicode.Scalar? {
            at + offset < scalars.count ? scalars[at + offset] : nil
        }

        private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalar)
        }

        private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
            ["\n", "\r", "\u{0C}"].contains(scalar)
        }

        private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
        }

        private static func isName(_ scalar: Unicode.Scalar) -> Bool {
            isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        }

        private func isEscape(at index: Int) -> Bool {
            index + 1 < scalars.count && scalars[index] == "\\" && !Self.isNewline(scalars[index + 1])
        }

        /// Whether an identifier starts at `index` (CSS Syntax's "would start an ident sequence").
        private func startsIdentifier(from index: Int) -> Bool {
            guard index < scalars.count else { return false }
            let first = scalars[index]
            if first == "-" {
                guard index + 1 < scalars.count else { return false }
                let second = scalars[index + 1]
                return Self.isNameStart(second) || second == "-" || isEscape(at: index + 1)
            }
            return Self.isNameStart(first) || isEscape(at: index)
        }

        /// The escape at `at` (after its backslash has been seen), decoded.
        private mutating func readEscape() -> Unicode.Scalar {
            at += 1
            guard at < scalars.count else { return "\u{FFFD}" }
            var hex = ""
            while hex.count < 6, let scalar = next(0), scalar.properties.isASCIIHexDigit {
                hex.unicodeScalars.append(scalar)
                at += 1
            }
            guard !hex.isEmpty else {
                at += 1
                return scalars[at - 1]
            }
            if let scalar = next(0), Self.isWhitespace(scalar) { at += 1 }
            let value = UInt32(hex, radix: 16) ?? 0
            return value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
        }

        private mutating func readName() -> String {
            var name = String.UnicodeScalarView()
            while let scalar = next(0) {
                if Self.isName(scalar) {
                    name.append(scalar)
                    at += 1
                } else if isEscape(at: at) {
                    name.append(readEscape())
                } else {
                    break
                }
            }
            return String(name)
        }

        /// A string token's value; it ends at its quote or, unclosed, before a line break.
        private mutating func readString() -> String {
            let quote = scalars[at]
            at += 1
            var value = String.UnicodeScalarView()
            while let scalar = next(0) {
                if scalar == quote {
                    at += 1
                    break
                }
                if Self.isNewline(scalar) { break }
                if scalar == "\\" {
                    if let following = next(1), Self.isNewline(following) {
                        at += 2
                    } else if next(1) == nil {
                        at += 1
                    } else {
                        value.append(readEscape())
                    }
                    continue
                }
                value.append(scalar)
                at += 1
            }
            return String(value)
        }

        /// An unquoted url token's value, or nil for a bad url (which fetches nothing).
        private mutating func readUnquotedURL() -> String? {
            var value = String.UnicodeScalarView()
            var isBad = false
            while let scalar = next(0) {
                if scalar == ")" {
                    at += 1
                    break
                }
                if isBad {
                    if isEscape(at: at) { _ = readEscape() } else { at += 1 }
                    continue
                }
                if Self.isWhitespace(scalar) {
                    while let space = next(0), Self.isWhitespace(space) { at += 1 }
                    if next(0) != ")", next(0) != nil { isBad = true }
                } else if scalar == "\"" || scalar == "'" || scalar == "(" || scalar.value < 0x20 && scalar != "\t"
                    || scalar.value == 0x7F
                {
                    isBad = true
                    at += 1
                } else if scalar == "\\" {
                    if isEscape(at: at) {
                        value.append(readEscape())
                    } else {
                        isBad = true
                        at += 1
                    }
                } else {
                    value.append(scalar)
                    at += 1
                }
            }
            return isBad ? nil : String(value)
        }
    }

    /// Text or an attribute value with its character and entity references decoded.
    static func decodingEntities(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[rest.index(after: ampersand)...]
            guard let semicolon = rest.firstIndex(of: ";") else { break }
            let name = rest[..<semicolon]
            rest = rest[rest.index(after: semicolon)...]
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                result.unicodeScalars.append(number.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
            }
        }
        return result + rest
    }

    private static func localName(_ name: String) -> String {
        String(name.split(separator: ":").last ?? Substring(name))
    }

    private mutating func readName() -> String {
        let start = at
        while at < bytes.count, !" \t\r\n/>=".utf8.contains(bytes[at]) { at += 1 }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// The next `name="value"` of the tag, or nil at its end (`>` or `/>`).
    private mutating func readAttribute() -> (String, String)? {
        while at < bytes.count, " \t\r\n".utf8.contains(bytes[at]) { at += 1 }
        guard at < bytes.count, bytes[at] != UInt8(ascii: ">"), bytes[at] != UInt8(ascii: "/") else {
            if at < bytes.count, bytes[at] == UInt8(ascii: "/") { at += 1 }
            return nil
        }
        let name = readName()
        guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "=") else { return nil }
        let quote = bytes[at + 1]
        at += 2
        let start = at
        while at < bytes.count, bytes[at] != quote { at += 1 }
        defer { at += 1 }
        return (name, String(decoding: bytes[start..<min(at, bytes.count)], as: UTF8.self))
    }

    private mutating func skip(to byte: UInt8) {
        while at < bytes.count, bytes[at] != byte { at += 1 }
        at += 1
    }
}
