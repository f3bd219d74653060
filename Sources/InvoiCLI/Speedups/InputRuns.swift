/// Long runs of input files, parsed as one placeholder each. ArgumentParser keeps several
/// records per argument while parsing (split elements, input origins, their sets), about
/// 400 bytes each: 4 MB at the peak for `invoi render` of 10,000 files, so a month's batch
/// grew with the number of files named instead of staying flat.
///
/// A run of three or more consecutive arguments not starting with `-` keeps its first
/// argument (it may be an option's value) and is otherwise replaced by a placeholder.
/// The placeholder follows a word, so it parses as an input, and the arguments it stands
/// for, each following a word too, would have parsed as inputs as well — as long as an
/// option takes at most one value; one that takes more (`.upToNextOption`) would swallow
/// a placeholder, and the parse counts only if the placeholders come back among the
/// inputs exactly once each. The command's `validate()` sees the placeholders: it may ask
/// only whether there are inputs (see InputListCommand).
struct InputRuns {
    /// A NUL cannot occur in a real argument.
    static let placeholderPrefix = "\u{0}invoi-inputs-"
    /// Shorter command lines parse as they are.
    static let minimumArguments = 64

    /// The arguments with long runs replaced.
    let arguments: [String]
    private let vector: ArgumentVector
    private let runs: [Range<Int>]

    /// The arguments of `vector` from `start` on; nil when there is nothing worth replacing.
    init?(_ vector: ArgumentVector, from start: Int) {
        guard vector.count - start >= Self.minimumArguments,
            !(start..<vector.count).contains(where: { vector.isDoubleDash(at: $0) })
        else { return nil }
        var arguments: [String] = []
        var runs: [Range<Int>] = []
        var first = start
        while first < vector.count {
            var end = first
            while end < vector.count, !vector.startsWithDash(at: end) { end += 1 }
            if end - first >= 3 {
                arguments.append(vector[first])
                arguments.append(Self.placeholderPrefix + String(runs.count))
                runs.append((first + 1)..<end)
            } else {
                for index in first..<end { arguments.append(vector[index]) }
            }
            if end < vector.count { arguments.append(vector[end]) }
            first = end + 1
        }
        guard !runs.isEmpty else { return nil }
        self.arguments = arguments
        self.vector = vector
        self.runs = runs
    }

    /// `inputs` as parsed from `arguments`, with each placeholder standing for its run;
    /// nil unless every placeholder is there exactly once.
    func expanding(_ inputs: [String]) -> InputList? {
        var list = InputList(arguments: vector)
        var seen = Array(repeating: false, count: runs.count)
        for input in inputs {
            guard input.hasPrefix(Self.placeholderPrefix) else {
                list.append(input)
                continue
            }
            guard let index = Int(input.dropFirst(Self.placeholderPrefix.count)),
                runs.indices.contains(index), !seen[index]
            else { return nil }
            seen[index] = true
            list.append(argumentsAt: runs[index])
        }
        return seen.allSatisfy { $0 } ? list : nil
    }
}
