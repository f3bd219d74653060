/// A parsed XML document: elements with their namespaces resolved, attributes and text.
/// No DTD, no external entity, nothing fetched; limits on size, depth and counts.
///
/// The parser (`XMLParser`) is invoi's own, written by hand over the bytes: libxml2 or
/// FoundationXML in invoi's link would cost every start of invoi the loading of their
/// libraries, and bring entity and DTD machinery that a hostile file could reach. It reads
/// what e-invoices are (UTF-8, namespaces, no DTD) and refuses the rest with the line and
/// column of the problem.
public struct XMLDocument: Sendable {
    public let root: XMLElement

    /// Parses `bytes` (UTF-8, with or without a byte-order mark; an XML declaration naming
    /// another encoding is refused). Throws `XMLError` with the line and column of the problem.
    ///
    /// A document type declaration (`<!DOCTYPE`) is refused wherever it is, so no entity but
    /// XML's five and character references can exist: no external entity (XXE), no entity
    /// expansion (billion laughs). Comments and processing instructions are skipped. An
    /// attribute's value is normalised as XML does without a DTD (each literal tab, line feed
    /// or carriage return becomes a space); `xmlns` declarations are not among `attributes`.
    public static func parse(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) throws(XMLError) -> XMLDocument {
        guard bytes.count <= limits.maximumBytes else {
            throw XMLError(
                message:
                    "the document is \(bytes.count) bytes long, over the limit of \(limits.maximumBytes) "
                    + "(XMLLimits.maximumBytes)",
                line: 1, column: 1)
        }
        var parser = XMLParser(bytes, limits: limits)
        defer { parser.deallocate() }
        return XMLDocument(root: try parser.parseDocument())
    }
}

/// One element.
public final class XMLElement: Sendable {
    /// The namespace URI its prefix (or the default namespace) resolves to; "" for none.
    public let namespace: String
    public let localName: String
    /// The name as written, with its prefix (`ram:ID`), for messages.
    public let qualifiedName: String
    public let attributes: [XMLAttribute]
    public let children: [XMLElement]
    /// The character data directly inside it (CDATA included, references resolved), joined.
    /// Line ends are normalised to line feeds; white space is kept.
    public let text: String
    /// Where its start tag begins: 1-based line and column (in Unicode scalars).
    public let line: Int
    public let column: Int

    public init(
        namespace: String, localName: String, qualifiedName: String, attributes: [XMLAttribute],
        children: [XMLElement], text: String, line: Int, column: Int
    ) {
        self.namespace = namespace
        self.localName = localName
        self.qualifiedName = qualifiedName
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
        self.column = column
    }
}

/// One attribute; `namespace` is "" for an unprefixed one (XML's rule).
public struct XMLAttribute: Hashable, Sendable {
    public let namespace: String
    public let localName: String
    public let value: String

    public init(namespace: String, localName: String, value: String) {
        self.namespace = namespace
        self.localName = localName
        self.value = value
    }
}

/// How much a document may hold before it is refused. A text is bounded by `maximumBytes`.
public struct XMLLimits: Hashable, Sendable {
    public var maximumBytes: Int
    /// How deeply elements may nest (the root is at depth 1). The parser keeps its own stack,
    /// whatever the depth; the limit also bounds the recursion of releasing the tree.
    public var maximumDepth: Int
    public var maximumElements: Int
    /// Attributes written in one start tag, `xmlns` declarations included.
    public var maximumAttributesPerElement: Int
    /// The bytes of one element, attribute, prefix or processing-instruction target name.
    public var maximumNameLength: Int
    /// The bytes of one attribute's value, references resolved.
    public var maximumAttributeValueLength: Int

    public init(
        maximumBytes: Int = 64 << 20, maximumDepth: Int = 64, maximumElements: Int = 4_000_000,
        maximumAttributesPerElement: Int = 64, maximumNameLength: Int = 1_000,
        maximumAttributeValueLength: Int = 1 << 16
    ) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumElements = maximumElements
        self.maximumAttributesPerElement = maximumAttributesPerElement
        self.maximumNameLength = maximumNameLength
        self.maximumAttributeValueLength = maximumAttributeValueLength
    }
}

/// Why a document was refused, and where.
public struct XMLError: Error, Hashable, Sendable {
    public let message: String
    public let line: Int
    public let column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }
}
