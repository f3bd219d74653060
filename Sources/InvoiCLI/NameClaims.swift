import Foundation

/// Output names of a batch, claimed in input order, so that of two invoices that would
/// write a file of the same name the later input always gets " (2)" whichever finishes
/// first. A claim covers every file of the render: `X-1.svg` … `X-5.svg` of a five-page
/// `X` as well as the one-page `X-1`'s `X-1.svg`. Each invoice claims its names once its
/// page count is known, waiting only for the invoices before it to get that far (never to
/// finish). Names are kept as 64-bit hashes with the claimant's input (24 bytes a file): a
/// batch of any size stays flat. Two different names with the same hash would only give
/// the later one a needless suffix, never overwrite a file.
final class NameClaims: @unchecked Sendable {
    /// Guards everything below (a condition variable: claims wait for their turn).
    private let condition = NSCondition()
    private var nextIndex = 0
    private var taken: [UInt64: SourceReference] = [:]

    /// The suffix number for `base` claimed by invoice `index` (nil: the name as it is),
    /// and why there is a suffix: who took one of its files first, or the file already
    /// there that the name's files would replace (`foreignFile` gives it for a name, nil
    /// when its files may be written). `fileNames` lists the files a base name stands for
    /// (one, or one per page).
    func claim(
        _ base: String, fileNames: (String) -> [String] = { [$0] }, foreignFile: (String) -> String? = { _ in nil },
        index: Int, reference: SourceReference
    ) -> (suffix: Int?, firstClaimant: SourceReference?, foreignFile: String?) {
        waitForTurn(index)
        defer { advance() }
        var number = 1
        var first: SourceReference?
        var foreign: String?
        while true {
            let name = Self.name(base, suffix: number > 1 ? number : nil)
            let keys = fileNames(name).map(Self.key)
            if let claimant = keys.lazy.compactMap({ self.taken[$0] }).first {
                if number == 1 { first = claimant }
            } else if let file = foreignFile(name) {
                if number == 1 { foreign = file }
            } else {
                for key in keys { taken[key] = reference }
                break
            }
            number += 1
        }
        return (number > 1 ? number : nil, first, foreign)
    }

    /// The first suffix number after which `foreignFile` finds nothing in the way (nil: the
    /// name as it is), for an invoice that has no batch to share names with.
    static func unclaimedSuffix(_ base: String, foreignFile: (String) -> String?) -> Int? {
        var number = 1
        while foreignFile(name(base, suffix: number > 1 ? number : nil)) != nil { number += 1 }
        return number > 1 ? number : nil
    }

    /// Runs `body` while no claim is being made, telling it whether a file name is claimed
    /// (so that a file it removes cannot be one this batch is about to write).
    func withNoClaimInProgress<Result>(_ body: ((String) -> Bool) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body { self.taken[Self.key($0)] != nil }
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
