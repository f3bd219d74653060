import Foundation
import InvoiDocument

/// Where one request's render goes. A one-file format is kept whole; of a page format only
/// the page asked for is kept, and the render is stopped once it is written (the pages after
/// it are never drawn), so a request holds one page whatever the invoice's length. Once the
/// request has been answered without the render (its time ran out), the next file or write
/// stops the render, and the worker goes to the next request.
final class RequestTarget: OutputTarget {
    /// Thrown to end a render early; `stopped` says why.
    struct Stop: Error {}

    enum Reason {
        /// The page asked for is written (or the invoice has fewer pages: `pageCount` says).
        case pageKept
        /// Nobody waits for the render any more.
        case abandoned
    }

    /// The page to keep, from 1.
    private let page: Int
    private let isAbandoned: @Sendable () -> Bool
    private var kept: Collector?
    private(set) var pageCount: Int?
    /// Whether the format writes a file a page (png, svg).
    private(set) var isPaged = false
    private(set) var stopped: Reason?

    init(page: Int, isAbandoned: @escaping @Sendable () -> Bool) {
        self.page = page
        self.isAbandoned = isAbandoned
    }

    /// The bytes of the document or of the page asked for; nil when that page does not exist.
    var bytes: Data? { kept?.data }

    func sink(forPage index: Int?, of pageCount: Int) throws -> any ByteSink {
        try checkAbandoned()
        self.pageCount = pageCount
        guard let index else {
            let collector = Collector(target: self)
            kept = collector
            return collector
        }
        isPaged = true
        // No page after the one asked for is drawn; none at all when the invoice is shorter.
        guard page <= pageCount, index < page else {
            stopped = .pageKept
            throw Stop()
        }
        let collector = Collector(target: self, keeps: index == page - 1)
        if index == page - 1 { kept = collector }
        return collector
    }

    fileprivate func checkAbandoned() throws {
        guard isAbandoned() else { return }
        stopped = .abandoned
        throw Stop()
    }

    private final class Collector: ByteSink {
        unowned let target: RequestTarget
        let keeps: Bool
        var data = Data()

        init(target: RequestTarget, keeps: Bool = true) {
            self.target = target
            self.keeps = keeps
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            try target.checkAbandoned()
            if keeps { data.append(contentsOf: bytes) }
        }
    }
}
