import InvoiDocument

extension ShownText {
    /// The UTF-8 of `line` as the terminal is given it: in the order shown, or, for a
    /// terminal that reorders itself, in logical order inside an isolate of the line's own
    /// direction (LRI or RLI … PDI), so that its reordering stays within the line's cells.
    func utf8(of line: Range<Int>, runs: [GlyphRun], direction: TextDirection, geometry: GridGeometry) -> [UInt8] {
        guard runs.contains(where: { $0.direction == .rightToLeft }) else {
            return utf8(of: visualOrder(of: line, runs: runs))
        }
        guard geometry.writesLogicalOrder else {
            // Shown right to left, a bracket turns round, as the font's mirrored glyph does.
            let rightToLeft = Set(
                line.filter { index in
                    runs.contains {
                        $0.direction == .rightToLeft && $0.textRange.contains(clusters[index].sourceOffset)
                    }
                })
            return utf8(of: visualOrder(of: line, runs: runs), mirroring: rightToLeft)
        }
        let isolate: [UInt8] = direction == .rightToLeft ? [0xE2, 0x81, 0xA7] : [0xE2, 0x81, 0xA6]
        return isolate + utf8(of: Array(line)) + [0xE2, 0x81, 0xA9]
    }

    /// The clusters of `line` (a logical range) in the order they are shown
    /// left to right. The op's runs are already in visual order and split by
    /// bidi level, so it is enough to take each run's part of the line and
    /// reverse the right-to-left ones; digits inside Hebrew or Arabic are runs
    /// of their own and keep their order. Clusters no run covers (runs that do
    /// not match the text) follow in logical order, so nothing is lost.
    func visualOrder(of line: Range<Int>, runs: [GlyphRun]) -> [Int] {
        if isLogicalOrder(runs) { return Array(line) }
        var order: [Int] = []
        order.reserveCapacity(line.count)
        var placed = [Bool](repeating: false, count: line.count)
        for run in runs {
            let first = order.count
            for index in line
            where !placed[index - line.lowerBound]
                && run.textRange.contains(clusters[index].sourceOffset)
            {
                placed[index - line.lowerBound] = true
                order.append(index)
            }
            if run.direction == .rightToLeft { order[first...].reverse() }
        }
        for index in line where !placed[index - line.lowerBound] {
            order.append(index)
        }
        return order
    }

    /// True when the runs are left-to-right and in logical order, so the
    /// clusters are already shown as stored (the common case).
    private func isLogicalOrder(_ runs: [GlyphRun]) -> Bool {
        var previousEnd = Int.min
        for run in runs {
            guard run.direction == .leftToRight, run.textRange.lowerBound >= previousEnd else { return false }
            previousEnd = run.textRange.upperBound
        }
        return true
    }
}

/// The pairs of brackets and quotation marks that the bidi algorithm shows mirrored in
/// right-to-left text (the paired ones of Unicode's BidiMirroring.txt that invoice text uses;
/// the terminal module has no Unicode library that holds the whole list).
enum MirroredBracket {
    static let pairs: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [
            ("(", ")"), ("[", "]"), ("{", "}"), ("<", ">"), ("\u{AB}", "\u{BB}"), ("\u{2039}", "\u{203A}"),
            ("\u{2045}", "\u{2046}"), ("\u{207D}", "\u{207E}"), ("\u{208D}", "\u{208E}"),
            ("\u{2329}", "\u{232A}"), ("\u{3008}", "\u{3009}"), ("\u{300A}", "\u{300B}"),
            ("\u{300C}", "\u{300D}"), ("\u{300E}", "\u{300F}"), ("\u{3010}", "\u{3011}"),
            ("\u{FF08}", "\u{FF09}"), ("\u{FF3B}", "\u{FF3D}"), ("\u{FF5B}", "\u{FF5D}"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (open, close) in pairs {
            table[open] = close
            table[close] = open
        }
        return table
    }()
}
