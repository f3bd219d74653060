import Foundation

public struct Page: Hashable, Sendable {
    public var size: Size
    public var ops: [DrawOp]

    public init(size: Size, ops: [DrawOp] = []) {
        self.size = size
        self.ops = ops
    }

    /// The text ops in drawing order.
    public var textOps: [TextOp] {
        ops.compactMap { if case .text(let t) = $0 { t } else { nil } }
    }
}

public struct DocumentMetadata: Hashable, Sendable {
    public var title: String
    public var author: String
    public var subject: String
    /// BCP 47 language tag of the content.
    public var language: String
    /// Which way the pages run: right to left for a Hebrew, Arabic or Persian document.
    public var direction: TextDirection
    /// When the document was made; backends write it as given (SOURCE_DATE_EPOCH is applied by the caller).
    public var creationDate: Date?
    /// The design and what a theme chose of it, by theme key (`design`, `table.rules`): written
    /// into the display list so that `invoi golden` can say a change in the user's terms. Empty
    /// for the app's own page.
    public var design: [String: String] = [:]

    public init(
        title: String, author: String, subject: String = "", language: String = "en",
        direction: TextDirection = .leftToRight, creationDate: Date? = nil
    ) {
        self.direction = direction
        self.title = title
        self.author = author
        self.subject = subject
        self.language = language
        self.creationDate = creationDate
    }
}

/// The backend-neutral result of layout: pages of draw operations.
public struct Document: Hashable, Sendable {
    public var pages: [Page]
    public var metadata: DocumentMetadata

    public init(pages: [Page], metadata: DocumentMetadata) {
        self.pages = pages
        self.metadata = metadata
    }
}

public enum PaperSize: String, Hashable, Sendable, CaseIterable {
    case a4
    case letter

    /// Size in points.
    public var size: Size {
        switch self {
        case .a4: Size(width: 595.28, height: 841.89)
        case .letter: Size(width: 612, height: 792)
        }
    }
}
