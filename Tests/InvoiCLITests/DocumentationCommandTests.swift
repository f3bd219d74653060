import Foundation
import Testing

/// The commands the README and the guide show work as shown: each page's ```sh blocks run in
/// order as one bash script (`set -e`) in a fresh directory, with this build's `invoi` first on
/// PATH. A line ending in `# not run` (an install, a server, a command needing root or the
/// network) is left out; the README's first block (the newcomer's two commands, which set up
/// the machine and build) is the CI's own job.
@Suite struct DocumentationCommandTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every page of docs/guide.
    static let pages: [String] = {
        let guide = repository.appendingPathComponent("docs/guide")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: guide.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/guide/" + $0 }
    }()

    /// The page's ```sh blocks, each as its lines, without the `# not run` ones.
    static func shellBlocks(of text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```sh" || trimmed == "```bash" {
                current = []
            } else if current != nil, trimmed.hasPrefix("```") {
                blocks.append(current!)
                current = nil
            } else if current != nil, !line.hasSuffix("# not run") {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test func theShellBlocksAreFoundAndNotRunLinesLeftOut() {
        let page = """
            text
            ```sh
            invoi init a.json
            sudo apt install ./invoi.deb   # not run
            ```
            ```text
            output
            ```
            ```bash
            invoi check a.json
            ```
            """
        #expect(Self.shellBlocks(of: page) == [["invoi init a.json"], ["invoi check a.json"]])
    }

    @Test(arguments: pages) func everyCommandOnThePageExitsZero(page: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(page), encoding: .utf8)
        var blocks = Self.shellBlocks(of: text)
        if page == "README.md", !blocks.isEmpty { blocks.removeFirst() }
        let script = blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n")
        guard !script.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        let directory = try TemporaryDirectory()
        // `set -e` as a reader's shell would stop at a failing command; not pipefail, under which
        // `invoi … | head` fails whenever head closes the pipe before invoi has written all.
        try directory.write("set -e\n" + script + "\n", to: "page.sh")
        let binaries = InvoiProcess.executable.deletingLastPathComponent().path
        let result = try directory.shell(
            "PATH=\"\(binaries):$PATH\" bash page.sh", killedAfter: 300,
            environment: ["SOURCE_DATE_EPOCH": "1767225600", "NO_COLOR": "1", "COLUMNS": "100"])
        #expect(
            result.status == 0,
            "\(page): a command failed (exit \(result.status)):\n\(result.standardError.suffix(2000))")
    }
}
