import Testing

@testable import InvoiDocument

@Suite struct PagePositionTests {
    @Test func onlyAPageOfSeveralHasAPosition() {
        #expect(PagePosition(index: 0, of: 1) == nil)
        #expect(PagePosition(index: 2, of: 2) == nil)
        #expect(PagePosition(index: 1, of: 3)?.text == "2/3")
    }

    @Test func textReadsBackOnlyAsWritten() {
        #expect(PagePosition(text: "2/3") == PagePosition(index: 1, of: 3))
        for text in ["1/1", "0/3", "4/3", "2/", "/3", "2/3/4", "+2/3", " 2/3", "٢/3", "2/99999999999", ""] {
            #expect(PagePosition(text: text) == nil, "\(text)")
        }
    }
}
