import InvoiCharacters

/// Writes indented XML into UTF-8 bytes, by hand: elements open and close in the order the
/// schema asks, every text and attribute value is escaped, and an element without text is
/// never written (Peppol's PEPPOL-EN16931-R008 refuses empty elements).
struct XMLBuilder {
    private(set) var bytes: [UInt8] = []
    private var open: [String] = []
    /// Where `flush` hands the bytes written so far, if anywhere; and how many it has handed.
    private let sink: ((UnsafeRawBufferPointer) -> Void)?
    private var flushed = 0

    init(sink: ((UnsafeRawBufferPointer) -> Void)? = nil) {
        self.sink = sink
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    }

    /// Hands what is written so far to the sink, if there is one. Called between complete
    /// elements inside one that already has content (after a line item), so that nothing handed
    /// over is taken back: an element found empty when it closes is rewritten as `<name/>`.
    mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(sink)
        flushed += bytes.count
        bytes.removeAll(keepingCapacity: true)
    }

    /// The whole document's bytes once the sink has them.
    mutating func finish() {
        flush()
    }

    /// Opens `name` with `attributes` (name, value) and runs `body` inside it.
    mutating func element(
        _ name: String, _ attributes: [(String, String)] = [], _ body: (inout XMLBuilder) -> Void
    ) {
        indent()
        append("<" + name)
        appendAttributes(attributes)
        append(">\n")
        let contentStart = flushed + bytes.count
        open.append(name)
        body(&self)
        open.removeLast()
        if flushed + bytes.count == contentStart {
            // Nothing inside: `<name/>`, since whitespace is content to an element declared empty.
            bytes.removeLast(2)
            append("/>\n")
        } else {
            indent()
            append("</" + name + ">\n")
        }
    }

    /// `<name attributes>text</name>`, or nothing when `text` is empty.
    mutating func leaf(_ name: String, _ text: String, _ attributes: [(String, String)] = []) {
        guard !text.isEmpty else { return }
        indent()
        append("<" + name)
        appendAttributes(attributes)
        append(">")
        appendEscaped(text, in: .text)
        append("</" + name + ">\n")
    }

    private mutating func appendAttributes(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            append(" " + name + "=\"")
            appendEscaped(value, in: .quotedAttribute)
            append("\"")
        }
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: open.count * 2))
    }

    private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Escapes markup; a carriage return is written as a reference so that a parser keeps
    /// it, and characters XML 1.0 cannot hold (other C0 controls, U+FFFE, U+FFFF) are left out.
    private mutating func appendEscaped(_ text: String, in context: XMLEscaping.Context) {
        for scalar in text.unicodeScalars {
            if let entity = XMLEscaping.entity(for: scalar.value, in: context) {
                entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
            } else if scalar == "\r" {
                append("&#13;")
            } else if scalar == "\n" && context != .text {
                append("&#10;")
            } else if (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF
            {
                continue
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }
}
