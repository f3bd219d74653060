import Testing

@testable import InvoiCairo

@Suite struct ContentMarkerTests {
    private func marks(_ list: [(ContentMarker.Kind, String)]) -> PageMarks {
        var marks = PageMarks()
        for (kind, operators) in list { marks.append(kind) { $0 += Array(operators.utf8) } }
        return marks
    }

    private func replaced(_ content: String, _ marks: PageMarks) throws(ContentMarker.Failure) -> String {
        let bytes = Array(content.utf8)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ContentMarker.Failure) in try ContentMarker.replacingMarks(in: raw, with: marks) }
        }
        return String(decoding: try result.get(), as: UTF8.self)
    }

    @Test func eachMarkBecomesItsOperatorsAndEverythingElseStays() throws {
        // As Cairo writes a page: its matrix, a colour it owed before a mark, text between marks.
        let content =
            "1 0 0 -1 0 841.89 cm\nq\n0.125 0.25 0.625 0.375 re f\nBT\n/f-0-0 1 Tf\n[<01>]TJ\nET\n"
            + "0.5 0.5 0.5 rg 0.25 0.625 0.625 0.375 re f\n10 10 100 0.5 re f\n0.375 0.125 0.625 0.375 re f\nQ\n"
        let page = marks([
            (.beginStructure, "/P <</MCID 0>> BDC\n"), (.endAndBeginArtifact, "EMC\n/Artifact BMC\n"),
            (.end, "EMC\n"),
        ])
        #expect(
            try replaced(content, page)
                == "1 0 0 -1 0 841.89 cm\nq\n/P <</MCID 0>> BDC\nBT\n/f-0-0 1 Tf\n[<01>]TJ\nET\n"
                + "0.5 0.5 0.5 rg EMC\n/Artifact BMC\n10 10 100 0.5 re f\nEMC\nQ\n")
    }

    @Test func thePagesLastSequenceEndsBeforeCairosLastQWithoutAMark() throws {
        var page = marks([(.beginStructure, "/P <</MCID 0>> BDC\n")])
        page.closing = Array("EMC\n".utf8)
        let content = "q\n0.125 0.25 0.625 0.375 re f\nBT ET\nq 0 0 9 9 re W n\nQ\nQ\n"
        #expect(try replaced(content, page) == "q\n/P <</MCID 0>> BDC\nBT ET\nq 0 0 9 9 re W n\nQ\nEMC\nQ\n")
        // A stream that does not end with Cairo's `Q` gets it at its end.
        #expect(try replaced("0.125 0.25 0.625 0.375 re f\nBT ET\n", page) == "/P <</MCID 0>> BDC\nBT ET\nEMC\n")
    }

    @Test func theSequenceRunsModuloSeven() throws {
        var content = ""
        var list: [(ContentMarker.Kind, String)] = []
        for index in 0..<16 {
            let x = ["0.125", "0.25", "0.375", "0.5", "0.625", "0.75", "0.875"][index % 7]
            content += "\(x) 0.25 0.625 0.375 re f\nBT ET\n"
            list.append((.beginStructure, "[\(index)]"))
        }
        let out = try replaced(content, marks(list))
        #expect(out == (0..<16).map { "[\($0)]BT ET\n" }.joined())
    }

    @Test func aLostMarkIsAFailureNotAShift() {
        let content = "0.125 0.25 0.625 0.375 re f\n0.375 0.125 0.625 0.375 re f\n"
        let page = marks([(.beginStructure, "a"), (.beginStructure, "b"), (.end, "c")])
        // The second mark drawn is missing: the third is found in its place, with its sequence.
        #expect(throws: ContentMarker.Failure.mismatch(index: 1)) { try replaced(content, page) }
        let short = marks([(.beginStructure, "a")])
        #expect(throws: ContentMarker.Failure.mismatch(index: 1)) { try replaced(content, short) }
        let longer = marks([(.beginStructure, "a"), (.end, "b"), (.end, "c")])
        #expect(throws: ContentMarker.Failure.count(drawn: 3, found: 2)) {
            try replaced("0.125 0.25 0.625 0.375 re f\n0.25 0.125 0.625 0.375 re f\n", longer)
        }
    }

    @Test func aMarkOfAnotherKindIsAFailure() {
        let page = marks([(.beginArtifact, "a")])
        #expect(throws: ContentMarker.Failure.mismatch(index: 0)) {
            try replaced("0.125 0.25 0.625 0.375 re f\n", page)
        }
    }

    @Test func aRectangleOfTheMarksSizeElsewhereOnThePageIsNotAMark() throws {
        // Whole points in front: no mark Cairo writes for invoi looks like this.
        let content = "12 30.5 0.625 0.375 re f\n1.125 0.25 0.625 0.375 re f\n"
        #expect(try replaced(content, PageMarks()) == content)
    }

    @Test func aStreamWithoutMarksIsLeftToTheNextOne() {
        let application = PageMarkApplication(marks([(.beginStructure, "x")]))
        let font = Array("glyph data, no marks".utf8)
        #expect(font.withUnsafeBytes { application.apply(to: $0) } == nil)
        #expect(application.isPending)
        let page = Array("0.125 0.25 0.625 0.375 re f\n".utf8)
        #expect(page.withUnsafeBytes { application.apply(to: $0) } == Array("x".utf8))
        #expect(!application.isPending && application.failure == nil)
        // Once: a later stream is left as it is.
        #expect(page.withUnsafeBytes { application.apply(to: $0) } == nil)
    }
}
