import ArgumentParser
import Foundation
import InvoiModel
import InvoiSpeedups

#if canImport(Glibc)
    import Glibc
#endif

extension InvoiCommand {
    /// Runs invoi with the process's arguments, as `main()` does, but parses a plain
    /// `invoi SUBCOMMAND …` call with the subcommand as the root: ArgumentParser then
    /// reflects only that command and skips its completion-script probe (two extra
    /// parsers), which together cost about a third of a short run's start-up in
    /// first-time protocol-conformance look-ups. Anything else — help, version,
    /// completion scripts, any parse error — goes through `main()`, so every message
    /// and exit status stays exactly that of the full command tree.
    public static func runFromCommandLine() {
        _ = StandardOutput.wasClosed  // before any file is opened
        do {
            if Speedups.process.isOn(.renderParsing), let render = renderCommandLine(for: .process) {
                try render.request.run(inputs: render.inputs)
                return
            }
            guard Speedups.process.isOn(.directParsing), var direct = directSubcommand(for: .process, from: 1) else {
                var command = try parseAsRoot()
                try command.run()
                return
            }
            try direct.run()
        } catch {
            exitPrintably(withError: error)
        }
    }

    /// `invoi render …` as RenderCommandLine reads it, if it does.
    static func renderCommandLine(for vector: ArgumentVector) -> RenderCommandLine? {
        guard vector.count > 1, vector[1] == RenderCommand.configuration.commandName else { return nil }
        return RenderCommandLine(vector, from: 2)
    }

    /// Exits as ArgumentParser's `exit(withError:)` does, but with the control characters of
    /// the message escaped: a usage error quotes the arguments, which may hold escape codes.
    static func exitPrintably(withError error: any Error) -> Never {
        var code = exitCode(for: error)
        // `invoi golden` exits 2 on a usage error, as test runners and diff do (1 means "changed").
        if code == .validationFailure,
            CommandLine.arguments.dropFirst().first == GoldenCommand.configuration.commandName
        {
            code = ExitCode(GoldenCommand.usageExitCode)
        }
        let message = fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { print(message) }
        } else if !message.isEmpty {
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            let shown = lines.map { Diagnostic.printable(String($0)) }.joined(separator: "\n")
            FileHandle.standardError.write(Data((shown + "\n").utf8))
        }
        Glibc.exit(code.rawValue)
    }

    /// `directSubcommand(for:from:)` of arguments given as Strings (the subcommand first).
    static func directSubcommand(for arguments: [String], speedups: Speedups = .process) -> DirectCommand? {
        directSubcommand(for: ArgumentVector(copying: arguments), from: 0, speedups: speedups)
    }

    /// The subcommand named at `start`, parsed on its own, if it parses cleanly into that
    /// command (a help request parses into ArgumentParser's help command instead). A long
    /// list of input files is parsed through `InputRuns` and comes back as an InputList.
    static func directSubcommand(
        for vector: ArgumentVector, from start: Int,
        speedups: Speedups = .process
    ) -> DirectCommand? {
        guard start < vector.count,
            case let name = vector[start],
            let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
            // Only subcommands that name invoi as their super-command print "invoi …"
            // in usage when they are the root.
            subcommand.configuration._superCommandName == configuration.commandName
        else { return nil }
        if speedups.isOn(.argumentRuns), subcommand is any InputListCommand.Type,
            let runs = InputRuns(vector, from: start + 1)
        {
            if let command = parsed(runs.arguments, as: subcommand),
                let inputs = (command as? any InputListCommand).flatMap({ runs.expanding($0.inputs) })
            {
                return DirectCommand(command: command, inputs: inputs)
            }
        }
        let arguments = (start + 1..<vector.count).map { vector[$0] }
        return parsed(arguments, as: subcommand).map { DirectCommand(command: $0, inputs: nil) }
    }

    private static func parsed(_ arguments: [String], as subcommand: any ParsableCommand.Type) -> (any ParsableCommand)?
    {
        guard let command = try? subcommand.parseAsRoot(arguments), type(of: command) == subcommand else { return nil }
        return command
    }
}

/// A subcommand parsed on its own, with its input files as an InputList when they were
/// parsed through placeholders.
struct DirectCommand {
    /// Run it through `run()`: with `inputs`, its own `inputs` hold placeholders.
    private(set) var command: any ParsableCommand
    private(set) var inputs: InputList?

    mutating func run() throws {
        if let inputs, let listCommand = command as? any InputListCommand {
            try listCommand.run(inputs: inputs)
        } else {
            try command.run()
        }
    }
}
