import ArgumentParser
import Foundation
import Testing
@testable import InvoiCLI

@Suite struct FileHelperTests {
    private func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func replacingKeepsTheExistingPermissions() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("out.pdf")
        try Data("old".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try AtomicFile.write(Data("new".utf8), to: file.path, existing: .replace)
        #expect(try directory.contents(of: "out.pdf") == "new")
        #expect(try mode(file) == 0o600)
        #expect(try directory.entries() == ["out.pdf"])
    }

    @Test func newFilesGetTheUsualPermissions() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("new.json")
        try AtomicFile.write(Data(), to: file.path, existing: .keep(hint: "x"))
        #expect(try directory.contents(of: "new.json") == "")
        #expect(try mode(file) & 0o600 == 0o600)   // owner can read and write (not mkstemp's 0600 only)
        #expect(try mode(file) & 0o044 != 0 || umaskIsStrict())
    }

    private func umaskIsStrict() throws -> Bool {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        return status.contains("Umask:\t0077")
    }

    @Test func keepingFailsWithTheHint() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old", to: "a.json")
        let path = directory.url.appendingPathComponent("a.json").path
        #expect {
            try AtomicFile.write(Data("new".utf8), to: path, existing: .keep(hint: "pass --force to overwrite it"))
        } throws: { error in
            let failure = error as? CommandFailure
            return failure?.exitCode == .cannotCreate
                && failure?.description == "invoi: error: \(path) already exists; pass --force to overwrite it"
        }
        #expect(try directory.contents(of: "a.json") == "old")
        #expect(try directory.entries() == ["a.json"])
    }

    @Test func aDirectoryIsNeverReplaced() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("d"), withIntermediateDirectories: false)
        #expect(throws: CommandFailure.self) {
            try AtomicFile.write(Data("x".utf8), to: directory.url.appendingPathComponent("d").path, existing: .replace)
        }
        #expect(try directory.entries() == ["d"])
    }

    @Test func readsFilesAndNamesThemAsGiven() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{}", to: "in.json")
        let input = try InputFile.read(directory.url.appendingPathComponent("in.json").path)
        #expect(input.data == Data("{}".utf8))
        #expect(input.name.hasSuffix("/in.json"))
        #expect {
            try InputFile.read(directory.url.appendingPathComponent("gone.json").path)
        } throws: { error in
            (error as? CommandFailure)?.exitCode == .noInput
        }
    }

    @Test func sysexitsValues() {
        #expect(ExitCode.usageError.rawValue == 64)
        #expect(ExitCode.validationFailure == .usageError)
        #expect(ExitCode.dataError.rawValue == 65)
        #expect(ExitCode.noInput.rawValue == 66)
        #expect(ExitCode.internalError.rawValue == 70)
        #expect(ExitCode.cannotCreate.rawValue == 73)
    }
}
