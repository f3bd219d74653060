import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, done here while both ends are ASCII: Foundation's
    /// first call bridges to NSString and sets up CharacterSet, about 0.75 M instructions, a
    /// sixtieth of a whole English render. In ASCII that set holds the space and the tab only;
    /// a string with anything else at an end (other scalars may be blanks) goes to Foundation.
    public func trimmingWhitespace() -> String {
        let text = String(self)
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, Self.isBlank(bytes[start]) { start = bytes.index(after: start) }
        while start < end, Self.isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        if start < end, !Self.isPrintable(bytes[start]) || !Self.isPrintable(bytes[bytes.index(before: end)]) {
            return text.trimmingCharacters(in: .whitespaces)
        }
        return String(text[start..<end])
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Printable ASCII other than the space: in no whitespace set.
    private static func isPrintable(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }
}
