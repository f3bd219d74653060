import ArgumentParser

extension InvoiCommand {
    /// Runs invoi with the process's arguments, as `main()` does, but parses a plain
    /// `invoi SUBCOMMAND …` call with the subcommand as the root: ArgumentParser then
    /// reflects only that command and skips its completion-script probe (two extra
    /// parsers), which together cost about a third of a short run's start-up in
    /// first-time protocol-conformance look-ups. Anything else — help, version,
    /// completion scripts, any parse error — goes through `main()`, so every message
    /// and exit status stays exactly that of the full command tree.
    public static func runFromCommandLine() {
        // The copy of the arguments lives only while parsing: with 10,000 file names it is 160 KB.
        guard var command = directSubcommand(for: Array(CommandLine.arguments.dropFirst())) else {
            main()
            return
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// The subcommand `arguments` name, parsed on its own, if it parses cleanly into
    /// that command (a help request parses into ArgumentParser's help command instead).
    static func directSubcommand(for arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first,
              let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
              // Only subcommands that name invoi as their super-command print "invoi …"
              // in usage when they are the root.
              subcommand.configuration._superCommandName == configuration.commandName
        else { return nil }
        let rest = Array(arguments.dropFirst())
        if subcommand is any InputListCommand.Type, let runs = InputRuns(rest) {
            guard var command = try? subcommand.parseAsRoot(runs.arguments) as? any InputListCommand,
                  type(of: command) == subcommand,
                  let inputs = runs.expanding(command.inputs)
            else { return parsed(rest, as: subcommand) }
            command.inputs = inputs
            // Checked again with every input; a failure is reported by main() from the full list.
            return (try? command.validate()) == nil ? nil : command
        }
        return parsed(rest, as: subcommand)
    }

    private static func parsed(_ arguments: [String], as subcommand: ParsableCommand.Type) -> ParsableCommand? {
        guard let command = try? subcommand.parseAsRoot(arguments), type(of: command) == subcommand else { return nil }
        return command
    }
}
