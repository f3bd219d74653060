import CFribidi
import InvoiDocument

/// The Unicode bidi embedding levels of one paragraph, resolved by fribidi (UAX #9).
struct BidiLevels {
    /// Embedding level of each scalar; odd is right-to-left.
    var levels: [UInt8]
    /// Per scalar: whether rule L1 resets it to the paragraph level when it ends a line
    /// (whitespace, isolates, explicit formatting).
    var resetsAtLineEnd: [Bool]
    var paragraphLevel: UInt8

    var direction: TextDirection { paragraphLevel % 2 == 0 ? .leftToRight : .rightToLeft }

    /// Left-to-right text with no bidi content: every level 0.
    static func leftToRight(count: Int, spaces: [Bool]) -> BidiLevels {
        BidiLevels(levels: Array(repeating: 0, count: count), resetsAtLineEnd: spaces, paragraphLevel: 0)
    }

    /// Resolves `scalars` as one paragraph. The direction comes from the first strong
    /// character unless `direction` forces it; with none, it is `fallback` (left to right
    /// when nil).
    static func resolve(
        _ scalars: [UInt32], direction: TextDirection? = nil, fallback: TextDirection? = nil
    ) -> BidiLevels {
        let count = scalars.count
        // fribidi counts in Int32; beyond that (never from a real invoice) keep one direction.
        guard count > 0, count <= Int(Int32.max) else {
            let level: UInt8 = direction == .rightToLeft ? 1 : 0
            return BidiLevels(
                levels: Array(repeating: level, count: count),
                resetsAtLineEnd: Array(repeating: false, count: count), paragraphLevel: level)
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var base: FriBidiParType =
            switch direction {
            case nil: fallback == .rightToLeft ? invoi_fribidi_par_weak_rtl() : invoi_fribidi_par_auto()
            case .leftToRight: invoi_fribidi_par_ltr()
            case .rightToLeft: invoi_fribidi_par_rtl()
            }
        let length = FriBidiStrIndex(count)
        let maxLevelPlusOne = scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, length, &types)
            fribidi_get_bracket_types(text.baseAddress, length, types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels)
        }
        let paragraphLevel: UInt8 = invoi_fribidi_par_is_rtl(base) != 0 ? 1 : 0
        let resets = types.map { invoi_fribidi_resets_at_line_end($0) != 0 }
        guard maxLevelPlusOne > 0 else {
            // fribidi failed (out of memory): keep the paragraph direction throughout.
            return BidiLevels(
                levels: Array(repeating: paragraphLevel, count: count),
                resetsAtLineEnd: resets, paragraphLevel: paragraphLevel)
        }
        return BidiLevels(
            levels: levels.map { UInt8(clamping: $0) }, resetsAtLineEnd: resets,
            paragraphLevel: paragraphLevel)
    }

    /// The levels of `range` as one line: L1 resets trailing whitespace to the paragraph level.
    func line(_ range: Range<Int>) -> BidiLevels {
        var slice = BidiLevels(
            levels: Array(levels[range]), resetsAtLineEnd: Array(resetsAtLineEnd[range]),
            paragraphLevel: paragraphLevel)
        var i = slice.levels.count - 1
        while i >= 0 && slice.resetsAtLineEnd[i] {
            slice.levels[i] = paragraphLevel
            i -= 1
        }
        return slice
    }
}

/// Rule L2: the visual order of runs given their levels, as indices into `levels`.
func visualOrder(ofRunLevels levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
    var level = highest
    while level >= lowestOdd {
        var i = 0
        while i < order.count {
            guard levels[order[i]] >= level else {
                i += 1
                continue
            }
            var end = i
            while end < order.count && levels[order[end]] >= level { end += 1 }
            order[i..<end].reverse()
            i = end
        }
        if level == 0 { break }
        level -= 1
    }
    return order
}
