/// Where something starts in the source text: 1-based line, and 1-based column counted
/// in Unicode scalars (what most editors show for UTF-8 files).
struct SourcePosition: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// A parsed JSON value that remembers where it came from. Numbers keep their source
/// text, so that money is built from the digits written rather than from a Double.
struct JSONNode: Sendable {
    enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// The number exactly as written, already checked against JSON's number grammar.
        case number(String)
        case bool(Bool)
        case null
    }

    /// Object members in source order; duplicates are kept so the decoder can report them.
    struct Member: Sendable {
        var key: String
        var keyPosition: SourcePosition
        var value: JSONNode
    }

    var value: Value
    var position: SourcePosition
}
