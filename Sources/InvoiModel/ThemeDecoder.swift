import Foundation
import InvoiCharacters
import InvoiLocalization

/// Reads a theme file by `ThemeFieldTable`. Stricter than the invoice: a theme is written once
/// and used for many invoices, so what an invoice only warns about (an unknown key, an unknown
/// label) is an error here, and nothing is rendered with a theme that has one.
public struct ThemeDecoder: Sendable {
    /// The invoice decoder's readers of choices, colours and labels, shared so that a theme's
    /// values are checked, and explained, exactly as an invoice's are.
    private let fields = InvoiceDecoder(today: CalendarDate(year: 2000, month: 1, day: 1)!)

    public init() {}

    /// Decodes and checks one theme file. Throws every error of the file together, with its
    /// warnings; otherwise returns the theme with its warnings (removed control characters, a
    /// blank label). `file` names the file in messages.
    public func decode(_ data: Data, file: String) throws(ThemeDecodingError) -> (theme: Theme, warnings: [Diagnostic])
    {
        var context = DecodingContext(file: file, baseDirectory: ".")
        guard data.count <= Theme.Limits.fileSize else {
            context.error(
                "",
                "the theme file is larger than \(Theme.Limits.fileSize) bytes (16 KiB), the most a theme file holds"
            )
            throw ThemeDecodingError(diagnostics: context.diagnostics)
        }
        let parsed = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<JSONNode, ParseProblem> in
            switch TextEncoding.utf8Text(in: raw.assumingMemoryBound(to: UInt8.self)) {
            case .failure(let problem):
                return .failure(ParseProblem(message: problem.message, position: problem.position))
            case .success(let text):
                do throws(JSONParser.SyntaxError) {
                    return .success(try JSONParser.parse(text).root)
                } catch {
                    return .failure(ParseProblem(message: error.message, position: error.position))
                }
            }
        }
        let root: JSONNode
        switch parsed {
        case .success(let node): root = node
        case .failure(let problem):
            context.error("", problem.message, at: problem.position)
            throw ThemeDecodingError(diagnostics: context.diagnostics)
        }
        let theme = readTheme(root, context: &context)
        if context.hasErrors { throw ThemeDecodingError(diagnostics: context.diagnostics) }
        return (theme, context.warnings)
    }

    /// Why the input is no JSON text: its encoding or its syntax.
    private struct ParseProblem: Error {
        var message: String
        var position: SourcePosition?
    }

    private func readTheme(_ root: JSONNode, context: inout DecodingContext) -> Theme {
        var theme = Theme()
        guard case .object(let members) = root.value else {
            context.error("", "expected a JSON object with the theme's fields, got \(DecodingContext.describe(root))")
            return theme
        }
        if let (path, depth) = Self.tooDeep(root, path: "", depth: 0) {
            // Shortened: the path may run through four unknown keys, each quoted up to its limit.
            context.error(
                Diagnostic.shortPath(path),
                "objects and arrays are nested \(depth) deep here; a theme file nests them at most \(Theme.Limits.nestingDepth) deep"
            )
            return theme
        }
        readObject(members, fields: ThemeFieldTable.fields, path: "", into: &theme, context: &context)
        if !members.contains(where: { $0.key == "version" && !Self.isNull($0.value) }) {
            context.error(
                "", "\"version\" is missing; a theme file starts with \"version\": \(ThemeFieldTable.version)")
        }
        if let window = theme.window, let design = theme.design, design != .letter {
            context.error(
                "window",
                "the window \"\(window.rawValue)\" is for the letter design, but \"design\" is \"\(design.rawValue)\"; remove \"window\" or use \"design\": \"letter\""
            )
        }
        return theme
    }

    /// The first container nested deeper than the limit below the root, with how deep it is.
    private static func tooDeep(_ node: JSONNode, path: String, depth: Int) -> (String, Int)? {
        switch node.value {
        case .object(let members):
            if depth > Theme.Limits.nestingDepth { return (path, depth) }
            for member in members {
                let key = DiagnosticText.excerpt(member.key)
                if let found = tooDeep(member.value, path: path.isEmpty ? key : "\(path).\(key)", depth: depth + 1) {
                    return found
                }
            }
        case .array(let elements):
            if depth > Theme.Limits.nestingDepth { return (path, depth) }
            for (index, element) in elements.enumerated() {
                if let found = tooDeep(element, path: "\(path)[\(index)]", depth: depth + 1) { return found }
            }
        default:
            break
        }
        return nil
    }

    private static func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { true } else { false }
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? DiagnosticText.excerpt(key) : "\(path).\(DiagnosticText.excerpt(key))"
    }

    private func readObject(
        _ members: [JSONNode.Member], fields: [ThemeField], path: String, into theme: inout Theme,
        context: inout DecodingContext
    ) {
        for member in InvoiceDecoder.uniqueMembers(members, path: { Self.join(path, $0) }, context: &context) {
            // null means "not given", as in an invoice: the design's default stays.
            if Self.isNull(member.value) { continue }
            let memberPath = Self.join(path, member.key)
            if path.isEmpty, member.key == ThemeFieldTable.schemaKey { continue }
            guard let field = fields.first(where: { $0.name == member.key }) else {
                // At the object's path, as the invoice's unknown fields are: the message names
                // the key, which a path would quote a second time.
                context.error(path, Self.unknownFieldMessage(member.key, candidates: fields.map(\.name)))
                continue
            }
            if let value = read(member.value, as: field, path: memberPath, into: &theme, context: &context) {
                field.apply(&theme, value)
            }
        }
    }

    static func unknownFieldMessage(_ key: String, candidates: [String]) -> String {
        let message = "unknown field \(DiagnosticText.quoted(key))"
        if let suggestion = KeySuggestion.closest(to: key, among: candidates) {
            return message + " — did you mean \"\(suggestion)\"?"
        }
        return message + "; the fields here are \(DiagnosticText.alternatives(candidates))"
    }

    /// The value of `node` for `field`, or nil (with errors) when it is not one; an object's
    /// fields are put into `theme` as they are read.
    private func read(
        _ node: JSONNode, as field: ThemeField, path: String, into theme: inout Theme, context: inout DecodingContext
    ) -> ThemeValue? {
        switch field.type {
        case .version(let version):
            guard let number = context.number(node, path: path) else { return nil }
            guard number == Decimal(version) else {
                context.error(path, "unknown version \(number); this invoi reads theme files of version \(version)")
                return nil
            }
            return nil
        case .choice(let values):
            guard let text = context.text(node, path: path) else { return nil }
            if values.contains(text) { return .text(text) }
            if let intended = KeySuggestion.closestValue(to: text, among: values) {
                context.error(
                    path, "unknown \(field.name) \(DiagnosticText.quoted(text)) — did you mean \"\(intended)\"?")
            } else {
                context.error(
                    path,
                    "unknown \(field.name) \(DiagnosticText.quoted(text)); use \(DiagnosticText.alternatives(values))")
            }
            return nil
        case .color:
            return fields.readAccentColor(node, path: path, context: &context).map(ThemeValue.color)
        case .family:
            return readFamily(node, path: path, context: &context).map(ThemeValue.text)
        case .number(let range, let unit, let naming):
            guard let number = context.number(node, path: path) else { return nil }
            let value = NSDecimalNumber(decimal: number).doubleValue
            guard range.contains(value) else {
                context.error(
                    path,
                    "\(naming) is from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) \(unit), got \(number)"
                )
                return nil
            }
            return .number(value)
        case .boolean:
            guard case .bool(let flag) = node.value else {
                context.error(path, "expected true or false, got \(DecodingContext.describe(node))")
                return nil
            }
            return .flag(flag)
        case .text(let maximumLength):
            guard let text = context.text(node, path: path) else { return nil }
            let length = text.unicodeScalars.count
            guard length <= maximumLength else {
                context.error(path, "the \(field.name) is \(length) characters long; it holds at most \(maximumLength)")
                return nil
            }
            return .text(text)
        case .columns(let names, let required):
            guard let listed = readNames(node, path: path, naming: "column", among: names, context: &context) else {
                return nil
            }
            let missing = required.filter { !listed.contains($0) }
            guard missing.isEmpty else {
                context.error(
                    path,
                    "the table always shows \(Self.every(required)): add \(Self.every(missing))"
                )
                return nil
            }
            return .names(listed)
        case .sections(let hideable, let legallyRequired):
            return readNames(
                node, path: path, naming: "section", among: hideable, refusing: legallyRequired, context: &context
            ).map(ThemeValue.names)
        case .fallbacks(let scripts, let maximumCount):
            return readFallbacks(node, path: path, scripts: scripts, maximumCount: maximumCount, context: &context)
        case .labels:
            return .labels(fields.readLabels(node, path: path, unknownKeysAreErrors: true, context: &context))
        case .object(let objectFields):
            guard case .object(let members) = node.value else {
                context.error(
                    path,
                    "expected an object with \(DiagnosticText.alternatives(objectFields.map(\.name))), got \(DecodingContext.describe(node))"
                )
                return nil
            }
            readObject(members, fields: objectFields, path: path, into: &theme, context: &context)
            return nil
        }
    }

    /// `"a"`, `"a" and "b"`.
    private static func every(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `8`, `12.5`.
    private static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }

    private func readFamily(_ node: JSONNode, path: String, context: inout DecodingContext) -> String? {
        guard let text = context.text(node, path: path) else { return nil }
        if text.allSatisfy(\.isWhitespace) {
            context.error(
                path,
                "expected a font family's name, got \(DiagnosticText.quoted(text)); leave the key out for the design's font"
            )
            return nil
        }
        if text.contains(where: \.isNewline) {
            context.error(path, "a font family's name is one line; remove the line break")
            return nil
        }
        let length = text.unicodeScalars.count
        guard length <= ThemeFieldTable.maximumFamilyLength else {
            context.error(
                path, "a font family's name is at most \(ThemeFieldTable.maximumFamilyLength) characters, got \(length)"
            )
            return nil
        }
        return text
    }

    /// An array of distinct names from `names`; one of `refused` is an error saying it is
    /// legally required.
    private func readNames(
        _ node: JSONNode, path: String, naming what: String, among names: [String], refusing refused: [String] = [],
        context: inout DecodingContext
    ) -> [String]? {
        guard case .array(let elements) = node.value else {
            context.error(
                path,
                "expected an array of \(what) names such as [\"\(names[0])\"], got \(DecodingContext.describe(node))")
            return nil
        }
        var listed: [String] = []
        var firstIndex: [String: Int] = [:]
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            guard let name = context.text(element, path: elementPath) else {
                valid = false
                continue
            }
            if refused.contains(name) {
                context.error(
                    elementPath,
                    "\"\(name)\" cannot be hidden: it is legally required (the parties, tax ids, totals, VAT breakdown, allocation number and copy mark are always shown); hide one of \(DiagnosticText.alternatives(names))"
                )
                valid = false
                continue
            }
            guard names.contains(name) else {
                let suggestion = KeySuggestion.closestValue(to: name, among: names)
                context.error(
                    elementPath,
                    "unknown \(what) \(DiagnosticText.quoted(name))"
                        + (suggestion.map { " — did you mean \"\($0)\"?" }
                            ?? "; use \(DiagnosticText.alternatives(names))"))
                valid = false
                continue
            }
            if let first = firstIndex[name] {
                context.error(
                    elementPath, "\"\(name)\" is listed twice (also at \(path)[\(first)]); list a \(what) once")
                valid = false
                continue
            }
            firstIndex[name] = index
            listed.append(name)
        }
        return valid ? listed : nil
    }

    private func readFallbacks(
        _ node: JSONNode, path: String, scripts: [String], maximumCount: Int, context: inout DecodingContext
    ) -> ThemeValue? {
        guard case .object(let members) = node.value else {
            context.error(
                path,
                "expected an object of font families by script, such as {\"hebrew\": [\"Noto Sans Hebrew\"]}, got \(DecodingContext.describe(node))"
            )
            return nil
        }
        var fallbacks: [Theme.Script: [String]] = [:]
        var valid = true
        for (key, member, memberPath) in InvoiceDecoder.givenMembers(members, in: path, context: &context) {
            guard let script = Theme.Script(rawValue: key) else {
                let suggestion = KeySuggestion.closest(to: key, among: scripts)
                context.error(
                    path,
                    "unknown script \(DiagnosticText.quoted(key))"
                        + (suggestion.map { " — did you mean \"\($0)\"?" }
                            ?? "; use \(DiagnosticText.alternatives(scripts))"))
                valid = false
                continue
            }
            guard case .array(let elements) = member.value else {
                context.error(
                    memberPath, "expected an array of font family names, got \(DecodingContext.describe(member))")
                valid = false
                continue
            }
            guard elements.count <= maximumCount else {
                context.error(
                    memberPath, "a script has at most \(maximumCount) fallback families, got \(elements.count)")
                valid = false
                continue
            }
            var families: [String] = []
            for (index, element) in elements.enumerated() {
                if let family = readFamily(element, path: "\(memberPath)[\(index)]", context: &context) {
                    families.append(family)
                } else {
                    valid = false
                }
            }
            fallbacks[script] = families
        }
        return valid ? .fallbacks(fallbacks) : nil
    }
}

/// Everything wrong with one theme file; nothing is rendered with it.
public struct ThemeDecodingError: Error, Sendable, CustomStringConvertible {
    /// All of the file's diagnostics in source order: at least one error, and any warnings.
    public let diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
