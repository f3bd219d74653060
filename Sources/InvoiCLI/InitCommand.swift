import ArgumentParser
import Foundation
import InvoiModel

/// `invoi init [PATH]`: writes the app's first-launch invoice as a starting point.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a new invoice file with every field (the app's first-launch invoice).",
        discussion:
            "An existing file is never overwritten unless --force is given. Exit status 73 when the file cannot be written."
    )

    static let defaultFileName = "invoice.json"

    @Argument(
        help: ArgumentHelp(
            "Where to write; a directory gets invoice.json inside; - writes to standard output.",
            valueName: "path"))
    var path: String = InitCommand.defaultFileName

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
    }

    func run() throws {
        try CLIFailure.reporting(write)
    }

    private func write() throws {
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

    /// `path`, or `path/invoice.json` when `path` is an existing directory.
    static func resolvedTarget(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return path
        }
        return path.hasSuffix("/") ? path + defaultFileName : path + "/" + defaultFileName
    }
}
