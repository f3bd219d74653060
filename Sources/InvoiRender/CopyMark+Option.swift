import InvoiModel

extension CopyMark {
    /// The mark as `--copy-mark` and the service's `copy-mark` parameter spell it: lower case
    /// with hyphens, as command-line values are (`certified-copy`; the JSON says `certifiedCopy`).
    public var optionValue: String {
        switch self {
        case .original: "original"
        case .copy: "copy"
        case .certifiedCopy: "certified-copy"
        }
    }

    /// The mark an option value names; nil for anything else.
    public init?(optionValue: String) {
        guard let mark = Self.allCases.first(where: { $0.optionValue == optionValue }) else { return nil }
        self = mark
    }

    /// Every option value, for help and error messages: "original, copy or certified-copy".
    public static var optionValues: String {
        let values = allCases.map(\.optionValue)
        return values.dropLast().joined(separator: ", ") + " or " + (values.last ?? "")
    }
}
