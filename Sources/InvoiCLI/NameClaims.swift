import Foundation

/// Output names of a batch, claimed in input order, so that of two invoices that would
/// get the same name the later input always gets " (2)" whichever finishes first. Each
/// invoice claims its name right after decoding, waiting only for the invoices before it
/// to be decoded (never rendered). Names are kept as 64-bit hashes with the claimant's
/// input (24 bytes an invoice): a batch of any size stays flat. Two different names with
/// the same hash would only give the later one a needless suffix, never overwrite a file.
final class NameClaims: @unchecked Sendable {
    /// Guards everything below (a condition variable: claims wait for their turn).
    private let condition = NSCondition()
    private var nextIndex = 0
    private var taken: [UInt64: SourceReference] = [:]

    /// The suffix number for `base` claimed by invoice `index` (nil: the name as it is),
    /// and who took the plain name first when there is a suffix.
    func claim(
        _ base: String, index: Int, reference: SourceReference
    ) -> (suffix: Int?, firstClaimant: SourceReference?) {
        waitForTurn(index)
        defer { advance() }
        var number = 1
        var name = base
        var first: SourceReference?
        while let claimant = taken[Self.key(name)] {
            if number == 1 { first = claimant }
            number += 1
            name = Self.name(base, suffix: number)
        }
        taken[Self.key(name)] = reference
        return (number > 1 ? number : nil, first)
    }

    /// Invoice `index` has no name to claim (it could not be read or decoded).
    func pass(index: Int) {
        waitForTurn(index)
        advance()
    }

    static func name(_ base: String, suffix: Int?) -> String {
        suffix.map { "\(base) (\($0))" } ?? base
    }

    /// File names are compared without case (two names that differ only in case are one
    /// file on case-insensitive file systems).
    private static func key(_ name: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(name.lowercased())
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    private func waitForTurn(_ index: Int) {
        condition.lock()
        while nextIndex != index { condition.wait() }
    }

    private func advance() {
        nextIndex += 1
        condition.broadcast()
        condition.unlock()
    }
}
