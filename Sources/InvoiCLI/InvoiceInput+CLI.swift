import Foundation
import InvoiDocument
import InvoiLocalization
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
        case .languageFromCountry(let tag, let country):
            "no language stated: the page is in \(Language(tag: tag)?.englishName ?? tag) (\(tag)), "
                + (country.isEmpty ? "as the file names no seller's country" : "from the seller's country \(country)")
        case .netPriceFromGross:
            "a line states no net price (BT-146): taken as its gross price less its price discount, both shown"
        case .priceFromAmount:
            "a line states no price: its net price (BT-146) is worked out as its net amount over its quantity"
        case .lineAmountFromTotal:
            "a line states no net amount (BT-131): worked out as the sum of line net amounts (BT-106) less the other lines'"
        case .textLineAsNote: "a line states only text: shown as a note"
        case .currencyFromAmounts(let code):
            "the file states no invoice currency (BT-5): \(code), the currency its amounts are written in"
        case .currencyFromSellerCountry(let code, let country):
            "the file states no currency anywhere: \(code), the currency of the seller's country \(country)"
        case .readAsZUGFeRD1(let namespace):
            "a ZUGFeRD 1.0 draft (namespace \(namespace)): read as ZUGFeRD 1.0"
        case .missingTotal(let term): "\(term) is absent; worked out from the lines and shown as such"
        case .unmappedElement(let path): "\(path): not mapped; shown under \"Additional information\""
        case .vatCategoryAsWritten(let category):
            "the VAT category \"\(category)\" is one invoi's model has no rate rule for; kept as written"
        }
    }
}
