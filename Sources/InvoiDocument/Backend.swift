import Foundation

/// The output formats, one per backend.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    case pdf, png, svg, txt, ops

    public var fileExtension: String {
        switch self {
        case .txt: "txt"
        case .ops: "json"
        default: rawValue
        }
    }
}

/// What a backend makes: one file for the whole document, or one per page.
public enum RenderedOutput: Sendable {
    case document(Data)
    case pages([Data])
}

/// A backend turns a laid-out document into bytes. Backends never shape text, and
/// each declares the options its own format has (`PDFOptions`, `PNGOptions`,
/// `TerminalOptions`, …): the neutral document knows none of them.
public protocol Backend: Sendable {
    associatedtype Options: Sendable
    var format: OutputFormat { get }
    func render(_ document: Document, options: Options) throws -> RenderedOutput
}

/// The options of a format that has none to choose (svg, ops).
public struct NoOptions: Hashable, Sendable {
    public init() {}
}

public struct BackendError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
