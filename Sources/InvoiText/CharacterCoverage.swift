import CFontconfig

/// The characters a font maps, as fontconfig computed them. Owns one reference
/// to the charset; read-only after creation, so safe to query from any thread.
final class CharacterCoverage: @unchecked Sendable {
    private let charset: OpaquePointer

    /// Takes a new reference to `charset` (which stays owned by its caller).
    init(retaining charset: OpaquePointer) {
        self.charset = FcCharSetCopy(charset)
    }

    deinit { FcCharSetDestroy(charset) }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        FcCharSetHasChar(charset, scalar.value) != 0
    }
}
