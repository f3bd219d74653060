import Foundation
import Testing
@testable import InvoiCLI

@Suite struct AtomicFileTests {
    @Test(arguments: [AtomicFile.Durability.flushedEachFile, .flushedByCaller])
    func replacesAFileWholeAndLeavesNoTemporaryFile(durability: AtomicFile.Durability) throws {
        let directory = try TemporaryDirectory()
        try directory.write("old contents", to: "a.pdf")
        let path = directory.url.appendingPathComponent("a.pdf").path
        try AtomicFile.write(Data("new".utf8), to: path, durability: durability)
        #expect(try directory.contents(of: "a.pdf") == "new")
        #expect(try directory.entries() == ["a.pdf"])
    }

    @Test func aMissingDirectoryIsNamed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("no/such/a.pdf").path
        let failure = #expect(throws: CLIFailure.self) { try AtomicFile.write(Data("x".utf8), to: path) }
        #expect(failure?.status == .cannotCreate)
        #expect(failure?.message.contains("the directory \(directory.url.path)/no/such does not exist") == true)
        #expect(try directory.entries().isEmpty)
    }

    @Test func anUnwritableTargetLeavesNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("taken"),
                                                withIntermediateDirectories: false)
        // A directory stands where the file should go: the rename fails.
        let path = directory.url.appendingPathComponent("taken").path
        let failure = #expect(throws: CLIFailure.self) { try AtomicFile.write(Data("x".utf8), to: path) }
        #expect(failure?.message.hasPrefix("\(path): cannot write (") == true)
        #expect(try directory.entries() == ["taken"])
    }

    @Test func flushingADirectoryReportsFailure() throws {
        let directory = try TemporaryDirectory()
        #expect(FileSystemFlush.flush(directory: directory.url.path))
        #expect(!FileSystemFlush.flush(directory: directory.url.appendingPathComponent("missing").path))
    }

    @Test func glibcTakesTheMallocSettings() {
        #expect(MallocTuning.keepFreedMemoryForReuse())
    }

    @Test func theGlibcExtrasAreFound() throws {
        let directory = try TemporaryDirectory()
        let descriptor = open(directory.url.path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        #expect(GlibcExtras.syncfs(descriptor) == true)
        #expect(GlibcExtras.syncfs(-1) == false)
    }
}
