import Foundation
import InvoiModel

/// What an e-invoice profile written in a syntax asks of an invoice: the profile's rules
/// (EN 16931's BR-…, XRechnung's BR-DE-…, Peppol's PEPPOL-…), checked before anything is written.
public struct EInvoiceRequirements: Hashable, Sendable {
    public let profile: EInvoiceProfile
    public let syntax: EInvoiceSyntax

    public init(profile: EInvoiceProfile, syntax: EInvoiceSyntax) {
        self.profile = profile
        self.syntax = syntax
    }

    /// Everything `invoice` lacks or has wrong, by JSON path, all at once; empty when the
    /// invoice can be written.
    public func problems(of invoice: Invoice) -> [EInvoiceProblem] {
        Self.problems(of: invoice, undecoded: [], in: profile, syntax: syntax)
    }

    /// The problems of the fields that decoded in a file that had errors: a check that reads a
    /// field that did not decode is left out, since its default would mislead it.
    public func problems(of partial: PartialInvoice) -> [EInvoiceProblem] {
        Self.problems(of: partial.invoice, undecoded: partial.undecodedFields, in: profile, syntax: syntax)
    }

    private static func problems(
        of invoice: Invoice, undecoded: Set<String>, in profile: EInvoiceProfile, syntax: EInvoiceSyntax
    ) -> [EInvoiceProblem] {
        guard syntax.accepts(profile) else {
            let names = syntax.profiles.map(\.rawValue).joined(separator: ", ")
            return [
                EInvoiceProblem(
                    path: "profile",
                    message: "\(profile.name) is not written as \(syntax.rawValue.uppercased()); use one of \(names)")
            ]
        }
        var check = RequirementCheck(
            content: EInvoiceContent(invoice: invoice), profile: profile, syntax: syntax,
            partial: PartialInvoice(invoice: invoice, undecodedFields: undecoded))
        check.run()
        return check.problems
    }
}

/// The checks, in the order of the invoice's fields.
struct RequirementCheck {
    let content: EInvoiceContent
    let profile: EInvoiceProfile
    let syntax: EInvoiceSyntax
    /// Which fields decoded; all of them but for `invoi check` on a file with errors.
    let partial: PartialInvoice
    var problems: [EInvoiceProblem] = []

    var invoice: Invoice { content.invoice }

    init(content: EInvoiceContent, profile: EInvoiceProfile, syntax: EInvoiceSyntax, partial: PartialInvoice) {
        self.content = content
        self.profile = profile
        self.syntax = syntax
        self.partial = partial
    }

    /// Records a problem, unless its own field failed to decode (the decoding error says why).
    mutating func add(_ path: String, _ message: String) {
        guard partial.decoded(PartialInvoice.field(of: path)) else { return }
        problems.append(EInvoiceProblem(path: path, message: message))
    }

    /// Whether the fields the totals and the VAT breakdown are computed from all decoded.
    var moneyDecoded: Bool {
        partial.decoded("currency", "vatRate", "vatCategory", "lineItems", "discount", "amountPaid")
    }

    /// `path: required for <profile> (<rule>)`, when `text` is blank.
    mutating func require(_ text: String, _ path: String, _ rule: String, what: String = "") {
        guard EInvoiceContent.trimmed(text).isEmpty else { return }
        add(path, "required for \(profile.name)\(what.isEmpty ? "" : ": " + what) (\(rule))")
    }

    /// Like `require`, for a rule of the CIUS (XRechnung, Peppol) rather than of EN 16931.
    mutating func requireBy(_ text: String, _ path: String, _ rule: String, what: String = "") {
        guard EInvoiceContent.trimmed(text).isEmpty else { return }
        add(path, "required by \(profile.name)\(what.isEmpty ? "" : ": " + what) (\(rule))")
    }

    mutating func run() {
        checkDocument()
        checkParties()
        checkVAT()
        checkPayment()
        checkLines()
        switch profile {
        case .xrechnung: checkXRechnung()
        case .peppol:
            checkPeppol()
            checkPeppolNationalRules()
        case .minimum, .basicWL, .basic, .en16931: break
        }
    }

    mutating func checkDocument() {
        switch invoice.documentType {
        case .invoice, .taxInvoice, .taxInvoiceReceipt, .creditNote: break
        case .estimate, .receipt, .proforma:
            add(
                "documentType",
                "\(invoice.documentType.rawValue) cannot be written as an e-invoice: EN 16931 knows invoices (380) and credit notes (381); use invoice, taxInvoice, taxInvoiceReceipt or creditNote (BR-CL-01)"
            )
        }
        if !invoice.currency.isInEInvoiceCodeList {
            add(
                "currency",
                "\(invoice.currency.code) is not in the list of current ISO 4217 codes that \(profile.name) takes (BR-CL-03, BR-CL-04): the code was withdrawn when its country adopted the euro; write the invoice in EUR to send it as an e-invoice"
            )
        } else if invoice.currency.fractionDigits > 2 {
            add(
                "currency",
                "\(invoice.currency.code) amounts have \(invoice.currency.fractionDigits) decimals, but \(profile.name) amounts have at most 2 (BR-DEC-01 and the other BR-DEC rules), so a \(invoice.currency.code) invoice cannot be written as an e-invoice without changing its amounts"
            )
        }
        require(invoice.invoiceNumber, "invoiceNumber", "BR-02")
    }

    mutating func checkParties() {
        require(content.seller.name, "fromName", "BR-06", what: "the seller's name")
        if content.seller.country == nil {
            add("fromCountry", "required for \(profile.name): the seller's country (BR-09)")
        }
        require(content.buyer.name, "toName", "BR-07", what: "the buyer's name")
        if profile != .minimum, content.buyer.country == nil {
            add("toCountry", "required for \(profile.name): the buyer's country (BR-11)")
        }
        checkVATIdentifier(content.seller.taxID, path: "fromTaxId", term: "BT-31")
        checkVATIdentifier(content.buyer.taxID, path: "toTaxId", term: "BT-48")
        if content.seller.taxID.isEmpty, partial.decoded("fromTaxId") {
            require(
                invoice.fromRegistrationId, "fromRegistrationId", "BR-CO-26",
                what: "the seller's legal registration id (BT-30) when there is no VAT identifier (fromTaxId)")
        }
    }

    /// BR-CO-9: a VAT identifier starts with its country's ISO 3166-1 alpha-2 code (Greece: EL).
    mutating func checkVATIdentifier(_ id: String, path: String, term: String) {
        guard !id.isEmpty else { return }
        let prefix = String(id.prefix(2))
        guard CountryCode(prefix) == nil, prefix != "EL" else { return }
        add(
            path,
            "a VAT identifier (\(term)) starts with its country's code, such as DE123456789 or FR32123456789; \(Self.quoted(id)) does not (BR-CO-9)"
        )
    }

    static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// What each VAT category asks of the parties' identifiers, the delivery and the reason.
    mutating func checkVAT() {
        guard profile != .minimum, moneyDecoded, partial.decoded("periodStart", "periodEnd") else { return }
        let categories = content.totals.vatBreakdown.map(\.category)
        var sellerRules: [String] = []
        var buyerRules: [String] = []
        for category in VATCategory.allCases where categories.contains(category) {
            switch category {
            case .standard: sellerRules.append("BR-S-02")
            case .zeroRated: sellerRules.append("BR-Z-02")
            case .exempt: sellerRules.append("BR-E-02")
            case .export: sellerRules.append("BR-G-02")
            case .reverseCharge:
                sellerRules.append("BR-AE-02")
                buyerRules.append("BR-AE-02")
            case .intraCommunitySupply:
                sellerRules.append("BR-IC-02")
                buyerRules.append("BR-IC-02")
            case .outsideScope: break
            }
        }
        if profile == .xrechnung, !sellerRules.isEmpty { sellerRules.append("BR-DE-16") }
        if profile == .peppol, content.isDomesticGerman, !sellerRules.isEmpty { sellerRules.append("DE-R-016") }
        if content.seller.taxID.isEmpty, !sellerRules.isEmpty {
            add(
                "fromTaxId",
                "required for \(profile.name): the seller's VAT identifier, for VAT \(Self.categoryList(categories.filter { $0 != .outsideScope })) (\(sellerRules.joined(separator: ", ")))"
            )
        }
        if content.buyer.taxID.isEmpty, !buyerRules.isEmpty {
            add(
                "toTaxId",
                "required for \(profile.name): the buyer's VAT identifier, for VAT \(Self.categoryList(categories.filter { $0 == .reverseCharge || $0 == .intraCommunitySupply })) (\(buyerRules.joined(separator: ", ")))"
            )
        }
        if categories.contains(.outsideScope) {
            if categories.contains(where: { $0 != .outsideScope }) {
                add(
                    "vatCategory",
                    "VAT category O (outside the scope of VAT) cannot be combined with other categories on one invoice (BR-O-11)"
                )
            }
            for (id, path) in [(content.seller.taxID, "fromTaxId"), (content.buyer.taxID, "toTaxId")] where !id.isEmpty
            {
                add(path, "must be left out under VAT category O (outside the scope of VAT) (BR-O-02)")
            }
        }
        if categories.contains(.intraCommunitySupply), invoice.delivery == nil {
            add(
                "deliveryDate",
                "required for \(profile.name): an intra-community supply (VAT category K) needs the delivery date or a service period (periodStart, periodEnd) (BR-IC-11)"
            )
        }
        if let category = categories.first(where: \.needsExemptionReason) {
            require(
                invoice.vatExemptionReason, "vatExemptionReason", "BR-\(Self.ruleLetters(category))-10",
                what: "why no VAT is charged under VAT category \(category.rawValue)")
        }
        if invoice.discount != nil, content.totals.vatBreakdown.count > 1 {
            add(
                "discount",
                "a discount is one document-level allowance (BG-20) in one VAT category and rate, but the lines have \(content.totals.vatBreakdown.count); give the discount as a negative line in each rate instead (BT-95, BT-96)"
            )
        }
    }

    static func categoryList(_ categories: [VATCategory]) -> String {
        let codes = categories.map(\.rawValue)
        return (codes.count == 1 ? "category " : "categories ") + codes.joined(separator: ", ")
    }

    static func ruleLetters(_ category: VATCategory) -> String {
        category == .intraCommunitySupply ? "IC" : category.rawValue
    }

    mutating func checkPayment() {
        let account = EInvoiceContent.trimmed(invoice.bankAccount).filter { $0 != " " }
        if IBAN.hasShape(account), !IBAN.isValid(account) {
            add(
                "bankAccount",
                "\(Self.quoted(invoice.bankAccount)) looks like an IBAN but its check digits do not match (ISO 13616; payment means 58 needs a correct IBAN, BR-DE-19)"
            )
        }
        guard profile != .minimum else {
            if invoice.amountPaid != nil {
                add(
                    "amountPaid",
                    "Factur-X MINIMUM has no paid amount (BT-113), so its amount due could not be checked against the total (BR-CO-16); use basicwl or a higher profile"
                )
            }
            return
        }
        // A UBL credit note carries its due date in the payment means (there is no cbc:DueDate).
        guard moneyDecoded, partial.decoded("bankAccount", "paymentTerms") else { return }
        let writesDueDate =
            invoice.dueDate != nil && (syntax == .cii || !content.isCreditNote || content.paymentMeans != nil)
        if content.amountDue.amount > 0, !writesDueDate, EInvoiceContent.trimmed(invoice.paymentTerms).isEmpty {
            add(
                "dueDate",
                "required for \(profile.name) when an amount is due: a due date, or paymentTerms (BR-CO-25)"
                    + (invoice.dueDate != nil
                        ? "; a UBL credit note writes the due date with the payment means, which need bankAccount" : "")
            )
        }
    }

    mutating func checkLines() {
        guard profile.hasLines else { return }
        if invoice.lineItems.isEmpty {
            add("lineItems", "required for \(profile.name): at least one line (BR-16)")
        }
        for (index, item) in invoice.lineItems.enumerated() {
            require(item.description, "lineItems[\(index)].description", "BR-25", what: "the item's name")
        }
        if profile == .xrechnung || profile == .peppol { checkLineDates() }
    }

    /// Peppol's rule, which XRechnung adopts: a line's period (its date) lies within the
    /// invoice's service period when both are given.
    mutating func checkLineDates() {
        guard case .period(let start, let end)? = invoice.delivery else { return }
        for (index, item) in invoice.lineItems.enumerated() {
            guard let day = item.date, day < start || day > end else { continue }
            add(
                "lineItems[\(index)].date",
                "\(day.iso) is outside the invoice's service period \(start.iso) – \(end.iso); \(profile.name) needs a line's date within it (PEPPOL-EN16931-R110, PEPPOL-EN16931-R111)"
            )
        }
    }

    mutating func checkXRechnung() {
        requireBy(
            invoice.buyerReference, "buyerReference", "BR-DE-15",
            what: "the buyer reference (BT-10), such as a Leitweg-ID")
        requireBy(invoice.fromCity, "fromCity", "BR-DE-3", what: "the seller's city")
        requireBy(invoice.fromPostalCode, "fromPostalCode", "BR-DE-4", what: "the seller's post code")
        requireBy(invoice.fromContact, "fromContact", "BR-DE-2, BR-DE-5", what: "the seller's contact person")
        requireBy(invoice.fromPhone, "fromPhone", "BR-DE-2, BR-DE-6", what: "the seller's contact telephone")
        requireBy(invoice.fromEmail, "fromEmail", "BR-DE-2, BR-DE-7", what: "the seller's contact e-mail")
        requireBy(invoice.toCity, "toCity", "BR-DE-8", what: "the buyer's city")
        requireBy(invoice.toPostalCode, "toPostalCode", "BR-DE-9", what: "the buyer's post code")
        if invoice.fromElectronicAddress == nil {
            add(
                "fromElectronicAddress",
                "required by XRechnung: the seller's electronic address (BT-34) (PEPPOL-EN16931-R020, adopted by XRechnung 3.0)"
            )
        }
        if invoice.toElectronicAddress == nil {
            add(
                "toElectronicAddress",
                "required by XRechnung: the buyer's electronic address (BT-49), such as \"0204:<Leitweg-ID>\" (PEPPOL-EN16931-R010, adopted by XRechnung 3.0)"
            )
        }
        requireBy(
            invoice.bankAccount, "bankAccount", "BR-DE-1, BR-DE-23-a",
            what: "payment instructions (BG-16) with the account to pay to (BT-84)")
        checkSkontoTerms(rule: "BR-DE-18")
        if content.isCreditNote {
            requireBy(
                invoice.precedingInvoice, "precedingInvoice", "§ 31 (5) UStDV; BG-3",
                what: "the invoice this credit note corrects (BT-25), which German VAT law asks a correction to name")
        }
    }

    mutating func checkPeppol() {
        if invoice.fromElectronicAddress == nil {
            add(
                "fromElectronicAddress",
                "required by Peppol BIS: the seller's electronic address (BT-34) (PEPPOL-EN16931-R020)")
        }
        if invoice.toElectronicAddress == nil {
            add(
                "toElectronicAddress",
                "required by Peppol BIS: the buyer's electronic address (BT-49) (PEPPOL-EN16931-R010)")
        }
        for (address, path) in [
            (invoice.fromElectronicAddress, "fromElectronicAddress"),
            (invoice.toElectronicAddress, "toElectronicAddress"),
        ] {
            guard let address else { continue }
            if address.scheme == "EM" {
                add(
                    path,
                    "Peppol BIS does not accept the e-mail scheme EM for electronic addresses; give a Peppol participant identifier such as 0088 (GLN), 0208 (Belgian enterprise number) or 9930 (German VAT id) (PEPPOL-EN16931-CL008)"
                )
            } else if address.scheme == "0208", !Self.isBelgianEnterpriseNumber(address.identifier) {
                add(
                    path,
                    "\(Self.quoted(address.identifier)) is not a Belgian enterprise number: 10 digits whose last two are 97 − (the first eight mod 97) (PEPPOL-COMMON-R043)"
                )
            } else if address.scheme == "0088", !Self.isGLN(address.identifier) {
                add(
                    path,
                    "\(Self.quoted(address.identifier)) is not a GLN: 13 digits with a matching check digit (PEPPOL-COMMON-R040)"
                )
            }
        }
        if EInvoiceContent.trimmed(invoice.buyerReference).isEmpty,
            EInvoiceContent.trimmed(invoice.orderReference).isEmpty, partial.decoded("orderReference")
        {
            add(
                "buyerReference",
                "required by Peppol BIS: a buyer reference (BT-10) or, instead, an orderReference (BT-13) (PEPPOL-EN16931-R003)"
            )
        }
    }

    static func isBelgianEnterpriseNumber(_ id: String) -> Bool {
        let digits = id.compactMap(\.wholeNumberValue)
        guard digits.count == 10, id.allSatisfy(\.isASCII), id.count == 10 else { return false }
        let body = digits.prefix(8).reduce(0) { $0 * 10 + $1 }
        let check = digits[8] * 10 + digits[9]
        return 97 - body % 97 == check
    }

    static func isGLN(_ id: String) -> Bool {
        let digits = id.compactMap(\.wholeNumberValue)
        guard digits.count == 13, id.count == 13, id.allSatisfy(\.isASCII) else { return false }
        let sum = digits.prefix(12).reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == digits[12]
    }
}
