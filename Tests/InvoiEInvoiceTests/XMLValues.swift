import Foundation
import InvoiModel

/// Reads values back out of a written document, for checks on what it carries: the text
/// of every `<name …>text</name>`, in document order. Enough for the flat leaf elements
/// the checks read (amounts, codes); not an XML parser.
enum XMLValues {
    static func texts(of name: String, in xml: String) -> [String] {
        var result: [String] = []
        var rest = xml[...]
        while let start = rest.range(of: "<" + name) {
            let afterName = rest[start.upperBound...]
            guard let first = afterName.first, first == ">" || first == " " else {
                rest = afterName
                continue
            }
            guard let close = afterName.firstIndex(of: ">"), let end = afterName.range(of: "</" + name + ">") else {
                break
            }
            result.append(String(afterName[afterName.index(after: close)..<end.lowerBound]))
            rest = afterName[end.upperBound...]
        }
        return result
    }

    static func decimals(of name: String, in xml: String) -> [Decimal] {
        texts(of: name, in: xml).compactMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }

    static func decimal(_ name: String, in xml: String) -> Decimal? { decimals(of: name, in: xml).first }

    /// The element names of the business terms the checks read, per syntax.
    struct Terms {
        var lineNet: String
        var lineTotal: String
        var allowanceTotal: String
        var taxBasis: String
        var taxTotal: String
        var grandTotal: String
        var prepaid: String
        var due: String
        var breakdownBasis: String
        var breakdownTax: String

        static let cii = Terms(
            lineNet: "ram:LineTotalAmount", lineTotal: "ram:LineTotalAmount",
            allowanceTotal: "ram:AllowanceTotalAmount",
            taxBasis: "ram:TaxBasisTotalAmount", taxTotal: "ram:TaxTotalAmount", grandTotal: "ram:GrandTotalAmount",
            prepaid: "ram:TotalPrepaidAmount", due: "ram:DuePayableAmount", breakdownBasis: "ram:BasisAmount",
            breakdownTax: "ram:CalculatedAmount")
        static let ubl = Terms(
            lineNet: "cbc:LineExtensionAmount", lineTotal: "cbc:LineExtensionAmount",
            allowanceTotal: "cbc:AllowanceTotalAmount", taxBasis: "cbc:TaxExclusiveAmount", taxTotal: "cbc:TaxAmount",
            grandTotal: "cbc:TaxInclusiveAmount", prepaid: "cbc:PrepaidAmount", due: "cbc:PayableAmount",
            breakdownBasis: "cbc:TaxableAmount", breakdownTax: "cbc:TaxAmount")
    }

    /// The business terms of a written document, read back.
    struct Totals: Equatable {
        var lineNetAmounts: [Decimal]
        var lineTotal: Decimal?
        var allowanceTotal: Decimal?
        var taxBasis: Decimal?
        var taxTotal: Decimal?
        var grandTotal: Decimal?
        var prepaid: Decimal?
        var due: Decimal?
        var breakdownBases: [Decimal]
        var breakdownTaxes: [Decimal]
    }

    /// In CII the header's LineTotalAmount follows the lines' (same name); in UBL the first
    /// LineExtensionAmount is BT-106 and the rest are the lines', and the first TaxAmount is BT-110.
    static func totals(cii xml: String) -> Totals {
        let terms = Terms.cii
        let lineTotals = decimals(of: terms.lineNet, in: xml)
        return Totals(
            lineNetAmounts: Array(lineTotals.dropLast()), lineTotal: lineTotals.last,
            allowanceTotal: decimal(terms.allowanceTotal, in: xml), taxBasis: decimal(terms.taxBasis, in: xml),
            taxTotal: decimal(terms.taxTotal, in: xml), grandTotal: decimal(terms.grandTotal, in: xml),
            prepaid: decimal(terms.prepaid, in: xml), due: decimal(terms.due, in: xml),
            breakdownBases: decimals(of: terms.breakdownBasis, in: xml),
            breakdownTaxes: decimals(of: terms.breakdownTax, in: xml))
    }

    static func totals(ubl xml: String) -> Totals {
        let terms = Terms.ubl
        let lineAmounts = decimals(of: terms.lineNet, in: xml)
        let taxes = decimals(of: terms.taxTotal, in: xml)
        return Totals(
            lineNetAmounts: Array(lineAmounts.dropFirst()), lineTotal: lineAmounts.first,
            allowanceTotal: decimal(terms.allowanceTotal, in: xml), taxBasis: decimal(terms.taxBasis, in: xml),
            taxTotal: taxes.first, grandTotal: decimal(terms.grandTotal, in: xml),
            prepaid: decimal(terms.prepaid, in: xml), due: decimal(terms.due, in: xml),
            breakdownBases: decimals(of: terms.breakdownBasis, in: xml), breakdownTaxes: Array(taxes.dropFirst()))
    }

    static func totals(_ xml: String, syntax: String) -> Totals {
        syntax == "cii" ? totals(cii: xml) : totals(ubl: xml)
    }
}
