import Foundation
import InvoiDocument
import Testing

@testable import InvoiCairo

@Suite struct PDFHelpersTests {
    @Test func integersAndReferencesAreWrittenInDecimal() {
        for value in [0, 7, 10, 99, 100, 4_194_303, Int(Int32.max), Int.max] {
            var out: [UInt8] = [0x5B]
            PDFWriting.append(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "[\(value)")
        }
        var reference: [UInt8] = []
        PDFWriting.appendReference(1_088, to: &reference)
        #expect(String(decoding: reference, as: UTF8.self) == "1088 0 R")
    }

    @Test func entriesGoBeforeADictionarysClose() {
        let object = Array("3 0 obj\n<< /Type /Page % 1\n   /Parent 1 0 R\n>>\n".utf8)
        let added = PDFWriting.adding(Array("/StructParents 0".utf8), to: object[...])
        #expect(
            added.map { String(decoding: $0, as: UTF8.self) }
                == "3 0 obj\n<< /Type /Page % 1\n   /Parent 1 0 R\n   /StructParents 0\n>>\n")
        #expect(PDFWriting.adding(Array("/A 1".utf8), to: Array("[ 1 2 ]".utf8)[...]) == nil)
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (1_773_309_600, "2026-03-12T10:00:00Z"),
        (1_709_208_000, "2024-02-29T12:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"),
    ])
    func datesAreWrittenInUTC(seconds: Double, expected: String) {
        #expect(PDFDate.string(for: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func datesAPDFCannotHoldAreLeftOut() {
        #expect(PDFDate.string(for: Date(timeIntervalSince1970: 253_402_300_800)) == nil)
        #expect(PDFDate.string(for: Date(timeIntervalSince1970: -62_135_596_801)) == nil)
        #expect(PDFDate.string(for: Date(timeIntervalSince1970: .infinity)) == nil)
    }

    @Test func linkAttributesCarryTheRectAndTheQuotedURI() throws {
        let link = LinkOp(rect: Rect(x: 42, y: 88.5, width: 100.125, height: 0.0004 + 11), uri: "mailto:a@b.example")
        let attributes = try #require(LinkAttributes(link))
        #expect(attributes.text == "rect=[42 88.5 100.125 11] uri='mailto:a@b.example'")
    }

    @Test func uriBytesThatWouldBreakThePDFArePercentEncoded() {
        #expect(
            LinkAttributes.pdfSafeURI("mailto:o'neil(x)\\y z@é.example")
                == "mailto:o%27neil%28x%29%5Cy%20z@%C3%A9.example")
        #expect(
            LinkAttributes.pdfSafeURI("mailto:a+b@c.example?subject=Hi%20there")
                == "mailto:a+b@c.example?subject=Hi%20there")
    }

    @Test func attributeValuesEscapeQuotesAndBackslashes() {
        #expect(LinkAttributes.quoted(#"a'b\c"#) == #"a\'b\\c"#)
    }

    @Test func emptyOrBrokenLinkRectanglesAreSkipped() {
        #expect(LinkAttributes(LinkOp(rect: Rect(x: 0, y: 0, width: 0, height: 10), uri: "mailto:a@b")) == nil)
        #expect(LinkAttributes(LinkOp(rect: Rect(x: .nan, y: 0, width: 5, height: 10), uri: "mailto:a@b")) == nil)
    }

    @Test func decimalsHaveNoExponent() {
        #expect(LinkAttributes.decimal(0.00001) == "0")
        #expect(LinkAttributes.decimal(-3.25) == "-3.25")
        #expect(LinkAttributes.decimal(1e20) == "0")
        #expect(LinkAttributes.decimal(12.0405) == "12.041")
    }

    /// The document's language as a PDF string: BCP 47's hyphens for ICU's underscores, and
    /// nothing but ASCII letters, digits and hyphens.
    @Test func languageTagsAreWrittenWithHyphensOnly() {
        #expect(PDFLanguageUpdate.safeTag("pt_BR") == "pt-BR")
        #expect(PDFLanguageUpdate.safeTag("zh_Hant_TW") == "zh-Hant-TW")
        #expect(PDFLanguageUpdate.safeTag("de-CH") == "de-CH")
        #expect(PDFLanguageUpdate.safeTag("_") == "-")
        #expect(PDFLanguageUpdate.safeTag("") == nil)
        #expect(PDFLanguageUpdate.safeTag("en) /Evil (") == nil)
        #expect(PDFLanguageUpdate.safeTag("e\u{301}n_US") == nil)
        #expect(PDFLanguageUpdate.safeTag("fr_\u{301}FR") == nil)
    }
}
