import InvoiText

/// The characters a layout placed that no installed font covers, each once, in order of
/// first appearance: for one warning per render, without shaping the document again
/// (one layout, one thread).
final class CoverageRecord {
    private(set) var uncoveredCharacters: [Unicode.Scalar] = []
    private var seen: Set<Unicode.Scalar> = []

    var hasUncoveredCharacters: Bool { !uncoveredCharacters.isEmpty }

    func note(_ line: ShapedLine) {
        for scalar in line.uncovered where seen.insert(scalar).inserted {
            uncoveredCharacters.append(scalar)
        }
    }
}
