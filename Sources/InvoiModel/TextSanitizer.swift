import InvoiCharacters

/// Cleans text fields: nothing invisible that could move the cursor of a
/// terminal, break an SVG, or make a displayed value read differently from what it is.
enum TextSanitizer {
    struct Result {
        var text: String
        /// How many characters were removed (line-break normalisation is not counted).
        var removedCount: Int
        /// How many noncharacters were replaced by U+FFFD, and the first of them.
        var replacedCount = 0
        var firstNoncharacter: Unicode.Scalar?
    }

    /// Keeps `\n` and `\t`; turns `\r\n`, a lone `\r`, U+2028 and U+2029 into `\n`;
    /// removes the other C0 and C1 controls and DEL; and removes the bidi embedding,
    /// override and isolate controls (U+202A–U+202E, U+2066–U+2069), which can make an
    /// account number or an amount display in a different order than it is stored —
    /// the Unicode bidi algorithm orders real Hebrew or Arabic text correctly without them.
    /// The marks LRM, RLM and ALM are kept: they change no embedding level. Noncharacters
    /// (U+FDD0–U+FDEF, U+xFFFE/F) become U+FFFD, so that no backend ever sees them.
    static func clean(_ text: String) -> Result {
        guard text.unicodeScalars.contains(where: needsWork) else { return Result(text: text, removedCount: 0) }
        var scalars = String.UnicodeScalarView()
        var removed = 0
        var replaced = 0
        var firstNoncharacter: Unicode.Scalar?
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\r", "\u{2028}", "\u{2029}":
                scalars.append("\n")
            case "\n":
                if !previousWasCarriageReturn { scalars.append("\n") }
            case "\t":
                scalars.append(scalar)
            default:
                if scalar.isControlCharacter || scalar.isBidiFormattingControl {
                    removed += 1
                } else if scalar.isNoncharacter {
                    replaced += 1
                    if firstNoncharacter == nil { firstNoncharacter = scalar }
                    scalars.append("\u{FFFD}")
                } else {
                    scalars.append(scalar)
                }
            }
        }
        return Result(
            text: String(scalars), removedCount: removed, replacedCount: replaced, firstNoncharacter: firstNoncharacter)
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.isControlCharacter && scalar != "\n" && scalar != "\t") || scalar.isBidiFormattingControl
            || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar.isNoncharacter
    }
}
