import Testing

@testable import InvoiXML

@Suite struct XMLDocumentTests {
    @Test func refusesWhatItCannotRead() {
        #expect(throws: XMLError.self) { try XMLDocument.parse(Array("<a".utf8)) }
    }
}
