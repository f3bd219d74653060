import ArgumentParser
import InvoiSpeedups
import Testing

@testable import InvoiCLI

/// Long file lists parse through placeholders (InputRuns); the command must come out
/// exactly as the full parse of every argument makes it.
@Suite struct InputRunsTests {
    /// The trick itself is under test, whatever INVOI_SPEEDUPS says.
    static let speedups = Speedups(setting: "argumentRuns")

    static func files(_ prefix: String, _ count: Int) -> [String] {
        (1...count).map { "\(prefix)\($0).json" }
    }

    static let shapes: [[String]] = [
        files("a", 100) + ["--out-dir", "out", "--jobs", "2"],
        ["--out-dir", "out"] + files("b", 80),
        ["--format", "svg"] + files("c", 30) + ["--jobs", "1"] + files("d", 40) + ["-", "--paper", "letter"]
            + files("e", 5),
        ["--format=txt", "--sample"] + files("f", 70) + ["--out-dir=out"],
        files("g", 2) + ["--dpi", "300"] + files("h", 3) + files("i", 60),
        files("j", 64),
        ["-o", "x.pdf"] + files("k", 3) + [""] + files("l", 70) + ["--color", "never", "--width", "90"],
        ["-o=x.svg", "--locale", "de-DE", "--font", "Inter", "--accent", "#0F766E"] + files("m", 70),
        ["--jsonl", "--paper", "a4"] + files("n", 66) + ["-"],
    ]

    /// Every option of a render command, as one comparable string.
    static func options(_ command: RenderCommand) -> String {
        "\(String(describing: command.format)) \(String(describing: command.output)) \(String(describing: command.outDirectory)) "
            + "\(String(describing: command.paper)) \(command.dpi) \(String(describing: command.width)) \(command.color) "
            + "\(String(describing: command.locale)) \(String(describing: command.font)) \(String(describing: command.jobs)) "
            + "\(command.jsonl) \(command.sample) \(String(describing: command.accent))"
    }

    @Test(arguments: shapes)
    func parsesAsTheFullArgumentList(arguments: [String]) throws {
        #expect(InputRuns(ArgumentVector(copying: arguments), from: 0) != nil)
        let parsed = try #require(InvoiCommand.directSubcommand(for: ["render"] + arguments, speedups: Self.speedups))
        let direct = try #require(parsed.command as? RenderCommand)
        let inputs = try #require(parsed.inputs)
        let full = try #require(try InvoiCommand.parseAsRoot(["render"] + arguments) as? RenderCommand)
        #expect(inputs.strings == full.inputs)
        #expect(inputs.count == full.inputs.count)
        #expect(inputs.standardInputCount == full.inputs.filter { $0 == "-" }.count)
        #expect(Self.options(direct) == Self.options(full))
    }

    /// The process's own path: argv with the program's name first.
    @Test func readsTheArgumentVectorAfterTheProgramsName() throws {
        let vector = ArgumentVector(copying: ["/usr/bin/invoi", "render"] + Self.files("p", 70) + ["--out-dir", "o"])
        let parsed = try #require(InvoiCommand.directSubcommand(for: vector, from: 1, speedups: Self.speedups))
        #expect(parsed.inputs?.strings == Self.files("p", 70))
        #expect((parsed.command as? RenderCommand)?.outDirectory == "o")
    }

    @Test func errorsWithManyFilesGoThroughTheFullTree() {
        // -o with --out-dir is refused by validation, an unknown option by the parser:
        // both are the full tree's messages.
        #expect(
            InvoiCommand.directSubcommand(
                for: ["render"] + Self.files("k", 70) + ["-o", "x.pdf", "--out-dir", "d"], speedups: Self.speedups)
                == nil)
        #expect(
            InvoiCommand.directSubcommand(for: ["render"] + Self.files("k", 70) + ["--bogus"], speedups: Self.speedups)
                == nil)
    }

    @Test func shortListsAndDoubleDashParseAsGiven() throws {
        #expect(InputRuns(ArgumentVector(copying: Self.files("m", 10)), from: 0) == nil)
        #expect(InputRuns(ArgumentVector(copying: Self.files("m", 70) + ["--", "-odd.json"]), from: 0) == nil)
        #expect(InputRuns(ArgumentVector(copying: Array(repeating: "--sample", count: 70)), from: 0) == nil)
        let short = try #require(
            InvoiCommand.directSubcommand(for: ["render", "a.json", "b.json", "c.json"], speedups: Self.speedups))
        #expect(short.inputs == nil)
        #expect((short.command as? RenderCommand)?.inputs == ["a.json", "b.json", "c.json"])
    }

    @Test func placeholdersMustComeBackExactlyOnce() throws {
        let runs = try #require(InputRuns(ArgumentVector(copying: Self.files("n", 70)), from: 0))
        #expect(runs.arguments == ["n1.json", InputRuns.placeholderPrefix + "0"])
        #expect(runs.expanding(runs.arguments)?.strings == Self.files("n", 70))
        #expect(runs.expanding(["n1.json"]) == nil)
        #expect(runs.expanding(runs.arguments + [InputRuns.placeholderPrefix + "0"]) == nil)
        #expect(runs.expanding(["n1.json", InputRuns.placeholderPrefix + "7"]) == nil)
    }

    @Test func inputListsMixWordsAndArguments() {
        let vector = ArgumentVector(copying: ["invoi", "render", "x.json", "y.json", "z.json"])
        var list = InputList(arguments: vector)
        list.append("-")
        list.append(argumentsAt: 2..<5)
        list.append("last.json")
        #expect(list.strings == ["-", "x.json", "y.json", "z.json", "last.json"])
        #expect(list.count == 5 && list[3] == "z.json")
        #expect(list.standardInputCount == 1)
        #expect(InputList([]).isEmpty)
        #expect(!vector.startsWithDash(at: 1) && ArgumentVector(copying: ["-"]).startsWithDash(at: 0))
        #expect(
            ArgumentVector(copying: ["--"]).isDoubleDash(at: 0) && !ArgumentVector(copying: ["--x"]).isDoubleDash(at: 0)
        )
    }
}
