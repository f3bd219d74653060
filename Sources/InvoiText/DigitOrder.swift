import InvoiCharacters
import InvoiDocument

/// Whether a line of text shows its digits in the order they are stored: the check behind
/// `invoi check`'s warning that a line on the page reads differently from the file, as it
/// does when an invisible mark (LRM, RLM, ALM) or a right-to-left word sits among digits.
public enum DigitOrder {
    /// Whether the invisible bidi marks in `line` show its digits in another order than the
    /// same line without them. Marks that only place punctuation, as Hebrew and Arabic
    /// writers use them, change no digit's place and pass. `fallbackDirection` is the
    /// paragraph's direction when it has no strong character (the document's).
    public static func marksReorderDigits(in line: String, fallbackDirection: TextDirection?) -> Bool {
        let scalars = Array(line.unicodeScalars)
        guard scalars.contains(where: \.isBidiMark), scalars.contains(where: isDigit) else { return false }
        let shown = digitsLeftToRight(scalars, direction: nil, fallback: fallbackDirection)
        let kept = scalars.indices.filter { !scalars[$0].isBidiMark }
        let withoutMarks = digitsLeftToRight(kept.map { scalars[$0] }, direction: nil, fallback: fallbackDirection)
        return shown != withoutMarks.map { kept[$0] }
    }

    /// Whether `identifier`, shown as a left-to-right isolate, does not read its digits left
    /// to right in stored order: a right-to-left word inside it turns the digit groups after it.
    public static func identifierReordersDigits(_ identifier: String) -> Bool {
        let scalars = Array(identifier.unicodeScalars)
        guard scalars.contains(where: { $0.value >= 0x80 }), scalars.contains(where: isDigit) else { return false }
        let shown = digitsLeftToRight(scalars, direction: .leftToRight, fallback: nil)
        return shown != shown.sorted()
    }

    /// The indices of the digits of `scalars` (one paragraph) in the order they are shown
    /// left to right.
    private static func digitsLeftToRight(
        _ scalars: [Unicode.Scalar], direction: TextDirection?, fallback: TextDirection?
    ) -> [Int] {
        let levels = BidiLevels.resolve(scalars.map(\.value), direction: direction, fallback: fallback)
        return visualOrder(ofRunLevels: levels.levels).filter { isDigit(scalars[$0]) }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType == .decimal
    }
}
