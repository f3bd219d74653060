/// The parser behind `XMLDocument.parse`: one pass over a copy of the bytes with a few zero
/// bytes after them (no bounds check in the scanning loops: a zero is the end, the UTF-8
/// check having refused every zero in the document), an explicit stack of open elements (no
/// recursion, whatever the nesting), names interned (`XMLNameTable`) and namespace URIs
/// shared by every element in them.
struct XMLParser {
    private static let padding = 16

    private let base: UnsafeMutablePointer<UInt8>
    private let count: Int
    private let limits: XMLLimits
    private let classes: UnsafeMutablePointer<UInt8>
    /// Where the content after the byte-order mark begins; line 1, column 1.
    private var start = 0

    private var names: XMLNameTable
    /// Namespace URIs; 0 is "" (no namespace), 1 XML's own.
    private var uris: [String] = ["", XMLParser.xmlNamespace]
    private var uriIndex: [String: Int32] = ["": 0, XMLParser.xmlNamespace: 1]
    private var defaultNamespace: Int32 = 0
    /// The bindings replaced by the open elements' declarations, to be put back when they
    /// close: the prefix (-1 the default namespace) and the URI it had.
    private var undo: [(prefix: Int32, uri: Int32)] = []

    private var frames: [Frame] = []
    /// The children of the open elements, each's after its parent's.
    private var children: [XMLElement] = []
    /// The text of the open elements, each's after its parent's.
    private var text = XMLByteBuffer()
    /// An attribute value with references or white space to replace.
    private var value = XMLByteBuffer(capacity: 256)
    private var tagAttributes: [PendingAttribute] = []
    private var elementCount = 0
    private var root: XMLElement?

    /// The last position located, for `locate`.
    private var located = (offset: 0, line: 1, column: 1)

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    private struct Frame {
        var nameStart: Int
        var nameLength: Int
        var name: Int32
        var uri: Int32
        var attributes: [XMLAttribute]
        var line: Int
        var column: Int
        var firstChild: Int
        var textStart: Int
        var undoMark: Int
    }

    private struct PendingAttribute {
        var name: Int32
        var offset: Int
        var value: String
    }

    init(_ bytes: [UInt8], limits: XMLLimits) {
        count = bytes.count
        self.limits = limits
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + Self.padding)
        bytes.withUnsafeBufferPointer { buffer in
            if let address = buffer.baseAddress { base.initialize(from: address, count: buffer.count) }
        }
        (base + bytes.count).initialize(repeating: 0, count: Self.padding)
        self.base = base
        let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        XMLCharacters.byteClasses.withUnsafeBufferPointer { classes.initialize(from: $0.baseAddress!, count: 256) }
        self.classes = classes
        names = XMLNameTable()
    }

    func deallocate() {
        base.deallocate()
        classes.deallocate()
        text.deallocate()
        value.deallocate()
    }

    // MARK: - The document

    mutating func parseDocument() throws(XMLError) -> XMLElement {
        try checkEncoding()
        var i = try declaration()
        if let problem = XMLCharacters.firstProblem(in: base, from: i, to: count) {
            throw error(problem.message, at: problem.offset)
        }
        while true {
            let byte = base[i]
            if byte == .lessThan {
                switch base[i + 1] {
                case .slash: i = try endTag(at: i)
                case .exclamation: i = try markup(at: i)
                case .question: i = try processingInstruction(at: i)
                default: i = try startTag(at: i)
                }
            } else if i >= count {
                break
            } else if frames.isEmpty {
                i = try textOutsideRoot(at: i)
            } else {
                i = try characterData(at: i)
            }
        }
        if let open = frames.last {
            throw error(
                "the document ends inside <\(qualifiedName(open.name))> (line \(open.line), column \(open.column))",
                at: count)
        }
        guard let root else { throw error("the document has no root element", at: count) }
        return root
    }

    /// A byte-order mark other than UTF-8's, or UTF-16 without one, is refused at once.
    private mutating func checkEncoding() throws(XMLError) {
        let b = (base[0], base[1], base[2], base[3])
        if count >= 3 && b.0 == 0xEF && b.1 == 0xBB && b.2 == 0xBF {
            start = 3
            located = (3, 1, 1)
            return
        }
        var found: String?
        if count >= 4 && (b == (0, 0, 0xFE, 0xFF) || b == (0xFF, 0xFE, 0, 0)) {
            found = "UTF-32 (its byte-order mark)"
        } else if count >= 2 && b.0 == 0xFE && b.1 == 0xFF {
            found = "UTF-16 (its byte-order mark FE FF)"
        } else if count >= 2 && b.0 == 0xFF && b.1 == 0xFE {
            found = "UTF-16 (its byte-order mark FF FE)"
        } else if count >= 4 && ((b.0 == 0 && b.1 == 0x3C && b.2 == 0) || (b.0 == 0x3C && b.1 == 0 && b.3 == 0)) {
            found = "UTF-16 (a zero byte beside each character)"
        }
        if let found {
            throw XMLError(
                message: "the document is \(found); invoi reads UTF-8 XML only", line: 1, column: 1)
        }
    }

    /// The XML declaration, if the document begins with one: version 1.0 or 1.1, encoding
    /// UTF-8 or none (read before the UTF-8 check, so that a document declaring Latin-1 is
    /// told so rather than where its first accented letter is). Returns where it ends.
    private mutating func declaration() throws(XMLError) -> Int {
        let lead = start
        guard matches("<?xml", at: lead), isWhiteSpace(base[lead + 5]) else { return lead }
        var i = lead + 5
        skipWhiteSpace(&i)
        guard matches("version", at: i) else {
            throw error("the XML declaration must begin with its version (version=\"1.0\")", at: i)
        }
        i += 7
        let (version, versionStart) = try declarationValue(&i, of: "version")
        guard version == "1.0" || version == "1.1" else {
            throw error("XML version \(version) is not supported (1.0 or 1.1)", at: versionStart)
        }
        var hadSpace = skipWhiteSpace(&i)
        if hadSpace && matches("encoding", at: i) {
            i += 8
            let (encoding, encodingStart) = try declarationValue(&i, of: "encoding")
            guard encoding.lowercased() == "utf-8" else {
                throw error(
                    "the document declares the encoding \(encoding); invoi reads UTF-8 XML only", at: encodingStart)
            }
            hadSpace = skipWhiteSpace(&i)
        }
        if hadSpace && matches("standalone", at: i) {
            i += 10
            let (standalone, standaloneStart) = try declarationValue(&i, of: "standalone")
            guard standalone == "yes" || standalone == "no" else {
                throw error("standalone must be \"yes\" or \"no\", not \"\(standalone)\"", at: standaloneStart)
            }
            skipWhiteSpace(&i)
        }
        guard base[i] == .question && base[i + 1] == .greaterThan else {
            throw error("the XML declaration must end with '?>' after its version, encoding and standalone", at: i)
        }
        return i + 2
    }

    /// `= "value"` in the XML declaration: the value (ASCII letters, digits, `.`, `_`, `-`;
    /// anything else ends it) and where it begins.
    private mutating func declarationValue(_ i: inout Int, of name: String) throws(XMLError) -> (String, Int) {
        skipWhiteSpace(&i)
        guard base[i] == .equals else { throw error("'=' expected after \(name) in the XML declaration", at: i) }
        i += 1
        skipWhiteSpace(&i)
        let quote = base[i]
        guard quote == .quote || quote == .apostrophe else {
            throw error("the \(name) in the XML declaration must be quoted", at: i)
        }
        i += 1
        let valueStart = i
        while base[i] != quote {
            let byte = base[i]
            let allowed =
                classes[Int(byte)] & XMLCharacters.nameCharacter != 0 && byte != .colon && byte != 0
            guard allowed, i - valueStart < 40 else {
                throw error("the \(name) in the XML declaration is not closed by its quote", at: i)
            }
            i += 1
        }
        let value = String(
            decoding: UnsafeBufferPointer(start: base + valueStart, count: i - valueStart), as: UTF8.self)
        i += 1
        return (value, valueStart)
    }

    /// White space only, between the prolog's and the epilogue's markup.
    private mutating func textOutsideRoot(at start: Int) throws(XMLError) -> Int {
        var i = start
        skipWhiteSpace(&i)
        if base[i] == .lessThan || i >= count { return i }
        throw error(
            root == nil
                ? "text before the root element: a document begins with its root element's start tag"
                : "text after the root element's end tag", at: i)
    }

    // MARK: - Elements

    private mutating func startTag(at lessThan: Int) throws(XMLError) -> Int {
        if root != nil {
            throw error("a second root element: a document has one root element, which has ended", at: lessThan)
        }
        elementCount += 1
        if elementCount > limits.maximumElements {
            throw error(
                "more than \(limits.maximumElements) elements (XMLLimits.maximumElements)", at: lessThan)
        }
        if frames.count >= limits.maximumDepth {
            throw error(
                "elements nested more than \(limits.maximumDepth) deep (XMLLimits.maximumDepth)", at: lessThan)
        }
        let nameStart = lessThan + 1
        let (nameEnd, hash) = try scanName(at: nameStart, what: "an element's name after '<'")
        let name = try intern(from: nameStart, to: nameEnd, hash: hash)
        var i = nameEnd
        if !tagAttributes.isEmpty { tagAttributes.removeAll(keepingCapacity: true) }
        var empty = false
        while true {
            let hadSpace = skipWhiteSpace(&i)
            let byte = base[i]
            if byte == .greaterThan {
                i += 1
                break
            }
            if byte == .slash {
                guard base[i + 1] == .greaterThan else { throw error("'>' expected after '/'", at: i + 1) }
                i += 2
                empty = true
                break
            }
            if i >= count {
                throw error("the document ends inside the start tag <\(qualifiedName(name))>", at: i)
            }
            guard hadSpace, isNameStart(at: i) else {
                throw error(
                    hadSpace || !isNameStart(at: i)
                        ? "\(describe(at: i)) where an attribute's name, '>' or '/>' was expected in the start tag <\(qualifiedName(name))>"
                        : "white space expected before the attribute", at: i)
            }
            try attribute(at: &i, of: name)
        }
        let undoMark = undo.count
        let attributes = tagAttributes.isEmpty ? [] : try resolveAttributes()
        let uri = try namespace(of: name, at: nameStart)
        let (line, column) = locate(lessThan)
        if empty {
            finish(
                XMLElement(
                    namespace: uris[Int(uri)], localName: names.localName(name),
                    qualifiedName: names.qualifiedName(name),
                    attributes: attributes, children: [], text: "", line: line, column: column),
                undoMark: undoMark)
        } else {
            frames.append(
                Frame(
                    nameStart: nameStart, nameLength: nameEnd - nameStart, name: name, uri: uri,
                    attributes: attributes, line: line, column: column, firstChild: children.count,
                    textStart: text.count, undoMark: undoMark))
        }
        return i
    }

    private mutating func endTag(at lessThan: Int) throws(XMLError) -> Int {
        let nameStart = lessThan + 2
        guard !frames.isEmpty else {
            let (nameEnd, _) = try scanName(at: nameStart, what: "an element's name after '</'")
            throw error("the end tag </\(string(from: nameStart, to: nameEnd))> has no start tag", at: lessThan)
        }
        let (openStart, openLength) = (frames[frames.count - 1].nameStart, frames[frames.count - 1].nameLength)
        var i = nameStart + openLength
        let same =
            i <= count && XMLNameTable.equal(base + nameStart, base + openStart, openLength)
            && nameCharacterLength(at: i) == 0
        guard same else {
            let (nameEnd, _) = try scanName(at: nameStart, what: "an element's name after '</'")
            let open = frames[frames.count - 1]
            throw error(
                "the end tag </\(string(from: nameStart, to: nameEnd))> does not match the start tag "
                    + "<\(qualifiedName(open.name))> (line \(open.line), column \(open.column))", at: lessThan)
        }
        skipWhiteSpace(&i)
        guard base[i] == .greaterThan else {
            throw error(
                "'>' expected to end the end tag </\(qualifiedName(frames[frames.count - 1].name))>", at: i)
        }
        let frame = frames.removeLast()
        let elementChildren = children.count > frame.firstChild ? Array(children[frame.firstChild...]) : []
        children.removeLast(children.count - frame.firstChild)
        var elementText = ""
        if text.count > frame.textStart { elementText = text.removeString(from: frame.textStart) }
        finish(
            XMLElement(
                namespace: uris[Int(frame.uri)], localName: names.localName(frame.name),
                qualifiedName: names.qualifiedName(frame.name), attributes: frame.attributes,
                children: elementChildren, text: elementText, line: frame.line, column: frame.column),
            undoMark: frame.undoMark)
        return i + 1
    }

    /// A closed element goes to its parent, or is the root; its declarations go out of scope.
    private mutating func finish(_ element: XMLElement, undoMark: Int) {
        if frames.isEmpty { root = element } else { children.append(element) }
        while undo.count > undoMark {
            let (prefix, uri) = undo.removeLast()
            if prefix < 0 { defaultNamespace = uri } else { names.setBinding(of: prefix, to: uri) }
        }
    }

    // MARK: - Attributes and namespaces

    /// One attribute, `name="value"`, into `tagAttributes`.
    private mutating func attribute(at i: inout Int, of element: Int32) throws(XMLError) {
        let nameStart = i
        if tagAttributes.count >= limits.maximumAttributesPerElement {
            throw error(
                "more than \(limits.maximumAttributesPerElement) attributes in <\(qualifiedName(element))> "
                    + "(XMLLimits.maximumAttributesPerElement)", at: nameStart)
        }
        let (nameEnd, hash) = try scanName(at: nameStart, what: "an attribute's name")
        let name = try intern(from: nameStart, to: nameEnd, hash: hash)
        i = nameEnd
        skipWhiteSpace(&i)
        guard base[i] == .equals else {
            throw error("'=' expected after the attribute name \(qualifiedName(name))", at: i)
        }
        i += 1
        skipWhiteSpace(&i)
        let quote = base[i]
        guard quote == .quote || quote == .apostrophe else {
            throw error("the value of the attribute \(qualifiedName(name)) must be in quotes", at: i)
        }
        i += 1
        let valueStart = i
        // The common case: nothing to replace, the value is the bytes between the quotes.
        while classes[Int(base[i])] & XMLCharacters.valueStop == 0 { i += 1 }
        let attributeValue: String
        if base[i] == quote {
            try checkValueLength(i - valueStart, of: name, at: valueStart)
            attributeValue = string(from: valueStart, to: i)
        } else {
            var runStart = valueStart
            while true {
                let byte = base[i]
                // Not a stop, or the other quote.
                if classes[Int(byte)] & XMLCharacters.valueStop == 0
                    || (byte != quote && (byte == .quote || byte == .apostrophe))
                {
                    i += 1
                    continue
                }
                value.append(base + runStart, count: i - runStart)
                if byte == quote { break }
                switch byte {
                case .lessThan:
                    throw error(
                        "'<' is not allowed in an attribute's value (the attribute \(qualifiedName(name)); "
                            + "write &lt;)", at: i)
                case .ampersand:
                    let (end, character) = try reference(at: i)
                    value.append(scalar: character)
                    i = end
                case .carriageReturn:
                    value.append(.space)
                    i += base[i + 1] == .lineFeed ? 2 : 1
                case 0:
                    throw error(
                        "the document ends inside the value of the attribute \(qualifiedName(name))", at: i)
                default:  // tab, line feed
                    value.append(.space)
                    i += 1
                }
                runStart = i
            }
            try checkValueLength(value.count, of: name, at: valueStart)
            attributeValue = value.removeString(from: 0)
        }
        i += 1
        tagAttributes.append(PendingAttribute(name: name, offset: nameStart, value: attributeValue))
    }

    private mutating func checkValueLength(_ length: Int, of name: Int32, at offset: Int) throws(XMLError) {
        if length > limits.maximumAttributeValueLength {
            throw error(
                "the value of the attribute \(qualifiedName(name)) is longer than "
                    + "\(limits.maximumAttributeValueLength) bytes (XMLLimits.maximumAttributeValueLength)",
                at: offset)
        }
    }

    /// The tag's `xmlns` declarations bound (their previous bindings kept in `undo`), then its
    /// other attributes with their namespaces, each once.
    private mutating func resolveAttributes() throws(XMLError) -> [XMLAttribute] {
        var declarations = 0
        for attribute in tagAttributes {
            let prefix = names.prefix(of: attribute.name)
            if attribute.name == names.xmlnsName {
                declarations += 1
                let uri = self.uri(attribute.value)
                if uri == 1 || attribute.value == Self.xmlnsNamespace {
                    throw error("the default namespace cannot be \(attribute.value)", at: attribute.offset)
                }
                undo.append((-1, defaultNamespace))
                defaultNamespace = uri
            } else if prefix >= 0 && prefix == names.xmlnsName {
                declarations += 1
                // The declared prefix: the name's part after `xmlns:`.
                let declaredStart = attribute.offset + 6
                let declaredEnd = attribute.offset + names.byteCount(of: attribute.name)
                let declared = try intern(
                    from: declaredStart, to: declaredEnd, hash: fnv(declaredStart, declaredEnd))
                let uri = self.uri(attribute.value)
                if declared == names.xmlnsName {
                    throw error("the prefix xmlns cannot be declared", at: attribute.offset)
                }
                if (declared == names.xmlName) != (uri == 1) {
                    throw error(
                        declared == names.xmlName
                            ? "the prefix xml cannot be bound to another namespace than \(Self.xmlNamespace)"
                            : "only the prefix xml can be bound to \(Self.xmlNamespace)", at: attribute.offset)
                }
                if uri == 0 {
                    throw error(
                        "the prefix \(qualifiedName(declared)) cannot be bound to an empty namespace name",
                        at: attribute.offset)
                }
                if attribute.value == Self.xmlnsNamespace {
                    throw error("no prefix can be bound to \(Self.xmlnsNamespace)", at: attribute.offset)
                }
                undo.append((declared, names.binding(of: declared)))
                names.setBinding(of: declared, to: uri)
            }
        }
        let attributeCount = tagAttributes.count - declarations
        guard attributeCount > 0 else { return [] }
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(attributeCount)
        var prefixed = 0
        for index in tagAttributes.indices {
            let name = tagAttributes[index].name
            let prefix = names.prefix(of: name)
            if isDeclaration(name) { continue }
            for other in 0..<index where tagAttributes[other].name == name {
                throw error("the attribute \(qualifiedName(name)) appears twice", at: tagAttributes[index].offset)
            }
            var uri: Int32 = 0
            if prefix >= 0 {
                uri = names.binding(of: prefix)
                guard uri > 0 else {
                    throw error(
                        "the prefix \(qualifiedName(prefix)) of the attribute \(qualifiedName(name)) "
                            + "is not bound to a namespace (no xmlns:\(qualifiedName(prefix)) declaration in scope)",
                        at: tagAttributes[index].offset)
                }
                prefixed += 1
            }
            attributes.append(
                XMLAttribute(
                    namespace: uris[Int(uri)], localName: names.localName(name), value: tagAttributes[index].value))
        }
        if prefixed > 1 { try checkExpandedNames(attributes) }
        return attributes
    }

    /// Whether an attribute's name is `xmlns` or `xmlns:p` (`xmlnsName` is -2 until it occurs).
    private func isDeclaration(_ name: Int32) -> Bool {
        name == names.xmlnsName || names.prefix(of: name) == names.xmlnsName
    }

    /// Two prefixes bound to one namespace make `a:x` and `b:x` the same attribute twice.
    private mutating func checkExpandedNames(_ attributes: [XMLAttribute]) throws(XMLError) {
        let offsets = tagAttributes.filter { !isDeclaration($0.name) }.map(\.offset)
        for index in attributes.indices where !attributes[index].namespace.isEmpty {
            for other in 0..<index
            where attributes[other].namespace == attributes[index].namespace
                && attributes[other].localName == attributes[index].localName
            {
                throw error(
                    "the attribute {\(attributes[index].namespace)}\(attributes[index].localName) appears twice "
                        + "(under two prefixes bound to its namespace)", at: offsets[index])
            }
        }
    }

    /// The namespace of an element's name.
    private mutating func namespace(of name: Int32, at offset: Int) throws(XMLError) -> Int32 {
        let prefix = names.prefix(of: name)
        if prefix < 0 { return defaultNamespace }
        if prefix == names.xmlnsName {
            throw error("an element's name cannot have the prefix xmlns (<\(qualifiedName(name))>)", at: offset)
        }
        let uri = names.binding(of: prefix)
        guard uri > 0 else {
            throw error(
                "the prefix \(qualifiedName(prefix)) of <\(qualifiedName(name))> is not bound to a namespace "
                    + "(no xmlns:\(qualifiedName(prefix)) declaration in scope)", at: offset)
        }
        return uri
    }

    /// The index of a namespace URI, one string for every element in it.
    private mutating func uri(_ value: String) -> Int32 {
        if let index = uriIndex[value] { return index }
        let index = Int32(uris.count)
        uris.append(value)
        uriIndex[value] = index
        return index
    }

    // MARK: - Text, references, markup

    /// Character data inside an element, up to the next markup, into `text`: line ends
    /// normalised, references resolved.
    private mutating func characterData(at start: Int) throws(XMLError) -> Int {
        var i = start
        var runStart = start
        while true {
            while classes[Int(base[i])] & XMLCharacters.textStop == 0 { i += 1 }
            if i > runStart { text.append(base + runStart, count: i - runStart) }
            switch base[i] {
            case .ampersand:
                let (end, character) = try reference(at: i)
                text.append(scalar: character)
                i = end
            case .carriageReturn:
                text.append(.lineFeed)
                i += base[i + 1] == .lineFeed ? 2 : 1
            default:  // '<' or the end
                return i
            }
            runStart = i
        }
    }

    /// `&name;`, `&#N;` or `&#xN;` at `ampersand`: where it ends and its character.
    private mutating func reference(at ampersand: Int) throws(XMLError) -> (end: Int, character: UInt32) {
        var i = ampersand + 1
        if base[i] == .hash {
            i += 1
            let hexadecimal = base[i] == UInt8(ascii: "x")
            if hexadecimal { i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while true {
                let byte = base[i]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal:
                    digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal:
                    digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: digit = 99
                }
                if digit == 99 { break }
                // Past U+10FFFF it stays past it, without overflowing.
                value = min(value * (hexadecimal ? 16 : 10) + digit, 0x11_0000)
                i += 1
            }
            // The reference as written, for the message (a long one cut).
            let end = base[i] == .semicolon ? i + 1 : i
            let written =
                end - ampersand <= 32
                ? string(from: ampersand, to: end) : string(from: ampersand, to: ampersand + 32) + "…"
            guard i > digitsStart, base[i] == .semicolon else {
                throw error(
                    "a character reference must be &#digits; or &#xhex-digits; (\(written.debugDescription) is not)",
                    at: ampersand)
            }
            guard XMLCharacters.isCharacter(value) else {
                throw error(
                    "the character reference \(written) refers to "
                        + (value > 0x10_FFFF ? "no character" : XMLCharacters.hex(value))
                        + ", which XML does not allow", at: ampersand)
            }
            return (i + 1, value)
        }
        guard isNameStart(at: i) else {
            throw error("'&' begins a reference such as &amp; (write &amp; for the character itself)", at: ampersand)
        }
        let (nameEnd, _) = try scanName(at: i, what: "an entity's name")
        let name = string(from: i, to: nameEnd)
        guard base[nameEnd] == .semicolon else {
            throw error("the reference &\(name) must end with ';'", at: ampersand)
        }
        let character: UInt8
        switch name {
        case "lt": character = .lessThan
        case "gt": character = .greaterThan
        case "amp": character = .ampersand
        case "apos": character = .apostrophe
        case "quot": character = .quote
        default:
            throw error(
                "undefined entity &\(name);: only &lt; &gt; &amp; &apos; &quot; and character references exist "
                    + "without a DTD", at: ampersand)
        }
        return (nameEnd + 1, UInt32(character))
    }

    /// `<!`: a comment, a CDATA section (inside the root element), or a refusal: a document
    /// type declaration or any other markup declaration.
    private mutating func markup(at lessThan: Int) throws(XMLError) -> Int {
        if matches("<!--", at: lessThan) {
            var i = lessThan + 4
            while true {
                let byte = base[i]
                if byte == .hyphen && base[i + 1] == .hyphen {
                    guard base[i + 2] == .greaterThan else {
                        throw error("'--' is not allowed inside a comment", at: i)
                    }
                    return i + 3
                }
                if byte == 0 && i >= count {
                    throw error("the document ends inside a comment begun here", at: lessThan)
                }
                i += 1
            }
        }
        if matches("<![CDATA[", at: lessThan) {
            guard !frames.isEmpty else {
                throw error("a CDATA section outside the root element", at: lessThan)
            }
            var i = lessThan + 9
            var runStart = i
            while true {
                let byte = base[i]
                if byte == .rightBracket && base[i + 1] == .rightBracket && base[i + 2] == .greaterThan {
                    text.append(base + runStart, count: i - runStart)
                    return i + 3
                }
                if byte == .carriageReturn {
                    text.append(base + runStart, count: i - runStart)
                    text.append(.lineFeed)
                    i += base[i + 1] == .lineFeed ? 2 : 1
                    runStart = i
                    continue
                }
                if byte == 0 && i >= count {
                    throw error("the document ends inside a CDATA section begun here", at: lessThan)
                }
                i += 1
            }
        }
        if matches("<!DOCTYPE", at: lessThan) {
            throw error(
                "a document type declaration (DOCTYPE) is not accepted: invoi never reads DTDs or entities",
                at: lessThan)
        }
        throw error(
            "'<!' begins neither a comment nor a CDATA section (markup declarations are not accepted)",
            at: lessThan)
    }

    /// `<?target …?>`, skipped. The XML declaration, here, is out of place.
    private mutating func processingInstruction(at lessThan: Int) throws(XMLError) -> Int {
        let targetStart = lessThan + 2
        let (targetEnd, _) = try scanName(at: targetStart, what: "a processing instruction's target after '<?'")
        if targetEnd - targetStart == 3 && string(from: targetStart, to: targetEnd).lowercased() == "xml" {
            throw error(
                "an XML declaration (<?xml …?>) is allowed only at the very beginning of the document",
                at: lessThan)
        }
        var i = targetEnd
        if !(base[i] == .question && base[i + 1] == .greaterThan) {
            guard skipWhiteSpace(&i) else {
                throw error("white space or '?>' expected after a processing instruction's target", at: i)
            }
        }
        while !(base[i] == .question && base[i + 1] == .greaterThan) {
            if base[i] == 0 && i >= count {
                throw error("the document ends inside a processing instruction begun here", at: lessThan)
            }
            i += 1
        }
        return i + 2
    }

    // MARK: - Names

    /// The end of the name at `start` and its hash; refused, with `what` was expected, when
    /// no name begins there or it is longer than the limit.
    @inline(__always)
    private mutating func scanName(at start: Int, what: String) throws(XMLError) -> (end: Int, hash: UInt32) {
        var i = start
        var hash: UInt32 = 2_166_136_261
        let first = base[i]
        if classes[Int(first)] & XMLCharacters.nameStart != 0 {
            hash = (hash ^ UInt32(first)) &* 16_777_619
            i += 1
        } else {
            guard first >= 0x80, XMLCharacters.isNameStart(XMLCharacters.decode(base + i).value) else {
                throw error("\(describe(at: i)) where \(what) was expected", at: i)
            }
        }
        while true {
            let byte = base[i]
            if classes[Int(byte)] & XMLCharacters.nameCharacter != 0 {
                hash = (hash ^ UInt32(byte)) &* 16_777_619
                i += 1
            } else if byte >= 0x80 {
                let length = nameCharacterLength(at: i)
                if length == 0 { break }
                for offset in 0..<length { hash = (hash ^ UInt32(base[i + offset])) &* 16_777_619 }
                i += length
            } else {
                break
            }
        }
        if i - start > limits.maximumNameLength {
            throw error(
                "a name longer than \(limits.maximumNameLength) bytes (XMLLimits.maximumNameLength)", at: start)
        }
        return (i, hash)
    }

    /// The interned name `base[start..<end]`, which must be a qualified name: at most one
    /// colon, neither first nor last.
    private mutating func intern(from start: Int, to end: Int, hash: UInt32) throws(XMLError) -> Int32 {
        if let found = names.find(base + start, count: end - start, hash: hash) { return found }
        var colon = -1
        for i in start..<end where base[i] == .colon {
            guard colon < 0, i > start, i < end - 1 else {
                throw error(
                    "\(string(from: start, to: end)) is not a name XML namespaces allow (one ':' at most, "
                        + "between a prefix and a local name)", at: start)
            }
            colon = i
        }
        var prefix: Int32 = -1
        if colon >= 0 {
            var prefixHash: UInt32 = 2_166_136_261
            for i in start..<colon { prefixHash = (prefixHash ^ UInt32(base[i])) &* 16_777_619 }
            prefix = try intern(from: start, to: colon, hash: prefixHash)
        }
        let qualified = string(from: start, to: end)
        let local = colon < 0 ? qualified : string(from: colon + 1, to: end)
        let id = names.insert(
            base + start, count: end - start, hash: hash, qualifiedName: qualified, localName: local, prefix: prefix)
        if qualified == "xml" {
            names.xmlName = id
            names.setBinding(of: id, to: 1)
        } else if qualified == "xmlns" {
            names.xmlnsName = id
        }
        return id
    }

    private func fnv(_ start: Int, _ end: Int) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for i in start..<end { hash = (hash ^ UInt32(base[i])) &* 16_777_619 }
        return hash
    }

    private func qualifiedName(_ name: Int32) -> String { names.qualifiedName(name) }

    @inline(__always)
    private func isNameStart(at i: Int) -> Bool {
        let byte = base[i]
        if byte < 0x80 { return classes[Int(byte)] & XMLCharacters.nameStart != 0 }
        return XMLCharacters.isNameStart(XMLCharacters.decode(base + i).value)
    }

    /// The length of the name character at `i`; 0 when there is none.
    @inline(__always)
    private func nameCharacterLength(at i: Int) -> Int {
        let byte = base[i]
        if byte < 0x80 { return classes[Int(byte)] & XMLCharacters.nameCharacter != 0 ? 1 : 0 }
        let (value, length) = XMLCharacters.decode(base + i)
        return XMLCharacters.isNameCharacter(value) ? length : 0
    }

    // MARK: - Bytes

    @inline(__always)
    private func isWhiteSpace(_ byte: UInt8) -> Bool {
        classes[Int(byte)] & XMLCharacters.whiteSpace != 0
    }

    /// Moves past white space; whether there was any.
    @inline(__always)
    @discardableResult
    private func skipWhiteSpace(_ i: inout Int) -> Bool {
        let start = i
        while classes[Int(base[i])] & XMLCharacters.whiteSpace != 0 { i += 1 }
        return i > start
    }

    /// Whether the ASCII `literal` is at `offset` (never reading past the padding: each
    /// literal is shorter than it and stops at the first difference).
    private func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let bytes = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount where base[offset + index] != bytes[index] { return false }
        return true
    }

    private func string(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }

    /// What is at `i`, for a message.
    private func describe(at i: Int) -> String {
        if i >= count { return "the end of the document" }
        let (value, _) = XMLCharacters.decode(base + i)
        if value > 0x20 && value < 0x7F { return "'\(Character(Unicode.Scalar(UInt8(value))))'" }
        return XMLCharacters.hex(value)
    }

    // MARK: - Positions

    /// An error at byte `offset`.
    @inline(never)
    private mutating func error(_ message: String, at offset: Int) -> XMLError {
        let (line, column) = locate(min(offset, count))
        return XMLError(message: message, line: line, column: column)
    }

    /// The line and column of byte `offset`: counted on from the last position located (the
    /// parser asks in document order but for errors), so that the whole document is counted
    /// once. A carriage return, alone or before a line feed, ends a line as a line feed does.
    private mutating func locate(_ offset: Int) -> (line: Int, column: Int) {
        if offset < located.offset { located = (start, 1, 1) }
        var (i, line, column) = located
        while i < offset {
            // Eight bytes at once, unless one is a carriage return: their line feeds, and the
            // scalars after the last one (bytes but UTF-8's continuation bytes).
            if offset - i >= 8 {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & SWAR.high == 0 {
                    // ASCII: a column each but after a line feed (tabs and line ends are the
                    // only bytes below 14 after the UTF-8 check).
                    if SWAR.below(word, 0x0E) == 0 {
                        column += 8
                        i += 8
                        continue
                    }
                    if SWAR.equal(word, 0x0D) == 0 {
                        let lineFeeds = SWAR.equal(word, 0x0A)
                        if lineFeeds == 0 {
                            column += 8
                        } else {
                            line += lineFeeds & (lineFeeds &- 1) == 0 ? 1 : lineFeeds.nonzeroBitCount
                            column = 1 + (lineFeeds.leadingZeroBitCount + 1) / 8
                        }
                        i += 8
                        continue
                    }
                } else if SWAR.equal(word, 0x0D) == 0 {
                    let continuation = word & ~(word << 1) & SWAR.high
                    let lineFeeds = SWAR.equal(word, 0x0A)
                    if lineFeeds == 0 {
                        column += 8 - continuation.nonzeroBitCount
                    } else {
                        line += lineFeeds.nonzeroBitCount
                        let after = (lineFeeds.leadingZeroBitCount + 1) / 8  // bytes after the last
                        let afterMask: UInt64 = after == 0 ? 0 : ~0 << UInt64(64 - 8 * after)
                        column = 1 + after - (continuation & afterMask).nonzeroBitCount
                    }
                    i += 8
                    continue
                }
            }
            let byte = base[i]
            if byte == .lineFeed {
                line += 1
                column = 1
            } else if byte == .carriageReturn {
                if base[i + 1] != .lineFeed {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        located = (i, line, column)
        return (line, column)
    }
}

extension UInt8 {
    fileprivate static let tab: UInt8 = 0x09
    fileprivate static let lineFeed: UInt8 = 0x0A
    fileprivate static let carriageReturn: UInt8 = 0x0D
    fileprivate static let space: UInt8 = 0x20
    fileprivate static let exclamation = UInt8(ascii: "!")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let ampersand = UInt8(ascii: "&")
    fileprivate static let apostrophe = UInt8(ascii: "'")
    fileprivate static let hyphen = UInt8(ascii: "-")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let semicolon = UInt8(ascii: ";")
    fileprivate static let lessThan = UInt8(ascii: "<")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let greaterThan = UInt8(ascii: ">")
    fileprivate static let question = UInt8(ascii: "?")
    fileprivate static let rightBracket = UInt8(ascii: "]")
}
