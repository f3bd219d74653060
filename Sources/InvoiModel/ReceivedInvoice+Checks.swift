import Foundation

/// A stated figure that does not follow from the others as EN 16931's calculation rules
/// (BR-CO-10 … BR-CO-16) require: the page still shows the stated one, and says so.
public struct FigureDisagreement: Hashable, Sendable, CustomStringConvertible {
    /// The rule's identifier (`BR-CO-10`).
    public let rule: String
    /// The business term whose stated value disagrees (`BT-106`).
    public let term: String
    public let stated: Decimal
    /// What the rule works out from the other stated figures.
    public let expected: Decimal

    /// `BR-CO-10: BT-106 states 100.01, the lines' net amounts add up to 100.00`.
    public var description: String {
        // Both with the same decimals, at least two: `2680.00` beside `2680.01`, not `2680`.
        let digits = max(2, -stated.exponent, -expected.exponent)
        let shown = { StatedNumber(value: $0, fractionDigits: digits).description }
        return "\(rule): \(term) states \(shown(stated)), \(Self.meanings[rule] ?? "the rule gives") \(shown(expected))"
    }

    private static let meanings = [
        "BR-CO-10": "the lines' net amounts add up to",
        "BR-CO-11": "the document's allowances add up to",
        "BR-CO-12": "the document's charges add up to",
        "BR-CO-13": "sum of lines - allowances + charges is",
        "BR-CO-14": "the VAT breakdown's amounts add up to",
        "BR-CO-15": "total without VAT + total VAT is",
        "BR-CO-16": "total with VAT - paid + rounding is",
    ]
}

extension ReceivedInvoice {
    /// The stated totals checked against the lines, the allowances and charges and the VAT
    /// breakdown, rule by rule; empty when every figure follows.
    public var disagreements: [FigureDisagreement] {
        var found: [FigureDisagreement] = []
        func check(_ rule: String, _ term: String, _ stated: StatedNumber?, _ expected: Decimal) {
            let value = stated?.value ?? 0
            if value != expected {
                found.append(FigureDisagreement(rule: rule, term: term, stated: value, expected: expected))
            }
        }
        let documentAllowances = allowancesAndCharges.filter { !$0.isCharge }.reduce(Decimal(0)) {
            $0 + $1.amount.value
        }
        let documentCharges = allowancesAndCharges.filter(\.isCharge).reduce(Decimal(0)) { $0 + $1.amount.value }
        // Sub-lines (a parent's details, CII EXTENDED) are not added: their parent's amount holds them.
        let lineSum = lines.filter { $0.parentLineId.isEmpty }.reduce(Decimal(0)) { $0 + $1.netAmount.value }
        check("BR-CO-10", "BT-106", totals.lineTotal, lineSum)
        if totals.allowances != nil || documentAllowances != 0 {
            check("BR-CO-11", "BT-107", totals.allowances, documentAllowances)
        }
        if totals.charges != nil || documentCharges != 0 {
            check("BR-CO-12", "BT-108", totals.charges, documentCharges)
        }
        check(
            "BR-CO-13", "BT-109", totals.taxExclusive,
            totals.lineTotal.value - (totals.allowances?.value ?? 0) + (totals.charges?.value ?? 0))
        if totals.vat != nil || !vatBreakdown.isEmpty {
            check("BR-CO-14", "BT-110", totals.vat, vatBreakdown.reduce(Decimal(0)) { $0 + $1.vat.value })
        }
        check("BR-CO-15", "BT-112", totals.taxInclusive, totals.taxExclusive.value + (totals.vat?.value ?? 0))
        check(
            "BR-CO-16", "BT-115", totals.payable,
            totals.taxInclusive.value - (totals.prepaid?.value ?? 0) + (totals.rounding?.value ?? 0))
        return found
    }
}
