extension ShownText {
    /// Splits the text into lines of at most `capacity` cells, in logical
    /// order: at spaces and after hyphens and slashes. A word wider than
    /// `capacity` gets a line of its own, whole while it is no wider than
    /// `wordLimit` and cut between clusters beyond that. Lines are trimmed of
    /// spaces and hold at least one cluster; an all-blank text gives none.
    func wrapped(toCells capacity: Int, keepingWordsUpTo wordLimit: Int) -> [Range<Int>] {
        let whole = trimmed(0..<clusters.count)
        guard !whole.isEmpty else { return [] }
        if width(of: whole) <= capacity { return [whole] }

        var lines: [Range<Int>] = []
        var start = whole.lowerBound
        while start < whole.upperBound {
            var used = 0
            var index = start
            var limit = capacity
            var isLongWord = false
            // Index after the last break opportunity on this line.
            var lastBreak: Int?
            while index < whole.upperBound {
                let cluster = clusters[index]
                if !cluster.isSpace, used + cluster.width > limit {
                    // A word too long for the line: let it run on, alone, up to the word limit.
                    guard lastBreak == nil, !isLongWord, wordLimit > limit else { break }
                    limit = wordLimit
                    isLongWord = true
                    continue
                }
                if isLongWord, cluster.isSpace { break }
                used += cluster.width
                index += 1
                if cluster.isSpace || isBreakAfter(index - 1, lineStart: start) {
                    lastBreak = index
                    if isLongWord { break }
                }
            }
            var end = index
            if index < whole.upperBound, let lastBreak, lastBreak > start { end = lastBreak }
            if end == start { end = start + 1 }
            let line = trimmed(start..<end)
            if !line.isEmpty { lines.append(line) }
            start = end
            while start < whole.upperBound, clusters[start].isSpace { start += 1 }
        }
        return lines
    }

    /// A hyphen or slash inside a word (not a leading minus sign).
    private func isBreakAfter(_ index: Int, lineStart: Int) -> Bool {
        let cluster = clusters[index]
        guard cluster.bytes.count == 1, index > lineStart, !clusters[index - 1].isSpace else { return false }
        let byte = bytes[cluster.bytes.lowerBound]
        return byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
    }
}
