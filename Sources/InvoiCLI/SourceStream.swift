import Foundation
import Synchronization

/// Which input an invoice came from, in eight bytes: the input's position and, for a
/// line of a JSON Lines input, the line number (0 otherwise).
struct SourceReference: Hashable, Sendable {
    var input: Int32
    var line: Int32
}

/// The invoices of one render, handed out one at a time in input order to however many
/// workers ask. Listed inputs are known ahead; JSON Lines inputs are read a line at a
/// time as workers need them, so a stream of any length renders in flat memory and a
/// billing system's pipe starts rendering long before it ends (once a second line tells
/// a batch from a single invoice).
final class SourceStream: Sendable {
    struct Item: Sendable {
        /// 0, 1, 2, … in input order.
        let index: Int
        let reference: SourceReference
        /// A line that could not be read is a failure of its own.
        let source: Result<InvoiceSource, CLIFailure>
    }

    private enum Origin: Sendable {
        /// The sample first if asked for, then the files (`-`: standard input).
        case files(sample: Bool, InputList)
        case jsonLines([String])
    }

    private struct State: ~Copyable {
        var readers: [JSONLinesReader]
        var inputIndex = 0
        var nextIndex = 0
        var lookahead: [Item] = []
    }

    private let origin: Origin
    private let state: Mutex<State>
    /// How many invoices there are, when known before reading them all (nil for JSON Lines).
    let knownCount: Int?
    /// False when the only invoice is the built-in sample, which is not decoded.
    let needsDecoding: Bool

    /// The sample if asked for, then `inputs` (`-`: standard input).
    init(sample: Bool, inputs: InputList) {
        origin = .files(sample: sample, inputs)
        knownCount = inputs.count + (sample ? 1 : 0)
        needsDecoding = !inputs.isEmpty
        state = Mutex(State(readers: []))
    }

    /// The lines of JSON Lines files ("-": standard input), each opened now so that a
    /// missing one is reported before anything renders.
    init(jsonLines inputs: [String]) throws(CLIFailure) {
        var readers: [JSONLinesReader] = []
        for input in inputs { readers.append(try JSONLinesReader(path: input)) }
        origin = .jsonLines(inputs)
        knownCount = nil
        needsDecoding = true
        state = Mutex(State(readers: readers))
    }

    /// The next invoice, or nil when there are no more.
    func next() -> Item? {
        state.withLock { state in
            state.lookahead.isEmpty ? read(&state) : state.lookahead.removeFirst()
        }
    }

    /// How many input files there are: the listed files, or the JSON Lines files.
    var inputCount: Int {
        switch origin {
        case .files(_, let inputs): inputs.count
        case .jsonLines(let inputs): inputs.count
        }
    }

    /// Input file `index` as given (`-` for standard input).
    func inputPath(at index: Int) -> String {
        switch origin {
        case .files(_, let inputs): inputs[index]
        case .jsonLines(let inputs): inputs[index]
        }
    }

    var isJSONLines: Bool {
        if case .jsonLines = origin { true } else { false }
    }

    /// Whether there are at least `count` invoices in all, reading ahead as far as needed
    /// (at most `count` lines of a JSON Lines stream).
    func hasAtLeast(_ count: Int) -> Bool {
        if let knownCount { return knownCount >= count }
        return state.withLock { state in
            while state.nextIndex < count, let item = read(&state) { state.lookahead.append(item) }
            return state.nextIndex >= count
        }
    }

    /// How messages name the invoice behind `reference`.
    func displayName(of reference: SourceReference) -> String {
        switch origin {
        case .files(let sample, let inputs):
            Self.source(Int(reference.input), sample: sample, inputs: inputs).displayName
        case .jsonLines(let inputs):
            InvoiceSource.jsonLineName(file: inputs[Int(reference.input)], line: Int(reference.line))
        }
    }

    private func read(_ state: inout State) -> Item? {
        switch origin {
        case .files(let sample, let inputs):
            guard state.nextIndex < inputs.count + (sample ? 1 : 0) else { return nil }
            defer { state.nextIndex += 1 }
            return Item(
                index: state.nextIndex, reference: SourceReference(input: Int32(state.nextIndex), line: 0),
                source: .success(Self.source(state.nextIndex, sample: sample, inputs: inputs)))
        case .jsonLines:
            while state.inputIndex < state.readers.count {
                let reader = state.readers[state.inputIndex]
                let input = Int32(state.inputIndex)
                do {
                    if let line = try reader.nextInvoiceLine() {
                        defer { state.nextIndex += 1 }
                        return Item(
                            index: state.nextIndex,
                            reference: SourceReference(input: input, line: Int32(clamping: line.number)),
                            source: .success(.jsonLine(file: reader.name, line: line.number, data: line.bytes)))
                    }
                    state.inputIndex += 1
                } catch {
                    // Report the broken stream as one failed invoice, then go on with the next input.
                    let reference = SourceReference(input: input, line: Int32(clamping: reader.lineNumber))
                    let item = Item(index: state.nextIndex, reference: reference, source: .failure(error))
                    state.nextIndex += 1
                    state.inputIndex += 1
                    return item
                }
            }
            return nil
        }
    }

    private static func source(_ index: Int, sample: Bool, inputs: InputList) -> InvoiceSource {
        if sample {
            if index == 0 { return .sample }
            return source(inputs[index - 1])
        }
        return source(inputs[index])
    }

    private static func source(_ input: String) -> InvoiceSource {
        input == "-" ? .standardInput : .file(input)
    }
}
