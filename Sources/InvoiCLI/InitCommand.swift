import ArgumentParser
import Foundation
import InvoiLayout
import InvoiModel

/// `invoi init [PATH]`: writes the app's first-launch invoice as a starting point.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Write a new invoice file with every field (the app's first-launch invoice), or with --theme a theme file.",
        discussion:
            "An existing file is never overwritten unless --force is given. Exit status 73 when the file cannot be written."
    )

    static let defaultFileName = "invoice.json"
    static let defaultThemeFileName = "theme.json"

    @Argument(
        help: ArgumentHelp(
            "Where to write (default invoice.json); a directory gets invoice.json inside; - writes to standard output.",
            valueName: "path"))
    var path: String?

    @Option(
        help: ArgumentHelp(
            "Write a theme file here instead, with every key at the design's default; a directory gets theme.json inside; - writes to standard output.",
            valueName: "file"))
    var theme: String?

    @Option(help: ArgumentHelp("The design whose defaults --theme writes (default classic).", valueName: "name"))
    var design: String?

    @Flag(help: "Overwrite the file if it exists.")
    var force = false

    @Flag(help: "Write the built-in sample invoice instead of an empty one.")
    var sample = false

    @Flag(
        help:
            "Write the sample with every optional field in use (notes, discount, amount paid, tax IDs, status, accent colour), to show what they do."
    )
    var example = false

    @Flag(
        help:
            "Write a complete e-invoice example (a German invoice with every field XRechnung, Factur-X and EN 16931 need)."
    )
    var einvoice = false

    func validate() throws {
        if [sample, example, einvoice].filter({ $0 }).count > 1 {
            throw ValidationError(
                "--sample, --example and --einvoice each choose the invoice to write; give one of them")
        }
        if theme != nil {
            if sample || example || einvoice {
                throw ValidationError(
                    "--theme writes a theme file, not an invoice: leave out --sample, --example and --einvoice")
            }
            if path != nil {
                throw ValidationError("--theme FILE is where the theme is written: leave out the invoice's path")
            }
        } else if design != nil {
            throw ValidationError("--design chooses the design of the theme file --theme FILE writes: add --theme FILE")
        }
        _ = try ThemeArguments.design(design)
    }

    func run() throws {
        try CLIFailure.reporting(theme == nil ? write : writeTheme)
    }

    /// `Theme.defaults(for:)` as a theme file, every key present.
    private func writeTheme() throws {
        let design = try ThemeArguments.design(design) ?? .classic
        let data = Data(Theme.defaults(for: design).prettyPrintedJSON().utf8)
        let path = theme ?? Self.defaultThemeFileName
        if path == "-" {
            try StandardOutput.write(data)
            return
        }
        let target = Self.resolvedTarget(path, fileName: Self.defaultThemeFileName)
        if force {
            try AtomicFile.write(data, to: target)
        } else {
            try AtomicFile.writeNew(data, to: target, existsHint: "pass --force to overwrite it, or give another path")
        }
        let shown = Diagnostic.printable(target)
        try StandardOutput.write(
            Data("Wrote \(shown). Edit it, then check it with `invoi theme check \(shown)`.\n".utf8))
    }

    private func write() throws {
        let path = self.path ?? Self.defaultFileName
        let invoice =
            if einvoice { Invoice.eInvoiceExample } else if example { Invoice.example } else if sample {
                Invoice.sample
            } else {
                Invoice.firstLaunch(today: .today())
            }
        let data = Data(invoice.prettyPrintedJSON().utf8)
        if path == "-" {
            try StandardOutput.write(data)
            return
        }
        let target = Self.resolvedTarget(path)
        if force {
            try AtomicFile.write(data, to: target)
        } else {
            try AtomicFile.writeNew(data, to: target, existsHint: "pass --force to overwrite it, or give another path")
        }
        let shown = Diagnostic.printable(target)
        try StandardOutput.write(Data("Wrote \(shown). Fill it in, then check it with `invoi check \(shown)`.\n".utf8))
    }

    /// `path`, or `path/fileName` when `path` is an existing directory.
    static func resolvedTarget(_ path: String, fileName: String = defaultFileName) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return path
        }
        return path.hasSuffix("/") ? path + fileName : path + "/" + fileName
    }
}
