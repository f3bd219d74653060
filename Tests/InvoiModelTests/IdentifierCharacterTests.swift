import Foundation
import InvoiModel
import Testing

/// Identifier fields refuse what can make the page show another identifier than the one
/// stored; free text keeps the marks Hebrew and Arabic writers use.
/// The errors of decoding `json`; none when it decodes.
private func errors(_ json: String) -> [Diagnostic] {
    do {
        _ = try decode(json)
        return []
    } catch {
        return error.errors
    }
}

@Suite struct IdentifierCharacterTests {
    static let identifierFields = [
        "invoiceNumber", "allocationNumber", "bankAccount", "bankSwift", "fromTaxId", "toTaxId",
        "fromRegistrationId", "fromPhone", "fromEmail", "toEmail", "buyerReference", "orderReference",
        "precedingInvoice",
    ]

    @Test(arguments: identifierFields)
    func aRightToLeftMarkIsRefusedByPath(_ field: String) {
        let found = errors(#"{"\#(field)": "GB29 NWBK\u200f6016 1331 9268 19"}"#)
        #expect(found.map(\.path) == [field])
        #expect(found.first?.message.hasPrefix("U+200F RIGHT-TO-LEFT MARK (character 10) is not allowed") == true)
    }

    @Test(arguments: [
        ("\\u200e", "U+200E LEFT-TO-RIGHT MARK"), ("\\u061c", "U+061C ARABIC LETTER MARK"),
        ("\\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("\\u2067", "U+2067 RIGHT-TO-LEFT ISOLATE"),
        ("\\u200b", "U+200B ZERO WIDTH SPACE"), ("\\u00ad", "U+00AD SOFT HYPHEN"),
    ])
    func invisibleCharactersAreRefused(_ escaped: String, _ name: String) {
        let found = errors(#"{"bankAccount": "IL62 0108\#(escaped)0000 0009"}"#)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("\(name) (character 10) is not allowed in an identifier") == true)
    }

    @Test(arguments: [
        ("\\u0661", "U+0661 ARABIC-INDIC DIGIT ONE", "write 1"),
        ("\\u06f7", "U+06F7 EXTENDED ARABIC-INDIC DIGIT SEVEN", "write 7"),
        ("\\uff13", "U+FF13 FULLWIDTH DIGIT THREE", "write 3"),
        ("\\ud835\\udfd7", "U+1D7D7 MATHEMATICAL BOLD DIGIT NINE", "write 9"),
        ("\\u0969", "U+0969 DEVANAGARI DIGIT THREE", "write 3"),
    ])
    func digitsOtherThanASCIIAreRefused(_ escaped: String, _ name: String, _ advice: String) {
        let found = errors(#"{"fromPhone": "+1 234 \#(escaped)00"}"#)
        #expect(found.map(\.path) == ["fromPhone"])
        #expect(found.first?.message.hasPrefix("\(name) (character 8) is not allowed") == true)
        #expect(found.first?.message.hasSuffix(advice) == true)
    }

    @Test func everyRefusedCharacterIsNamed() {
        let found = errors(#"{"invoiceNumber": "\u200fINV\u0661\u200e"}"#)
        #expect(found.count == 3)
        #expect(found.map { $0.message.prefix(6) } == ["U+200F", "U+0661", "U+200E"])
    }

    @Test func electronicAddressesAreIdentifiers() {
        let found = errors(#"{"toElectronicAddress": "0088:4012345\u200f000009"}"#)
        #expect(found.map(\.path) == ["toElectronicAddress"])
    }

    @Test func plainAndNonLatinIdentifiersAreKept() throws {
        let (invoice, warnings) = try decode(
            #"{"invoiceNumber": "חש-2026-7", "bankAccount": "IL62 0108 0000 0009 9999 999", "toEmail": "דוד@example.co.il", "fromPhone": "+972-52-555-0187"}"#
        )
        #expect(warnings.isEmpty)
        #expect(invoice.invoiceNumber == "חש-2026-7")
        #expect(invoice.toEmail == "דוד@example.co.il")
    }

    @Test func freeTextKeepsMarksAndOtherDigits() throws {
        let (invoice, warnings) = try decode(
            #"{"toName": "שלום\u200f.", "notes": "رقم \u0661\u0662\u061c", "lineItems": [{"description": "a\u200eb", "rate": 1}]}"#
        )
        #expect(warnings.isEmpty)
        #expect(invoice.toName == "שלום\u{200F}.")
        #expect(invoice.notes == "رقم ١٢\u{061C}")
        #expect(invoice.lineItems[0].description == "a\u{200E}b")
    }

    @Test(arguments: [("\\ufffe", "U+FFFE"), ("\\ufdd0", "U+FDD0"), ("\\udbff\\udfff", "U+10FFFF")])
    func noncharactersBecomeTheReplacementCharacter(_ escaped: String, _ name: String) throws {
        let (invoice, warnings) = try decode(
            #"{"fromName": "Acme \#(escaped)", "lineItems": [{"description": "x\#(escaped)\#(escaped)", "rate": 1}]}"#)
        #expect(invoice.fromName == "Acme \u{FFFD}")
        #expect(invoice.lineItems[0].description == "x\u{FFFD}\u{FFFD}")
        #expect(warnings.map(\.path) == ["fromName", "lineItems[0].description"])
        #expect(warnings[0].message.hasPrefix("replaced \(name) with U+FFFD"))
        #expect(warnings[1].message.hasPrefix("replaced 2 noncharacters such as \(name) with U+FFFD"))
    }

    @Test func messagesShowMarksEscaped() {
        let found = errors(#"{"currency": "EU\u200fR"}"#)
        #expect(found.first?.message.contains(#""EU\u{200F}R""#) == true)
    }
}

@Suite struct HebrewDocumentTypeTests {
    @Test func aHebrewInvoiceWithVATIsToldItIsATaxInvoice() throws {
        let (_, warnings) = try decode(#"{"language": "he", "vatRate": 18, "lineItems": [{"rate": 100}]}"#)
        #expect(warnings.map(\.path) == ["documentType"])
        #expect(warnings.first?.message.contains(#"set "documentType" to "taxInvoice""#) == true)
    }

    @Test func otherHebrewDocumentsAreLeftAlone() throws {
        for json in [
            #"{"language": "he", "vatRate": 0, "lineItems": [{"rate": 100}]}"#,
            #"{"language": "he", "vatRate": 18, "documentType": "taxInvoice", "lineItems": [{"rate": 100}]}"#,
            #"{"language": "de", "vatRate": 19, "lineItems": [{"rate": 100}]}"#,
        ] {
            #expect(try decode(json).warnings.isEmpty, "\(json)")
        }
    }
}

/// What an outside test found after the first fix: letters of a right-to-left script, line
/// breaks and other invisible characters in identifiers.
@Suite struct IdentifierCharacterVariantTests {
    @Test(arguments: [
        ("\\u0640", "U+0640 ARABIC TATWEEL"), ("\\u05d0", "U+05D0 HEBREW LETTER ALEF"),
        ("\\ufb1d", "U+FB1D HEBREW LETTER YOD WITH HIRIQ"), ("\\u05ff", "U+05FF"),
    ])
    func accountsTakeNoRightToLeftLetter(_ escaped: String, _ name: String) {
        let found = errors(#"{"bankAccount": "GB29 NWBK \#(escaped)6016 1331 9268 19"}"#)
        #expect(found.map(\.path) == ["bankAccount"])
        #expect(found.first?.message.hasPrefix("\(name) (character 11) is not allowed in an account number") == true)
    }

    @Test func aBICIsLatinLettersAndDigits() {
        let found = errors(#"{"bankSwift": "NWBKGB2\u0410"}"#)
        #expect(
            found.first?.message.hasPrefix("U+0410 CYRILLIC CAPITAL LETTER A (character 8) is not allowed in a BIC")
                == true)
    }

    @Test func aJapaneseAccountKeepsItsKind() throws {
        #expect(try decode(#"{"bankAccount": "普通 1234567"}"#).invoice.bankAccount == "普通 1234567")
    }

    @Test(arguments: [
        ("\\u2028", "U+2028 LINE SEPARATOR"), ("\\u2029", "U+2029 PARAGRAPH SEPARATOR"),
        ("\\n", "U+000A"), ("\\t", "U+0009"),
    ])
    func anIdentifierIsOneLine(_ escaped: String, _ name: String) {
        let found = errors(#"{"invoiceNumber": "INV\#(escaped)0001"}"#)
        #expect(found.first?.message.hasPrefix(name) == true)
        #expect(found.first?.message.contains("which is one line") == true)
    }

    @Test(arguments: ["\\u3164", "\\u034f", "\\ufe0f", "\\ufffe"])
    func invisibleAndNoncharactersAreRefused(_ escaped: String) {
        let found = errors(#"{"invoiceNumber": "INV\#(escaped)0001"}"#)
        #expect(found.map(\.path) == ["invoiceNumber"])
        #expect(found.first?.message.contains("the reader cannot see it") == true)
    }

    @Test func aLabelOfInvisibleCharactersIsEmpty() throws {
        let (_, warnings) = try decode(#"{"labels": {"column.amount": "\u200b", "total": "\u00a0"}}"#)
        #expect(warnings.map(\.path) == ["labels.column.amount", "labels.total"])
    }
}
