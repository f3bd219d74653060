import Testing

@testable import InvoiCairo

/// The structure update rewrites Cairo's parent-tree arrays and elements' /K: references keep
/// their numbers digit for digit, artifacts become null or leave, everything else stays.
@Suite struct StructureReplacementTests {
    func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    @Test func artifactsInAParentTreeArrayBecomeNull() {
        let array = Array("[ 7 0 R 1203 0 R 90 0 R 10 0 R 0 0 R ]\n".utf8)
        #expect(
            text(PDFStructureUpdate.nullingArtifacts(array, [1203, 10]))
                == "[ 7 0 R null 90 0 R null 0 0 R ]\n")
        #expect(PDFStructureUpdate.nullingArtifacts(array, [5]) == nil, "nothing to null: Cairo's array stays")
    }

    @Test func artifactsLeaveAnElementsKids() {
        let element = Array("<< /Type /StructElem /S /P /P 3 0 R /K [ 12 0 R 3 100 0 R 4 ] /Pg 5 0 R >>".utf8)
        #expect(
            text(PDFStructureUpdate.withoutArtifacts(element, [100]))
                == "<< /Type /StructElem /S /P /P 3 0 R /K [ 12 0 R 3 4 ] /Pg 5 0 R >>")
        let single = Array("<< /Type /StructElem /S /Span /K 2105 0 R /Pg 5 0 R >>".utf8)
        #expect(
            text(PDFStructureUpdate.withoutArtifacts(single, [7]))
                == "<< /Type /StructElem /S /Span /K [ 2105 0 R ] /Pg 5 0 R >>")
    }
}
