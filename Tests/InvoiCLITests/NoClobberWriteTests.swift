import ArgumentParser
import Foundation
import Testing

@testable import InvoiCLI

@Suite struct NoClobberWriteTests {
    private func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func writesANewFileWithTheUsualPermissions() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("new.json")
        try AtomicFile.writeNew(Data("{}".utf8), to: file.path, existsHint: "x")
        #expect(try directory.contents(of: "new.json") == "{}")
        #expect(try mode(file) & 0o600 == 0o600)  // not only mkstemp's 0600: the umask decides
        #expect(try mode(file) == 0o666 & ~umaskValue())
        #expect(try directory.entries() == ["new.json"])
    }

    private func umaskValue() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    @Test func refusesAnExistingFileWithTheHint() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old", to: "a.json")
        let path = directory.url.appendingPathComponent("a.json").path
        #expect {
            try AtomicFile.writeNew(Data("new".utf8), to: path, existsHint: "pass --force to overwrite it")
        } throws: { error in
            let failure = error as? CLIFailure
            return failure?.status == .cannotCreate
                && failure?.message == "\(path) already exists; pass --force to overwrite it"
        }
        #expect(try directory.contents(of: "a.json") == "old")
        #expect(try directory.entries() == ["a.json"])
    }

    @Test func refusesADanglingSymlink() throws {
        let directory = try TemporaryDirectory()
        let link = directory.url.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "elsewhere.json")
        #expect(throws: CLIFailure.self) {
            try AtomicFile.writeNew(Data("x".utf8), to: link.path, existsHint: "x")
        }
        #expect(try directory.entries() == ["link.json"])
    }

    @Test func refusesADirectoryName() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: CLIFailure.self) {
            try AtomicFile.writeNew(Data("x".utf8), to: directory.url.path + "/", existsHint: "x")
        }
        #expect(try directory.entries().isEmpty)
    }
}
