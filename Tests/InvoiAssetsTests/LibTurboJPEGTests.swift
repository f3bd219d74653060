import Testing

@testable import InvoiAssets

@Suite struct LibTurboJPEGTests {
    @Test func opensTheInstalledLibrary() throws {
        let library = try LibTurboJPEG.loaded.get()
        let handle = try #require(library.initDecompress())
        #expect(library.destroy(handle) == 0)
    }

    @Test func aMissingLibraryIsAClearError() {
        guard case .failure(let failure) = LibTurboJPEG.load(soname: "libturbojpeg-missing.so.0") else {
            Issue.record("a library that does not exist was opened")
            return
        }
        #expect(failure.reason.contains("JPEG logos need libjpeg-turbo"))
        #expect(failure.reason.contains("libturbojpeg-missing.so.0"))
    }

    @Test func aLibraryWithoutTurboJPEGIsAClearError() {
        // libc is loaded in every process and has none of TurboJPEG's functions.
        guard case .failure(let failure) = LibTurboJPEG.load(soname: "libc.so.6") else {
            Issue.record("libc was taken for libjpeg-turbo")
            return
        }
        #expect(failure.reason.contains("too old for JPEG logos"))
    }
}
