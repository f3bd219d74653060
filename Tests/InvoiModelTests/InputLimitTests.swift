import Foundation
import Testing

@testable import InvoiModel

/// The limits on one invoice: text fields, line items, the length of what
/// messages quote, and the number of diagnostics listed.
@Suite struct InputLimitTests {
    @Test func aTextOverOneMebibyteIsAnErrorAtItsPath() {
        let long = String(repeating: "a", count: (1 << 20) + 1)
        let diagnostics = rejection(#"{"fromName": "\#(long)"}"#)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.path == "fromName")
        #expect(diagnostics.first?.message.contains("at most 1 MiB") == true)
        #expect((diagnostics.first?.description.count ?? .max) < 200)
    }

    @Test func aTextOfExactlyOneMebibyteIsAccepted() throws {
        let long = String(repeating: "é", count: 1 << 19)  // two bytes each
        let (invoice, _) = try decode(#"{"notes": "\#(long)"}"#)
        #expect(invoice.notes.utf8.count == 1 << 20)
    }

    @Test func moreThanAMillionLineItemsIsAnError() {
        let items = "[" + repeatElement("{}", count: InvoiceDecoder.maximumLineItems + 1).joined(separator: ",") + "]"
        let diagnostics = rejection(#"{"lineItems": \#(items)}"#)
        #expect(diagnostics.map(\.path) == ["lineItems"])
        #expect(diagnostics.first?.message.contains("1000001 line items") == true)
    }

    @Test func anUnexpectedWordIsQuotedShort() {
        let word = String(repeating: "x", count: 1 << 20)
        let diagnostics = rejection(#"{"fromName": \#(word)}"#)
        #expect(diagnostics.count == 1)
        #expect((diagnostics.first?.description.count ?? .max) < 200)
    }

    @Test func aRepeatedLongKeyIsShownShortInItsPath() {
        let key = String(repeating: "k", count: 100_000) + "\u{1B}[2J"
        let diagnostics = rejection(#"{"\#(key)": 1, "\#(key)": 2}"#)
        let error = diagnostics.first { $0.severity == .error }
        #expect((error?.path.count ?? .max) <= 40)
        #expect(error?.description.contains("\u{1B}") == false)
    }

    @Test func manyUnknownFieldsAreListedUpToTheLimitThenCounted() throws {
        let fields = (0..<20_000).map { "\"unknown\($0)\": 1" }.joined(separator: ",")
        let (_, warnings) = try decode("{\(fields)}")
        #expect(warnings.count == DecodingContext.listedLimit + 1)
        #expect(warnings.last?.message.hasPrefix("19950 more warnings not listed") == true)
        #expect(warnings.map(\.description).joined().utf8.count < 10_000)
    }

    @Test func manyErrorsAreListedUpToTheLimitThenCounted() {
        let items = (0..<500).map { _ in #"{"quantity": "x"}"# }.joined(separator: ",")
        let diagnostics = rejection(#"{"lineItems": [\#(items)]}"#)
        #expect(diagnostics.count == DecodingContext.listedLimit + 1)
        #expect(diagnostics.last?.severity == .error)
        #expect(diagnostics.last?.message.hasPrefix("450 more errors not listed") == true)
    }
}
