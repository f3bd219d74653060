import ArgumentParser
import Foundation
import InvoiModel
import InvoiRender

/// `invoi theme …`: the theme file's commands.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Work with theme files: check one (`invoi init --theme FILE` writes one).",
        subcommands: [ThemeCheckCommand.self]
    )
}

/// `invoi theme check FILE…`: validates theme files without rendering anything.
struct ThemeCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate theme files and report every problem with its JSON path.",
        discussion: """
            Unknown keys, values of another type or out of their bounds, a legally required \
            section in sections.hide are errors. Exit status: 0 when every file is a valid theme \
            (warnings allowed), 65 when one is not, 66 when one is missing or unreadable.
            """
    )

    @Argument(help: ArgumentHelp("Theme JSON files.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("give a theme file to check") }
    }

    func run() throws {
        let log = MessageLog(isTerminal: false)
        var status = ExitStatus.ok
        for file in files {
            do {
                let (theme, warnings) = try ThemeFiles().theme(at: file)
                log.write(warnings)
                let design = theme.design.map { ", design \($0.rawValue)" } ?? ""
                let note =
                    switch warnings.count {
                    case 0: ""
                    case 1: " (1 warning)"
                    default: " (\(warnings.count) warnings)"
                    }
                try StandardOutput.write(Data("\(Diagnostic.printable(file)): ok\(note)\(design)\n".utf8))
            } catch let error as ThemeFileError {
                let failure = CLIFailure(error, invoice: nil)
                if case .unreadable(let path, let reason) = error {
                    log.error("\(Diagnostic.printable(path)): \(reason)")
                } else {
                    log.write(failure)
                }
                status = max(status, failure.status)
            }
        }
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
