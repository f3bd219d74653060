/// A parsed XML document: elements with their namespaces resolved, attributes and text.
/// No DTD, no external entity, nothing fetched; limits on size, depth and counts.
///
/// (Interface fixed for the readers; the parser behind `parse` is being written.)
public struct XMLDocument: Sendable {
    public let root: XMLElement

    /// Parses `bytes` (UTF-8, with or without a byte-order mark; an XML declaration naming
    /// another encoding is refused). Throws `XMLError` with the line and column of the problem.
    public static func parse(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) throws(XMLError) -> XMLDocument {
        throw XMLError(message: "the XML reader is not written yet", line: 1, column: 1)
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

/// How much a document may hold before it is refused.
public struct XMLLimits: Hashable, Sendable {
    public var maximumBytes: Int
    public var maximumDepth: Int
    public var maximumElements: Int
    public var maximumAttributesPerElement: Int

    public init(
        maximumBytes: Int = 64 << 20, maximumDepth: Int = 64, maximumElements: Int = 4_000_000,
        maximumAttributesPerElement: Int = 64
    ) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumElements = maximumElements
        self.maximumAttributesPerElement = maximumAttributesPerElement
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
