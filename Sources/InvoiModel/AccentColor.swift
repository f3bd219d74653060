/// The colour of the title, the table header rule and the Total amount.
/// Only the red, green and blue channels: the model knows no drawing types, and the
/// layout converts it to the document's colour.
public struct AccentColor: Hashable, Sendable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The app's accent, used when the invoice names none: #111111.
    public static let standard = AccentColor(red: 0x11, green: 0x11, blue: 0x11)

    /// A named theme colour that `accentColor` may give instead of a hex value.
    public struct Theme: Hashable, Sendable {
        public let name: String
        public let color: AccentColor
    }

    /// The theme names, in the order messages list them.
    public static let themes: [Theme] = [
        Theme(name: "blue", color: AccentColor(red: 0x3B, green: 0x82, blue: 0xF6)),
        Theme(name: "green", color: AccentColor(red: 0x10, green: 0xB9, blue: 0x81)),
        Theme(name: "purple", color: AccentColor(red: 0x8B, green: 0x5C, blue: 0xF6)),
        Theme(name: "orange", color: AccentColor(red: 0xF9, green: 0x73, blue: 0x16)),
    ]

    /// `#3B82F6` (or `#3b82f6`) or a theme name (`blue`, exactly); nil for anything else.
    public init?(_ text: String) {
        if let theme = Self.themes.first(where: { $0.name == text }) {
            self = theme.color
            return
        }
        guard let channels = Self.hexChannels(text) else { return nil }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// `#3B82F6`: upper-case hex.
    public var hexString: String {
        "#"
            + [red, green, blue].map { channel in
                let digits = String(channel, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// The theme's name when the colour is one, else `hexString`: how the JSON writes it.
    public var name: String {
        Self.themes.first { $0.color == self }?.name ?? hexString
    }

    /// The three channels of `#RRGGBB` (hex digits in either case).
    private static func hexChannels(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        for index in stride(from: 1, to: 7, by: 2) {
            guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return nil }
            channels.append(high << 4 | low)
        }
        return channels
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
