import InvoiDocument

/// Greedy line filling for one paragraph (see `TextShaper.breakLines`).
struct LineBreaker {
    let assembler: LineAssembler

    /// Room for rounding in widths summed in a different order than the caller's.
    private static let slack = 1e-6

    func lines(of analysis: TextAnalysis, size: Double, tracking: Double, width: Double) -> [ShapedLine] {
        let count = analysis.clusterCount
        let whole = assembler.line(analysis, clusters: 0..<count, size: size, tracking: tracking)
        guard count > 0 else { return [whole] }
        let breaks = BreakOpportunities(analysis)
        if whole.width <= width + Self.slack && !breaks.isSpace[count - 1] { return [whole] }

        let measure = Measure(analysis, shaped: whole)
        var lines: [ShapedLine] = []
        var start = 0
        repeat {
            var candidate = nextLine(from: start, breaks: breaks, measure: measure, width: width)
            var line = assembler.line(analysis, clusters: start..<candidate.end, size: size, tracking: tracking)
            // Estimates come from the whole paragraph; a line shaped alone can differ
            // (an Arabic word cut in two, kerning across the break). Shorten until it fits.
            while line.width > width + Self.slack, let shorter = candidate.shorter(from: start, measure: measure) {
                candidate = shorter
                line = assembler.line(analysis, clusters: start..<candidate.end, size: size, tracking: tracking)
            }
            lines.append(line)
            start = candidate.next
        } while start < count
        return lines
    }

    /// Per-cluster advances from the paragraph shaped as one line, and which clusters
    /// begin a HarfBuzz cluster (a line may only break there).
    struct Measure {
        var advances: [Double]
        var startsCluster: [Bool]

        init(_ analysis: TextAnalysis, shaped: ShapedLine) {
            let count = analysis.clusterCount
            var clusterOfByte = [Int](repeating: 0, count: analysis.source.count + 1)
            for cluster in 0..<count {
                for byte in analysis.byteRange(of: cluster..<(cluster + 1)) { clusterOfByte[byte] = cluster }
            }
            advances = Array(repeating: 0, count: count)
            startsCluster = Array(repeating: false, count: count)
            for run in shaped.runs {
                for glyph in run.glyphs where glyph.cluster < clusterOfByte.count {
                    let cluster = clusterOfByte[glyph.cluster]
                    advances[cluster] += glyph.advance
                    startsCluster[cluster] = true
                }
            }
        }
    }

    struct Candidate {
        /// The line holds clusters up to `end`; the next line starts at `next` (after dropped spaces).
        var end: Int
        var next: Int
        /// Earlier break opportunities on the same line, in order.
        var earlier: [(end: Int, next: Int)]

        /// A shorter line: the previous opportunity, else one cluster less; nil when
        /// the line is already a single cluster.
        func shorter(from start: Int, measure: Measure) -> Candidate? {
            if let last = earlier.last {
                return Candidate(end: last.end, next: last.next, earlier: earlier.dropLast())
            }
            var end = self.end - 1
            while end > start && !measure.startsCluster[end] { end -= 1 }
            guard end > start else { return nil }
            return Candidate(end: end, next: end, earlier: [])
        }
    }

    private func nextLine(from start: Int, breaks: BreakOpportunities, measure: Measure, width: Double) -> Candidate {
        let count = measure.advances.count
        var used = 0.0
        var earlier: [(end: Int, next: Int)] = []
        var cluster = start
        while cluster < count {
            if breaks.isSpace[cluster] {
                var after = cluster
                var spaces = 0.0
                while after < count && breaks.isSpace[after] {
                    spaces += measure.advances[after]
                    after += 1
                }
                // Spaces ending the paragraph are dropped.
                if after == count { return Candidate(end: cluster, next: count, earlier: earlier) }
                if cluster > start { earlier.append((cluster, after)) }
                used += spaces
                cluster = after
                continue
            }
            if cluster > start && breaks.opensLine[cluster] && measure.startsCluster[cluster] {
                earlier.append((cluster, cluster))
            }
            let advance = measure.advances[cluster]
            if cluster > start && used + advance > width + Self.slack {
                if let last = earlier.last {
                    return Candidate(end: last.end, next: last.next, earlier: earlier.dropLast())
                }
                // A word longer than the line: cut it before this cluster.
                var end = cluster
                while end > start && !measure.startsCluster[end] { end -= 1 }
                if end == start {
                    end = cluster + 1
                    while end < count && !measure.startsCluster[end] { end += 1 }
                }
                return Candidate(end: end, next: end, earlier: [])
            }
            used += advance
            cluster += 1
        }
        return Candidate(end: count, next: count, earlier: earlier)
    }
}
