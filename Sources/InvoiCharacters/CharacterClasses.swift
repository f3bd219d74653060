/// The character classes that several layers must agree on: what counts as a control
/// character, and which characters can reorder displayed text.
extension Unicode.Scalar {
    /// C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F): characters that can move a
    /// terminal's cursor or that XML 1.0 forbids.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// The bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069),
    /// which can make an account number or an amount display in an order other than the
    /// one it is stored in. The marks LRM, RLM and ALM are not among them: they change no
    /// embedding level.
    public var isBidiFormattingControl: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
