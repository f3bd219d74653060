/// A vector image's source, checked against the decoder's contract before it is
/// nested in a page: a standalone `<svg …>` root without width, height, x or y (the
/// page sets those; its id, `logo`, stays: the logo's stylesheets are scoped to it),
/// no DOCTYPE, entity declarations, processing instructions or scripts. The decoder already guarantees this; the check is a cheap second line
/// so that a broken source is left out instead of breaking or endangering the page.
struct InlineSVG {
    /// The source after its `<svg`: the root's own attributes, then its content.
    let rest: ArraySlice<UInt8>
    /// Whether the root asks for its own `preserveAspectRatio` (kept; ours is added only when absent).
    let hasPreserveAspectRatio: Bool

    init?(_ source: String) {
        let bytes = Array(source.utf8)
        let open = Array("<svg".utf8)
        guard bytes.starts(with: open), bytes.count > open.count,
            Self.endsName(bytes[open.count])
        else { return nil }
        for marker in Self.refused where Self.contains(marker, in: bytes) { return nil }
        guard let names = Self.rootAttributeNames(bytes, from: open.count) else { return nil }
        // The page places the picture; a root that places itself would repeat an attribute.
        guard names.isDisjoint(with: Self.placement) else { return nil }
        rest = bytes[open.count...]
        hasPreserveAspectRatio = names.contains("preserveAspectRatio")
    }

    /// Markup that must never reach a page, matched without regard to case.
    private static let refused: [[UInt8]] = ["<script", "<!doctype", "<!entity", "<?"].map { Array($0.utf8) }
    private static let placement: Set<String> = ["x", "y", "width", "height"]

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || isSpace(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func contains(_ marker: [UInt8], in bytes: [UInt8]) -> Bool {
        guard bytes.count >= marker.count else { return false }
        outer: for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
            for (offset, expected) in marker.enumerated().dropFirst() {
                var byte = bytes[start + offset]
                if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
                if byte != expected { continue outer }
            }
            return true
        }
        return false
    }

    /// The attribute names of the root start tag beginning at `index`, nil when the tag does not end.
    private static func rootAttributeNames(_ bytes: [UInt8], from index: Int) -> Set<String>? {
        var names: Set<String> = []
        var i = index
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: ">") { return names }
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                i += 1
                continue
            }
            let start = i
            while i < bytes.count, !isSpace(bytes[i]), !"=>/\"'".utf8.contains(bytes[i]) { i += 1 }
            guard i > start else { return nil }
            names.insert(String(decoding: bytes[start..<i], as: UTF8.self))
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[i]
            i += 1
            while i < bytes.count, bytes[i] != quote { i += 1 }
            i += 1
        }
        return nil
    }
}
