import InvoiCharacters

/// The one place that makes invoice text safe to write to a terminal.
///
/// A terminal acts on control characters: ESC and the C1 CSI (U+009B) start
/// escape sequences, BEL rings, and bidi embedding, override and isolate
/// characters reorder what is shown around them. None of them may reach the
/// terminal from invoice text, so they are removed; tab and line breaks
/// become spaces so that words stay apart.
public enum TerminalSanitizer {
    /// `text` without anything a terminal would act on.
    public static func sanitize(_ text: String) -> String {
        if isSafeASCII(text) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let kept = cleaned(scalar) { result.append(kept) }
        }
        return String(result)
    }

    /// The scalar as it may be shown: itself, a space in place of a tab or
    /// line break, or nil when it must be removed.
    public static func cleaned(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: " "
        case 0x061C, 0x200E, 0x200F: nil  // Arabic letter mark, LRM, RLM
        case _ where scalar.isControlCharacter || scalar.isBidiFormattingControl: nil
        default: scalar
        }
    }

    /// True when every byte is printable ASCII (the common case, left as is).
    static func isSafeASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
