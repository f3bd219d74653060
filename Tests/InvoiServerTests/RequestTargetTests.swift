import Foundation
import InvoiDocument
import Synchronization
import Testing

@testable import InvoiServer

/// A request holds one page of a paged render and stops the render once that page is
/// written; a request answered without its render (a timeout) stops it at the next file
/// or write.
struct RequestTargetTests {
    /// Drives the target as a page backend does: pages 1…`pageCount`, two writes each.
    private static func writePages(_ pageCount: Int, to target: RequestTarget) throws -> [Int] {
        var opened: [Int] = []
        for index in 0..<pageCount {
            let sink = try target.sink(forPage: index, of: pageCount)
            opened.append(index + 1)
            try sink.write(Data("page \(index + 1)".utf8))
            try sink.write(Data(" end".utf8))
        }
        return opened
    }

    @Test(arguments: [1, 2, 5])
    func keepsThePageAskedForAndStopsAfterIt(page: Int) {
        let target = RequestTarget(page: page, isAbandoned: { false })
        #expect(throws: RequestTarget.Stop.self) {
            let opened = try Self.writePages(6, to: target)
            Issue.record("every page was opened: \(opened)")
        }
        #expect(target.stopped == .pageKept)
        #expect(target.bytes == Data("page \(page) end".utf8))
        #expect(target.pageCount == 6)
        #expect(target.isPaged)
    }

    @Test func theLastPageEndsTheRenderNormally() throws {
        let target = RequestTarget(page: 3, isAbandoned: { false })
        #expect(try Self.writePages(3, to: target) == [1, 2, 3])
        #expect(target.stopped == nil)
        #expect(target.bytes == Data("page 3 end".utf8))
    }

    @Test func aPageBeyondTheLastStopsBeforeTheFirst() {
        let target = RequestTarget(page: 4, isAbandoned: { false })
        #expect(throws: RequestTarget.Stop.self) { _ = try Self.writePages(3, to: target) }
        #expect(target.stopped == .pageKept)
        #expect(target.bytes == nil)
        #expect(target.pageCount == 3)
    }

    @Test func aDocumentIsKeptWhole() throws {
        let target = RequestTarget(page: 1, isAbandoned: { false })
        let sink = try target.sink(forPage: nil, of: 4)
        try sink.write(Data("%PDF".utf8))
        try sink.write(Data(" rest".utf8))
        #expect(target.bytes == Data("%PDF rest".utf8))
        #expect(!target.isPaged)
    }

    @Test func anAbandonedRenderStopsAtItsNextWrite() throws {
        let abandoned = Atomic(false)
        let target = RequestTarget(page: 1, isAbandoned: { abandoned.load(ordering: .relaxed) })
        let sink = try target.sink(forPage: nil, of: 1)
        try sink.write(Data("%PDF".utf8))
        abandoned.store(true, ordering: .relaxed)
        #expect(throws: RequestTarget.Stop.self) { try sink.write(Data(" rest".utf8)) }
        #expect(target.stopped == .abandoned)
    }

    /// End to end on a real render: an abandoned request's render ends with the 503 it was
    /// already answered with, not with a file.
    @Test func anAbandonedRequestRendersNothing() throws {
        let service = try InvoiService(configuration: .testing)
        let query = try RenderQuery(parameters: [("format", "png")])
        let result = service.rendering.render(
            Fixtures.long(items: 60), query: query, creationDate: Date(timeIntervalSince1970: 0), isAbandoned: { true })
        guard case .failure(let error) = result else {
            Issue.record("an abandoned render made a file")
            return
        }
        #expect(error.status == .serviceUnavailable)
    }

    @Test func theCopyMarkInTheQueryOverridesTheInvoice() throws {
        #expect(
            try RenderQuery(parameters: [("copy-mark", "certified-copy")]).settings(creationDate: Date()).copyMark
                == .certifiedCopy)
        #expect(try RenderQuery(parameters: [("copy-mark", "original")]).copyMark == .original)
        #expect(try RenderQuery(parameters: []).settings(creationDate: Date()).copyMark == nil)
        #expect(throws: APIError.self) { try RenderQuery(parameters: [("copy-mark", "certifiedCopy")]) }
    }

    @Test func digitsInTheQueryOverrideTheInvoice() throws {
        #expect(try RenderQuery(parameters: [("digits", "latin")]).settings(creationDate: Date()).digits == .latin)
        #expect(try RenderQuery(parameters: [("digits", "native")]).digits == .native)
        #expect(try RenderQuery(parameters: []).digits == nil)
    }

    /// `pdf-standard` is the CLI's `--pdf-standard`: a comma list, checked before the body is read.
    @Test func pdfStandardsInTheQueryAreTheCLIs() throws {
        let both = try RenderQuery(parameters: [("pdf-standard", "ua-1,a-3a")])
        #expect(both.settings(creationDate: Date()).output.pdfStandards == [.ua1, .a3a])
        #expect(try RenderQuery(parameters: []).settings(creationDate: Date()).output.pdfStandards == [])
        for wrong in ["ua-2", "a-3a,a-3b", ""] {
            #expect(throws: APIError.self) { try RenderQuery(parameters: [("pdf-standard", wrong)]) }
        }
    }
}
