import Foundation
import InvoiModel
import Testing

@Suite struct SampleGoldenTests {
    /// `Goldens/sample` is the built-in `--sample` invoice, so that golden pins what a newcomer first sees.
    @Test func sampleCaseIsTheBuiltInSample() throws {
        let url = GoldenFiles.directory("sample").appendingPathComponent("invoice.json")
        if GoldenFiles.isRecording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Invoice.sample.prettyPrintedJSON().utf8).write(to: url)
        }
        let decoded = try InvoiceDecoder(today: GoldenTests.today).decode(Data(contentsOf: url), file: url.path)
        #expect(decoded.invoice == Invoice.sample)
        #expect(decoded.warnings.isEmpty)
    }
}
