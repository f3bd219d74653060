/// An sRGB colour with 8-bit channels.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0x111111`-style literal.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// Parses `#RRGGBB` (case-insensitive); nil for anything else.
    public init?(hex: String) {
        guard hex.utf8.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(rgb: value)
    }

    /// `#RRGGBB`, upper case.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        var s = "#"
        for channel in [red, green, blue] {
            s.append(digits[Int(channel >> 4)])
            s.append(digits[Int(channel & 0xF)])
        }
        return s
    }

    public var description: String { hex }

    /// True when red, green and blue are equal (the page can be stored as greyscale).
    public var isGrey: Bool { red == green && green == blue }

    public static let white = Color(rgb: 0xFFFFFF)
    public static let black = Color(rgb: 0x000000)
}
