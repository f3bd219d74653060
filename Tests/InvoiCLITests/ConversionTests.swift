import Foundation
import InvoiModel
import Testing

@testable import InvoiCLI

/// What `--format json` and `--extract-attachments` rest on: invoi's JSON writer reads back to
/// the same invoice for every golden, and attachment names are reduced to safe base names.
@Suite struct ConversionTests {
    static let goldens = EInvoiceCommandTests.goldens

    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []).filter {
        FileManager.default.fileExists(atPath: goldens.appendingPathComponent("\($0)/invoice.json").path)
    }.sorted()

    @Test(arguments: cases)
    func theJSONWriterRoundTripsEveryGolden(_ name: String) throws {
        let directory = Self.goldens.appendingPathComponent(name)
        let decoder = InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 12)!)
        let data = try Data(contentsOf: directory.appendingPathComponent("invoice.json"))
        let original = try decoder.decode(data, file: "invoice.json", baseDirectory: directory.path).invoice
        let written = original.prettyPrintedJSON()
        let again = try decoder.decode(Data(written.utf8), file: "written.json", baseDirectory: directory.path).invoice
        #expect(again == original, "\(name)")
        #expect(again.prettyPrintedJSON() == written, "\(name)")
    }

    @Test func attachmentNamesAreSafeBaseNames() {
        func safe(_ name: String, mime: String = "application/pdf") -> String {
            AttachmentExtraction.safeName(name, index: 3, mimeCode: mime)
        }
        #expect(safe("../../etc/passwd") == "passwd")
        #expect(safe("C:\\Windows\\win.ini") == "win.ini")
        #expect(safe("a/b") == "b")
        #expect(safe("..") == "attachment-3.pdf")
        #expect(safe("dir/") == "attachment-3.pdf")
        #expect(safe("", mime: "image/png") == "attachment-3.png")
        #expect(safe("", mime: "application/x-unknown") == "attachment-3.bin")
        #expect(safe("...profile") == "profile")
        #expect(safe("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
        #expect(safe("a\u{0}b\u{1B}[31mc\u{7F}d\u{85}e") == "ab[31mcde")
        #expect(safe("  .bashrc ") == "bashrc")
        let long = safe(String(repeating: "é", count: 200) + ".xlsx")
        #expect(long.utf8.count <= AttachmentExtraction.maximumNameLength && long.hasSuffix("é.xlsx"))
    }
}
