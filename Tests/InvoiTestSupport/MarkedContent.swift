import Foundation

/// The untagged-content check of a tagged PDF, independent of the code that writes it: every
/// text-showing operator (`Tj`, `TJ`, `'`, `"`) and every painting operator (path painting,
/// `sh`, `Do`, inline images) in every page's content stream must sit inside a marked-content
/// sequence whose MCID the structure tree references for that page (through the /K of an element
/// whose /Pg is the page), or inside an `/Artifact` sequence. The file is read through qpdf's
/// JSON, which decodes every stream; the content streams are tokenized here.
public enum MarkedContent {
    public struct Finding: CustomStringConvertible, Sendable {
        public var page: Int
        public var operation: String
        /// The operator's place among the page's operators.
        public var index: Int
        public var reason: String

        public var description: String { "page \(page), operator \(index) (\(operation)): \(reason)" }
    }

    public struct Report: Sendable {
        public var findings: [Finding]
        /// How many text-showing and painting operators were looked at.
        public var checkedOperators: Int
    }

    static let textOperators: Set<String> = ["Tj", "TJ", "'", "\""]
    static let paintingOperators: Set<String> = ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh", "Do", "BI"]

    /// A structure element as the file stores it: its depth (the document element 0), its type
    /// and its /ActualText.
    public struct StructureElement: Equatable, Sendable {
        public var depth: Int
        public var type: String
        public var actualText: String?
    }

    /// The structure tree's elements in the tree's order.
    public static func structureTree(pdfAt path: String) throws -> [StructureElement] {
        let file = try load(path)
        let catalog = try file.dictionary(file.trailer["/Root"])
        var elements: [StructureElement] = []
        func visit(_ kids: Any?, depth: Int) throws {
            guard depth < 256 else { throw TestError("the structure tree is too deep") }
            for kid in (kids as? [Any]) ?? (kids.map { [$0] } ?? []) {
                guard let element = file.resolved(kid) as? [String: Any], let type = element["/S"] as? String else {
                    continue
                }
                let text = (element["/ActualText"] as? String).flatMap {
                    $0.hasPrefix("u:") ? String($0.dropFirst(2)) : nil
                }
                elements.append(StructureElement(depth: depth, type: String(type.dropFirst()), actualText: text))
                try visit(element["/K"], depth: depth + 1)
            }
        }
        if let tree = catalog["/StructTreeRoot"] { try visit(file.dictionary(tree)["/K"], depth: 0) }
        return elements
    }

    static func load(_ path: String) throws -> File {
        let run = try Tools.execute(
            URL(fileURLWithPath: "/usr/bin/qpdf"),
            ["--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized", path])
        guard run.status == 0 || run.status == 3 else {
            throw TestError("qpdf --json failed: \(String(decoding: run.standardError, as: UTF8.self))")
        }
        guard let root = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any],
            let sections = root["qpdf"] as? [Any], sections.count > 1, let objects = sections[1] as? [String: Any]
        else { throw TestError("qpdf's JSON has no objects") }
        return File(objects: objects)
    }

    public static func check(pdfAt path: String) throws -> Report {
        let file = try load(path)
        let catalog = try file.dictionary(file.trailer["/Root"])
        let pages = try file.pages(catalog["/Pages"])
        var referenced: Set<String> = []
        if let tree = catalog["/StructTreeRoot"] {
            try file.collectMarkedContent(from: file.dictionary(tree)["/K"], page: nil, into: &referenced, depth: 0)
        }
        var findings: [Finding] = []
        var checked = 0
        for (number, page) in pages.enumerated() {
            let dictionary = try file.dictionary(page)
            var contents: [UInt8] = []
            let streams: [Any] = (dictionary["/Contents"] as? [Any]) ?? [dictionary["/Contents"] as Any]
            for stream in streams {
                contents += try file.streamData(stream)
                contents.append(0x0A)
            }
            let pageKey = page as? String ?? ""
            let result = scan(contents) { mcid in referenced.contains("\(pageKey)#\(mcid)") }
            checked += result.checked
            findings += result.findings.map {
                Finding(page: number + 1, operation: $0.operation, index: $0.index, reason: $0.reason)
            }
        }
        return Report(findings: findings, checkedOperators: checked)
    }

    /// The operators of one content stream that are outside every artifact and every marked
    /// sequence whose MCID `isReferenced`.
    public static func scan(
        _ contents: [UInt8], isReferenced: (Int) -> Bool
    ) -> (findings: [(operation: String, index: Int, reason: String)], checked: Int) {
        var tokenizer = ContentTokenizer(bytes: contents)
        var operands: [ContentTokenizer.Token] = []
        var stack: [(tag: String, mcid: Int?)] = []
        var findings: [(operation: String, index: Int, reason: String)] = []
        var checked = 0
        var index = 0
        while let token = tokenizer.next() {
            guard case .operator(let name) = token else {
                operands.append(token)
                continue
            }
            defer {
                operands = []
                index += 1
            }
            switch name {
            case "BMC":
                if case .name(let tag)? = operands.last { stack.append((tag, nil)) } else { stack.append(("?", nil)) }
            case "BDC":
                var tag = "?"
                var mcid: Int?
                if operands.count >= 2, case .name(let name) = operands[operands.count - 2] { tag = name }
                if case .dictionary(let entries)? = operands.last { mcid = entries["/MCID"] }
                stack.append((tag, mcid))
            case "EMC":
                if stack.popLast() == nil { findings.append((name, index, "EMC without a sequence to end")) }
            case _ where textOperators.contains(name) || paintingOperators.contains(name):
                checked += 1
                if stack.contains(where: { $0.tag == "/Artifact" }) { break }
                guard let mcid = stack.last(where: { $0.mcid != nil })?.mcid else {
                    findings.append((name, index, "in no marked-content sequence with an MCID, and no artifact"))
                    break
                }
                if !isReferenced(mcid) {
                    findings.append((name, index, "MCID \(mcid) is referenced by no structure element of this page"))
                }
            default: break
            }
        }
        if !stack.isEmpty { findings.append(("EMC", index, "\(stack.count) sequences never ended")) }
        return (findings, checked)
    }

    /// qpdf's objects: `obj:N G R` → `{"value": …}` or `{"stream": {"dict": …, "data": base64}}`.
    struct File {
        let objects: [String: Any]

        var trailer: [String: Any] {
            ((objects["trailer"] as? [String: Any])?["value"] as? [String: Any]) ?? [:]
        }

        func resolved(_ value: Any?) -> Any? {
            guard let reference = value as? String, reference.hasSuffix(" R") else { return value }
            let object = objects["obj:" + reference] as? [String: Any]
            return object?["value"] ?? object?["stream"]
        }

        func dictionary(_ value: Any?) throws -> [String: Any] {
            guard let dictionary = resolved(value) as? [String: Any] else {
                throw TestError("not a dictionary: \(String(describing: value))")
            }
            return dictionary
        }

        func streamData(_ reference: Any) throws -> [UInt8] {
            guard let stream = resolved(reference) as? [String: Any], let data = stream["data"] as? String,
                let bytes = Data(base64Encoded: data)
            else { throw TestError("no decoded stream at \(reference)") }
            return [UInt8](bytes)
        }

        /// The page objects' references, in page order.
        func pages(_ node: Any?, depth: Int = 0) throws -> [Any] {
            let dictionary = try self.dictionary(node)
            guard depth < 32 else { throw TestError("the page tree is too deep") }
            if dictionary["/Type"] as? String == "/Page" { return [node as Any] }
            var pages: [Any] = []
            for kid in dictionary["/Kids"] as? [Any] ?? [] { pages += try self.pages(kid, depth: depth + 1) }
            return pages
        }

        /// Every `page#MCID` the structure tree references under `kids`; `page` is the /Pg
        /// an element inherits.
        func collectMarkedContent(from kids: Any?, page: String?, into found: inout Set<String>, depth: Int) throws {
            guard depth < 256 else { throw TestError("the structure tree is too deep") }
            let list: [Any] = (kids as? [Any]) ?? (kids.map { [$0] } ?? [])
            for kid in list {
                if let mcid = kid as? Int {
                    guard let page else { throw TestError("MCID \(mcid) of an element without /Pg") }
                    found.insert("\(page)#\(mcid)")
                } else if let dictionary = resolved(kid) as? [String: Any] {
                    switch dictionary["/Type"] as? String {
                    case "/MCR":
                        guard let mcid = dictionary["/MCID"] as? Int,
                            let owner = (dictionary["/Pg"] as? String) ?? page
                        else { throw TestError("a marked-content reference without MCID or page") }
                        found.insert("\(owner)#\(mcid)")
                    case "/OBJR": break
                    default:
                        try collectMarkedContent(
                            from: dictionary["/K"], page: (dictionary["/Pg"] as? String) ?? page, into: &found,
                            depth: depth + 1)
                    }
                }
            }
        }
    }
}

/// The tokens of a content stream (ISO 32000-1 §7.8.2): operands and operators. Strings and
/// arrays are kept only as far as the check needs them; a dictionary keeps its integer entries.
struct ContentTokenizer {
    enum Token {
        case number
        case integer(Int)
        case name(String)
        case string
        case arrayMark
        case dictionary([String: Int])
        case `operator`(String)
    }

    let bytes: [UInt8]
    var position = 0

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        [0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25].contains(byte)
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            if Self.isWhitespace(bytes[position]) {
                position += 1
            } else if bytes[position] == 0x25 {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    mutating func regular() -> String {
        let start = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func next() -> Token? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case 0x28:  // (string), nested parentheses and escapes
            var depth = 0
            while position < bytes.count {
                switch bytes[position] {
                case 0x5C: position += 1
                case 0x28: depth += 1
                case 0x29:
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return .string
                    }
                default: break
                }
                position += 1
            }
            return .string
        case 0x3C where position + 1 < bytes.count && bytes[position + 1] == 0x3C:
            position += 2
            var entries: [String: Int] = [:]
            var key: String?
            while let token = next() {
                if case .operator(">>") = token { break }
                if case .name(let name) = token, key == nil {
                    key = name
                    continue
                }
                if let found = key, case .integer(let value) = token { entries[found] = value }
                key = nil
            }
            return .dictionary(entries)
        case 0x3E where position + 1 < bytes.count && bytes[position + 1] == 0x3E:
            position += 2
            return .operator(">>")
        case 0x3C:  // <hex>
            while position < bytes.count, bytes[position] != 0x3E { position += 1 }
            position += 1
            return .string
        case 0x5B, 0x5D, 0x7B, 0x7D:
            position += 1
            return .arrayMark
        case 0x2F:
            position += 1
            return .name("/" + regular())
        default:
            let word = regular()
            if word.isEmpty {
                position += 1
                return .arrayMark
            }
            if word == "ID" {
                // Inline image data, up to `EI` between whitespace; reported as its `BI`.
                position += 1
                while position + 2 < bytes.count,
                    !(Self.isWhitespace(bytes[position]) && bytes[position + 1] == 0x45 && bytes[position + 2] == 0x49
                        && (position + 3 == bytes.count || Self.isWhitespace(bytes[position + 3])))
                {
                    position += 1
                }
                position += 3
                return .number
            }
            if let first = word.utf8.first,
                first == 0x2B || first == 0x2D || first == 0x2E || (0x30...0x39).contains(first)
            {
                return Int(word).map { .integer($0) } ?? .number
            }
            return .operator(word)
        }
    }
}
