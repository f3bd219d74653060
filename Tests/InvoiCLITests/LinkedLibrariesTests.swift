import Foundation
import InvoiTestSupport
import Testing

/// The libraries few invoices need are opened when one does, not linked: each linked one is
/// loaded at every start of invoi (libqpdf brings libstdc++, GnuTLS and libjpeg; librsvg some
/// twenty more).
struct LinkedLibrariesTests {
    @Test func qpdfLibrsvgAndTurboJPEGAreNotLinked() throws {
        let run = try Tools.run("readelf", ["-d", InvoiProcess.executable.path])
        #expect(run.status == 0, "\(run.errors)")
        let needed = run.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libcairo") }, "\(needed)")
        for library in ["libqpdf", "librsvg", "libturbojpeg"] {
            #expect(!needed.contains { $0.contains(library) }, "\(library) is linked: \(needed)")
        }
    }
}
