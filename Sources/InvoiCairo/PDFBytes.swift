#if canImport(Glibc)
    import Glibc
#endif

/// The byte-level reads the PDF writer needs over Cairo's output (the stream, the rewriter, the marks).
enum PDFBytes {
    /// Where `needle` first starts in `haystack`, from `start` on.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        haystack.withUnsafeBytes { firstIndex(of: needle, in: $0, from: start) }
    }

    static func firstIndex(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        // memchr to each candidate, memcmp there (memmem is a GNU extension Swift's Glibc lacks).
        return needle.withUnsafeBytes { needle in
            let base = haystack.baseAddress!
            let last = haystack.count - needle.count
            var position = start
            while position <= last, let found = memchr(base + position, Int32(needle[0]), last - position + 1) {
                if memcmp(found, needle.baseAddress!, needle.count) == 0 { return UnsafeRawPointer(found) - base }
                position = UnsafeRawPointer(found) - base + 1
            }
            return nil
        }
    }

    /// A number of decimal digits alone (an object number, an MCID): nil for anything else, and
    /// for 16 digits or more, which no object of Cairo's has.
    static func integer(_ digits: some Collection<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count < 16 else { return nil }
        var value = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }
}
