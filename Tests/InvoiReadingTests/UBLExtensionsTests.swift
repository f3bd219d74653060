import Foundation
import InvoiModel
import Testing

@testable import InvoiReading

/// UBL's extensions (signatures, ZATCA's and Turkey's technical data, long base64) and XML
/// digital signatures are no business terms: never "other elements", one fallback per file.
@Suite struct UBLExtensionsTests {
    static let extensions = """
        <ext:UBLExtensions xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">\
        <ext:UBLExtension><ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>\
        <ext:ExtensionContent><ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#">\
        <ds:SignatureValue>TUlJRkR6Q0NCTGVnQXdJQkFnSVRiUUFBRjRrZ0hIK1U=</ds:SignatureValue>\
        </ds:Signature></ext:ExtensionContent></ext:UBLExtension>\
        <ext:UBLExtension><ext:ExtensionContent><Hash>AAAA</Hash></ext:ExtensionContent></ext:UBLExtension>\
        </ext:UBLExtensions>
        """

    @Test func theExtensionsAreLeftOutAndLoggedOnce() throws {
        var text = String(decoding: UBLReaderTests.document(), as: UTF8.self)
        // The extensions come first in the document, before everything else.
        let rootEnd = try #require(text.range(of: "CommonBasicComponents-2\">"))
        text.insert(contentsOf: Self.extensions, at: rootEnd.upperBound)
        let received = try #require(try UBLReaderTests.read(Array(text.utf8)).received)
        #expect(!received.terms.contains { $0.term == .otherElement })
        #expect(
            received.fallbacks.filter { if case .unmappedElement = $0 { true } else { false } } == [
                .unmappedElement(path: "/Invoice/ext:UBLExtensions")
            ])
    }

    /// Anything else not mapped is still shown.
    @Test func otherElementsAreStillShown() throws {
        let bytes = UBLReaderTests.document(head: "<cbc:CopyIndicator>false</cbc:CopyIndicator>")
        let received = try #require(try UBLReaderTests.read(bytes).received)
        #expect(received.terms.contains { $0.term == .otherElement && $0.name == "CopyIndicator" })
    }
}
