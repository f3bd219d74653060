import Foundation
import InvoiModel

/// Invoice JSON on arbitrary bytes: decoded and validated, or refused with diagnostics
/// that are safe to print (one line, no control characters) and quote input only briefly.
enum JSONDecodingTarget {
    static let decoder = InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 12)!)
    /// Longer than any message of a fuzzed input should be: §13 lets a message quote
    /// at most about 80 characters of the input, and the JSON paths of the schema are short.
    static let longestMessage = 600

    static func run(_ data: Data, show: ((String) -> Void)?) -> FuzzTarget.Verdict {
        decode(data, show: show) == nil ? .refused : .accepted
    }

    /// The invoice, or nil when it is refused; the diagnostics checked (and shown) either way.
    static func decode(_ data: Data, show: ((String) -> Void)?) -> Invoice? {
        do {
            let (invoice, warnings) = try decoder.decode(data, file: "fuzz.json")
            show?(warnings.map(\.description).joined(separator: "\n"))
            check(warnings)
            return invoice
        } catch {
            show?(error.description)
            FuzzCheck.require(!error.errors.isEmpty, "a refused invoice has no error")
            check(error.diagnostics)
            return nil
        }
    }

    private static func check(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            let line = diagnostic.description
            FuzzCheck.require(
                FuzzCheck.isPrintable(line), "a message has a control character: \(line.debugDescription)")
            FuzzCheck.require(
                line.unicodeScalars.count <= longestMessage,
                "a message is \(line.unicodeScalars.count) characters long: \(line.prefix(200).debugDescription)…")
        }
    }
}
