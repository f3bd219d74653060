import Foundation
import InvoiModel
import InvoiXML

/// An element with the path it was reached by: messages name it
/// (`/rsm:CrossIndustryInvoice/ram:IncludedSupplyChainTradeLineItem[3]/ram:BilledQuantity`) and
/// terms for elements outside EN 16931 are labelled by its readable form
/// (`ApplicableHeaderTradeAgreement/SellerTradeParty/Name`).
struct Located {
    let element: XMLElement
    /// How it was reached; the paths are worked out only when asked for (an error, a leftover),
    /// so that finding an element costs no string.
    private let step: Step?

    /// The parent's element and step, and the element's index among its same-named siblings.
    private final class Step: Sendable {
        let parent: XMLElement
        let parentStep: Step?
        let index: Int?

        init(parent: XMLElement, parentStep: Step?, index: Int?) {
            self.parent = parent
            self.parentStep = parentStep
            self.index = index
        }
    }

    /// The root element.
    init(root: XMLElement) {
        element = root
        step = nil
    }

    private init(element: XMLElement, parent: Located, index: Int?) {
        self.element = element
        step = Step(parent: parent.element, parentStep: parent.step, index: index)
    }

    /// The qualified names from the root, an index on each that has same-named siblings.
    var path: String {
        var names: [String] = []
        var element = self.element
        var step = self.step
        while let current = step {
            names.append(element.qualifiedName + (current.index.map { "[\($0)]" } ?? ""))
            element = current.parent
            step = current.parentStep
        }
        names.append(element.qualifiedName)
        return "/" + names.reversed().joined(separator: "/")
    }

    /// The local names below the root, without indices.
    var readablePath: String {
        var names: [String] = []
        var element = self.element
        var step = self.step
        while let current = step {
            names.append(element.localName)
            element = current.parent
            step = current.parentStep
        }
        return names.reversed().joined(separator: "/")
    }

    /// The first child `localName` in `namespace`.
    func child(_ localName: String, in namespace: String) -> Located? {
        let matches = element.children(localName, in: namespace)
        guard let first = matches.first else { return nil }
        return Located(element: first, parent: self, index: matches.count > 1 ? 1 : nil)
    }

    /// Every child `localName` in `namespace`, indexed (1-based) when there are several.
    func children(_ localName: String, in namespace: String) -> [Located] {
        let matches = element.children(localName, in: namespace)
        return matches.enumerated().map {
            Located(element: $0.element, parent: self, index: matches.count > 1 ? $0.offset + 1 : nil)
        }
    }

    /// Every child element, in document order, indexed among its same-named siblings.
    var allChildren: [Located] {
        var counts: [String: Int] = [:]
        for child in element.children { counts[child.namespace + " " + child.localName, default: 0] += 1 }
        var seen: [String: Int] = [:]
        return element.children.map { child in
            let key = child.namespace + " " + child.localName
            seen[key, default: 0] += 1
            return Located(element: child, parent: self, index: counts[key]! > 1 ? seen[key] : nil)
        }
    }

    /// The element at the end of `steps` (each a local name in `namespace`), first match at each step.
    func descendant(_ steps: [String], in namespace: String) -> Located? {
        var located = self
        for step in steps {
            guard let next = located.child(step, in: namespace) else { return nil }
            located = next
        }
        return located
    }

    /// The text, XML white space trimmed.
    var text: String { element.trimmedText }

    /// The unprefixed attribute `name`, trimmed; "" when absent.
    func attribute(_ name: String) -> String {
        (element.attribute(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An error at this element: its path, line and column.
    func error(_ message: String) -> EInvoiceReadingError {
        EInvoiceReadingError(message: message, path: path, line: element.line, column: element.column)
    }

    /// The text as a number as written; an error naming the element when it is not one.
    func number() throws(EInvoiceReadingError) -> StatedNumber {
        guard let number = StatedNumber(xml: element.text) else {
            throw error("not a number: \"\(text)\"")
        }
        return number
    }

    /// The decimal text of an ISO date `YYYY-MM-DD` (UBL); an error naming the element when the
    /// text is not a real date.
    func isoDate() throws(EInvoiceReadingError) -> CalendarDate {
        guard let date = CalendarDate(iso: text) else { throw error("not a date (YYYY-MM-DD): \"\(text)\"") }
        return date
    }
}

/// What a reader takes otherwise than as it stands, each case once, in the order met.
struct ReadingLog {
    private(set) var fallbacks: [ReadingFallback] = []

    mutating func add(_ fallback: ReadingFallback) {
        if !fallbacks.contains(fallback) { fallbacks.append(fallback) }
    }
}

/// What a reader collected of one line, before the invoice's VAT is settled.
struct ReadLine {
    var item: LineItem
    var stated: StatedLine
    /// The line's VAT as the model can hold it: the rate (nil when the file gives none) and the
    /// category (nil when absent or outside `VATCategory`).
    var vatRate: Decimal?
    var vatCategory: VATCategory?
}

/// The mappings both readers share, so that CII and UBL read the same invoice the same way.
enum ReadingSupport {
    /// EN 16931's credit note codes of UNTDID 1001 (BT-3); every other code reads as an invoice.
    static let creditNoteTypeCodes: Set<String> = [
        "81", "83", "261", "262", "296", "308", "381", "396", "420", "458", "532",
    ]

    /// The model's document type for a type code (BT-3).
    static func documentType(typeCode: String) -> DocumentType {
        creditNoteTypeCodes.contains(typeCode) ? .creditNote : .invoice
    }

    /// The currency of `code` (BT-5); an unlisted one keeps its code, with the most decimals its
    /// amounts are written with (`fractionDigits`), and is logged.
    static func currency(code: String, fractionDigits: Int = 2, log: inout ReadingLog) -> Currency {
        if let currency = Currency(code: code) { return currency }
        log.add(.unknownCurrency(code))
        return Currency(unlisted: code, fractionDigits: fractionDigits)
    }

    /// The unit of `code` (BT-130); an unknown or absent one reads as one piece, logged when
    /// the file wrote one (the code stays in `StatedLine.unitCode`).
    static func unit(code: String, log: inout ReadingLog) -> UnitCode {
        guard !code.isEmpty else { return .one }
        if let unit = UnitCode(code: code) { return unit }
        log.add(.unknownUnitCode(code))
        return .one
    }

    /// The category of `code` (BT-151, BT-118); nil for none, and for one outside `VATCategory`
    /// (`L`, `M`), which is logged (the code stays in the stated line or breakdown).
    static func vatCategory(code: String, log: inout ReadingLog) -> VATCategory? {
        guard !code.isEmpty else { return nil }
        if let category = VATCategory(rawValue: code) { return category }
        log.add(.vatCategoryAsWritten(code))
        return nil
    }

    /// The country of `code` (BT-40, BT-55); nil for none, and for one off the list, logged.
    static func country(code: String, log: inout ReadingLog) -> CountryCode? {
        guard !code.isEmpty else { return nil }
        if let country = CountryCode(code) { return country }
        log.add(.unknownCountryCode(code))
        return nil
    }

    /// The street lines (BT-35, BT-36, BT-162), the non-empty ones, one per line.
    static func street(_ lines: [String]) -> String {
        lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The notes without a subject code (BT-22), a blank line between two.
    static func notes(_ notes: [String]) -> String {
        notes.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// The price per unit the model holds: the net price (BT-146) over its base quantity
    /// (BT-149), exact where the division is; the price itself when the base is absent, 0 or 1.
    static func rate(netPrice: StatedNumber, baseQuantity: StatedNumber?) -> Decimal {
        guard let base = baseQuantity?.value, base != 0, base != 1 else { return netPrice.value }
        return netPrice.value / base
    }

    /// The model's discount for a line's or the document's allowances and charges: exactly one
    /// allowance and no charge, as a percentage when the file gives one, else its amount.
    static func discount(_ allowancesAndCharges: [StatedAllowanceCharge]) -> Discount? {
        guard allowancesAndCharges.count == 1, let only = allowancesAndCharges.first, !only.isCharge else {
            return nil
        }
        if let percentage = only.percentage { return Discount(kind: .percentage, value: percentage.value) }
        return Discount(kind: .fixed, value: only.amount.value)
    }

    /// `text` as base64 (BT-125), white space and line breaks anywhere ignored; nil when it is not
    /// base64.
    static func base64(_ text: String) -> [UInt8]? {
        var compact = [UInt8]()
        compact.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            compact.append(byte)
        }
        guard compact.count % 4 == 0, let data = Data(base64Encoded: Data(compact)) else { return nil }
        return [UInt8](data)
    }

    /// Sets the lines and their VAT: when every line has the same rate and category, the invoice
    /// holds them (`vatRate`, `vatCategory`) and the lines none; else each line its own. A
    /// category the rate implies (S above 0, else Z) is left nil, as invoi's own JSON leaves it.
    /// With no lines (a MINIMUM profile), a single row of `breakdown` gives the invoice's.
    static func settleLines(
        _ lines: [ReadLine], breakdown: [StatedVAT], into invoice: inout Invoice, log: inout ReadingLog
    ) {
        func category(_ category: VATCategory?, rate: Decimal) -> VATCategory? {
            category == VATCategory.implied(byRate: rate) ? nil : category
        }
        if lines.isEmpty {
            invoice.lineItems = []
            if breakdown.count == 1, let row = breakdown.first {
                invoice.vatRate = row.rate?.value ?? 0
                invoice.vatCategory = category(vatCategory(code: row.category, log: &log), rate: invoice.vatRate)
            }
            return
        }
        let first = lines[0]
        if lines.allSatisfy({ $0.vatRate == first.vatRate && $0.vatCategory == first.vatCategory }) {
            invoice.vatRate = first.vatRate ?? 0
            invoice.vatCategory = category(first.vatCategory, rate: invoice.vatRate)
            invoice.lineItems = lines.map(\.item)
        } else {
            invoice.vatRate = 0
            invoice.vatCategory = nil
            invoice.lineItems = lines.map { line in
                var item = line.item
                item.vatRate = line.vatRate ?? 0
                item.vatCategory = category(line.vatCategory, rate: line.vatRate ?? 0)
                return item
            }
        }
    }

    /// Whether `element` holds technical data rather than business terms: UBL's extensions
    /// (signatures, ZATCA's or Turkey's long base64 data) and XML digital signatures. Its subtree
    /// is never shown as other elements; the reader logs it once instead.
    static func isTechnical(_ element: XMLElement) -> Bool {
        element.namespace == "http://www.w3.org/2000/09/xmldsig#" && element.localName == "Signature"
            || element.namespace == "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"
                && element.localName == "UBLExtensions"
    }

    /// The euro-area countries (and the microstates using the euro by agreement), whose sellers'
    /// invoices that write no currency anywhere are read as in euro.
    static let euroCountries: Set<String> = [
        "AT", "BE", "BG", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT", "NL",
        "PT", "SI", "SK", "AD", "MC", "SM", "VA",
    ]

    /// The price per unit worked out as `amount` over `quantity` (not 0): with the fewest
    /// decimals, from the amount's (at least two), that hold it exactly, else rounded to four (or
    /// the amount's, when more).
    static func price(amount: StatedNumber, quantity: StatedNumber) -> StatedNumber {
        let exact = amount.value / quantity.value
        let fewest = max(amount.fractionDigits, 2)
        let most = max(fewest, 4)
        for digits in fewest...most {
            var value = exact
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, digits, .plain)
            if rounded == exact || digits == most { return StatedNumber(value: rounded, fractionDigits: digits) }
        }
        return StatedNumber(value: exact, fractionDigits: most)
    }

    /// The exemption reason of the breakdown (BT-120): the first one written.
    static func exemptionReason(_ breakdown: [StatedVAT]) -> String {
        breakdown.first { !$0.exemptionReason.isEmpty }?.exemptionReason ?? ""
    }
}

extension Array where Element == StatedTerm {
    /// Appends `text` as a `term` unless it is empty.
    mutating func append(_ term: BusinessTerm, text: String, name: String? = nil) {
        if !text.isEmpty { append(StatedTerm(term, .text(text), name: name)) }
    }

    /// Appends an identifier (and its scheme) as a `term` unless it is empty.
    mutating func append(_ term: BusinessTerm, identifier: String, scheme: String = "", name: String? = nil) {
        if !identifier.isEmpty { append(StatedTerm(term, .identifier(identifier, scheme: scheme), name: name)) }
    }
}
