import Foundation
import Testing

@testable import InvoiModel

/// The parser hands the root object's `lineItems` to the decoder one element at a time
/// (memory flat in the number of items); what the user sees must be what a
/// whole tree gave: the same items, the same diagnostics in source order, the same limits.
struct StreamedLineItemsTests {
    @Test func theParserHandsOnEachElementInOrderAndKeepsAnEmptyArray() throws {
        var handed: [String] = []
        let (root, keyPosition) = try JSONParser.parse(
            Array(#"{"a": [1], "lineItems": [1, "two", {"x": 3}], "b": 2}"#.utf8),
            streaming: JSONParser.StreamedArray(key: "lineItems") { node in
                switch node.value {
                case .number(let text): handed.append(text)
                case .string(let text): handed.append(text)
                case .object(let members): handed.append(members.map(\.key).joined())
                default: handed.append("?")
                }
            })
        #expect(handed == ["1", "two", "x"])
        #expect(keyPosition == SourcePosition(line: 1, column: 12))
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["a", "lineItems", "b"])
        guard case .array(let kept) = members[1].value.value, case .array(let other) = members[0].value.value else {
            Issue.record("expected arrays")
            return
        }
        #expect(kept.isEmpty)
        #expect(other.count == 1)
    }

    @Test func onlyTheRootObjectsFirstOccurrenceIsStreamed() throws {
        var handed = 0
        let (_, keyPosition) = try JSONParser.parse(
            Array(#"{"x": {"lineItems": [1, 2]}, "lineItems": null, "lineItems": [3]}"#.utf8),
            streaming: JSONParser.StreamedArray(key: "lineItems") { _ in handed += 1 })
        #expect(handed == 0)
        #expect(keyPosition == nil)
    }

    @Test func itemsAreReadAsFromATree() throws {
        let (invoice, _) = try decode(
            #"{"currency": "EUR", "lineItems": [{"description": "A", "quantity": 2, "rate": 3}, {"id": "b", "rate": 1.5}]}"#
        )
        #expect(invoice.lineItems.map(\.id) == ["item-1", "b"])
        #expect(invoice.lineItems.map(\.description) == ["A", ""])
        #expect(invoice.lineItems.map(\.exactAmount) == [6, decimal("1.5")])
    }

    /// The items' diagnostics come where the member is, between those of the fields
    /// before and after it.
    @Test func diagnosticsStayInSourceOrder() {
        let diagnostics = rejection(
            """
            {"vatRate": "x",
             "lineItems": [{"rate": "y"}, {"quantity": true}],
             "currency": 5}
            """)
        #expect(
            diagnostics.map(\.path) == ["vatRate", "lineItems[0].rate", "lineItems[1].quantity", "currency"])
    }

    @Test func aRepeatedLineItemsKeyIsAnErrorAndTheFirstIsRead() {
        let diagnostics = rejection(
            """
            {"lineItems": [{"rate": "bad"}],
             "lineItems": [{"rate": "worse"}]}
            """)
        #expect(
            diagnostics.map(\.description) == [
                "invoi: error: bills/acme.json: lineItems: the field is given twice (first at line 1, column 2, again at line 2, column 2); keep one",
                #"invoi: error: bills/acme.json: lineItems[0].rate: expected a number, got "bad""#,
            ])
    }

    /// 30 unknown fields before the items and 40 in them: the first 50 listed in source
    /// order, then one line for the other 20.
    @Test func theListedLimitCountsAcrossTheItems() throws {
        let fields = (0..<30).map { "\"junk\($0)\": 1" }.joined(separator: ", ")
        let items = (0..<40).map { #"{"rate": 1, "zz\#($0)": 2}"# }.joined(separator: ", ")
        let (_, warnings) = try decode("{\(fields), \"lineItems\": [\(items)]}")
        #expect(warnings.count == 51)
        #expect(warnings.prefix(30).allSatisfy { $0.path == "" })
        #expect(warnings[30].path == "lineItems[0]")
        #expect(warnings[49].path == "lineItems[19]")
        #expect(warnings[50].message == "20 more warnings not listed (the first 50 are)")
    }

    @Test func aSyntaxErrorAfterTheItemsIsTheOnlyDiagnostic() {
        let diagnostics = rejection(#"{"lineItems": [{"rate": "bad"}], "x": }"#)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.path == "")
        #expect(diagnostics.first?.line == 1)
    }

    /// Generated ids are not kept, so a given id that is some item's `item-N` must still be
    /// found, before or after that item.
    @Test func aGivenIDEqualToAGeneratedOneIsARepeatedID() throws {
        let (_, warnings) = try decode(
            """
            {"lineItems": [{"id": "item-3"}, {}, {}, {"id": "item-2"}, {"id": "item-02"}, {"id": "item-5"}, {"id": "item-5"}]}
            """)
        #expect(
            warnings.map(\.description) == [
                #"invoi: warning: bills/acme.json: lineItems[2].id: "item-3" is also the id of lineItems[0]"#,
                #"invoi: warning: bills/acme.json: lineItems[3].id: "item-2" is also the id of lineItems[1]"#,
                #"invoi: warning: bills/acme.json: lineItems[6].id: "item-5" is also the id of lineItems[5]"#,
            ])
    }

    @Test func generatedNumbersAreReadBackOnlyFromGeneratedForm() {
        #expect(LineItem.generatedNumber(in: "item-12") == 12)
        #expect(LineItem.generatedNumber(in: "item-012") == nil)
        #expect(LineItem.generatedNumber(in: "item-+1") == nil)
        #expect(LineItem.generatedNumber(in: "item-0") == nil)
        #expect(LineItem.generatedNumber(in: "Item-1") == nil)
    }
}
