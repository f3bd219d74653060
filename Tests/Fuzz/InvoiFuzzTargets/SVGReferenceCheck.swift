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

    /// `url(…)` that is no fragment, or in a stylesheet `@import`, once CSS escapes and
    /// comments are gone. (Declarations, as in a style attribute, can hold no at-rule.)
    static func stylesheetProblem(_ css: String, isSheet: Bool) -> String? {
        let text = unescapingCSS(css).lowercased()
        if isSheet, withoutURLsAndStrings(text).contains("@import") { return "an @import" }
        var rest = Substring(text)
        while let found = rest.range(of: "url(") {
            let argument = rest[found.upperBound...].drop { " \t\n\r\u{0C}".contains($0) }
            // A quoted argument is one string: a fragment id may hold "url(" itself
            // (`url('#a-url(b)')`). The string ends at its quote or, as CSS reads it, at a
            // line break; an escaped quote, decoded above, ends it early, which can only
            // make this check look at more.
            let quote = argument.first.flatMap { $0 == "\"" || $0 == "'" ? $0 : nil }
            let body = quote == nil ? argument : argument.dropFirst()
            guard body.first == "#" else { return "url( to \(rest[found.lowerBound...].prefix(80).debugDescription)" }
            guard let quote else {
                rest = body
                continue
            }
            let end = body.firstIndex { $0 == quote || "\n\r\u{0C}".contains($0) } ?? body.endIndex
            rest = body[end...]
        }
        return nil
    }

    /// `text` without the bodies of `url(…)` and of quoted strings: an `@import` inside them
    /// (`url(#a@import)`, a fragment id holding the word) is no at-rule.
    static func withoutURLsAndStrings(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let next = rest.firstIndex(where: { $0 == "\"" || $0 == "'" || $0 == "u" }) {
            result += rest[..<next]
            let character = rest[next]
            if character == "u" {
                guard rest[next...].hasPrefix("url(") else {
                    result.append("u")
                    rest = rest[rest.index(after: next)...]
                    continue
                }
                result += "url()"
                let body = rest[rest.index(next, offsetBy: 4)...]
                rest = body.firstIndex(of: ")").map { body[body.index(after: $0)...] } ?? ""
            } else {
                result += "\"\""
                let body = rest[rest.index(after: next)...]
                rest = body.firstIndex(of: character).map { body[body.index(after: $0)...] } ?? ""
            }
        }
        return result + rest
    }

    /// CSS with its escapes decoded (`\75 ` and `\000075` are `u`, `\"` is `"`) and its
    /// comments removed.
    static func unescapingCSS(_ css: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(css.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
                continue
            }
            guard scalar == "\\", index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            index += 1
            var hex = ""
            while hex.count < 6, index < scalars.count, scalars[index].properties.isASCIIHexDigit {
                hex.unicodeScalars.append(scalars[index])
                index += 1
            }
            if hex.isEmpty {
                if scalars[index] != "\n" { result.append(scalars[index]) }
                index += 1
            } else {
                result.append(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
                if index < scalars.count, [" ", "\t", "\n"].contains(scalars[index]) { index += 1 }
            }
        }
        return String(result)
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
