import Foundation
import InvoiModel
import InvoiTestSupport

/// The PDF checker kit as the conformance tests run it: once over many files (its start, a
/// Python environment, is the cost), and the goldens' invoices they render.
enum PDFCheck {
    /// The PDF checker kit beside the repository, or the one INVOI_PDFCHECK names.
    static let checker =
        ProcessInfo.processInfo.environment["INVOI_PDFCHECK"]
        ?? FacturXTests.directory.appendingPathComponent("../../../shared/pdfcheck/check").standardizedFileURL.path

    /// The checker's findings on `files` (name → bytes), written to a temporary directory, with
    /// each of `profiles`.
    static func run(_ files: [(name: String, bytes: [UInt8])], profiles: [String]) throws -> Tools.Result {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, bytes) in files {
            let file = directory.appendingPathComponent("\(name).pdf")
            try Data(bytes).write(to: file)
            paths.append(file.path)
        }
        return try Tools.run(checker, paths + profiles.flatMap { ["--profile", $0] })
    }

    /// The rule ids of the findings (each line's first field).
    static func rules(in output: String) -> Set<String> {
        Set(output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
    }

    /// The golden's invoice, read as the goldens are recorded (today is 2026-03-12).
    static func goldenInvoice(_ name: String) throws -> Invoice {
        let directory = PDFAConformanceTests.goldens.appendingPathComponent(name)
        let data = try Data(contentsOf: directory.appendingPathComponent("invoice.json"))
        return try InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 12)!)
            .decode(data, file: "\(name)/invoice.json", baseDirectory: directory.path).0
    }
}
