import Testing

@testable import InvoiDocument

@Suite struct JSONValueTests {
    @Test func numbersRoundToHundredths() {
        #expect(JSONValue.format(12.345) == "12.35")
        #expect(JSONValue.format(-0.001) == "0")
        #expect(JSONValue.format(3.1) == "3.1")
        #expect(JSONValue.format(3.05) == "3.05")
        #expect(JSONValue.format(-2) == "-2")
        #expect(JSONValue.format(595.28) == "595.28")
    }

    @Test func keysAreSortedAndScalarArraysInline() {
        let value = JSONValue.object(["b": .array([.number(1), .number(2)]), "a": .string("x\"\u{1B}")])
        #expect(value.prettyPrinted() == "{\n  \"a\": \"x\\\"\\u001b\",\n  \"b\": [1, 2]\n}\n")
    }

    @Test func colorHexRoundTrips() {
        #expect(Color(hex: "#e5e5e5")?.hex == "#E5E5E5")
        #expect(Color(hex: "E5E5E5") == nil)
        #expect(Color(hex: "#GGGGGG") == nil)
        #expect(Color(rgb: 0x888888).isGrey)
    }
}
