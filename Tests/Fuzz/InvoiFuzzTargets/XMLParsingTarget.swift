import Foundation
import InvoiReading
import InvoiXML

/// Received e-invoice XML on arbitrary bytes: parsed (`XMLDocument.parse`), then read as an
/// invoice (`EInvoiceReader`). A refusal must point inside the input (a line it has, a column
/// within that line) with a printable message; an accepted document must have its elements
/// in document order with consistent names, and must come back the same when written out
/// again (namespaces, attributes, text with its references and line ends) and parsed.
enum XMLParsingTarget {
    static func run(_ data: Data, show: ((String) -> Void)?) -> FuzzTarget.Verdict {
        let bytes = [UInt8](data)
        let lines = lineLengths(of: bytes)
        let document: XMLDocument
        do {
            document = try XMLDocument.parse(bytes)
        } catch {
            show?("\(error.line):\(error.column): \(error.message)")
            check(error.message, line: error.line, column: error.column, lines: lines)
            return .refused
        }
        checkTree(document.root, lines: lines)
        var written = ""
        write(document.root, into: &written)
        show?(written)
        var relaxed = XMLLimits()
        // The copy declares a namespace or two more per element, and escapes more.
        relaxed.maximumAttributesPerElement = relaxed.maximumAttributesPerElement * 2 + 1
        relaxed.maximumAttributeValueLength *= 8
        do {
            let again = try XMLDocument.parse(Array(written.utf8), limits: relaxed)
            if let difference = difference(document.root, again.root) {
                FuzzCheck.require(false, "the document written out and parsed again differs: \(difference)")
            }
        } catch {
            FuzzCheck.require(
                false, "the document written out is refused at \(error.line):\(error.column): \(error.message)")
        }
        do {
            _ = try EInvoiceReader().read(xml: bytes)
        } catch {
            show?(error.message)
            FuzzCheck.require(FuzzCheck.isPrintable(error.message), "a reading error has a control character")
            if let line = error.line, let column = error.column {
                check(error.message, line: line, column: column, lines: lines)
            }
        }
        return .accepted
    }

    /// The byte length of each line, counted as the parser counts them (a carriage return,
    /// alone or before a line feed, ends a line).
    static func lineLengths(of bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        var length = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                lengths.append(length)
                length = 0
            case 0x0D:
                lengths.append(length)
                length = 0
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            default: length += 1
            }
            index += 1
        }
        lengths.append(length)
        return lengths
    }

    private static func check(_ message: String, line: Int, column: Int, lines: [Int]) {
        FuzzCheck.require(!message.isEmpty && FuzzCheck.isPrintable(message), "the message \(message.debugDescription)")
        FuzzCheck.require(
            line >= 1 && line <= lines.count, "line \(line) of an input of \(lines.count) lines: \(message)")
        FuzzCheck.require(
            column >= 1 && column <= lines[line - 1] + 1,
            "column \(column) of line \(line), which is \(lines[line - 1]) bytes long: \(message)")
    }

    /// Every element where the input has it, after the one before; names consistent.
    private static func checkTree(_ root: XMLElement, lines: [Int]) {
        var stack = [root]
        var previous = (line: 0, column: 0)
        while let element = stack.popLast() {
            check(element.qualifiedName, line: element.line, column: element.column, lines: lines)
            FuzzCheck.require(
                (element.line, element.column) > previous,
                "<\(element.qualifiedName)> at \(element.line):\(element.column) is not after the element before")
            previous = (element.line, element.column)
            FuzzCheck.require(
                !element.localName.isEmpty && !element.localName.contains(":")
                    && (element.qualifiedName == element.localName
                        || element.qualifiedName.hasSuffix(":" + element.localName)),
                "the names of <\(element.qualifiedName)>: \(element.localName)")
            for attribute in element.attributes {
                let isDeclaration =
                    attribute.namespace == "http://www.w3.org/2000/xmlns/"
                    || (attribute.namespace.isEmpty && attribute.localName == "xmlns")
                FuzzCheck.require(
                    !isDeclaration, "a namespace declaration among the attributes of <\(element.qualifiedName)>")
            }
            stack.append(contentsOf: element.children.reversed())
        }
    }

    /// The tree as XML: each element declares its namespace as the default and a prefix for each
    /// of its attributes' namespaces; its text comes before its children (it is joined anyway).
    static func write(_ element: XMLElement, into output: inout String) {
        output += "<\(element.localName) xmlns=\"\(escaped(element.namespace))\""
        var prefixes = ["http://www.w3.org/XML/1998/namespace": "xml"]
        for attribute in element.attributes {
            var name = attribute.localName
            if !attribute.namespace.isEmpty {
                if prefixes[attribute.namespace] == nil {
                    let prefix = "p\(prefixes.count)"
                    prefixes[attribute.namespace] = prefix
                    output += " xmlns:\(prefix)=\"\(escaped(attribute.namespace))\""
                }
                name = prefixes[attribute.namespace]! + ":" + name
            }
            output += " \(name)=\"\(escaped(attribute.value))\""
        }
        output += ">" + escaped(element.text)
        for child in element.children { write(child, into: &output) }
        output += "</\(element.localName)>"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The first difference between two trees but for positions; nil when there is none.
    static func difference(_ first: XMLElement, _ second: XMLElement) -> String? {
        var pairs = [(first, second)]
        while let (a, b) = pairs.popLast() {
            guard a.namespace == b.namespace, a.localName == b.localName else {
                return "{\(a.namespace)}\(a.localName) became {\(b.namespace)}\(b.localName)"
            }
            guard a.attributes == b.attributes else {
                return "the attributes of \(a.qualifiedName): \(a.attributes) became \(b.attributes)"
            }
            guard a.text == b.text else {
                return "the text of \(a.qualifiedName): \(a.text.debugDescription) became \(b.text.debugDescription)"
            }
            guard a.children.count == b.children.count else {
                return "\(a.qualifiedName) had \(a.children.count) children, then \(b.children.count)"
            }
            pairs.append(contentsOf: zip(a.children, b.children))
        }
        return nil
    }
}
