import Foundation
import InvoiDocument
import InvoiModel
import InvoiRender

extension InvoiceInput {
    /// `read`, with qpdf's library missing as the command line reports it (69).
    func readReporting(
        _ data: Data, file: String, baseDirectory: String
    ) throws -> (invoice: Invoice, warnings: [Diagnostic]) {
        do {
            return try read(data, file: file, baseDirectory: baseDirectory)
        } catch let unavailable as InvoiceInputUnavailable {
            throw CLIFailure(.unavailable, "\(file): \(unavailable.message)")
        }
    }
}

/// What a conversion of a received e-invoice cannot carry, said once per invoice: never silent.
enum ConversionLoss {
    /// The warning for writing `invoice` as `format`; nil for a page format or when nothing is lost.
    static func warning(for invoice: Invoice, format: OutputFormat, file: String) -> String? {
        guard format == .json || format.isEInvoice else { return nil }
        let lost = invoice.termsLostInConversion
        guard !lost.isEmpty else { return nil }
        let what = format == .json ? "invoi's JSON" : "the \(format.rawValue) invoi writes"
        return "\(file): \(what) cannot carry these terms of the received invoice, which are left out: "
            + lost.joined(separator: ", ")
    }
}

extension ReadingFallback {
    /// What the reader did, for `invoi check`'s notes.
    var note: String {
        switch self {
        case .dateAsWritten(let path, let text):
            "\(path): the date \"\(text)\" is not in the syntax's format; shown as written"
        case .unknownUnitCode(let code): "the unit code \"\(code)\" is not on the code list; shown as written"
        case .unknownCurrency(let code):
            "the currency \"\(code)\" is not one invoi knows; amounts are shown with the digits written"
        case .unknownCountryCode(let code): "the country code \"\(code)\" is not on the list; shown as written"
        case .languageFromCountry(let language):
            "the file states no language; the page is in \(language), from the seller's country"
        case .missingTotal(let term): "\(term) is absent; worked out from the lines and shown as such"
        case .unmappedElement(let path): "\(path): not mapped; shown under \"Additional information\""
        case .vatCategoryAsWritten(let category):
            "the VAT category \"\(category)\" is one invoi's model has no rate rule for; kept as written"
        }
    }
}
