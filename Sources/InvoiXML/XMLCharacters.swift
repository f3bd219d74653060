/// XML's character classes over UTF-8 bytes: the byte table of the ASCII fast paths, the
/// Name production beyond ASCII, and the check that a document is UTF-8 made of XML's
/// characters.
enum XMLCharacters {
    /// Bits of `byteClasses`.
    static let nameStart: UInt8 = 1
    static let nameCharacter: UInt8 = 2
    static let whiteSpace: UInt8 = 4
    /// Ends a run of text: `<`, `&`, a carriage return, the end of the input (0).
    static let textStop: UInt8 = 8
    /// Ends a run of an attribute's value that can be taken as it is: `<`, `&`, tab, line
    /// feed, carriage return, the quotes, the end of the input.
    static let valueStop: UInt8 = 16

    /// One entry per byte; bytes from 0x80 have no bit (the parser decodes them).
    static let byteClasses: [UInt8] = (0..<256).map { value in
        var bits: UInt8 = 0
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"):
            bits |= nameStart | nameCharacter
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            bits |= nameCharacter
        case 0x20, 0x09, 0x0A, 0x0D:
            bits |= whiteSpace
        default: break
        }
        if [0, 0x3C, 0x26, 0x0D].contains(byte) { bits |= textStop }
        if [0, 0x3C, 0x26, 0x09, 0x0A, 0x0D, 0x22, 0x27].contains(byte) { bits |= valueStop }
        return bits
    }

    /// XML's NameStartChar beyond ASCII.
    static func isNameStart(_ value: UInt32) -> Bool {
        switch value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
            0x10000...0xEFFFF:
            true
        default: false
        }
    }

    /// XML's NameChar beyond ASCII.
    static func isNameCharacter(_ value: UInt32) -> Bool {
        isNameStart(value) || value == 0xB7 || (0x300...0x36F).contains(value) || (0x203F...0x2040).contains(value)
    }

    /// XML's Char production: what a character reference may name.
    static func isCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The scalar whose UTF-8 sequence starts at `p` (well-formed, or a lead byte followed by
    /// anything: the result is then meaningless but the read stays within four bytes) and its
    /// length.
    @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = UInt32(p[0])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(p[1] & 0x3F), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F), 3) }
        return (
            (lead & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6 | UInt32(p[3] & 0x3F), 4
        )
    }

    /// The first byte of `bytes[start..<end]` that is not well-formed UTF-8 or begins a
    /// character XML does not allow, with what is wrong; nil when there is none.
    static func firstProblem(
        in p: UnsafePointer<UInt8>, from start: Int, to end: Int
    ) -> (
        offset: Int, message: String
    )? {
        var i = start
        while i < end {
            // Eight ASCII bytes with no control character but tab, line feed and carriage
            // return among them at once.
            if end - i >= 8 {
                let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                if word & SWAR.high == 0 {
                    let controls = SWAR.below(word, 0x20)
                    if controls == 0
                        || controls & ~(SWAR.equal(word, 0x09) | SWAR.equal(word, 0x0A) | SWAR.equal(word, 0x0D)) == 0
                    {
                        i += 8
                        continue
                    }
                }
            }
            let lead = p[i]
            if lead < 0x80 {
                if lead < 0x20 && lead != 0x09 && lead != 0x0A && lead != 0x0D {
                    return (i, "the control character \(hex(UInt32(lead))) is not allowed in XML")
                }
                i += 1
                continue
            }
            let length: Int
            let secondRange: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
            case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
            case 0xED: (length, secondRange) = (3, 0x80...0x9F)
            case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
            case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
            default:
                return (i, "the byte \(byteHex(lead)) is not UTF-8 (invoi reads UTF-8 XML only)")
            }
            guard end - i >= length, secondRange.contains(p[i + 1]),
                length < 3 || p[i + 2] & 0xC0 == 0x80, length < 4 || p[i + 3] & 0xC0 == 0x80
            else {
                return (
                    i,
                    "the bytes from \(byteHex(lead)) on are not a UTF-8 sequence (invoi reads UTF-8 XML only)"
                )
            }
            // U+FFFE and U+FFFF are not XML characters.
            if lead == 0xEF && p[i + 1] == 0xBF && p[i + 2] >= 0xBE {
                return (i, "\(hex(decode(p + i).value)) is not a character XML allows")
            }
            i += length
        }
        return nil
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func byteHex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}

/// Eight bytes at a time in a `UInt64` (SIMD within a register): each function gives the
/// high bit of each byte that passes its test, exactly (no carry between bytes).
enum SWAR {
    static let high: UInt64 = 0x8080_8080_8080_8080
    static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The bytes equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let differences = word ^ (ones &* UInt64(byte))
        // A byte's low seven bits plus 0x7F sets its high bit unless they are all zero.
        let nonZero = ((differences & ~high) &+ ~high | differences) & high
        return ~nonZero & high
    }

    /// The bytes below `limit` (at most 0x80), of a word of ASCII bytes.
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        ~((word | high) &- ones &* UInt64(limit)) & high
    }
}
