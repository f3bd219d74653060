import Foundation
import InvoiCharacters
import InvoiDocument

/// Turns an untrusted SVG file into the standalone, self-contained SVG that
/// `SanitizedSVG` promises (see there), before librsvg or any other SVG renderer sees
/// it. A small XML reader of its own, so that no parser ever expands an entity or fetches
/// anything. What is kept is an allow-list (`LogoElement`, `LogoProperty`,
/// `LogoAttribute`): static shapes and paths,
/// gradients, clipping paths, masks, markers, raster images as `data:` PNG or JPEG,
/// stylesheets (`CSSSanitizer`) and cheap filters; only same-document references
/// (`#id`). Anything else is left out with what it contains (scripts, foreign content,
/// animations, metadata, unknown elements and attributes, external references); text,
/// patterns and costly filters are refused with what to do instead, since leaving them
/// out would change the picture without a word. Every id is renamed (see `IDRenaming`)
/// and every stylesheet scoped to the root, so that the SVG backend can inline the logo
/// into a page that has ids and elements of its own; and what drawing it costs is bounded
/// (`SVGCost`), so the verdict is the same whichever format is written.
struct SVGSanitizer {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// Elements nested deeper are refused, in the file and as drawn (`<use>` followed).
    var largestDepth = 64
    /// Elements in the file, kept or not.
    var largestElementCount = 20_000
    /// Units of drawing work (`SVGCost`): 10,000 simple shapes, about half a second to
    /// draw in a PDF or a 144 dpi PNG.
    var largestCost = 10_000
    /// Bytes of CSS (presentation attributes, `style` attributes, stylesheets) and rules
    /// in stylesheets: reading them costs too (about 0.15 µs a byte, 15 µs a rule).
    var largestCSSByteCount = 2 << 20
    var largestRuleCount = 2_000
    /// Pixels of all embedded raster images together, and of each a side.
    var largestEmbeddedPixelCount: Int
    var largestSide: Int
    /// Each feTurbulence octave has half the amplitude of the one before: beyond 10, less
    /// than a thousandth, nothing an 8-bit colour shows, at the cost of the first.
    static let largestOctaveCount = 10

    init(largestEmbeddedPixelCount: Int = 40_000_000, largestSide: Int = 16_384) {
        self.largestEmbeddedPixelCount = largestEmbeddedPixelCount
        self.largestSide = largestSide
    }

    func sanitize(_ data: Data) throws(ImageDecodingFailure) -> SanitizedSVG {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ImageDecodingFailure("not an SVG image: the file is not UTF-8 text")
        }
        var reader = SVGReader(bytes: bytes, limits: self)
        return try reader.read()
    }
}

/// One pass over the bytes, writing the sanitised SVG as it goes and noting what the
/// kept elements draw, for `SVGCost`.
private struct SVGReader {
    let bytes: [UInt8]
    let limits: SVGSanitizer
    var at = 0
    var output: [UInt8] = []

    /// Open elements: the name as written (to match the end tag), the kept element it is
    /// (nil when it is left out), and the namespace prefixes it declares.
    struct Open {
        var name: [UInt8]
        var element: LogoElement?
        var node: Int?
        var namespaces: [String: String]
        var kept: Bool { element != nil }
        var isStyle: Bool { element == .style }
    }
    var open: [Open] = []
    var elementCount = 0
    var sawRoot = false
    var rootClosed = false
    var size = Size(width: 0, height: 0)
    var styleText: [UInt8] = []
    var renaming = IDRenaming()
    var seenIDs: Set<String> = []
    var cost = SVGCost()
    var embeddedPixelCount = 0
    var cssByteCount = 0
    var ruleCount = 0

    init(bytes: [UInt8], limits: SVGSanitizer) {
        self.bytes = bytes
        self.limits = limits
        output.reserveCapacity(bytes.count)
    }

    mutating func read() throws(ImageDecodingFailure) -> SanitizedSVG {
        while at < bytes.count {
            if bytes[at] == UInt8(ascii: "<") {
                try readMarkup()
            } else {
                try readText()
            }
        }
        guard sawRoot else { throw fail("not an SVG image: it has no <svg> element") }
        guard open.isEmpty else { throw fail("not a well-formed SVG: <\(string(open.last!.name))> is never closed") }
        try cost.check(budget: limits.largestCost, largestDepth: limits.largestDepth)
        return SanitizedSVG(source: String(decoding: output, as: UTF8.self), size: size)
    }

    // MARK: Markup

    private mutating func readMarkup() throws(ImageDecodingFailure) {
        if starts(with: "<?") {
            // The XML declaration and processing instructions (xml-stylesheet) are dropped.
            try skip(past: "?>", what: "processing instruction")
        } else if starts(with: "<!--") {
            try skip(past: "-->", what: "comment")
        } else if starts(with: "<![CDATA[") {
            at += 9
            guard let end = find("]]>") else { throw fail("not a well-formed SVG: a CDATA section is never closed") }
            let text = Array(bytes[at..<end])
            at = end + 3
            try checkCharacters(text)
            try appendText(text)
        } else if starts(with: "<!DOCTYPE") {
            try skipDoctype()
        } else if starts(with: "<!") {
            throw fail("not a well-formed SVG: unexpected markup \"<!\" at byte \(at)")
        } else if starts(with: "</") {
            try readEndTag()
        } else {
            try readStartTag()
        }
    }

    /// A DOCTYPE, its internal subset included: entity declarations are dropped with it
    /// (so an entity is never expanded, and a "billion laughs" costs nothing).
    private mutating func skipDoctype() throws(ImageDecodingFailure) {
        at += 9
        var inSubset = false
        var quote: UInt8?
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
            } else if byte == UInt8(ascii: ">") && !inSubset {
                return
            }
        }
        throw fail("not a well-formed SVG: the DOCTYPE is never closed")
    }

    private mutating func readEndTag() throws(ImageDecodingFailure) {
        at += 2
        let name = readName()
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else {
            throw fail("not a well-formed SVG: a broken end tag")
        }
        at += 1
        guard let element = open.popLast(), element.name == name else {
            throw fail("not a well-formed SVG: </\(string(name))> does not close the element open there")
        }
        if element.isStyle {
            try countCSS(styleText.count)
            let stylesheet = try CSSSanitizer.stylesheet(
                String(decoding: styleText, as: UTF8.self), renaming: renaming,
                largestRuleCount: limits.largestRuleCount - ruleCount)
            ruleCount += stylesheet.blockCount
            output += Array(stylesheet.text.utf8).escapedText
            cost.rules += stylesheet.rules
            styleText = []
        }
        if let kept = element.element { output += Array("</\(kept.rawValue)>".utf8) }
        if open.isEmpty { rootClosed = true }
    }

    private mutating func readStartTag() throws(ImageDecodingFailure) {
        at += 1
        let rawName = readName()
        guard !rawName.isEmpty else { throw fail("not a well-formed SVG: \"<\" not followed by a name at byte \(at)") }
        guard !rootClosed else { throw fail("not a well-formed SVG: content after the root element") }
        elementCount += 1
        guard elementCount <= limits.largestElementCount, open.count < limits.largestDepth else {
            throw fail(
                "the SVG is too complex for a logo (more than \(limits.largestElementCount) elements "
                    + "or \(limits.largestDepth) levels)")
        }
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            guard at < bytes.count else { throw fail("not a well-formed SVG: <\(string(rawName)) is never closed") }
            if bytes[at] == UInt8(ascii: ">") {
                at += 1
                break
            }
            if starts(with: "/>") {
                at += 2
                selfClosing = true
                break
            }
            guard hadSpace else {
                throw fail("not a well-formed SVG: no space between attributes of <\(string(rawName))>")
            }
            let name = string(readName())
            skipSpace()
            guard !name.isEmpty, at < bytes.count, bytes[at] == UInt8(ascii: "=") else {
                throw fail("not a well-formed SVG: a broken attribute in <\(string(rawName))>")
            }
            at += 1
            skipSpace()
            let value = try readQuoted()
            guard !attributes.contains(where: { $0.name == name }) else {
                throw fail("not a well-formed SVG: <\(string(rawName))> has two \(name) attributes")
            }
            attributes.append((name, value))
        }

        var namespaces = open.last?.namespaces ?? [:]
        for (name, value) in attributes {
            if name == "xmlns" { namespaces[""] = value }
            if name.hasPrefix("xmlns:") { namespaces[String(name.dropFirst(6))] = value }
        }
        let name = string(rawName)
        let prefix = self.prefix(name)
        let namespace = namespaces[prefix ?? ""] ?? (prefix == nil ? "" : nil)
        // An SVG without xmlns is read as SVG, as browsers read it when served as SVG.
        let isSVG = namespace == SVGSanitizer.svgNamespace || namespace == ""
        let local = localName(name)
        let isRoot = !sawRoot
        if isRoot {
            guard isSVG, local == "svg" else { throw fail("not an SVG image: its root element is <\(name)>") }
            sawRoot = true
            renaming.sourceRootID = attributes.first(where: { $0.name == "id" })?.value
        }
        // Inside an element left out, or a <style> (which holds text only), nothing is kept.
        let parent = open.last
        var element: LogoElement?
        if parent?.kept ?? true, !(parent?.isStyle ?? false), isSVG {
            if let reason = RefusedElement.reason(for: local) { throw fail(reason) }
            element = LogoElement(rawValue: local)
        }
        var node: Int?
        if let element {
            node = cost.nodes.count
            cost.nodes.append(SVGCost.Node(element: element, parent: parent?.node, filterWork: element.filterWork))
            if let parentNode = parent?.node { cost.nodes[parentNode].children.append(node!) }
            output += Array("<\(element.rawValue)".utf8)
            let kept = try keptAttributes(attributes, of: element, node: node!, namespaces: namespaces, isRoot: isRoot)
            for (attribute, value) in kept {
                output += Array(" \(attribute)=\"".utf8) + Array(value.utf8).escapedAttribute + [UInt8(ascii: "\"")]
            }
            output += Array((selfClosing ? "/>" : ">").utf8)
        }
        if selfClosing {
            if isRoot { rootClosed = true }
        } else {
            open.append(Open(name: rawName, element: element, node: node, namespaces: namespaces))
        }
    }

    /// The attributes written out, in order: on the root, the namespaces and the viewBox first.
    private mutating func keptAttributes(
        _ attributes: [(name: String, value: String)], of element: LogoElement, node: Int,
        namespaces: [String: String], isRoot: Bool
    ) throws(ImageDecodingFailure) -> [(String, String)] {
        var kept: [(String, String)] = []
        if isRoot {
            kept.append(("xmlns", SVGSanitizer.svgNamespace))
            kept.append(("xmlns:xlink", SVGSanitizer.xlinkNamespace))
            let value = { (name: String) in attributes.first(where: { $0.name == name })?.value }
            let geometry = try RootGeometry(width: value("width"), height: value("height"), viewBox: value("viewBox"))
            size = geometry.size
            kept.append(("viewBox", geometry.viewBox))
            kept.append(("id", IDRenaming.rootID))
            // A <use> of the root draws the root inside itself: SVGCost must see the loop.
            if let id = renaming.sourceRootID {
                seenIDs.insert(id)
                cost.nodes[node].id = id
            }
        }
        for (name, value) in attributes {
            if name == "xmlns" || name.hasPrefix("xmlns:") { continue }
            // The page places the root; a transform or a filter on it could move the logo out of its box.
            if isRoot && ["width", "height", "x", "y", "viewBox", "id", "transform", "filter"].contains(name) {
                continue
            }
            if let prefix = prefix(name) {
                let local = localName(name)
                if prefix == "xml" && local == "space" && (value == "default" || value == "preserve") {
                    kept.append((name, value))
                } else if namespaces[prefix] == SVGSanitizer.xlinkNamespace && local == "href",
                    let reference = try reference(value, of: element, node: node)
                {
                    kept.append(("xlink:href", reference))
                }
                continue  // any other namespace: editor metadata, xml:base, XInclude
            }
            switch name {
            case "href":
                if let reference = try reference(value, of: element, node: node) { kept.append((name, reference)) }
            case "id":
                // A later element with the same id is not the one references reach.
                guard seenIDs.insert(value).inserted else { continue }
                cost.nodes[node].id = value
                kept.append((name, renaming.renamed(value)))
            case "class":
                cost.nodes[node].classes = value.split(whereSeparator: \.isWhitespace).map(String.init)
                kept.append((name, value))
            case "style":
                try countCSS(value.utf8.count)
                let declarations = CSSSanitizer.declarations(
                    value, renaming: renaming, excluding: isRoot ? CSSSanitizer.rootExcluded : [])
                cost.nodes[node].effects.add(declarations.effects)
                if !declarations.text.isEmpty { kept.append((name, declarations.text)) }
            default:
                if let property = LogoProperty.presentationAttributes[name] {
                    try countCSS(value.utf8.count)
                    guard let sanitized = CSSSanitizer.attributeValue(value, of: property, renaming: renaming) else {
                        continue
                    }
                    cost.nodes[node].effects.add(sanitized)
                    kept.append((name, sanitized.text))
                } else if let kind = LogoAttribute.kinds[name], LogoAttribute.accepts(value, as: kind) {
                    try note(name, value, of: element, node: node)
                    kept.append((name, value))
                }
            }
        }
        return kept
    }

    private mutating func countCSS(_ byteCount: Int) throws(ImageDecodingFailure) {
        cssByteCount += byteCount
        guard cssByteCount <= limits.largestCSSByteCount else {
            throw fail(
                "the SVG is too complex for a logo (more than \(limits.largestCSSByteCount >> 20) MiB of styles)")
        }
    }

    /// What an attribute tells `SVGCost`: vertices for markers, octaves for feTurbulence.
    private mutating func note(
        _ name: String, _ value: String, of element: LogoElement, node: Int
    ) throws(ImageDecodingFailure) {
        switch (element, name) {
        case (.path, "d"), (.polyline, "points"), (.polygon, "points"):
            cost.nodes[node].pathNumberCount = Self.numberCount(value)
        case (.line, _):
            cost.nodes[node].pathNumberCount = 2
        case (.feTurbulence, "numOctaves"):
            let octaves = Double(value.trimmingCharacters(in: .whitespaces)) ?? 1
            guard octaves <= Double(SVGSanitizer.largestOctaveCount) else {
                throw fail(
                    "the SVG's <feTurbulence> has numOctaves=\"\(value)\"; a logo may have at most "
                        + "\(SVGSanitizer.largestOctaveCount) (more add nothing visible, at a cost each)")
            }
            cost.nodes[node].filterWork = max(1, Int(octaves))
        default:
            break
        }
    }

    /// Numbers in path data or a point list: at most one vertex each.
    private static func numberCount(_ text: String) -> Int {
        var count = 0
        var inNumber = false
        for byte in text.utf8 {
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if isDigit && !inNumber { count += 1 }
            inNumber = isDigit || byte == UInt8(ascii: ".") || (inNumber && (byte == UInt8(ascii: "e")))
        }
        return count
    }

    /// An href as written out: `#name` as `#logo-name` (`#logo` for the root) where the
    /// element may refer to another, a PNG or JPEG `data:` URL on an `<image>`; nil for
    /// anything that points outside the document (another file, a URL, `javascript:`).
    private mutating func reference(
        _ value: String, of element: LogoElement, node: Int
    ) throws(ImageDecodingFailure) -> String? {
        if element == .image {
            let image: EmbeddedRasterURL?
            do throws(ImageDecodingFailure) {
                image = try EmbeddedRasterURL(
                    value, largestPixelCount: limits.largestEmbeddedPixelCount - embeddedPixelCount,
                    largestSide: limits.largestSide)
            } catch {
                guard embeddedPixelCount > 0, error.exceededLimit == .pixelCount else { throw error }
                throw fail(
                    "the images embedded in the SVG have more than "
                        + "\(limits.largestEmbeddedPixelCount / 1_000_000) megapixels together")
            }
            guard let image else { return nil }
            embeddedPixelCount += image.pixelCount
            return image.text
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard element.takesFragmentReference, trimmed.hasPrefix("#"), trimmed.count > 1 else { return nil }
        let id = String(trimmed.dropFirst())
        cost.nodes[node].reference = id
        return "#" + renaming.target(of: id)
    }

    // MARK: Text

    private mutating func readText() throws(ImageDecodingFailure) {
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "<") { at += 1 }
        try checkCharacters(bytes[start..<at])
        let text = try decodeReferences(bytes[start..<at])
        try appendText(text)
    }

    /// Refuses characters that XML does not allow (control characters but tab and line
    /// breaks, U+FFFE and U+FFFF), which would make the written SVG unreadable.
    private func checkCharacters<Bytes: Collection<UInt8>>(_ text: Bytes) throws(ImageDecodingFailure) {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                throw fail("not a well-formed SVG: it has the control character U+\(Self.hex(UInt32(byte)))")
            }
            if previous == (0xEF, 0xBF) && (byte == 0xBE || byte == 0xBF) {
                throw fail("not a well-formed SVG: it has the non-character U+FFF\(byte == 0xBE ? "E" : "F")")
            }
            previous = (previous.1, byte)
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private mutating func appendText(_ text: [UInt8]) throws(ImageDecodingFailure) {
        guard let element = open.last else {
            guard text.allSatisfy(Self.isSpace) else {
                throw fail("not a well-formed SVG: text outside the <svg> element")
            }
            return
        }
        guard element.kept else { return }
        if element.isStyle {
            styleText += text
        } else if text.allSatisfy(Self.isSpace) {
            // Only <text> draws characters, and it is refused: other text is left out.
            output += text
        }
    }

    /// The five predefined entities and character references; any other entity would
    /// have come from the DOCTYPE, which is never read.
    private func decodeReferences(_ slice: ArraySlice<UInt8>) throws(ImageDecodingFailure) -> [UInt8] {
        guard slice.contains(UInt8(ascii: "&")) else { return Array(slice) }
        var out: [UInt8] = []
        var index = slice.startIndex
        while index < slice.endIndex {
            let byte = slice[index]
            guard byte == UInt8(ascii: "&") else {
                out.append(byte)
                index += 1
                continue
            }
            guard let semicolon = slice[index...].firstIndex(of: UInt8(ascii: ";")), semicolon - index <= 12 else {
                throw fail("not a well-formed SVG: a bare \"&\" (write &amp;)")
            }
            let name = String(decoding: slice[(index + 1)..<semicolon], as: UTF8.self)
            index = semicolon + 1
            switch name {
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "amp": out.append(UInt8(ascii: "&"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                guard name.hasPrefix("#") else {
                    throw fail(
                        "the SVG uses the entity &\(name);, which invoi does not expand "
                            + "(entities declared in a DOCTYPE are ignored, for safety)")
                }
                let digits = name.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                    throw fail("not a well-formed SVG: the character reference &\(name); names no character")
                }
                guard value >= 0x20 || [0x09, 0x0A, 0x0D].contains(value), value != 0xFFFE, value != 0xFFFF else {
                    throw fail("not a well-formed SVG: the character reference &\(name); names a control character")
                }
                out += Array(String(Character(scalar)).utf8)
            }
        }
        return out
    }

    // MARK: Lexing

    private mutating func readQuoted() throws(ImageDecodingFailure) -> String {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
            throw fail("not a well-formed SVG: an attribute value without quotes")
        }
        let quote = bytes[at]
        at += 1
        let start = at
        while at < bytes.count, bytes[at] != quote {
            guard bytes[at] != UInt8(ascii: "<") else {
                throw fail("not a well-formed SVG: \"<\" in an attribute value")
            }
            at += 1
        }
        guard at < bytes.count else { throw fail("not a well-formed SVG: an attribute value is never closed") }
        try checkCharacters(bytes[start..<at])
        // Attribute-value normalisation: literal line breaks and tabs read as spaces.
        let value = try decodeReferences(bytes[start..<at].map { Self.isSpace($0) ? UInt8(ascii: " ") : $0 }[...])
        at += 1
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func readName() -> [UInt8] {
        let start = at
        while at < bytes.count, !Self.isSpace(bytes[at]),
            ![
                UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "<"),
                UInt8(ascii: "\""), UInt8(ascii: "'"),
            ].contains(bytes[at])
        {
            at += 1
        }
        return Array(bytes[start..<at])
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = at
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        return at > start
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - at >= pattern.count && bytes[at..<(at + pattern.count)].elementsEqual(pattern)
    }

    private func find(_ text: String) -> Int? {
        let pattern = Array(text.utf8)
        var index = at
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }

    private mutating func skip(past text: String, what: String) throws(ImageDecodingFailure) {
        guard let end = find(text) else { throw fail("not a well-formed SVG: a \(what) is never closed") }
        at = end + text.utf8.count
    }

    private func prefix(_ name: String) -> String? {
        name.firstIndex(of: ":").map { String(name[..<$0]) }
    }

    private func localName(_ name: String) -> String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    private func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func fail(_ reason: String) -> ImageDecodingFailure { ImageDecodingFailure(reason) }
}

/// The root's size and viewBox: a viewBox made from width and height when it has none.
struct RootGeometry {
    var size: Size
    var viewBox: String

    init(width: String?, height: String?, viewBox: String?) throws(ImageDecodingFailure) {
        let box = viewBox.flatMap(Self.parseViewBox)
        let w = width.flatMap(Self.pixels), h = height.flatMap(Self.pixels)
        switch (w, h, box) {
        case (let w?, let h?, _): size = Size(width: w, height: h)
        case (let w?, nil, let box?): size = Size(width: w, height: w * box[3] / box[2])
        case (nil, let h?, let box?): size = Size(width: h * box[2] / box[3], height: h)
        case (_, _, let box?): size = Size(width: box[2], height: box[3])
        default:
            throw ImageDecodingFailure("the SVG has neither a viewBox nor a width and height, so its size is unknown")
        }
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            throw ImageDecodingFailure("the SVG's size is \(size.width) × \(size.height)")
        }
        if let box {
            self.viewBox = box.map(Self.format).joined(separator: " ")
        } else {
            self.viewBox = "0 0 \(Self.format(size.width)) \(Self.format(size.height))"
        }
    }

    /// Four numbers, the last two positive.
    static func parseViewBox(_ text: String) -> [Double]? {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0 else { return nil }
        return numbers
    }

    /// A length in CSS px (96 per inch); nil for percentages and anything unreadable.
    static func pixels(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [
            ("px", 1), ("pt", 96.0 / 72), ("pc", 16), ("mm", 96 / 25.4),
            ("cm", 96 / 2.54), ("in", 96), ("em", 16), ("ex", 8),
        ]
        for (unit, factor) in units where trimmed.hasSuffix(unit) {
            return Double(trimmed.dropLast(2)).map { $0 * factor }.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
        return Double(trimmed).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension [UInt8] {
    /// XML-escaped for text content.
    var escapedText: [UInt8] { xmlEscaped(inAttribute: false) }

    /// XML-escaped for a double-quoted attribute value (line breaks kept as references).
    var escapedAttribute: [UInt8] { xmlEscaped(inAttribute: true) }

    private func xmlEscaped(inAttribute: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for byte in self {
            if let entity = XMLEscaping.entity(for: UInt32(byte), in: inAttribute ? .quotedAttribute : .text) {
                entity.withUTF8Buffer { out.append(contentsOf: $0) }
                continue
            }
            switch byte {
            case 0x09, 0x0A, 0x0D:
                if inAttribute { out += Array("&#\(byte);".utf8) } else { out.append(byte) }
            default: out.append(byte)
            }
        }
        return out
    }
}
