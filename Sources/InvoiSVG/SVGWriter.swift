import InvoiCharacters
import InvoiDocument

/// Appends SVG markup to a byte buffer: literal ASCII, numbers with few
/// decimals (deterministic, never `-0`, never an exponent) and escaped text.
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    mutating func append(_ other: SVGWriter) {
        bytes.append(contentsOf: other.bytes)
    }

    mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// `value` rounded to `decimals` places, trailing zeros dropped. Values
    /// that are not finite or absurdly large (broken layout) are written as 0.
    mutating func appendNumber(_ value: Double, decimals: Int = 2) {
        let decimals = min(max(decimals, 0), Self.powersOfTen.count - 1)
        let scale = Self.powersOfTen[decimals]
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15, scaled != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let units = Int64(scaled)
        if units < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = units.magnitude
        let divisor = UInt64(scale)
        appendDigits(UInt(magnitude / divisor))
        var fraction = magnitude % divisor
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        // Leading zeros of the fraction.
        var width = 1
        var probe = fraction
        while probe >= 10 {
            probe /= 10
            width += 1
        }
        for _ in 0..<(digits - width) { bytes.append(UInt8(ascii: "0")) }
        appendDigits(UInt(fraction))
    }

    /// A space, then the number: an attribute list or path data item.
    mutating func appendSeparated(_ value: Double, decimals: Int = 2) {
        // A minus sign separates numbers by itself in path data.
        let decimals = min(max(decimals, 0), Self.powersOfTen.count - 1)
        if !(value < 0 && (value * Self.powersOfTen[decimals]).rounded() != 0) {
            bytes.append(UInt8(ascii: " "))
        }
        appendNumber(value, decimals: decimals)
    }

    /// `matrix(a b c d e f)`: the linear part with enough decimals to keep a
    /// rotation true across the page, the translation in points like every other coordinate.
    mutating func appendMatrix(_ t: AffineTransform) {
        // Spaces always: the transform grammar, unlike path data, wants a separator before a minus sign.
        append("matrix(")
        appendNumber(t.a, decimals: 6)
        for (value, decimals) in [(t.b, 6), (t.c, 6), (t.d, 6), (t.tx, 2), (t.ty, 2)] {
            append(" ")
            appendNumber(value, decimals: decimals)
        }
        append(")")
    }

    /// `#RRGGBB`.
    /// ` name="value"`, the value written as `appendNumber` writes it.
    mutating func appendAttribute(_ name: StaticString, _ value: Double, decimals: Int = 2) {
        bytes.append(0x20)
        append(name)
        append("=\"")
        appendNumber(value, decimals: decimals)
        bytes.append(0x22)
    }

    mutating func appendColor(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        bytes.append(UInt8(ascii: "#"))
        for channel in [red, green, blue] {
            bytes.append(Self.hexDigits[Int(channel >> 4)])
            bytes.append(Self.hexDigits[Int(channel & 0xF)])
        }
    }

    /// `text` as XML character data or attribute value: `& < > " '` escaped,
    /// characters XML 1.0 forbids dropped, and bidi embedding, override and
    /// isolate controls dropped so that invoice text cannot reorder what a
    /// reader selects. Tabs and line breaks become spaces.
    mutating func appendEscaped(_ text: String) {
        for scalar in text.unicodeScalars {
            if let entity = XMLEscaping.entity(for: scalar.value, in: .anywhere) {
                append(entity)
                continue
            }
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: bytes.append(0x20)
            case _ where scalar.isControlCharacter || scalar.isBidiFormattingControl: break
            case 0xFFFE, 0xFFFF: break
            case 0x20...0x7E: bytes.append(UInt8(scalar.value))
            default: UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    private mutating func appendDigits(_ value: UInt) {
        var divisor: UInt = 1
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((value / divisor) % 10))
            divisor /= 10
        }
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
