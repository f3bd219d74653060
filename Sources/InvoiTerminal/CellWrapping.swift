extension ShownText {
    /// Splits the text into lines of at most `capacity` cells, in logical
    /// order: at spaces and after hyphens and slashes where it can, between
    /// clusters where a word is longer than a line. Each line is trimmed of
    /// spaces and holds at least one cluster, so a cluster wider than
    /// `capacity` gets a line of its own. An all-blank text gives no line.
    func wrapped(toCells capacity: Int) -> [Range<Int>] {
        let whole = trimmed(0..<clusters.count)
        guard !whole.isEmpty else { return [] }
        if width(of: whole) <= capacity { return [whole] }

        var lines: [Range<Int>] = []
        var start = whole.lowerBound
        while start < whole.upperBound {
            var used = 0
            var index = start
            // Index after the last break opportunity on this line.
            var lastBreak: Int?
            while index < whole.upperBound {
                let cluster = clusters[index]
                if used + cluster.width > capacity, !(cluster.isSpace) { break }
                used += cluster.width
                index += 1
                if cluster.isSpace || isBreakAfter(index - 1, lineStart: start) { lastBreak = index }
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

    /// Cells taken by the widest run of clusters between spaces.
    var widestWord: Int {
        var widest = 0
        var current = 0
        for cluster in clusters {
            if cluster.isSpace {
                current = 0
            } else {
                current += cluster.width
                widest = max(widest, current)
            }
        }
        return widest
    }

    /// A hyphen or slash inside a word (not a leading minus sign).
    private func isBreakAfter(_ index: Int, lineStart: Int) -> Bool {
        let cluster = clusters[index]
        guard cluster.bytes.count == 1, index > lineStart, !clusters[index - 1].isSpace else { return false }
        let byte = bytes[cluster.bytes.lowerBound]
        return byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
    }
}
