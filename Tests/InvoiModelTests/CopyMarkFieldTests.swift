import Foundation
import Testing

@testable import InvoiModel

/// `copyMark`: original, copy or certifiedCopy beside the title; absent prints nothing.
@Suite struct CopyMarkFieldTests {
    @Test func theFieldIsReadAndWrittenBack() throws {
        for mark in CopyMark.allCases {
            let invoice = try decode(#"{"copyMark": "\#(mark.rawValue)"}"#).invoice
            #expect(invoice.copyMark == mark)
            let again = try decode(invoice.prettyPrintedJSON()).invoice
            #expect(again.copyMark == mark)
        }
        #expect(try decode("{}").invoice.copyMark == nil)
        #expect(try decode(#"{"copyMark": null}"#).invoice.copyMark == nil)
        #expect(!(try decode("{}").invoice.prettyPrintedJSON().contains("copyMark")))
    }

    @Test func anotherValueIsAnErrorByPathListingTheChoices() {
        #expect(
            rejection(#"{"copyMark": "duplicate"}"#).map(\.description)
                == [
                    #"invoi: error: bills/acme.json: copyMark: unknown copy mark "duplicate"; use "original", "copy" or "certifiedCopy""#
                ])
        // The command line's spelling is not the JSON's: a near miss is named.
        #expect(
            rejection(#"{"copyMark": "certified-copy"}"#).first?.description.contains(#"did you mean "certifiedCopy"?"#)
                == true)
        #expect(
            rejection(#"{"copyMark": "Original"}"#).first?.description.contains(#"did you mean "original"?"#) == true)
        #expect(rejection(#"{"copyMark": true}"#).first?.description.contains("copyMark") == true)
    }

    @Test func aMisspeltKeyIsSuggested() throws {
        let warnings = try decode(#"{"copymark": "copy"}"#).warnings.map(\.description)
        #expect(warnings.contains { $0.contains(#"did you mean "copyMark"?"#) }, "\(warnings)")
    }
}
