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

public enum ColorMode: String, Hashable, Sendable, CaseIterable {
    case auto, always, never
}

/// Options a backend may read. Each backend reads only its own fields.
public struct BackendOptions: Hashable, Sendable {
    /// png: pixels per inch.
    public var dpi: Double
    /// txt: width of the character grid in columns.
    public var columns: Int
    /// txt: whether to write SGR colour (already resolved from `--color auto`).
    public var usesColor: Bool
    /// pdf: the creator string written in the metadata.
    public var creator: String

    public init(dpi: Double = 144, columns: Int = 100, usesColor: Bool = false, creator: String = "invoi") {
        self.dpi = dpi
        self.columns = columns
        self.usesColor = usesColor
        self.creator = creator
    }
}

/// What a backend makes: one file for the whole document, or one per page.
public enum RenderedOutput: Sendable {
    case document(Data)
    case pages([Data])
}

/// A backend turns a laid-out document into bytes. Backends never shape text.
public protocol Backend: Sendable {
    var format: OutputFormat { get }
    func render(_ document: Document, options: BackendOptions) throws -> RenderedOutput
}

public struct BackendError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
