/// Whether the document is the original or a copy of it, printed beside the title: Israel's
/// bookkeeping rules mark the original tax invoice מקור and a reprint העתק or העתק נאמן למקור,
/// and other countries know the same distinction.
public enum CopyMark: String, Hashable, Sendable, CaseIterable {
    case original
    case copy
    /// A copy that the issuer certifies to be true to the original.
    case certifiedCopy
}
