import Foundation
import Testing

@testable import InvoiModel

/// `customFields`: up to 8 `{name, value, identifier}` printed with the invoice's details,
/// each rule refused by its JSON path with its own message.
struct CustomFieldTests {
    private func errors(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        rejection(json, sourceLocation: sourceLocation).filter { $0.severity == .error }.map {
            "\($0.path): \($0.message)"
        }
    }

    private func fields(_ members: String) -> String { #"{"customFields": [\#(members)]}"# }

    @Test func fieldsAreReadInTheirOrder() throws {
        let (invoice, warnings) = try decode(
            fields(
                #"{"name": "PO number", "value": "4500012345", "identifier": true}, {"name": "Project", "value": "Harbour\nphase 2"}"#
            ))
        #expect(warnings.isEmpty)
        #expect(
            invoice.customFields == [
                CustomField(name: "PO number", value: "4500012345", isIdentifier: true),
                CustomField(name: "Project", value: "Harbour\nphase 2"),
            ])
    }

    @Test func anythingButAnArrayIsRefused() {
        #expect(
            errors(#"{"customFields": {"name": "PO", "value": "1"}}"#) == [
                #"customFields: expected an array of custom fields such as [{"name": "PO number", "value": "4500012345"}], got an object"#
            ])
    }

    @Test func nineFieldsAreRefused() {
        let nine = (1...9).map { #"{"name": "F\#($0)", "value": "v"}"# }.joined(separator: ", ")
        #expect(
            errors(fields(nine)) == [
                "customFields: 9 custom fields are more than the 8 an invoice prints; keep 8 and put the rest in notes"
            ])
        let eight = (1...8).map { #"{"name": "F\#($0)", "value": "v"}"# }.joined(separator: ", ")
        #expect((try? decode(fields(eight)))?.invoice.customFields.count == 8)
    }

    @Test func anElementThatIsNoObjectIsRefused() {
        #expect(
            errors(fields(#""PO 4500012345""#)) == [
                #"customFields[0]: expected a custom field such as {"name": "PO number", "value": "4500012345"}, got "PO 4500012345""#
            ])
    }

    @Test func aFieldNeedsANameAndAValue() {
        #expect(
            errors(fields(#"{"value": "4500012345"}, {"name": "PO number"}, {"name": null, "value": "x"}"#)) == [
                #"customFields[0]: the custom field has no "name"; give the label to print, as in {"name": "PO number", "value": "4500012345"}"#,
                #"customFields[1]: the custom field has no "value"; give the text to print, as in {"name": "PO number", "value": "4500012345"}"#,
                #"customFields[2]: the custom field has no "name"; give the label to print, as in {"name": "PO number", "value": "4500012345"}"#,
            ])
    }

    @Test func aBlankNameOrValueIsRefused() {
        #expect(
            errors(fields(#"{"name": " ", "value": "1"}, {"name": "PO", "value": "\t "}"#)) == [
                #"customFields[0].name: the name is empty; give the label to print, such as "PO number""#,
                "customFields[1].value: the value is empty; give the text to print, or leave the custom field out",
            ])
    }

    /// Characters as a reader counts them: an e with a combining acute accent is one.
    @Test func lengthsAreCountedInCharactersAReaderSees() throws {
        let name40 = String(repeating: "e\u{301}", count: 40)
        let (invoice, _) = try decode(
            fields(#"{"name": "\#(name40)", "value": "\#(String(repeating: "ü", count: 200))"}"#))
        #expect(invoice.customFields.first?.name.count == 40)
        #expect(
            errors(fields(#"{"name": "\#(String(repeating: "n", count: 41))", "value": "1"}"#)) == [
                "customFields[0].name: the name is 41 characters long; a custom field's name is at most 40 characters"
            ])
        #expect(
            errors(fields(#"{"name": "Note", "value": "\#(String(repeating: "v", count: 201))"}"#)) == [
                "customFields[0].value: the value is 201 characters long; a custom field's value is at most 200 characters (put longer text in notes)"
            ])
    }

    @Test func anIdentifierValueKeepsTheIdentifierRules() throws {
        #expect(
            errors(fields(#"{"value": "4500\u200F012345", "identifier": true, "name": "PO number"}"#)) == [
                "customFields[0].value: U+200F RIGHT-TO-LEFT MARK (character 5) is not allowed in an identifier: this invisible character can show its characters in another order than they are stored; remove it"
            ])
        #expect(
            errors(fields(#"{"name": "PO number", "value": "4500\n012345", "identifier": true}"#)) == [
                "customFields[0].value: U+000A (character 5) is not allowed in an identifier, which is one line; remove it"
            ])
        // Free text keeps the marks Hebrew and Arabic writers use.
        let (invoice, _) = try decode(fields(#"{"name": "פרויקט", "value": "נמל\u200F 2"}"#))
        #expect(invoice.customFields.first?.value == "נמל\u{200F} 2")
    }

    @Test func identifierIsTrueOrFalse() {
        #expect(
            errors(fields(#"{"name": "PO", "value": "1", "identifier": "yes"}"#)) == [
                #"customFields[0].identifier: expected true or false, got "yes""#
            ])
    }

    /// Two values under one label: the reader cannot tell which holds.
    @Test func twoFieldsWithOneNameAreRefused() {
        #expect(
            errors(
                fields(
                    #"{"name": "PO number", "value": "1"}, {"name": "Project", "value": "2"}, {"name": "po Number ", "value": "3"}"#
                ))
                == [
                    #"customFields[2].name: "po Number " is also the name of customFields[0]; give each custom field a name of its own"#
                ])
    }

    @Test func anUnknownKeyIsWarnedAboutWithADidYouMean() throws {
        let (invoice, warnings) = try decode(fields(#"{"name": "PO", "value": "1", "identifer": true}"#))
        #expect(invoice.customFields == [CustomField(name: "PO", value: "1")])
        #expect(
            warnings.map { "\($0.path): \($0.message)" } == [
                #"customFields[0]: unknown field "identifer" — did you mean "identifier"?"#
            ])
    }

    @Test func theFieldsSurviveTheJSONTheAppWrites() throws {
        var invoice = Invoice.firstLaunch(today: testToday)
        invoice.customFields = [
            CustomField(name: "PO number", value: "4500012345", isIdentifier: true),
            CustomField(name: "Place of supply", value: "Lyon \"Part-Dieu\""),
        ]
        let read = try InvoiceDecoder(today: testToday).decode(Data(invoice.prettyPrintedJSON().utf8), file: "a.json")
        #expect(read.warnings.isEmpty)
        #expect(read.invoice.customFields == invoice.customFields)
    }
}
