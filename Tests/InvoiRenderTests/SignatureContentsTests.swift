import Foundation
import InvoiModel
import InvoiRender
import InvoiSigning
import InvoiTestSupport
import Testing

/// A signature's /Contents is padded with zeros, and readers that strip the padding (veraPDF,
/// which the PDF/A check runs) cut a CMS structure whose last byte is zero: one signature in
/// 256 would fail PDF/A. The signer never hands out such a structure. Each signature here
/// differs (another /M, so another digest), so without that care 1,200 of them hold one
/// ending in zero with a chance of 99 %.
@Suite struct SignatureContentsTests {
    @Test func noSignatureEndsInAZeroByte() throws {
        let renderer = try #require(try? Renderer(fonts: .fixed), "fonts of the fixed set are missing: run tools/setup")
        let settings = RenderSettings(
            format: .pdf, output: OutputOptions(dpi: 72, columns: 100, usesColor: false),
            creationDate: GoldenTests.creationDate, isSigned: true)
        guard case .document(let data) = try renderer.render(.sample, settings: settings) else {
            Issue.record("the PDF backend wrote pages")
            return
        }
        let keys = try SigningKeys()
        defer { keys.remove() }
        let signer = PDFSigner(
            identity: try SigningIdentity.keystore(at: keys.path("rsa.p12"), password: SigningKeys.password))
        let unsigned = [UInt8](data)
        var endingInZero = 0
        for second in 0..<1_200 {
            let signed = try signer.sign(unsigned, at: GoldenTests.creationDate.addingTimeInterval(Double(second)))
            let cms = try #require(Self.contents(of: signed))
            // The structure's own length, from its DER header, against what is left without the padding.
            var stripped = cms
            while stripped.last == 0 { stripped.removeLast() }
            let length = try #require(Self.derLength(cms))
            if stripped.count != length { endingInZero += 1 }
        }
        #expect(endingInZero == 0)
    }

    /// A signer read once (the server's, at start) signs each document at its own date: one
    /// outside the certificate's validity (2026 to 2036) is refused, since validators check
    /// the certificate at the date the signature records.
    @Test func aSigningTimeOutsideTheCertificatesValidityIsRefused() throws {
        let renderer = try #require(try? Renderer(fonts: .fixed), "fonts of the fixed set are missing: run tools/setup")
        let settings = RenderSettings(
            format: .pdf, output: OutputOptions(dpi: 72, columns: 100, usesColor: false),
            creationDate: GoldenTests.creationDate, isSigned: true)
        guard case .document(let data) = try renderer.render(.sample, settings: settings) else {
            Issue.record("the PDF backend wrote pages")
            return
        }
        let keys = try SigningKeys()
        defer { keys.remove() }
        let signer = PDFSigner(
            identity: try SigningIdentity.keystore(
                at: keys.path("rsa.p12"), password: SigningKeys.password, signingTime: GoldenTests.creationDate))
        #expect(throws: Never.self) { try signer.sign([UInt8](data), at: GoldenTests.creationDate) }
        for date in [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 2_200_000_000)] {
            do {
                _ = try signer.sign([UInt8](data), at: date)
                Issue.record("signed at \(date)")
            } catch {
                guard case .outsideValidity(_, _, let validity, let signingTime) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(validity.notBefore == "2026-01-01 00:00:00 UTC")
                #expect(
                    signingTime
                        == (date.timeIntervalSince1970 == 0 ? "1970-01-01 00:00:00 UTC" : "2039-09-18 23:06:40 UTC"))
            }
        }
    }

    /// The bytes of the last /Contents hex string in `pdf`.
    static func contents(of pdf: [UInt8]) -> [UInt8]? {
        let marker = Array("/Contents <".utf8)
        guard let start = pdf.indices.reversed().first(where: { pdf[$0...].starts(with: marker) }),
            let end = pdf[(start + marker.count)...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let hex = pdf[(start + marker.count)..<end]
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index + 1 < hex.endIndex {
            guard let byte = UInt8(String(decoding: hex[index..<(index + 2)], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
            index += 2
        }
        return bytes
    }

    /// The whole length of the DER SEQUENCE at the start of `bytes`: header and contents.
    static func derLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count > 2, bytes[0] == 0x30 else { return nil }
        if bytes[1] < 0x80 { return 2 + Int(bytes[1]) }
        let count = Int(bytes[1] & 0x7F)
        guard count <= 4, bytes.count > 2 + count else { return nil }
        let length = bytes[2..<(2 + count)].reduce(0) { $0 << 8 | Int($1) }
        return 2 + count + length
    }
}
