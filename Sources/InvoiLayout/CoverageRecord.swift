import InvoiText

/// Whether a layout placed text with characters no installed font covers. Lets the
/// caller skip re-shaping a whole document to find them when there are none, which is
/// nearly always (one layout, one thread).
final class CoverageRecord {
    private(set) var hasUncoveredCharacters = false

    func note(_ line: ShapedLine) {
        if !line.uncovered.isEmpty { hasUncoveredCharacters = true }
    }
}
