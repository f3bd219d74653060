extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)` without Foundation, whose first call bridges to
    /// NSString and sets up CharacterSet: about 0.75 M instructions, a sixtieth of a whole
    /// English render.
    public func trimmingWhitespace() -> String {
        let scalars = String(self).unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].isBlank { scalars.formIndex(after: &start) }
        while start < end, scalars[scalars.index(before: end)].isBlank { scalars.formIndex(before: &end) }
        return String(scalars[start..<end])
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces` on Linux: the tab and Unicode's space
    /// separators, with U+200B ZERO WIDTH SPACE, which older Unicode counted among them.
    /// A test compares every scalar with Foundation's set.
    public var isBlank: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
