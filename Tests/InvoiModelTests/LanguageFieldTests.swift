import Foundation
import InvoiLocalization
import Testing

@testable import InvoiModel

/// `language`, `direction`, `labels`, `allocationNumber`, the new document types, and
/// `locale` as an error when unknown.
@Suite struct LanguageFieldTests {
    @Test func theLanguageFieldsAreRead() throws {
        let (invoice, warnings) = try decode(
            #"""
            {"language": "he", "direction": "ltr", "documentType": "taxInvoiceReceipt",
             "allocationNumber": "202601234567", "labels": {"tax": "GST {rate}%", "billTo": "Client"}}
            """#)
        #expect(warnings.isEmpty)
        #expect(invoice.language == "he")
        #expect(invoice.printedLanguage.code == "he")
        #expect(invoice.direction == .leftToRight)
        #expect(!invoice.isRightToLeft, "ltr forces the other way")
        #expect(invoice.documentType == .taxInvoiceReceipt)
        #expect(invoice.allocationNumber == "202601234567")
        #expect(invoice.labels == [.tax: "GST {rate}%", .billTo: "Client"])
    }

    @Test func directionFollowsTheLanguageUnlessForced() throws {
        #expect(try decode(#"{"language": "ar"}"#).invoice.isRightToLeft)
        #expect(try decode(#"{"language": "fa-IR"}"#).invoice.isRightToLeft)
        #expect(try !decode(#"{"language": "de"}"#).invoice.isRightToLeft)
        #expect(try decode(#"{"language": "en", "direction": "rtl"}"#).invoice.isRightToLeft)
        #expect(try !decode(#"{}"#).invoice.isRightToLeft)
    }

    @Test func anUnknownLanguageIsAnErrorNamingTheCloseOnes() {
        let messages = rejection(#"{"language": "hebrew"}"#).map(\.description)
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix(#"invoi: error: bills/acme.json: language: unknown language "hebrew""#) == true)
        #expect(messages.first?.contains(#"did you mean "he" (Hebrew)?"#) == true)
        let plain = rejection(#"{"language": "xx"}"#).map(\.description)
        #expect(plain.first?.contains("invoi prints en de fr") == true)
        #expect(rejection(#"{"language": "zh-TW"}"#).count == 1, "only simplified Chinese has a catalog")
    }

    @Test func anUnknownLabelKeyWarnsWithASuggestion() throws {
        let (invoice, warnings) = try decode(#"{"labels": {"bilTo": "Client", "subtotal": "Net"}}"#)
        #expect(
            warnings.map(\.description)
                == [#"invoi: warning: bills/acme.json: labels: unknown label key "bilTo" — did you mean "billTo"?"#])
        #expect(invoice.labels == [.subtotal: "Net"])
    }

    @Test(arguments: [
        (#"{"labels": {"tax": "GST {amount}"}}"#, "labels.tax", #"unknown placeholder "{amount}""#),
        (#"{"labels": {"billTo": "Client {rate}"}}"#, "labels.billTo", #""billTo" takes no placeholders"#),
        (#"{"labels": {"footer": "{number} {page}/{total}"}}"#, "labels.footer", #""{total}""#),
    ])
    func aLabelWithAPlaceholderItsKeyDoesNotFillIsAnError(_ json: String, _ path: String, _ part: String) {
        let messages = rejection(json).map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("invoi: error: bills/acme.json: \(path): ") == true, "\(messages)")
        #expect(messages.first?.contains(part) == true, "\(messages)")
    }

    @Test func labelsMustBeAnObjectOfStrings() {
        #expect(rejection(#"{"labels": ["tax"]}"#).first?.description.contains("expected an object of labels") == true)
        #expect(rejection(#"{"labels": {"tax": 5}}"#).first?.description.contains("labels.tax") == true)
    }

    @Test func anUnknownLocaleIsAnErrorNotAFallback() {
        let messages = rejection(#"{"locale": "zz-QQ"}"#).map(\.description)
        #expect(
            messages == [
                #"invoi: error: bills/acme.json: locale: "zz-QQ" names no language ICU knows; use a BCP 47 tag such as "de-DE" or "en-GB""#
            ])
        #expect(rejection(#"{"locale": "de DE"}"#).first?.description.contains("is not a locale identifier") == true)
    }

    @Test func aBadDirectionSaysWhatIsAccepted() {
        #expect(
            rejection(#"{"direction": "right"}"#).map(\.description)
                == [#"invoi: error: bills/acme.json: direction: unknown direction "right"; use "auto", "ltr" or "rtl""#]
        )
    }
}
