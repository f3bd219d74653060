/// How many terminal cells text takes: East Asian Wide and Fullwidth
/// characters two, combining marks and format characters none, the rest one.
public enum DisplayWidth {
    /// Cells taken by one code point on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || (0x7F...0x9F).contains(value) ? 0 : 1 }
        if isZeroWidth(scalar) { return 0 }
        return isWide(value) ? 2 : 1
    }

    /// Cells taken by one grapheme cluster: the widest any terminal shows it. Terminals that
    /// measure code point by code point (wcwidth: xterm, tmux) give each part of an emoji ZWJ
    /// sequence its own two cells and Thai SARA AM its own cell, so a cluster takes the sum of
    /// its code points' widths; terminals that measure clusters draw an emoji presentation
    /// (U+FE0F) two cells wide, so such a cluster takes at least two. A flag — two regional
    /// indicators, each of neutral width on its own — takes two.
    public static func of(_ character: Character) -> Int {
        var sum = 0
        var regionalIndicators = 0
        var isEmojiPresentation = false
        for scalar in character.unicodeScalars {
            if (0x1F1E6...0x1F1FF).contains(scalar.value) {
                regionalIndicators += 1
                if regionalIndicators == 2 { return 2 }
            }
            if scalar.value == 0xFE0F { isEmojiPresentation = true }
            sum += of(scalar)
        }
        return isEmojiPresentation ? max(sum, 2) : sum
    }

    /// Cells taken by a string.
    public static func of(_ string: String) -> Int {
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return string.utf8.count }
        return string.reduce(0) { $0 + of($1) }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Hangul medial vowels and final consonants join the preceding initial.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        if value == 0x200B { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        let table = EastAsianWideTable.ranges
        guard value >= table[0] else { return false }
        // Binary search over the [first, last] pairs.
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < table[2 * mid] {
                high = mid - 1
            } else if value > table[2 * mid + 1] {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
