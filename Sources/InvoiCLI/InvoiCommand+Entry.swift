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
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard var command = directSubcommand(for: arguments) else {
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
              subcommand.configuration._superCommandName == configuration.commandName,
              let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
              type(of: command) == subcommand
        else { return nil }
        return command
    }
}
