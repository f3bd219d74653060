import ArgumentParser
import Foundation
import Testing

@testable import InvoiCLI

/// `invoi SUBCOMMAND …` parsed with the subcommand as root must mean exactly what the
/// full command tree means, and hand everything else to the full tree.
@Suite struct DirectSubcommandTests {
    @Test func renderAndPreviewAreParsedDirectly() throws {
        let render = try #require(
            InvoiCommand.directSubcommand(for: ["render", "--sample", "--format", "txt", "--dpi", "300"])?
                .command as? RenderCommand)
        let full = try #require(
            try InvoiCommand.parseAsRoot(["render", "--sample", "--format", "txt", "--dpi", "300"])
                as? RenderCommand)
        #expect(render.sample && full.sample)
        #expect(render.format == .txt && full.format == .txt)
        #expect(render.dpi == 300 && full.dpi == 300)
        #expect(InvoiCommand.directSubcommand(for: ["preview", "invoice.json"])?.command is PreviewCommand)
    }

    @Test(arguments: [
        [],  // no subcommand
        ["--version"], ["--help"], ["help", "render"],
        ["render", "--help"], ["render", "-h"],  // help is the full tree's
        ["render", "--generate-completion-script", "bash"],
        ["render", "--no-such-option"],  // parse errors are the full tree's
        ["render"],  // a validation error
        ["check", "invoice.json"],  // not marked as parsed on its own
        ["renders", "--sample"],
    ])
    func everythingElseGoesThroughTheFullTree(arguments: [String]) {
        #expect(InvoiCommand.directSubcommand(for: arguments) == nil)
    }

    @Test(arguments: [["render", "--sample", "--dpi", "5"], ["render", "--bogus"], ["preview"]])
    func errorsAreThoseOfTheFullTree(arguments: [String]) throws {
        let expected: String
        do {
            _ = try InvoiCommand.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed without a message")
            return
        } catch {
            expected = InvoiCommand.fullMessage(for: error)
        }
        let result = try TemporaryDirectory().run(arguments)
        #expect(result.status == 64)
        #expect(
            result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
                == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func helpIsThatOfTheFullTree() throws {
        let result = try TemporaryDirectory().run(["render", "--help"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                == InvoiCommand.helpMessage(for: RenderCommand.self).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(result.standardOutput.contains("invoi render"))
    }
}
