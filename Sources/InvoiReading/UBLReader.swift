import Foundation
import InvoiModel
import InvoiXML

/// Reads a UBL 2.1 `Invoice` or `CreditNote` (EN 16931, XRechnung, Peppol BIS 3 and PINT) into
/// an `Invoice` whose `received` keeps what the file states as it states it.
///
/// Every element the reader takes is marked as taken; afterwards every leaf with text that was
/// not taken becomes an "other element" term (with an `unmappedElement` fallback), so nothing
/// present is silently dropped, and the taken elements are the reviewed list of mapped ones.
enum UBLReader {
    static let cac = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
    static let cbc = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
    static let invoiceNamespace = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
    static let creditNoteNamespace = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"

    /// EN 16931's credit-note type codes (UNTDID 1001): a document with one is a credit note
    /// whichever root it has.
    static let creditNoteTypeCodes: Set<String> = ["381", "261", "262", "296", "308", "532"]

    /// `root` (an `Invoice` or `CreditNote` element) read as an invoice.
    static func read(_ root: XMLElement, attachmentName: String?) throws(EInvoiceReadingError) -> Invoice {
        guard root.localName == "Invoice" || root.localName == "CreditNote" else {
            throw EInvoiceReadingError(
                message: "not a UBL Invoice or CreditNote: the root element is \(root.qualifiedName)",
                path: "/" + root.qualifiedName, line: root.line, column: root.column)
        }
        return try UBLReading(root: root, attachmentName: attachmentName).invoice()
    }
}

/// An element and its path from the root, for messages and for the names of unmapped elements.
struct UBLNode {
    let element: XMLElement
    let path: String
}

/// One reading: the elements taken so far, and what has been read.
final class UBLReading {
    let root: UBLNode
    let isCreditNoteRoot: Bool
    let attachmentName: String?
    private var taken = Set<ObjectIdentifier>()
    var fallbacks: [ReadingFallback] = []
    /// The document currency's code, for amounts.
    var currencyCode = ""

    init(root: XMLElement, attachmentName: String?) {
        self.root = UBLNode(element: root, path: "/" + root.qualifiedName)
        self.isCreditNoteRoot = root.localName == "CreditNote"
        self.attachmentName = attachmentName
    }

    // MARK: Navigation

    /// The first child `name` (a `cbc` element, or `cac` with `aggregate`).
    func child(_ node: UBLNode, _ name: String, aggregate: Bool = false) -> UBLNode? {
        children(node, name, aggregate: aggregate).first
    }

    func children(_ node: UBLNode, _ name: String, aggregate: Bool = false) -> [UBLNode] {
        let found = node.element.children(name, in: aggregate ? UBLReader.cac : UBLReader.cbc)
        return Self.nodes(found, under: node)
    }

    func aggregate(_ node: UBLNode, _ name: String) -> UBLNode? { child(node, name, aggregate: true) }
    func aggregates(_ node: UBLNode, _ name: String) -> [UBLNode] { children(node, name, aggregate: true) }

    /// `elements` (siblings of one name) as nodes; an index in the path when there are several.
    static func nodes(_ elements: [XMLElement], under parent: UBLNode) -> [UBLNode] {
        let indexed = elements.count > 1
        return elements.enumerated().map { index, element in
            UBLNode(
                element: element,
                path: parent.path + "/" + element.qualifiedName + (indexed ? "[\(index + 1)]" : ""))
        }
    }

    /// Marks `node` (and everything inside it) as taken.
    func take(all node: UBLNode?) {
        guard let node else { return }
        var stack = [node.element]
        while let element = stack.popLast() {
            taken.insert(ObjectIdentifier(element))
            stack.append(contentsOf: element.children)
        }
    }

    /// The trimmed text of `node`, marked as taken; "" when absent.
    func text(_ node: UBLNode?) -> String {
        guard let node else { return "" }
        taken.insert(ObjectIdentifier(node.element))
        return node.element.trimmedText
    }

    /// The text of the `cbc` child `name`.
    func text(_ node: UBLNode?, _ name: String) -> String {
        guard let node else { return "" }
        return text(child(node, name))
    }

    func error(_ message: String, at node: UBLNode) -> EInvoiceReadingError {
        EInvoiceReadingError(message: message, path: node.path, line: node.element.line, column: node.element.column)
    }

    /// The number in `node`, as written; nil when absent or empty.
    func number(_ node: UBLNode?) throws(EInvoiceReadingError) -> StatedNumber? {
        guard let node else { return nil }
        let written = text(node)
        guard !written.isEmpty else { return nil }
        guard let number = StatedNumber(xml: written) else {
            throw error("“\(written)” is not a decimal number", at: node)
        }
        return number
    }

    func number(_ node: UBLNode?, _ name: String) throws(EInvoiceReadingError) -> StatedNumber? {
        guard let node else { return nil }
        return try number(child(node, name))
    }

    /// An xs:date; a time-zone suffix is dropped (with a fallback), anything else is an error.
    func date(_ node: UBLNode?) throws(EInvoiceReadingError) -> CalendarDate? {
        guard let node else { return nil }
        let written = text(node)
        guard !written.isEmpty else { return nil }
        if let date = CalendarDate(iso: written) { return date }
        let day = String(written.prefix(10))
        let zone = written.dropFirst(10)
        if let date = CalendarDate(iso: day), Self.isTimeZone(zone) {
            fallbacks.append(.dateAsWritten(path: node.path, text: written))
            return date
        }
        throw error("“\(written)” is not a date (YYYY-MM-DD)", at: node)
    }

    func date(_ node: UBLNode?, _ name: String) throws(EInvoiceReadingError) -> CalendarDate? {
        guard let node else { return nil }
        return try date(child(node, name))
    }

    /// `Z`, `+hh:mm` or `-hh:mm`: xs:date's time zone.
    static func isTimeZone(_ text: Substring) -> Bool {
        if text == "Z" { return true }
        let bytes = Array(text.utf8)
        let digit = { (byte: UInt8) in byte >= 48 && byte <= 57 }
        return bytes.count == 6 && (bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"))
            && digit(bytes[1]) && digit(bytes[2]) && bytes[3] == UInt8(ascii: ":") && digit(bytes[4])
            && digit(bytes[5])
    }

    /// An identifier with its `schemeID` (or `listID`), as a term's value; nil when empty.
    func identifier(_ node: UBLNode?, schemeAttribute: String = "schemeID") -> StatedTerm.Value? {
        guard let node else { return nil }
        let value = text(node)
        guard !value.isEmpty else { return nil }
        return .identifier(value, scheme: node.element.attribute(schemeAttribute) ?? "")
    }

    /// A term for the text of `node` when it has any.
    func textTerm(_ term: BusinessTerm, _ node: UBLNode?, into terms: inout [StatedTerm]) {
        let value = text(node)
        if !value.isEmpty { terms.append(StatedTerm(term, .text(value))) }
    }

    func identifierTerm(
        _ term: BusinessTerm, _ node: UBLNode?, schemeAttribute: String = "schemeID", into terms: inout [StatedTerm]
    ) {
        if let value = identifier(node, schemeAttribute: schemeAttribute) { terms.append(StatedTerm(term, value)) }
    }

    // MARK: The document

    func invoice() throws(EInvoiceReadingError) -> Invoice {
        let root = self.root
        var terms: [StatedTerm] = []

        let specification = text(root, "CustomizationID")
        identifierTerm(.businessProcess, child(root, "ProfileID"), into: &terms)
        let invoiceNumber = text(root, "ID")
        guard let issueDateNode = child(root, "IssueDate") else {
            throw error("the document has no cbc:IssueDate (BT-2)", at: root)
        }
        guard let issueDate = try date(issueDateNode) else {
            throw error("the issue date (BT-2) is empty", at: issueDateNode)
        }
        var dueDate = try date(root, "DueDate")
        let typeCode = text(root, isCreditNoteRoot ? "CreditNoteTypeCode" : "InvoiceTypeCode")

        // The currency: BT-5, else the payable amount's (a document without BT-5 is still read).
        let payableNode = aggregate(root, "LegalMonetaryTotal").flatMap { child($0, "PayableAmount") }
        var code = text(root, "DocumentCurrencyCode")
        if code.isEmpty { code = payableNode?.element.attribute("currencyID") ?? "" }
        guard !code.isEmpty else { throw error("the document has no cbc:DocumentCurrencyCode (BT-5)", at: root) }
        currencyCode = code
        let currency: Currency
        if let known = Currency(code: code) {
            currency = known
        } else {
            let digits = payableNode.flatMap { StatedNumber(xml: $0.element.trimmedText)?.fractionDigits } ?? 2
            currency = Currency(unlisted: code, fractionDigits: digits)
            fallbacks.append(.unknownCurrency(code))
        }

        var invoice = Invoice(issueDate: issueDate, currency: currency, lineItems: [])
        invoice.invoiceNumber = invoiceNumber
        invoice.documentType =
            isCreditNoteRoot || UBLReader.creditNoteTypeCodes.contains(typeCode) ? .creditNote : .invoice

        // Notes (BT-22), each with its subject code (BT-21) when it has one.
        var notes: [String] = []
        for note in children(root, "Note") {
            let written = text(note)
            guard !written.isEmpty else { continue }
            if let (subject, body) = Self.subjectAndNote(written) {
                terms.append(StatedTerm(.noteSubject, .text(body), name: subject))
            } else {
                notes.append(written)
            }
        }
        invoice.notes = notes.joined(separator: "\n\n")

        if let taxPoint = try date(root, "TaxPointDate") { terms.append(StatedTerm(.taxPointDate, .date(taxPoint))) }
        let taxCurrency = text(root, "TaxCurrencyCode")
        identifierTerm(.buyerAccountingReference, child(root, "AccountingCost"), into: &terms)
        invoice.buyerReference = text(root, "BuyerReference")

        // BG-14 the invoicing period, BT-72 the delivery date: the model's delivery.
        var period: (start: CalendarDate?, end: CalendarDate?)?
        if let node = aggregate(root, "InvoicePeriod") {
            period = (try date(node, "StartDate"), try date(node, "EndDate"))
            identifierTerm(.taxPointDateCode, child(node, "DescriptionCode"), into: &terms)
        }
        let deliveryNode = aggregate(root, "Delivery")
        let actualDelivery = try date(deliveryNode, "ActualDeliveryDate")
        if let period, let start = period.start, let end = period.end {
            invoice.delivery = .period(start: start, end: end)
            if let actualDelivery {
                // The model holds one of the two; the delivery date is kept as written.
                terms.append(
                    StatedTerm(.otherElement, .date(actualDelivery), name: "cac:Delivery/cbc:ActualDeliveryDate"))
                fallbacks.append(.unmappedElement(path: root.path + "/cac:Delivery/cbc:ActualDeliveryDate"))
            }
        } else {
            if let actualDelivery { invoice.delivery = .date(actualDelivery) }
            if let period, period.start != nil || period.end != nil {
                terms.append(
                    StatedTerm(.otherElement, .period(start: period.start, end: period.end), name: "cac:InvoicePeriod"))
                fallbacks.append(.unmappedElement(path: root.path + "/cac:InvoicePeriod"))
            }
        }

        if let order = aggregate(root, "OrderReference") {
            invoice.orderReference = text(order, "ID")
            identifierTerm(.salesOrderReference, child(order, "SalesOrderID"), into: &terms)
        }
        for (index, reference) in aggregates(root, "BillingReference").enumerated() {
            guard let document = aggregate(reference, "InvoiceDocumentReference") else { continue }
            let id = text(document, "ID")
            if index == 0 || invoice.precedingInvoice.isEmpty {
                invoice.precedingInvoice = id
            } else if !id.isEmpty {
                terms.append(StatedTerm(.precedingInvoice, .identifier(id, scheme: "")))
            }
            if let issued = try date(document, "IssueDate") {
                terms.append(StatedTerm(.precedingInvoiceDate, .date(issued)))
            }
        }
        for reference in aggregates(root, "DespatchDocumentReference") {
            identifierTerm(.despatchAdviceReference, child(reference, "ID"), into: &terms)
        }
        for reference in aggregates(root, "ReceiptDocumentReference") {
            identifierTerm(.receivingAdviceReference, child(reference, "ID"), into: &terms)
        }
        for reference in aggregates(root, "OriginatorDocumentReference") {
            identifierTerm(.tenderReference, child(reference, "ID"), into: &terms)
        }
        for reference in aggregates(root, "ContractDocumentReference") {
            identifierTerm(.contractReference, child(reference, "ID"), into: &terms)
        }
        let attachments = try attachments(terms: &terms)
        for reference in aggregates(root, "ProjectReference") {
            identifierTerm(.projectReference, child(reference, "ID"), into: &terms)
        }

        if let party = aggregate(root, "AccountingSupplierParty").flatMap({ aggregate($0, "Party") }) {
            seller(party, into: &invoice, terms: &terms)
        }
        if let party = aggregate(root, "AccountingCustomerParty").flatMap({ aggregate($0, "Party") }) {
            buyer(party, into: &invoice, terms: &terms)
        }
        if let payee = aggregate(root, "PayeeParty") { self.payee(payee, terms: &terms) }
        if let representative = aggregate(root, "TaxRepresentativeParty") {
            taxRepresentative(representative, terms: &terms)
        }
        if let deliveryNode { delivery(deliveryNode, terms: &terms) }
        try payment(into: &invoice, dueDate: &dueDate, terms: &terms)
        invoice.dueDate = dueDate
        invoice.paymentTerms = aggregates(root, "PaymentTerms").map { text($0, "Note") }.filter { !$0.isEmpty }
            .joined(separator: "\n")

        let allowancesAndCharges = try aggregates(root, "AllowanceCharge").map { node throws(EInvoiceReadingError) in
            try allowanceCharge(node, documentLevel: true)
        }
        let documentAllowances = allowancesAndCharges.filter { !$0.isCharge }
        if documentAllowances.count == 1, documentAllowances.count == allowancesAndCharges.count {
            invoice.discount = Self.discount(documentAllowances[0])
        }

        let (vat, breakdown, accountingVAT) = try taxTotals(taxCurrency: taxCurrency)
        if let accountingVAT {
            terms.append(
                StatedTerm(.vatInAccountingCurrency, .amount(accountingVAT.amount, currency: accountingVAT.currency)))
        }
        invoice.vatExemptionReason = breakdown.first { !$0.exemptionReason.isEmpty }?.exemptionReason ?? ""

        let lineNodes = aggregates(root, isCreditNoteRoot ? "CreditNoteLine" : "InvoiceLine")
        var statedLines: [StatedLine] = []
        statedLines.reserveCapacity(lineNodes.count)
        invoice.lineItems.reserveCapacity(lineNodes.count)
        for (index, node) in lineNodes.enumerated() {
            let (item, stated) = try line(node, number: index + 1)
            invoice.lineItems.append(item)
            statedLines.append(stated)
        }
        shareLineVAT(&invoice, statedLines)

        var totals = try self.totals(vat: vat, allowancesAndCharges: allowancesAndCharges, lines: statedLines)
        totals.vatInAccountingCurrency = accountingVAT.map { ($0.amount, $0.currency) }
        if let prepaid = totals.prepaid { invoice.amountPaid = prepaid.value }

        // Whatever the reading did not take is kept, by its path.
        var lines = statedLines
        collectUnmapped(terms: &terms, lines: &lines, lineNodes: lineNodes)

        invoice.received = ReceivedInvoice(
            source: ReceivedInvoice.Source(
                syntax: isCreditNoteRoot ? .ublCreditNote : .ublInvoice, attachmentName: attachmentName,
                specification: specification),
            typeCode: typeCode, totals: totals, vatBreakdown: breakdown, allowancesAndCharges: allowancesAndCharges,
            lines: lines, terms: terms, attachments: attachments, fallbacks: fallbacks)
        return invoice
    }

    /// `#AAI#text`: a note's subject code (BT-21) and the note; nil for a note without one.
    static func subjectAndNote(_ note: String) -> (subject: String, note: String)? {
        guard note.hasPrefix("#") else { return nil }
        let rest = note.dropFirst()
        guard let end = rest.firstIndex(of: "#") else { return nil }
        let code = rest[..<end]
        guard (1...4).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
        else { return nil }
        return (String(code), String(rest[rest.index(after: end)...]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: Parties

    /// A postal address's street lines (BT-35, BT-36, BT-162), city, postal code, subdivision, country.
    struct Address {
        var street = ""
        var city = ""
        var postalCode = ""
        var subdivision = ""
        var countryCode = ""

        /// The whole address as lines, for a term.
        var lines: String {
            [street, [postalCode, city].filter { !$0.isEmpty }.joined(separator: " "), subdivision, countryCode]
                .filter { !$0.isEmpty }.joined(separator: "\n")
        }
    }

    func address(_ node: UBLNode) -> Address {
        var street = [text(node, "StreetName"), text(node, "AdditionalStreetName")]
        street += aggregates(node, "AddressLine").map { text($0, "Line") }
        return Address(
            street: street.filter { !$0.isEmpty }.joined(separator: "\n"), city: text(node, "CityName"),
            postalCode: text(node, "PostalZone"), subdivision: text(node, "CountrySubentity"),
            countryCode: aggregate(node, "Country").map { text($0, "IdentificationCode") } ?? "")
    }

    func country(_ code: String) -> CountryCode? {
        guard !code.isEmpty else { return nil }
        if let country = CountryCode(code) { return country }
        fallbacks.append(.unknownCountryCode(code))
        return nil
    }

    /// The electronic address (BT-34, BT-49), or a term when its scheme is not on the EAS list.
    func electronicAddress(_ party: UBLNode, term: BusinessTerm, terms: inout [StatedTerm]) -> ElectronicAddress? {
        guard let node = child(party, "EndpointID") else { return nil }
        let value = text(node)
        let scheme = node.element.attribute("schemeID") ?? ""
        guard !value.isEmpty else { return nil }
        if let address = ElectronicAddress(scheme: scheme, identifier: value) { return address }
        terms.append(StatedTerm(term, .identifier(value, scheme: scheme)))
        return nil
    }

    /// Party identifiers (BT-29, BT-46, BT-60); SEPA's is the creditor identifier (BT-90).
    func partyIdentifiers(_ party: UBLNode, term: BusinessTerm, terms: inout [StatedTerm]) {
        for identification in aggregates(party, "PartyIdentification") {
            guard let node = child(identification, "ID") else { continue }
            let isSEPA = node.element.attribute("schemeID") == "SEPA"
            identifierTerm(isSEPA ? .creditorIdentifier : term, node, into: &terms)
        }
    }

    /// The party's name: its legal name (BT-27), else its trading name; the trading name is a
    /// term of its own beside a legal name.
    func partyName(_ party: UBLNode, tradingName: BusinessTerm, terms: inout [StatedTerm]) -> String {
        let legal = aggregate(party, "PartyLegalEntity").map { text($0, "RegistrationName") } ?? ""
        let trading = aggregate(party, "PartyName").map { text($0, "Name") } ?? ""
        if legal.isEmpty { return trading }
        if !trading.isEmpty && trading != legal { terms.append(StatedTerm(tradingName, .text(trading))) }
        return legal
    }

    func seller(_ party: UBLNode, into invoice: inout Invoice, terms: inout [StatedTerm]) {
        invoice.fromElectronicAddress = electronicAddress(party, term: .sellerElectronicAddress, terms: &terms)
        partyIdentifiers(party, term: .sellerIdentifier, terms: &terms)
        invoice.fromName = partyName(party, tradingName: .sellerTradingName, terms: &terms)
        if let node = aggregate(party, "PostalAddress") {
            let address = self.address(node)
            invoice.fromStreet = address.street
            invoice.fromCity = address.city
            invoice.fromPostalCode = address.postalCode
            invoice.fromCountry = country(address.countryCode)
            if !address.subdivision.isEmpty {
                terms.append(StatedTerm(.sellerCountrySubdivision, .text(address.subdivision)))
            }
        }
        for scheme in aggregates(party, "PartyTaxScheme") {
            let id = text(scheme, "CompanyID")
            let kind = aggregate(scheme, "TaxScheme").map { text($0, "ID") } ?? ""
            guard !id.isEmpty else { continue }
            if kind == "VAT" && invoice.fromTaxId.isEmpty {
                invoice.fromTaxId = id
            } else {
                terms.append(StatedTerm(.sellerTaxRegistration, .identifier(id, scheme: kind)))
            }
        }
        if let legal = aggregate(party, "PartyLegalEntity") {
            invoice.fromRegistrationId = text(legal, "CompanyID")
            textTerm(.sellerLegalInformation, child(legal, "CompanyLegalForm"), into: &terms)
        }
        if let contact = aggregate(party, "Contact") {
            invoice.fromContact = text(contact, "Name")
            invoice.fromPhone = text(contact, "Telephone")
            invoice.fromEmail = text(contact, "ElectronicMail")
        }
    }

    func buyer(_ party: UBLNode, into invoice: inout Invoice, terms: inout [StatedTerm]) {
        invoice.toElectronicAddress = electronicAddress(party, term: .buyerElectronicAddress, terms: &terms)
        partyIdentifiers(party, term: .buyerIdentifier, terms: &terms)
        invoice.toName = partyName(party, tradingName: .buyerTradingName, terms: &terms)
        if let node = aggregate(party, "PostalAddress") {
            let address = self.address(node)
            invoice.toStreet = address.street
            invoice.toCity = address.city
            invoice.toPostalCode = address.postalCode
            invoice.toCountry = country(address.countryCode)
            if !address.subdivision.isEmpty {
                terms.append(StatedTerm(.buyerCountrySubdivision, .text(address.subdivision)))
            }
        }
        for scheme in aggregates(party, "PartyTaxScheme") {
            // BT-48 is the buyer's VAT identifier; another scheme's stays an element of its own.
            guard let taxScheme = aggregate(scheme, "TaxScheme"),
                taxScheme.element.trimmedTextOfChild("ID", UBLReader.cbc) == "VAT", invoice.toTaxId.isEmpty
            else { continue }
            _ = text(taxScheme, "ID")
            invoice.toTaxId = text(scheme, "CompanyID")
        }
        if let legal = aggregate(party, "PartyLegalEntity") {
            identifierTerm(.buyerLegalRegistration, child(legal, "CompanyID"), into: &terms)
        }
        if let contact = aggregate(party, "Contact") {
            textTerm(.buyerContact, child(contact, "Name"), into: &terms)
            textTerm(.buyerContactPhone, child(contact, "Telephone"), into: &terms)
            invoice.toEmail = text(contact, "ElectronicMail")
        }
    }

    func payee(_ party: UBLNode, terms: inout [StatedTerm]) {
        textTerm(.payeeName, aggregate(party, "PartyName").flatMap { child($0, "Name") }, into: &terms)
        partyIdentifiers(party, term: .payeeIdentifier, terms: &terms)
        if let legal = aggregate(party, "PartyLegalEntity") {
            identifierTerm(.payeeLegalRegistration, child(legal, "CompanyID"), into: &terms)
        }
    }

    func taxRepresentative(_ party: UBLNode, terms: inout [StatedTerm]) {
        textTerm(.taxRepresentativeName, aggregate(party, "PartyName").flatMap { child($0, "Name") }, into: &terms)
        for scheme in aggregates(party, "PartyTaxScheme") {
            identifierTerm(.taxRepresentativeVATId, child(scheme, "CompanyID"), into: &terms)
            _ = aggregate(scheme, "TaxScheme").map { text($0, "ID") }
        }
        if let node = aggregate(party, "PostalAddress") {
            let lines = address(node).lines
            if !lines.isEmpty { terms.append(StatedTerm(.taxRepresentativeAddress, .text(lines))) }
        }
    }

    func delivery(_ delivery: UBLNode, terms: inout [StatedTerm]) {
        if let location = aggregate(delivery, "DeliveryLocation") {
            identifierTerm(.deliverToLocation, child(location, "ID"), into: &terms)
            if let node = aggregate(location, "Address") {
                let lines = address(node).lines
                if !lines.isEmpty { terms.append(StatedTerm(.deliverToAddress, .text(lines))) }
            }
        }
        if let party = aggregate(delivery, "DeliveryParty") {
            textTerm(.deliverToName, aggregate(party, "PartyName").flatMap { child($0, "Name") }, into: &terms)
        }
    }

    // MARK: Payment (BG-16 … BG-19)

    func payment(
        into invoice: inout Invoice, dueDate: inout CalendarDate?, terms: inout [StatedTerm]
    )
        throws(EInvoiceReadingError)
    {
        var firstAccount = true
        for means in aggregates(root, "PaymentMeans") {
            if let node = child(means, "PaymentMeansCode") {
                let code = text(node)
                let name = node.element.attribute("name") ?? ""
                let term = StatedTerm(
                    .paymentMeans, name.isEmpty ? .identifier(code, scheme: "") : .text("\(name) (\(code))"))
                // Several credit transfers repeat their code: it is stated once.
                if (!code.isEmpty || !name.isEmpty) && !terms.contains(term) { terms.append(term) }
            }
            // BT-9 of a credit note; an invoice's own DueDate comes first.
            if let node = child(means, "PaymentDueDate"), dueDate == nil { dueDate = try date(node) }
            for id in children(means, "PaymentID") {
                let reference = text(id)
                guard !reference.isEmpty else { continue }
                let term = StatedTerm(.remittanceInformation, .identifier(reference, scheme: ""))
                if invoice.paymentReference.isEmpty {
                    invoice.paymentReference = reference
                } else if reference != invoice.paymentReference && !terms.contains(term) {
                    terms.append(term)
                }
            }
            for account in aggregates(means, "PayeeFinancialAccount") {
                let branch = aggregate(account, "FinancialInstitutionBranch")
                if firstAccount {
                    invoice.bankAccount = text(account, "ID")
                    invoice.bankBeneficiary = text(account, "Name")
                    invoice.bankSwift = text(branch, "ID")
                    firstAccount = false
                } else {
                    identifierTerm(.paymentAccount, child(account, "ID"), into: &terms)
                    textTerm(.paymentAccountName, child(account, "Name"), into: &terms)
                    identifierTerm(.paymentServiceProvider, branch.flatMap { child($0, "ID") }, into: &terms)
                }
            }
            if let card = aggregate(means, "CardAccount") {
                identifierTerm(.cardNumber, child(card, "PrimaryAccountNumberID"), into: &terms)
                textTerm(.cardHolder, child(card, "HolderName"), into: &terms)
            }
            if let mandate = aggregate(means, "PaymentMandate") {
                identifierTerm(.mandateReference, child(mandate, "ID"), into: &terms)
                identifierTerm(
                    .debitedAccount, aggregate(mandate, "PayerFinancialAccount").flatMap { child($0, "ID") },
                    into: &terms)
            }
        }
    }

    // MARK: Allowances, charges, VAT

    /// A tax category's code and rate (BT-95/96, 102/103, 118/119, 151/152); its scheme is taken.
    func taxCategory(_ node: UBLNode?) throws(EInvoiceReadingError) -> (code: String, rate: StatedNumber?) {
        guard let node else { return ("", nil) }
        take(all: aggregate(node, "TaxScheme"))
        return (text(node, "ID"), try number(node, "Percent"))
    }

    func allowanceCharge(_ node: UBLNode, documentLevel: Bool) throws(EInvoiceReadingError) -> StatedAllowanceCharge {
        let indicator = text(node, "ChargeIndicator")
        guard indicator == "true" || indicator == "false" || indicator == "1" || indicator == "0" else {
            throw error(
                "the charge indicator is “\(indicator)”, not true or false", at: child(node, "ChargeIndicator") ?? node)
        }
        guard let amountNode = child(node, "Amount"), let amount = try number(amountNode) else {
            throw error("an allowance or charge without its amount (cbc:Amount)", at: node)
        }
        var category = ("", StatedNumber?.none)
        if documentLevel {
            let taxCategory = aggregate(node, "TaxCategory")
            category = try self.taxCategory(taxCategory)
        }
        return StatedAllowanceCharge(
            isCharge: indicator == "true" || indicator == "1", amount: amount,
            baseAmount: try number(node, "BaseAmount"),
            percentage: try number(node, "MultiplierFactorNumeric"), reason: text(node, "AllowanceChargeReason"),
            reasonCode: text(node, "AllowanceChargeReasonCode"), vatCategory: category.0, vatRate: category.1)
    }

    /// The model's discount for an allowance: its percentage, else its amount.
    static func discount(_ allowance: StatedAllowanceCharge) -> Discount {
        if let percentage = allowance.percentage { return Discount(kind: .percentage, value: percentage.value) }
        return Discount(kind: .fixed, value: allowance.amount.value)
    }

    /// BT-110 with its breakdown (BG-23), and BT-111 in the VAT accounting currency (BT-6): the
    /// tax total in that currency, or, when it is the document's, the one without a breakdown.
    func taxTotals(
        taxCurrency: String
    ) throws(EInvoiceReadingError) -> (
        vat: StatedNumber?, breakdown: [StatedVAT], accounting: (amount: StatedNumber, currency: String)?
    ) {
        let totals = aggregates(root, "TaxTotal")
        let currencyOf = { (node: UBLNode) in
            self.child(node, "TaxAmount")?.element.attribute("currencyID") ?? self.currencyCode
        }
        var main: UBLNode?
        var accounting: UBLNode?
        if !taxCurrency.isEmpty && taxCurrency != currencyCode {
            main = totals.first { currencyOf($0) != taxCurrency }
            accounting = totals.first { currencyOf($0) == taxCurrency }
        } else {
            main = totals.first { !aggregates($0, "TaxSubtotal").isEmpty } ?? totals.first
            if !taxCurrency.isEmpty { accounting = totals.first { $0.element !== main?.element } }
        }
        var breakdown: [StatedVAT] = []
        var vat: StatedNumber?
        if let main {
            vat = try number(main, "TaxAmount")
            for subtotal in aggregates(main, "TaxSubtotal") {
                let (code, rate) = try taxCategory(aggregate(subtotal, "TaxCategory"))
                let category = aggregate(subtotal, "TaxCategory")
                guard let taxable = try number(subtotal, "TaxableAmount") else {
                    throw error("a VAT breakdown row without its taxable amount (BT-116)", at: subtotal)
                }
                guard let amount = try number(subtotal, "TaxAmount") else {
                    throw error("a VAT breakdown row without its VAT amount (BT-117)", at: subtotal)
                }
                breakdown.append(
                    StatedVAT(
                        category: code, rate: rate, taxableAmount: taxable, vat: amount,
                        exemptionReason: text(category, "TaxExemptionReason"),
                        exemptionCode: text(category, "TaxExemptionReasonCode")))
            }
        }
        var accountingVAT: (StatedNumber, String)?
        if let accounting, let amount = try number(accounting, "TaxAmount") {
            accountingVAT = (amount, currencyOf(accounting))
        }
        return (vat, breakdown, accountingVAT)
    }

    /// The stated totals (BG-22); a required one that is absent is worked out from the others
    /// and said so.
    func totals(
        vat: StatedNumber?, allowancesAndCharges: [StatedAllowanceCharge], lines: [StatedLine]
    )
        throws(EInvoiceReadingError) -> StatedTotals
    {
        let node = aggregate(root, "LegalMonetaryTotal")
        let allowances = try number(node, "AllowanceTotalAmount")
        let charges = try number(node, "ChargeTotalAmount")
        let prepaid = try number(node, "PrepaidAmount")
        let rounding = try number(node, "PayableRoundingAmount")
        let digits = currencyDigits
        func sum(_ numbers: [StatedNumber?]) -> StatedNumber {
            let present = numbers.compactMap { $0 }
            return StatedNumber(
                value: present.reduce(Decimal(0)) { $0 + $1.value },
                fractionDigits: present.map(\.fractionDigits).max() ?? digits)
        }
        func negated(_ number: StatedNumber?) -> StatedNumber? {
            number.map { StatedNumber(value: -$0.value, fractionDigits: $0.fractionDigits) }
        }
        func stated(
            _ name: String, term: String, otherwise: () -> StatedNumber
        ) throws(EInvoiceReadingError)
            -> StatedNumber
        {
            if let number = try number(node, name) { return number }
            fallbacks.append(.missingTotal(term: term))
            return otherwise()
        }
        let lineTotal = try stated("LineExtensionAmount", term: "BT-106") { sum(lines.map(\.netAmount)) }
        let taxExclusive = try stated("TaxExclusiveAmount", term: "BT-109") {
            sum([lineTotal, negated(allowances), charges])
        }
        let taxInclusive = try stated("TaxInclusiveAmount", term: "BT-112") { sum([taxExclusive, vat]) }
        let payable = try stated("PayableAmount", term: "BT-115") {
            sum([taxInclusive, negated(prepaid), rounding])
        }
        return StatedTotals(
            lineTotal: lineTotal, allowances: allowances, charges: charges, taxExclusive: taxExclusive, vat: vat,
            taxInclusive: taxInclusive, prepaid: prepaid, rounding: rounding, payable: payable)
    }

    var currencyDigits: Int { Currency(code: currencyCode)?.fractionDigits ?? 2 }

    // MARK: Attachments (BG-24) and the invoiced object (BT-18)

    func attachments(terms: inout [StatedTerm]) throws(EInvoiceReadingError) -> [Attachment] {
        var attachments: [Attachment] = []
        for reference in aggregates(root, "AdditionalDocumentReference") {
            // 130 is the invoiced object (BT-18); 50 a credit note's project reference (BT-11).
            if let typeCode = child(reference, "DocumentTypeCode"),
                let term = ["130": BusinessTerm.invoicedObject, "50": .projectReference][typeCode.element.trimmedText]
            {
                _ = text(typeCode)
                identifierTerm(term, child(reference, "ID"), into: &terms)
                continue
            }
            var attachment = Attachment(
                reference: text(reference, "ID"), description: text(reference, "DocumentDescription"))
            if let content = aggregate(reference, "Attachment") {
                attachment.uri = aggregate(content, "ExternalReference").map { text($0, "URI") } ?? ""
                if let object = child(content, "EmbeddedDocumentBinaryObject") {
                    let encoded = text(object)
                    guard let data = Self.base64(encoded) else {
                        throw error("the embedded document is not valid base64", at: object)
                    }
                    attachment.embedded = Attachment.EmbeddedFile(
                        fileName: object.element.attribute("filename") ?? "",
                        mimeCode: object.element.attribute("mimeCode") ?? "", data: data)
                }
            }
            attachments.append(attachment)
        }
        return attachments
    }

    /// Base64 with line breaks and other white space between its characters; nil for anything else.
    static func base64(_ text: String) -> [UInt8]? {
        let compact = text.unicodeScalars.filter { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r") }
        guard let data = Data(base64Encoded: String(String.UnicodeScalarView(compact))) else { return nil }
        return [UInt8](data)
    }

    // MARK: Lines (BG-25)

    func line(_ node: UBLNode, number: Int) throws(EInvoiceReadingError) -> (LineItem, StatedLine) {
        var terms: [StatedTerm] = []
        let lineId = text(node, "ID")
        for note in children(node, "Note") { textTerm(.lineNote, note, into: &terms) }
        let quantityName = isCreditNoteRoot ? "CreditedQuantity" : "InvoicedQuantity"
        guard let quantityNode = child(node, quantityName) ?? child(node, "InvoicedQuantity"),
            let quantity = try self.number(quantityNode)
        else {
            throw error("the line has no quantity (cbc:\(quantityName), BT-129)", at: node)
        }
        let unitCode = quantityNode.element.attribute("unitCode") ?? ""
        guard let netAmount = try self.number(node, "LineExtensionAmount") else {
            throw error("the line has no net amount (cbc:LineExtensionAmount, BT-131)", at: node)
        }
        identifierTerm(.lineAccountingReference, child(node, "AccountingCost"), into: &terms)
        var lineDate: CalendarDate?
        if let period = aggregate(node, "InvoicePeriod") {
            let start = try date(period, "StartDate")
            let end = try date(period, "EndDate")
            if let start, start == end {
                lineDate = start
            } else if start != nil || end != nil {
                terms.append(StatedTerm(.linePeriod, .period(start: start, end: end)))
            }
        }
        for reference in aggregates(node, "OrderLineReference") {
            identifierTerm(.lineOrderReference, child(reference, "LineID"), into: &terms)
        }
        for reference in aggregates(node, "DocumentReference") {
            if let code = child(reference, "DocumentTypeCode"), code.element.trimmedText == "130" { _ = text(code) }
            identifierTerm(.lineObject, child(reference, "ID"), into: &terms)
        }
        let allowancesAndCharges = try aggregates(node, "AllowanceCharge").map { node throws(EInvoiceReadingError) in
            try allowanceCharge(node, documentLevel: false)
        }

        var item = LineItem(id: LineItem.generatedID(number: number))
        var vat: (code: String, rate: StatedNumber?) = ("", nil)
        if let itemNode = aggregate(node, "Item") {
            textTerm(.itemDescription, child(itemNode, "Description"), into: &terms)
            item.description = text(itemNode, "Name")
            identifierTerm(
                .itemBuyerIdentifier, aggregate(itemNode, "BuyersItemIdentification").flatMap { child($0, "ID") },
                into: &terms)
            item.itemId = aggregate(itemNode, "SellersItemIdentification").map { text($0, "ID") } ?? ""
            for standard in aggregates(itemNode, "StandardItemIdentification") {
                identifierTerm(.itemStandardIdentifier, child(standard, "ID"), into: &terms)
            }
            for classification in aggregates(itemNode, "CommodityClassification") {
                identifierTerm(
                    .itemClassification, child(classification, "ItemClassificationCode"), schemeAttribute: "listID",
                    into: &terms)
            }
            if let origin = aggregate(itemNode, "OriginCountry") {
                let code = text(origin, "IdentificationCode")
                if !code.isEmpty { terms.append(StatedTerm(.itemOriginCountry, .identifier(code, scheme: ""))) }
            }
            for property in aggregates(itemNode, "AdditionalItemProperty") {
                let name = text(property, "Name")
                let value = text(property, "Value")
                if !name.isEmpty || !value.isEmpty {
                    terms.append(StatedTerm(.itemAttribute, .text(value), name: name))
                }
            }
            vat = try taxCategory(aggregate(itemNode, "ClassifiedTaxCategory"))
        }

        let price = aggregate(node, "Price")
        guard let price, let netPrice = try self.number(price, "PriceAmount") else {
            throw error("the line has no price (cac:Price/cbc:PriceAmount, BT-146)", at: price ?? node)
        }
        let baseQuantityNode = child(price, "BaseQuantity")
        let baseQuantity = try self.number(baseQuantityNode)
        var grossPrice: StatedNumber?
        var priceDiscount: StatedNumber?
        if let priceAllowance = aggregate(price, "AllowanceCharge") {
            _ = text(priceAllowance, "ChargeIndicator")
            priceDiscount = try self.number(priceAllowance, "Amount")
            grossPrice = try self.number(priceAllowance, "BaseAmount")
        }

        item.quantity = quantity.value
        if let baseQuantity, baseQuantity.value != 0, baseQuantity.value != 1 {
            item.rate = netPrice.value / baseQuantity.value
        } else {
            item.rate = netPrice.value
        }
        if !unitCode.isEmpty {
            if let unit = UnitCode(code: unitCode) {
                item.unit = unit
            } else {
                fallbacks.append(.unknownUnitCode(unitCode))
            }
        }
        item.date = lineDate
        let lineAllowances = allowancesAndCharges.filter { !$0.isCharge }
        if lineAllowances.count == 1, allowancesAndCharges.count == 1 {
            item.discount = Self.discount(lineAllowances[0])
        }

        let stated = StatedLine(
            lineId: lineId, quantity: quantity, unitCode: unitCode, netPrice: netPrice, baseQuantity: baseQuantity,
            baseQuantityUnitCode: baseQuantityNode?.element.attribute("unitCode") ?? "", grossPrice: grossPrice,
            priceDiscount: priceDiscount, netAmount: netAmount, vatCategory: vat.code, vatRate: vat.rate,
            allowancesAndCharges: allowancesAndCharges, terms: terms)
        return (item, stated)
    }

    /// Each line's VAT category and rate into the model: the first line's are the invoice's
    /// (so that every line sharing them leaves its own nil), a line with others carries its
    /// own; a category the model has no case for is kept as written (in `StatedLine`).
    func shareLineVAT(_ invoice: inout Invoice, _ lines: [StatedLine]) {
        var outside = Set<String>()
        let stated = lines.map { line -> (category: VATCategory?, rate: Decimal) in
            let rate = line.vatRate?.value ?? 0
            guard !line.vatCategory.isEmpty else { return (nil, rate) }
            guard let category = VATCategory(rawValue: line.vatCategory) else {
                outside.insert(line.vatCategory)
                return (nil, rate)
            }
            return (category, rate)
        }
        for code in outside.sorted() { fallbacks.append(.vatCategoryAsWritten(code)) }
        guard let first = stated.first else { return }
        // nil stands for the category the rate implies, as in invoi's own invoices.
        let implied = { (vat: (category: VATCategory?, rate: Decimal)) in
            vat.category.flatMap { $0 == VATCategory.implied(byRate: vat.rate) ? nil : $0 }
        }
        invoice.vatRate = first.rate
        invoice.vatCategory = implied(first)
        let effective = { (vat: (category: VATCategory?, rate: Decimal)) in
            (vat.category ?? VATCategory.implied(byRate: vat.rate), vat.rate)
        }
        for (index, vat) in stated.enumerated() where effective(vat) != effective(first) {
            invoice.lineItems[index].vatRate = vat.rate
            // A line's nil category is the invoice's when it has one.
            invoice.lineItems[index].vatCategory =
                invoice.vatCategory == nil ? implied(vat) : (vat.category ?? VATCategory.implied(byRate: vat.rate))
        }
    }

    // MARK: What was not taken

    /// Every leaf with text that the reading did not take: a term named by its path (a line's
    /// under the line), and a fallback.
    func collectUnmapped(terms: inout [StatedTerm], lines: inout [StatedLine], lineNodes: [UBLNode]) {
        var lineIndex = [ObjectIdentifier: Int]()
        for (index, node) in lineNodes.enumerated() { lineIndex[ObjectIdentifier(node.element)] = index }
        // (element, path relative to the document or its line, the line it is in)
        var stack: [(XMLElement, String, Int?)] = []
        func push(children element: XMLElement, under path: String, line: Int?) {
            var counts = [String: Int]()
            for child in element.children { counts[child.namespace + " " + child.localName, default: 0] += 1 }
            var seen = [String: Int]()
            var pushed: [(XMLElement, String, Int?)] = []
            for child in element.children {
                let key = child.namespace + " " + child.localName
                seen[key, default: 0] += 1
                let step = child.qualifiedName + (counts[key]! > 1 ? "[\(seen[key]!)]" : "")
                if line == nil, let index = lineIndex[ObjectIdentifier(child)] {
                    pushed.append((child, "", index))
                } else {
                    pushed.append((child, path.isEmpty ? step : path + "/" + step, line))
                }
            }
            stack.append(contentsOf: pushed.reversed())
        }
        push(children: root.element, under: "", line: nil)
        while let (element, path, line) = stack.popLast() {
            guard element.children.isEmpty else {
                push(children: element, under: path, line: line)
                continue
            }
            guard !taken.contains(ObjectIdentifier(element)) else { continue }
            let value = element.trimmedText
            guard !value.isEmpty else { continue }
            let term = StatedTerm(.otherElement, .text(value), name: path)
            if let line {
                lines[line].terms.append(term)
                fallbacks.append(.unmappedElement(path: lineNodes[line].path + "/" + path))
            } else {
                terms.append(term)
                fallbacks.append(.unmappedElement(path: root.path + "/" + path))
            }
        }
    }
}

extension XMLElement {
    /// The trimmed text of the first child `name` in `namespace`; "" when absent.
    fileprivate func trimmedTextOfChild(_ name: String, _ namespace: String) -> String {
        child(name, in: namespace)?.trimmedText ?? ""
    }
}
