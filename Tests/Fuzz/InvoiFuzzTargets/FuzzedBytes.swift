/// The fuzzer's bytes read as a sequence of choices (as libFuzzer's FuzzedDataProvider
/// does): once they run out, every choice is the smallest.
struct FuzzedBytes {
    private var remaining: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) {
        remaining = bytes[...]
    }

    var isEmpty: Bool { remaining.isEmpty }

    mutating func byte() -> UInt8 {
        remaining.popFirst() ?? 0
    }

    mutating func boolean() -> Bool {
        byte() & 1 == 1
    }

    /// A number in `range`, from two bytes.
    mutating func integer(in range: ClosedRange<Int>) -> Int {
        let raw = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % (range.upperBound - range.lowerBound + 1)
    }

    /// A number in `range`, in 65,536 steps.
    mutating func number(in range: ClosedRange<Double>) -> Double {
        let raw = Double(Int(byte()) << 8 | Int(byte())) / 65_535
        return range.lowerBound + raw * (range.upperBound - range.lowerBound)
    }

    mutating func choice<Element>(of options: [Element]) -> Element {
        options[Int(byte()) % options.count]
    }

    /// Text from up to `longest` bytes (a length byte first), invalid UTF-8 replaced.
    mutating func text(longest: Int) -> String {
        let count = min(Int(byte()), longest, remaining.count)
        defer { remaining = remaining.dropFirst(count) }
        return String(decoding: remaining.prefix(count), as: UTF8.self)
    }
}
