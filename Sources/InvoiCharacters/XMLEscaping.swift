/// XML's five markup characters and where each must be written as an entity.
public enum XMLEscaping {
    /// Where escaped text goes.
    public enum Context: Sendable {
        /// Character data: `& < >`.
        case text
        /// A double-quoted attribute value: `& < > "`.
        case quotedAttribute
        /// Anywhere, character data or an attribute in either quotes: `& < > " '`.
        case anywhere
    }

    /// The entity that stands for `scalar` in `context`, or nil when it is written as it is.
    public static func entity(for scalar: UInt32, in context: Context) -> StaticString? {
        switch scalar {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22 where context != .text: "&quot;"
        case 0x27 where context == .anywhere: "&apos;"
        default: nil
        }
    }
}
