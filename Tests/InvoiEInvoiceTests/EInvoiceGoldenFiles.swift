import Foundation
import InvoiEInvoice
import InvoiModel
import InvoiTestSupport
import Testing

/// The e-invoice goldens: `Goldens/<case>/einvoice.<syntax>.xml` beside the case's
/// `invoice.json`, compared exactly. `INVOI_RECORD_GOLDENS=1` writes them instead, as the
/// other golden tests do; re-recording is a reviewed change.
enum EInvoiceGoldenFiles {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["INVOI_RECORD_GOLDENS"] == "1" }

    static let today = CalendarDate(iso: "2026-03-12")!

    /// Each case and the documents it keeps: (case, syntax, profile).
    static let documents: [(name: String, syntax: EInvoiceSyntax, profile: EInvoiceProfile)] = [
        ("einvoice-xrechnung-de", .cii, .xrechnung),
        ("einvoice-xrechnung-de", .ubl, .xrechnung),
        ("einvoice-facturx-fr-reverse-charge", .cii, .basicWL),
        ("einvoice-peppol-be", .ubl, .peppol),
        ("einvoice-credit-note", .cii, .en16931),
        ("einvoice-credit-note", .ubl, .en16931),
        ("einvoice-minimum", .cii, .minimum),
    ]

    static func invoice(_ name: String) throws -> Invoice {
        let url = root.appendingPathComponent("\(name)/invoice.json")
        return try InvoiceDecoder(today: today).decode(
            Data(contentsOf: url), file: "Goldens/\(name)/invoice.json",
            baseDirectory: url.deletingLastPathComponent().path
        ).invoice
    }

    static func golden(_ name: String, _ syntax: EInvoiceSyntax) -> URL {
        root.appendingPathComponent("\(name)/einvoice.\(syntax.rawValue).xml")
    }

    static func write(_ invoice: Invoice, _ syntax: EInvoiceSyntax, _ profile: EInvoiceProfile) throws -> [UInt8] {
        switch syntax {
        case .cii: try CIIWriter(profile: profile).write(invoice)
        case .ubl: try UBLWriter(profile: profile).write(invoice)
        }
    }

    /// Exact comparison; a failure writes `einvoice.<syntax>.actual.xml` beside the golden.
    static func expect(_ actual: String, matches golden: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let actualURL = golden.deletingPathExtension().appendingPathExtension("actual.xml")
        try? FileManager.default.removeItem(at: actualURL)
        if isRecording {
            try? Data(actual.utf8).write(to: golden)
            return
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            Issue.record(
                "missing golden \(golden.path): record with INVOI_RECORD_GOLDENS=1 and review it",
                sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        try? Data(actual.utf8).write(to: actualURL)
        Issue.record("\(golden.path) differs; actual written to \(actualURL.path)", sourceLocation: sourceLocation)
    }
}

/// The offline validation kit (`../shared/einvoice/validate`): the official rule
/// sets, exit 0 only when no fatal rule fails. It needs python3-venv (tools/setup).
enum EInvoiceValidator {
    /// The kit beside the repository, or the one INVOI_EINVOICE_VALIDATE names (as the CLI's
    /// and Factur-X's tests take it).
    static let executable =
        ProcessInfo.processInfo.environment["INVOI_EINVOICE_VALIDATE"].map(URL.init(fileURLWithPath:))
        ?? EInvoiceGoldenFiles.root.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/einvoice/validate")

    /// Validates `files` in one call (0.5–0.7 s each call) and records every fatal finding.
    static func expectValid(
        _ files: [URL], profile: EInvoiceProfile, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            Issue.record("the validation kit is missing at \(executable.path)", sourceLocation: sourceLocation)
            return
        }
        let run = try Tools.execute(executable, files.map(\.path) + ["--profile", profile.rawValue, "--fatal-only"])
        let findings = String(decoding: run.standardOutput, as: UTF8.self)
        let summary = String(decoding: run.standardError, as: UTF8.self)
        #expect(run.status == 0, "\(profile.rawValue):\n\(findings)\(summary)", sourceLocation: sourceLocation)
    }

    /// Writes `documents` into a scratch folder and validates them.
    static func expectValid(
        _ documents: [(name: String, bytes: [UInt8])], profile: EInvoiceProfile,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for document in documents {
            let url = directory.appendingPathComponent(document.name + ".xml")
            try Data(document.bytes).write(to: url)
            files.append(url)
        }
        try expectValid(files, profile: profile, sourceLocation: sourceLocation)
    }
}
