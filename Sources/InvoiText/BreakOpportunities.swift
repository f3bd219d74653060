/// Where a paragraph may break, per grapheme cluster: the subset of UAX #14 an
/// invoice needs (spaces, after hyphens and slashes, beside CJK ideographs).
struct BreakOpportunities {
    /// Clusters that are breaking spaces; a break at them drops them.
    var isSpace: [Bool]
    /// Whether a line may start at this cluster without a space before it.
    var opensLine: [Bool]

    init(_ analysis: TextAnalysis) {
        let count = analysis.clusterCount
        let first = (0..<count).map { analysis.scalars[analysis.clusterStarts[$0]] }
        let single = (0..<count).map { analysis.clusterStarts[$0 + 1] - analysis.clusterStarts[$0] == 1 }
        isSpace = (0..<count).map { single[$0] && Self.isBreakingSpace(first[$0]) }
        opensLine = Array(repeating: false, count: count)
        for cluster in 1..<max(1, count) {
            guard !isSpace[cluster], !isSpace[cluster - 1] else { continue }
            let previous = first[cluster - 1], current = first[cluster]
            if Self.isBreakAfter(previous) && single[cluster - 1] {
                // Not after a word-initial sign ("-5"), not before a digit ("INV-0001",
                // "12/2026"), not between two of them ("//").
                let wordInitial = cluster < 2 || isSpace[cluster - 2]
                opensLine[cluster] = !wordInitial && !Self.isBreakAfter(current) && !Self.isDigit(current)
            } else if Self.isIdeographic(previous) || Self.isIdeographic(current) {
                opensLine[cluster] =
                    !Self.isClosing(current) && !Self.isOpening(previous)
                    && !Self.isBreakAfter(previous)
            }
        }
    }

    static func isBreakingSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200B, 0x205F, 0x3000: true
        default: false
        }
    }

    static func isBreakAfter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "/" || scalar == "\u{2010}" || scalar == "\u{2013}"
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType == .decimal
    }

    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FFF, 0x3041...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF,
            0xF900...0xFAFF, 0x20000...0x3FFFF:
            !isClosing(scalar)
        default: false
        }
    }

    /// No line starts with these.
    static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D,
            0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x30FB, 0x30FC,
            0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D:
            true
        default: false
        }
    }

    /// No line ends with these.
    static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x28, 0x5B, 0x7B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0xFF08, 0xFF3B, 0xFF5B: true
        default: false
        }
    }
}
