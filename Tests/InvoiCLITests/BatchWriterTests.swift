import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing

@testable import InvoiCLI

@Suite struct BatchWriterTests {
    private func inode(_ path: String) -> ino_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_ino : 0
    }

    @Test func replacementsReuseOneSpareFileAndLeaveNothingBehind() throws {
        let directory = try TemporaryDirectory()
        let names = (1...5).map { "invoice-\($0).pdf" }
        for name in names { try directory.write("old \(name)", to: name) }
        var scratch = BatchWriter(flushesOnce: true).makeScratch()
        var inodes: Set<ino_t> = []
        for name in names {
            let path = directory.url.appendingPathComponent(name).path
            try scratch.write(Data("new \(name)".utf8), to: path)
            inodes.insert(inode(path))
        }
        for name in names { #expect(try directory.contents(of: name) == "new \(name)") }
        // The first replacement made a new file; each later one reused the file the one before replaced.
        #expect(try directory.entries().count == names.count + 1)
        #expect(inodes.count == names.count)
        scratch.discard()
        #expect(try directory.entries().sorted() == names.sorted())
        var status = stat()
        #expect(stat(directory.url.appendingPathComponent(names[4]).path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o666 & ~AtomicFile.processUmask)
    }

    @Test func anEarlierOutputWithAnotherLinkIsNeverRewritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old a", to: "a.pdf")
        try directory.write("old b", to: "b.pdf")
        let a = directory.url.appendingPathComponent("a.pdf").path
        let b = directory.url.appendingPathComponent("b.pdf").path
        let backup = directory.url.appendingPathComponent("b-backup.pdf").path
        var scratch = BatchWriter(flushesOnce: true).makeScratch()
        try scratch.write(Data("new a".utf8), to: a)
        // b's old file gets a second name before it is replaced: it becomes the spare, but must not be reused.
        #expect(link(b, backup) == 0)
        try scratch.write(Data("new b".utf8), to: b)
        try scratch.write(Data("newer a".utf8), to: a)
        scratch.discard()
        #expect(try directory.contents(of: "a.pdf") == "newer a")
        #expect(try directory.contents(of: "b.pdf") == "new b")
        #expect(try directory.contents(of: "b-backup.pdf") == "old b")
        #expect(try directory.entries().sorted() == ["a.pdf", "b-backup.pdf", "b.pdf"])
    }

    /// A symlink is followed and its target replaced; the link stays.
    @Test func aSymlinkIsFollowedAndItsTargetReplaced() throws {
        let directory = try TemporaryDirectory()
        try directory.write("target", to: "target.txt")
        try directory.write("old", to: "x.pdf")
        let link = directory.url.appendingPathComponent("link.pdf").path
        #expect(symlink("target.txt", link) == 0)
        var scratch = BatchWriter(flushesOnce: true).makeScratch()
        try scratch.write(Data("new x".utf8), to: directory.url.appendingPathComponent("x.pdf").path)
        try scratch.write(Data("new link".utf8), to: link)
        scratch.discard()
        #expect(try directory.contents(of: "target.txt") == "new link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.txt")
        #expect(try directory.entries().sorted() == ["link.pdf", "target.txt", "x.pdf"])
    }

    @Test func aSingleOutputIsWrittenAsBefore() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old", to: "a.pdf")
        var scratch = BatchWriter(flushesOnce: false).makeScratch()
        try scratch.write(Data("new".utf8), to: directory.url.appendingPathComponent("a.pdf").path)
        #expect(try directory.entries() == ["a.pdf"])
        #expect(try directory.contents(of: "a.pdf") == "new")
    }
}

@Suite struct NameClaimsTests {
    @Test func namesFollowInputOrderWhateverOrderWorkersFinishIn() {
        let bases = (0..<300).map { ["A", "B", "a", "C (2)", "C"][$0 % 5] }
        // What one worker claiming in order gets.
        let sequential = NameClaims()
        let expected = bases.enumerated().map { index, base in
            sequential.claim(base, index: index, reference: SourceReference(input: Int32(index), line: 0)).suffix
        }
        // "a" after "A" is taken without case; "C (2)" after an input named so is "C (3)".
        #expect(expected.prefix(10) == [nil, nil, 2, nil, nil, 3, 2, 4, 2, 3])
        let claims = NameClaims()
        let next = Atomic<Int>(0)
        let results = Mutex([Int?](repeating: nil, count: bases.count))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var generator = SystemRandomNumberGenerator()
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < bases.count else { return }
                usleep(UInt32.random(in: 0...300, using: &generator))
                if index % 7 == 3 {
                    claims.pass(index: index)  // an invoice that failed to decode
                    continue
                }
                let suffix = claims.claim(
                    bases[index], index: index, reference: SourceReference(input: Int32(index), line: 0)
                ).suffix
                results.withLock { $0[index] = suffix }
            }
        }
        let passed = NameClaims()
        let expectedWithFailures = bases.enumerated().map { index, base -> Int? in
            if index % 7 == 3 {
                passed.pass(index: index)
                return nil
            }
            return passed.claim(base, index: index, reference: SourceReference(input: Int32(index), line: 0)).suffix
        }
        #expect(results.withLock { $0 } == expectedWithFailures)
    }

    @Test func theWarningNamesTheFirstClaimant() {
        let claims = NameClaims()
        _ = claims.claim("INV-1", index: 0, reference: SourceReference(input: 0, line: 4))
        let second = claims.claim("inv-1", index: 1, reference: SourceReference(input: 0, line: 9))
        #expect(second.suffix == 2)
        #expect(second.firstClaimant == SourceReference(input: 0, line: 4))
    }

    @Test func aSetOfPagesClaimsEveryPagesFile() {
        let claims = NameClaims()
        let pages = { (base: String) in (1...5).map { "\(base)-\($0).svg" } }
        let single = { (base: String) in ["\(base).svg"] }
        #expect(
            claims.claim("X", fileNames: pages, index: 0, reference: SourceReference(input: 0, line: 0)).suffix == nil)
        let one = claims.claim("X-1", fileNames: single, index: 1, reference: SourceReference(input: 1, line: 0))
        #expect(one.suffix == 2)
        #expect(one.firstClaimant == SourceReference(input: 0, line: 0))
        #expect(
            claims.claim("X-6", fileNames: single, index: 2, reference: SourceReference(input: 2, line: 0)).suffix
                == nil)
        // A set whose pages would take a single file's name moves as a whole.
        let set = claims.claim("X-6", fileNames: pages, index: 3, reference: SourceReference(input: 3, line: 0))
        #expect(set.suffix == nil)
        let clash = claims.claim(
            "X", fileNames: { ["\($0)-6.svg"] }, index: 4, reference: SourceReference(input: 4, line: 0))
        #expect(clash.suffix == 2)
    }
}

@Suite struct SourceStreamTests {
    @Test func jsonLinesAreReadOneByOneWithTheirLineNumbers() throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "x", count: 200_000)
        try directory.write("{\"a\": 1}\n\n  \r\n{\"b\": \"\(long)\"}\r\n{\"c\": 3}", to: "bills.jsonl")
        let path = directory.url.appendingPathComponent("bills.jsonl").path
        let stream = try SourceStream(jsonLines: [path])
        #expect(stream.knownCount == nil)
        #expect(stream.hasAtLeast(2))
        #expect(!stream.hasAtLeast(4))
        var items: [SourceStream.Item] = []
        while let item = stream.next() { items.append(item) }
        #expect(items.map(\.index) == [0, 1, 2])
        let names = items.map { try? $0.source.get().displayName }
        #expect(names == ["\(path):1", "\(path):4", "\(path):5"])
        #expect(items.map { stream.displayName(of: $0.reference) } == ["\(path):1", "\(path):4", "\(path):5"])
        let second = try items[1].source.get().data()
        #expect(second?.count == 200_000 + 10)  // {"b": "…"} and its \r
    }

    @Test func aMissingJSONLinesFileFailsBeforeAnythingRenders() throws {
        let failure = #expect(throws: CLIFailure.self) { try SourceStream(jsonLines: ["/no/such/bills.jsonl"]) }
        #expect(failure?.status == .noInput)
    }
}
