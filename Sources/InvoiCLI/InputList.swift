import ArgumentParser

/// A command whose positional arguments are a list of input files, which it can also
/// take as an `InputList` (see `InputRuns`). Its `validate()` may test only whether
/// `inputs` is empty: a long list reaches it as placeholders. Checks of the inputs
/// themselves belong in `run(inputs:)`.
protocol InputListCommand: ParsableCommand {
    var inputs: [String] { get }
    func run(inputs: InputList) throws
}

/// The input files of a command line, in order. Names given in a long run stay in the
/// argument vector, 4 bytes each here, and become Strings one at a time as their
/// invoices are read: as Strings in arrays, 10,000 names held 1.5 MB for the whole batch.
struct InputList: Sendable {
    /// ≥ 0: an index into `arguments`; < 0: `-(index into words) - 1`.
    private var entries: [Int32] = []
    private var words: [String] = []
    private let arguments: ArgumentVector?

    init(_ words: [String]) {
        arguments = nil
        for word in words { append(word) }
    }

    init(arguments: ArgumentVector) {
        self.arguments = arguments
    }

    mutating func append(_ word: String) {
        entries.append(-Int32(words.count) - 1)
        words.append(word)
    }

    /// Arguments of `arguments` at `indices`, none of which starts with `-`.
    mutating func append(argumentsAt indices: Range<Int>) {
        precondition(arguments != nil)
        entries.append(contentsOf: indices.lazy.map { Int32($0) })
    }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    subscript(position: Int) -> String {
        let entry = entries[position]
        guard entry >= 0, let arguments else { return words[Int(-entry - 1)] }
        return arguments[Int(entry)]
    }

    /// How many times `-` (standard input) is listed. Only words can be `-`: arguments
    /// taken from the vector never start with a dash.
    var standardInputCount: Int { words.lazy.filter { $0 == "-" }.count }

    /// Every input as a String (for short lists: JSON Lines inputs, tests).
    var strings: [String] { (0..<count).map { self[$0] } }
}
