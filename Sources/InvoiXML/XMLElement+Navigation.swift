extension XMLElement {
    /// The first child named `localName` in `namespace`; nil when there is none.
    public func child(_ localName: String, in namespace: String) -> XMLElement? {
        children.first { $0.localName == localName && $0.namespace == namespace }
    }

    /// Every child named `localName` in `namespace`, in document order.
    public func children(_ localName: String, in namespace: String) -> [XMLElement] {
        children.filter { $0.localName == localName && $0.namespace == namespace }
    }

    /// The element at the end of `steps` (each a local name in `namespace`), following the first
    /// match at each step.
    public func descendant(_ steps: [String], in namespace: String) -> XMLElement? {
        var element = self
        for step in steps {
            guard let next = element.child(step, in: namespace) else { return nil }
            element = next
        }
        return element
    }

    /// The value of the unprefixed attribute `localName`; nil when absent.
    public func attribute(_ localName: String) -> String? {
        attributes.first { $0.localName == localName && $0.namespace.isEmpty }?.value
    }

    /// The text with XML's white space (space, tab, line feed, carriage return) trimmed from
    /// both ends.
    public var trimmedText: String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
