import CHarfBuzz
import InvoiDocument

/// Turns a range of an analysed paragraph into a shaped line: splits it into runs by
/// bidi level, face and script, shapes each, and puts the runs in visual order.
struct LineAssembler {
    let resources: ShapingResources

    func line(_ analysis: TextAnalysis, clusters: Range<Int>, size: Double, tracking: Double) -> ShapedLine {
        let bytes = analysis.byteRange(of: clusters)
        let text = String(decoding: analysis.source[bytes], as: UTF8.self)
        guard !clusters.isEmpty else { return ShapedLine(text: text, direction: analysis.bidi.direction, runs: []) }
        let scalars = analysis.scalarRange(of: clusters)
        let levels = analysis.bidi.line(scalars)
        let shaping = Array(analysis.shaping[bytes])
        let runs = logicalRuns(analysis, clusters: clusters, levels: levels)
        let shaper = RunShaper(resources: resources)
        let shaped = runs.map { run in
            let range = analysis.byteRange(of: run.clusters)
            return shaper.shape(
                shaping, range: (range.lowerBound - bytes.lowerBound)..<(range.upperBound - bytes.lowerBound),
                run: run, size: size, tracking: tracking)
        }
        let visual = visualOrder(ofRunLevels: runs.map(\.level)).map { shaped[$0] }
        return ShapedLine(
            text: text, direction: levels.direction, runs: visual,
            uncovered: uncovered(in: analysis, clusters: clusters))
    }

    private func logicalRuns(_ analysis: TextAnalysis, clusters: Range<Int>, levels: BidiLevels) -> [LogicalRun] {
        let scripts = clusterScripts(analysis, clusters: clusters)
        let firstScalar = analysis.clusterStarts[clusters.lowerBound]
        var runs: [LogicalRun] = []
        for cluster in clusters {
            let level = levels.levels[analysis.clusterStarts[cluster] - firstScalar]
            let face = analysis.faces[cluster]
            let script = scripts[cluster - clusters.lowerBound]
            if let last = runs.last, last.level == level, last.face === face, last.script == script {
                runs[runs.count - 1].clusters = last.clusters.lowerBound..<(cluster + 1)
            } else {
                runs.append(LogicalRun(clusters: cluster..<(cluster + 1), level: level, face: face, script: script))
            }
        }
        return runs
    }

    /// The script of each cluster; common and inherited characters (spaces, digits,
    /// punctuation, marks) take the script before them, or after them at the start.
    private func clusterScripts(_ analysis: TextAnalysis, clusters: Range<Int>) -> [hb_script_t] {
        if analysis.isASCII {
            let range = analysis.scalarRange(of: clusters)
            let hasLetter = analysis.scalars[range].contains { $0.properties.isAlphabetic }
            return Array(repeating: hasLetter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON, count: clusters.count)
        }
        var own: [hb_script_t?] = clusters.map { cluster in
            for scalar in analysis.scalars[analysis.clusterStarts[cluster]..<analysis.clusterStarts[cluster + 1]] {
                let script = resources.script(of: scalar)
                if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
                    return script
                }
            }
            return nil
        }
        guard let first = own.first(where: { $0 != nil }) ?? nil else {
            return Array(repeating: HB_SCRIPT_COMMON, count: clusters.count)
        }
        var current = first
        for i in own.indices {
            if let script = own[i] { current = script } else { own[i] = current }
        }
        return own.map { $0 ?? first }
    }

    private func uncovered(in analysis: TextAnalysis, clusters: Range<Int>) -> [Unicode.Scalar] {
        guard !analysis.uncovered.isEmpty else { return [] }
        var seen: Set<Unicode.Scalar> = []
        var list: [Unicode.Scalar] = []
        for cluster in clusters {
            for scalar in analysis.uncovered[cluster] ?? [] where seen.insert(scalar).inserted {
                list.append(scalar)
            }
        }
        return list
    }
}
