import Foundation
import InvoiTestSupport
import Testing

/// The libraries few invoices need are opened when one does, not linked: each linked one is
/// loaded at every start of invoi (libqpdf brings libstdc++, GnuTLS and libjpeg; librsvg some
/// twenty more; libcrypto is needed only to sign).
struct LinkedLibrariesTests {
    @Test func qpdfLibrsvgTurboJPEGAndLibcryptoAreNotLinked() throws {
        let run = try Tools.run("readelf", ["-d", InvoiProcess.executable.path])
        #expect(run.status == 0, "\(run.errors)")
        let needed = run.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libcairo") }, "\(needed)")
        for library in ["libqpdf", "librsvg", "libturbojpeg", "libcrypto"] {
            #expect(!needed.contains { $0.contains(library) }, "\(library) is linked: \(needed)")
        }
    }
}

/// A render that signs nothing does not even open libcrypto (the dynamic loader's own account).
struct SigningLibraryTests {
    @Test func anUnsignedRenderNeverLoadsLibcrypto() throws {
        let directory = try TemporaryDirectory()
        let run = try directory.shell(#"LD_DEBUG=libs "$INVOI" render --sample -o plain.pdf 2>&1"#)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("calling init"), "LD_DEBUG reported nothing")
        #expect(!run.standardOutput.contains("libcrypto"), "libcrypto was loaded")
    }
}
