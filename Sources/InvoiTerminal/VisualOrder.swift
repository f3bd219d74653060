import InvoiDocument

extension ShownText {
    /// The UTF-8 of `line` as the terminal is given it: in the order shown, or, for a
    /// terminal that reorders itself, in logical order inside an isolate of the line's own
    /// direction (LRI or RLI … PDI), so that its reordering stays within the line's cells.
    func utf8(of line: Range<Int>, runs: [GlyphRun], direction: TextDirection, geometry: GridGeometry) -> [UInt8] {
        guard geometry.writesLogicalOrder, runs.contains(where: { $0.direction == .rightToLeft }) else {
            return utf8(of: visualOrder(of: line, runs: runs))
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
