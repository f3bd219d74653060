import ArgumentParser
import Testing
@testable import InvoiCLI

/// Long file lists parse through placeholders (InputRuns); the command must come out
/// exactly as the full parse of every argument makes it.
@Suite struct InputRunsTests {
    static func files(_ prefix: String, _ count: Int) -> [String] {
        (1...count).map { "\(prefix)\($0).json" }
    }

    static let shapes: [[String]] = [
        files("a", 100) + ["--out-dir", "out", "--jobs", "2"],
        ["--out-dir", "out"] + files("b", 80),
        ["--format", "svg"] + files("c", 30) + ["--jobs", "1"] + files("d", 40) + ["-", "--paper", "letter"] + files("e", 5),
        ["--format=txt", "--sample"] + files("f", 70) + ["--out-dir=out"],
        files("g", 2) + ["--dpi", "300"] + files("h", 3) + files("i", 60),
        files("j", 64),
    ]

    @Test(arguments: shapes)
    func parsesAsTheFullArgumentList(arguments: [String]) throws {
        #expect(InputRuns(arguments) != nil)
        let direct = try #require(InvoiCommand.directSubcommand(for: ["render"] + arguments) as? RenderCommand)
        let full = try #require(try InvoiCommand.parseAsRoot(["render"] + arguments) as? RenderCommand)
        #expect(direct.inputs == full.inputs)
        #expect(!direct.inputs.contains { $0.hasPrefix(InputRuns.placeholderPrefix) })
        #expect(direct.outDirectory == full.outDirectory)
        #expect(direct.format == full.format)
        #expect(direct.jobs == full.jobs)
        #expect(direct.dpi == full.dpi)
        #expect(direct.sample == full.sample)
    }

    @Test func errorsWithManyFilesGoThroughTheFullTree() {
        // -o with several inputs is refused at run time, but -o with --out-dir by validation,
        // and an unknown option by the parser: both are the full tree's messages.
        #expect(InvoiCommand.directSubcommand(for: ["render"] + Self.files("k", 70) + ["-o", "x.pdf", "--out-dir", "d"]) == nil)
        #expect(InvoiCommand.directSubcommand(for: ["render"] + Self.files("k", 70) + ["--bogus"]) == nil)
    }

    @Test func shortListsAndDoubleDashParseAsGiven() {
        #expect(InputRuns(Self.files("m", 10)) == nil)
        #expect(InputRuns(Self.files("m", 70) + ["--", "-odd.json"]) == nil)
        #expect(InputRuns(Array(repeating: "--sample", count: 70)) == nil)
    }

    @Test func placeholdersMustComeBackExactlyOnce() throws {
        let runs = try #require(InputRuns(Self.files("n", 70)))
        #expect(runs.arguments == ["n1.json", InputRuns.placeholderPrefix + "0"])
        #expect(runs.expanding(runs.arguments) == Self.files("n", 70))
        #expect(runs.expanding(["n1.json"]) == nil)
        #expect(runs.expanding(runs.arguments + [InputRuns.placeholderPrefix + "0"]) == nil)
        #expect(runs.expanding(["n1.json", InputRuns.placeholderPrefix + "7"]) == nil)
    }
}
