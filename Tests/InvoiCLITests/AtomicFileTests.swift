import Foundation
import Testing

@testable import InvoiCLI

@Suite struct AtomicFileTests {
    @Test(arguments: [AtomicFile.Durability.flushedEachFile, .flushedWithDirectory])
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
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("taken"),
            withIntermediateDirectories: false)
        // A directory stands where the file should go: refused before anything is written.
        let path = directory.url.appendingPathComponent("taken").path
        let failure = #expect(throws: CLIFailure.self) { try AtomicFile.write(Data("x".utf8), to: path) }
        #expect(failure?.message == "\(path): is a directory; give a file name")
        #expect(try directory.entries() == ["taken"])
    }

    @Test func flushingADirectoryReportsFailure() throws {
        let directory = try TemporaryDirectory()
        try directory.write("x", to: "file")
        #expect(DirectoryFlush.flush(directory: directory.url.path))
        #expect(!DirectoryFlush.flush(directory: directory.url.appendingPathComponent("missing").path))
        #expect(!DirectoryFlush.flush(directory: directory.url.appendingPathComponent("file").path))
    }

    @Test func theGlibcExtrasAreFound() {
        #expect(GlibcExtras.function("renameat2", as: (@convention(c) () -> Void).self) != nil)
        #expect(GlibcExtras.function("flistxattr", as: (@convention(c) () -> Void).self) != nil)
        #expect(GlibcExtras.function("no_such_function_in_glibc", as: (@convention(c) () -> Void).self) == nil)
    }
}
