import ArgumentParser

/// A command whose positional arguments are a list of input files.
protocol InputListCommand: ParsableCommand {
    var inputs: [String] { get set }
}

extension RenderCommand: InputListCommand {}
extension CheckCommand: InputListCommand {}

/// Long runs of input files, parsed as one placeholder. ArgumentParser keeps several
/// records per argument while parsing (split elements, input origins, their sets): about
/// 400 bytes each, 4 MB at the peak for `invoi render` of 10,000 files, so a month's batch
/// grew with the number of files named instead of staying flat.
///
/// A run of three or more consecutive arguments not starting with `-` keeps its first
/// argument (it may be an option's value) and is otherwise replaced by a placeholder.
/// The placeholder follows a word, so it parses as an input, and the arguments it stands
/// for, each following a word too, would have parsed as inputs as well. The parse counts
/// only if the placeholders come back among the inputs exactly once each.
struct InputRuns {
    /// A NUL cannot occur in a real argument.
    static let placeholderPrefix = "\u{0}invoi-inputs-"
    /// Shorter command lines parse as they are.
    static let minimumArguments = 64

    /// The arguments with long runs replaced; nil when there is nothing worth replacing.
    let arguments: [String]
    private let runs: [ArraySlice<String>]

    init?(_ original: [String]) {
        guard original.count >= Self.minimumArguments, !original.contains("--") else { return nil }
        var arguments: [String] = []
        var runs: [ArraySlice<String>] = []
        var start = 0
        while start < original.count {
            var end = start
            while end < original.count, !original[end].hasPrefix("-") { end += 1 }
            if end - start >= 3 {
                arguments.append(original[start])
                arguments.append(Self.placeholderPrefix + String(runs.count))
                runs.append(original[(start + 1)..<end])
            } else {
                arguments.append(contentsOf: original[start..<end])
            }
            if end < original.count { arguments.append(original[end]) }
            start = end + 1
        }
        guard !runs.isEmpty else { return nil }
        self.arguments = arguments
        self.runs = runs
    }

    /// `inputs` as parsed from `arguments`, with each placeholder replaced by its run;
    /// nil unless every placeholder is there exactly once.
    func expanding(_ inputs: [String]) -> [String]? {
        var expanded: [String] = []
        expanded.reserveCapacity(inputs.count + runs.reduce(0) { $0 + $1.count })
        var seen = Array(repeating: false, count: runs.count)
        for input in inputs {
            guard input.hasPrefix(Self.placeholderPrefix) else {
                expanded.append(input)
                continue
            }
            guard let index = Int(input.dropFirst(Self.placeholderPrefix.count)),
                  runs.indices.contains(index), !seen[index] else { return nil }
            seen[index] = true
            expanded.append(contentsOf: runs[index])
        }
        return seen.allSatisfy { $0 } ? expanded : nil
    }
}
