import Foundation
import Testing

@testable import InvoiModel

let testToday = CalendarDate(year: 2026, month: 3, day: 12)!

/// Decodes `json` (as UTF-8) as `bills/acme.json`.
func decode(_ json: String) throws(InvoiceDecodingError) -> (invoice: Invoice, warnings: [Diagnostic]) {
    try InvoiceDecoder(today: testToday).decode(Data(json.utf8), file: "bills/acme.json")
}

/// The diagnostics of an input that must be rejected; records an issue when it is accepted.
func rejection(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
        let result = try InvoiceDecoder(today: testToday).decode(data, file: "bills/acme.json")
        Issue.record("expected the input to be rejected, got \(result.invoice)", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

func rejection(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
    rejection(Data(json.utf8), sourceLocation: sourceLocation)
}

func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }
