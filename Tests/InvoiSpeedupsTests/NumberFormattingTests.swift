import CSpeedups
import InvoiSpeedups
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// invoi's __snprintf_chk writes the numbers of Cairo's PDFs: each must be glibc's, byte for
/// byte, or a PDF changes. Every case compares the two on the same arguments.
@Suite struct NumberFormattingTests {
    /// SplitMix64: the same values at every run, so a failure can be run again.
    struct Values {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    /// glibc's text and length, and ours (nil when ours declines the format or value).
    static func both(
        _ format: String, _ arguments: [any CVarArg], size: Int = 64
    ) -> (
        glibc: String, glibcLength: Int32, ours: String?, oursLength: Int32
    ) {
        var expected = [CChar](repeating: 0x7F, count: max(size, 1))
        var actual = [CChar](repeating: 0x7F, count: max(size, 1))
        let glibcLength = withVaList(arguments) { vsnprintf(&expected, size, format, $0) }
        let oursLength = withVaList(arguments) { invoi_format_number(&actual, size, format, $0) }
        let text = { (bytes: [CChar]) in size == 0 ? "" : terminated(bytes) }
        return (text(expected), glibcLength, oursLength < 0 ? nil : text(actual), oursLength)
    }

    /// The doubles Cairo writes (coordinates, sizes, colours, matrix entries) and the hard ones.
    static func doubles() -> [Double] {
        var values = Values(state: 2026)
        var doubles: [Double] = [0, -0.0, 0.1, -0.1, 0.099_999_999_999, 1, 0.5, 1.5, 2.5, 14_400, 1e-300, 5e-324]
        doubles += [
            Double.leastNormalMagnitude, 9.223_372_036_854_775e18, 9.2e18, 1e19, 1e300, .greatestFiniteMagnitude,
        ]
        for _ in 0..<60_000 { doubles.append(values.uniform(-20_000...20_000)) }
        for _ in 0..<20_000 { doubles.append(values.uniform(-0.1...0.1)) }
        // Halves of the last digit: k / 2^j has an exact decimal expansion, so rounding ties occur.
        for j in 1...24 { for k in stride(from: 1, to: 4_000, by: 7) { doubles.append(Double(k) / Double(1 << j)) } }
        // Every bit pattern: tiny, huge, subnormal.
        for _ in 0..<40_000 {
            let value = Double(bitPattern: values.next())
            if value.isFinite { doubles.append(value) }
        }
        return doubles
    }

    @Test(arguments: ["%f", "%.18f"])
    func fixedPointIsGlibcs(format: String) {
        var mismatches: [String] = []
        var declined: [Double] = []
        for value in Self.doubles() {
            let result = Self.both(format, [value])
            guard let ours = result.ours else {
                if value.magnitude < 0x1p63 { declined.append(value) }
                continue
            }
            if ours != result.glibc || result.oursLength != result.glibcLength {
                mismatches.append("\(value.bitPattern): \(result.glibc) ≠ \(ours)")
            }
        }
        #expect(mismatches.prefix(5) == [])
        // Declined: only magnitudes from 2^63 (half the bit patterns), never a page's numbers.
        #expect(declined.prefix(5) == [])
    }

    @Test func givenPrecisionIsGlibcs() {
        var values = Values(state: 16)
        var mismatches: [String] = []
        var declined = 0
        for value in Self.doubles().prefix(30_000) {
            let precision = Int32(values.next() % 22) - 1  // -1 (taken as none) … 20 (declined)
            let result = Self.both("%.*f", [precision, value])
            guard let ours = result.ours else {
                declined += 1
                continue
            }
            if ours != result.glibc { mismatches.append("\(precision) \(value.bitPattern): \(result.glibc) ≠ \(ours)") }
        }
        #expect(mismatches.prefix(5) == [])
        #expect(declined < 4_000)
    }

    @Test func integersAreGlibcs() {
        var values = Values(state: 7)
        var ints: [Int32] = [0, 1, -1, 9, 10, -10, .max, .min]
        var longs: [Int] = [0, 1, -1, 999_999_999, 1_000_000_000, -999_999_999, .max, .min]
        for _ in 0..<20_000 {
            let bits = values.next()
            ints.append(Int32(truncatingIfNeeded: bits >> (bits % 32)))
            longs.append(Int(truncatingIfNeeded: bits >> (bits % 64)))
        }
        var mismatches: [String] = []
        func check(_ format: String, _ argument: any CVarArg) {
            let result = Self.both(format, [argument])
            if result.ours != result.glibc || result.oursLength != result.glibcLength {
                mismatches.append("\(format) \(argument): \(result.glibc) ≠ \(result.ours ?? "declined")")
            }
        }
        for value in ints {
            check("%d", value)
            check("%u", UInt32(bitPattern: value))
            check("%02x", UInt32(bitPattern: value))
            check("%04x", UInt32(bitPattern: value))
            check("%04X", UInt32(bitPattern: value))
        }
        for value in longs {
            check("%ld", value)
            check("%lu", UInt(bitPattern: value))
            check("%010ld", value)
        }
        #expect(mismatches.prefix(5) == [])
    }

    /// snprintf's contract: the whole length returned, at most size - 1 bytes and a NUL written.
    @Test(arguments: [0, 1, 2, 3, 6, 9])
    func aSmallBufferIsCutAsGlibcCutsIt(size: Int) {
        for (format, arguments) in [("%f", [-1234.5678]), ("%d", [Int32(-12_345)]), ("%010ld", [42])]
            as [(String, [any CVarArg])]
        {
            let result = Self.both(format, arguments, size: size)
            #expect(result.ours == result.glibc && result.oursLength == result.glibcLength, "\(format) in \(size)")
        }
    }

    @Test func otherFormatsAndValuesGoToGlibc() {
        for (format, arguments) in [
            ("%5.2f", [3.14159]), ("%e", [3.0]), ("%s", ["x"]), ("CairoFont-%d-%d", [Int32(1), Int32(2)]),
            ("%f", [Double.infinity]), ("%f", [-Double.nan]), ("%f", [1e19]), ("%.19f", [0.1]), ("%l", []),
            ("%", []), ("%x", [UInt32(255)]),
        ] as [(String, [any CVarArg])] {
            #expect(Self.both(format, arguments).ours == nil, "\(format)")
            var expected = [CChar](repeating: 0, count: 64)
            var actual = [CChar](repeating: 0, count: 64)
            let glibcLength = withVaList(arguments) { vsnprintf(&expected, 64, format, $0) }
            let length = withVaList(arguments) { invoi_vsnprintf_chk(&actual, 64, 1, 64, format, $0) }
            #expect(length == glibcLength && terminated(actual) == terminated(expected), "\(format)")
        }
    }

    /// glibc rounds in the thread's rounding mode; ours only in the default one, and declines otherwise.
    @Test func anotherRoundingModeGoesToGlibc() {
        let mode = fegetround()
        defer { fesetround(mode) }
        fesetround(FE_UPWARD)
        #expect(Self.both("%f", [0.1234561]).ours == nil)
        var actual = [CChar](repeating: 0, count: 32)
        let length = withVaList([0.1234561]) { invoi_vsnprintf_chk(&actual, 32, 1, 32, "%f", $0) }
        #expect(length == 8 && terminated(actual) == "0.123457")
    }

    @Test func theSwitchReadsInvoiSpeedupsAsSwiftDoes() {
        let settings: [String?] = [
            nil, "", "on", "ON", "off", "Off", "numberFormatting", "deflate,numberformatting", " number Formatting ,x",
            "numberFormattingX", "deflate", "fontTables", "FONTTABLES,deflate", "fonttable", "numberformatting,", ",",
            "on,off", " on",
        ]
        for setting in settings {
            let swift = Speedups(setting: setting).isOn(.numberFormatting)
            let c = invoi_speedup_is_on(setting, "numberformatting")
            #expect((c != 0) == swift, "\(setting ?? "unset")")
            let tables = invoi_speedup_is_on(setting, "fonttables")
            #expect((tables != 0) == Speedups(setting: setting).isOn(.fontTables), "\(setting ?? "unset")")
        }
    }
}

/// The text before the first NUL of a C buffer.
private func terminated(_ bytes: [CChar]) -> String {
    String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
