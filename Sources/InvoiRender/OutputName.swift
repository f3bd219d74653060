import Foundation
import InvoiCharacters
import InvoiModel

/// The default output file name: `{invoiceNumber} - {fromName}` from the
/// non-empty parts, else `invoice`; characters unsafe in file names replaced.
public enum OutputName {
    public static func base(for invoice: Invoice) -> String {
        let parts = [invoice.invoiceNumber, invoice.fromName]
            .map { sanitized($0) }
            .filter { !$0.isEmpty }
        return parts.isEmpty ? "invoice" : parts.joined(separator: " - ")
    }

    /// The file names of a render: one page or one document → `base.ext`; several pages →
    /// `base-1.ext`, `base-2.ext`, …
    public static func fileNames(base: String, fileExtension: String, count: Int) -> [String] {
        count == 1 ? ["\(base).\(fileExtension)"] : (1...max(count, 1)).map { "\(base)-\($0).\(fileExtension)" }
    }

    /// `part` made safe as (part of) a file name: no separators, controls or leading dots.
    public static func sanitized(_ part: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in part.unicodeScalars {
            switch scalar.value {
            case _ where scalar.isControlCharacter: scalars.append(" ")
            case 0x2F, 0x5C, 0x3A, 0x2A, 0x3F, 0x22, 0x3C, 0x3E, 0x7C: scalars.append("_")  // / \ : * ? " < > |
            case _ where scalar.isBidiFormattingControl: continue  // they would disguise the extension
            default: scalars.append(scalar)
            }
        }
        var name = String(scalars).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while name.hasPrefix(".") { name.removeFirst() }
        // Keep names well inside the 255-byte limit of common file systems.
        while name.utf8.count > 120 { name.removeLast() }
        return name.trimmingWhitespace()
    }
}
