/// Finds the known key an unknown one was probably meant to be.
public enum KeySuggestion {
    /// The closest of `candidates` to `key`, or nil when none is close. Case, `_` and `-`
    /// are ignored (`from_name` → `fromName`); otherwise up to one edit for short keys
    /// and two for longer ones, where swapping two neighbours counts as one edit.
    public static func closest(to key: String, among candidates: [String]) -> String? {
        let normalizedKey = normalized(key)
        guard !normalizedKey.isEmpty else { return nil }
        let allowed = normalizedKey.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let normalizedCandidate = normalized(candidate)
            // The distance is at least the difference in length: skip hopeless (or huge) keys.
            guard abs(normalizedCandidate.count - normalizedKey.count) <= allowed else { continue }
            let distance = editDistance(normalizedKey, normalizedCandidate)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Like `closest`, for a value from a fixed set of words: also a word that begins
    /// with what was written or that what was written begins with (`percent` →
    /// `percentage`, `partially paid` → `partial`), when only one word does.
    public static func closestValue(to text: String, among candidates: [String]) -> String? {
        if let close = closest(to: text, among: candidates) { return close }
        let written = normalized(text)
        guard written.count >= 3 else { return nil }
        let matches = candidates.filter { candidate in
            let word = normalized(candidate)
            return word.starts(with: written) || (word.count >= 4 && written.starts(with: word))
        }
        return matches.count == 1 ? matches.first : nil
    }

    private static func normalized(_ key: String) -> [Character] {
        Array(key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
