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
    /// The tax schemes of a party's tax identifier (BT-31, BT-48): EN 16931's VAT, and the GST
    /// PINT's Australian, New Zealand, Singapore and Malaysian variants write in its place.
    static let taxIdentifierSchemes: Set<String> = ["VAT", "GST"]
    static let cac = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
    static let cbc = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
    static let invoiceNamespace = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
    static let creditNoteNamespace = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"

    /// `root` (an `Invoice` or `CreditNote` element) read as an invoice.
    static func read(_ root: XMLElement, attachmentName: String?) throws(EInvoiceReadingError) -> Invoice {
        guard
            root.localName == "Invoice" && root.namespace == invoiceNamespace
                || root.localName == "CreditNote" && root.namespace == creditNoteNamespace
        else {
            throw EInvoiceReadingError(
                message: "not a UBL Invoice or CreditNote: the root element is \(root.qualifiedName)",
                path: "/" + root.qualifiedName, line: root.line, column: root.column)
        }
        return try UBLReading(root: root, attachmentName: attachmentName).invoice()
    }
}

/// One reading: the elements taken so far, and what has been read.
final class UBLReading {
    let root: Located
    let isCreditNoteRoot: Bool
    let attachmentName: String?
    private var taken = Set<ObjectIdentifier>()
    var log = ReadingLog()
    /// The document currency's code, for amounts.
    var currencyCode = ""
    /// The rows of the VAT breakdown that state no taxable amount.
    var rowsWithoutTaxable: [Int] = []
    /// The seller's country code as written (BT-40), for the document's language.
    var sellerCountryCode = ""

    init(root: XMLElement, attachmentName: String?) {
        self.root = Located(root: root)
        self.isCreditNoteRoot = root.localName == "CreditNote"
        self.attachmentName = attachmentName
    }

    // MARK: Navigation

    /// The first child `name` (a `cbc` element, or `cac` with `aggregate`).
    func child(_ node: Located, _ name: String, aggregate: Bool = false) -> Located? {
        children(node, name, aggregate: aggregate).first
    }

    func children(_ node: Located, _ name: String, aggregate: Bool = false) -> [Located] {
        node.children(name, in: aggregate ? UBLReader.cac : UBLReader.cbc)
    }

    func aggregate(_ node: Located, _ name: String) -> Located? { child(node, name, aggregate: true) }
    func aggregates(_ node: Located, _ name: String) -> [Located] { children(node, name, aggregate: true) }

    /// The trimmed text of `node`, marked as taken; "" when absent.
    func text(_ node: Located?) -> String {
        guard let node else { return "" }
        taken.insert(ObjectIdentifier(node.element))
        return node.element.trimmedText
    }

    /// The text of the `cbc` child `name`.
    func text(_ node: Located?, _ name: String) -> String {
        guard let node else { return "" }
        return text(child(node, name))
    }

    func error(_ message: String, at node: Located) -> EInvoiceReadingError { node.error(message) }

    /// The number in `node`, as written; nil when absent or empty.
    func number(_ node: Located?) throws(EInvoiceReadingError) -> StatedNumber? {
        guard let node, !text(node).isEmpty else { return nil }
        return try node.number()
    }

    func number(_ node: Located?, _ name: String) throws(EInvoiceReadingError) -> StatedNumber? {
        guard let node else { return nil }
        return try number(child(node, name))
    }

    /// An xs:date; a time-zone suffix is dropped (with a fallback), anything else is an error.
    func date(_ node: Located?) throws(EInvoiceReadingError) -> CalendarDate? {
        guard let node else { return nil }
        let written = text(node)
        guard !written.isEmpty else { return nil }
        if let date = CalendarDate(iso: written) { return date }
        let day = String(written.prefix(10))
        let zone = written.dropFirst(10)
        if let date = CalendarDate(iso: day), Self.isTimeZone(zone) {
            log.add(.dateAsWritten(path: node.path, text: written))
            return date
        }
        throw error("“\(written)” is not a date (YYYY-MM-DD)", at: node)
    }

    func date(_ node: Located?, _ name: String) throws(EInvoiceReadingError) -> CalendarDate? {
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
    func identifier(_ node: Located?, schemeAttribute: String = "schemeID") -> StatedTerm.Value? {
        guard let node else { return nil }
        let value = text(node)
        guard !value.isEmpty else { return nil }
        return .identifier(value, scheme: node.element.attribute(schemeAttribute) ?? "")
    }

    /// A term for the text of `node` when it has any.
    func textTerm(_ term: BusinessTerm, _ node: Located?, into terms: inout [StatedTerm]) {
        let value = text(node)
        if !value.isEmpty { terms.append(StatedTerm(term, .text(value))) }
    }

    func identifierTerm(
        _ term: BusinessTerm, _ node: Located?, schemeAttribute: String = "schemeID", into terms: inout [StatedTerm]
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
        let digits = payableNode.flatMap { StatedNumber(xml: $0.element.trimmedText)?.fractionDigits } ?? 2
        let currency = ReadingSupport.currency(code: code, fractionDigits: digits, log: &log)

        var invoice = Invoice(issueDate: issueDate, currency: currency, lineItems: [])
        invoice.invoiceNumber = invoiceNumber
        invoice.documentType =
            isCreditNoteRoot ? .creditNote : ReadingSupport.documentType(typeCode: typeCode)

        // Notes (BT-22), each with its subject code (BT-21) when it has one.
        var notes: [String] = []
        var noteTexts: [String] = []
        for note in children(root, "Note") {
            let written = text(note)
            guard !written.isEmpty else { continue }
            noteTexts.append(written)
            if let (subject, body) = Self.subjectAndNote(written) {
                terms.append(StatedTerm(.noteSubject, .text(body), name: subject))
            } else {
                notes.append(written)
            }
        }
        invoice.notes = ReadingSupport.notes(notes)

        if let taxPoint = try date(root, "TaxPointDate") { terms.append(StatedTerm(.taxPointDate, .date(taxPoint))) }
        let taxCurrency = text(root, "TaxCurrencyCode")
        identifierTerm(.buyerAccountingReference, child(root, "AccountingCost"), into: &terms)
        invoice.buyerReference = text(root, "BuyerReference")

        // BG-14 the invoicing period, BT-72 the delivery date: the model's delivery.
        let periodNode = aggregate(root, "InvoicePeriod")
        var period: (start: CalendarDate?, end: CalendarDate?)?
        if let periodNode {
            period = (try date(periodNode, "StartDate"), try date(periodNode, "EndDate"))
            identifierTerm(.taxPointDateCode, child(periodNode, "DescriptionCode"), into: &terms)
        }
        let deliveryNode = aggregate(root, "Delivery")
        let actualDeliveryNode = deliveryNode.flatMap { child($0, "ActualDeliveryDate") }
        let actualDelivery = try date(actualDeliveryNode)
        if let period, let start = period.start, let end = period.end {
            invoice.delivery = .period(start: start, end: end)
            if let actualDelivery, let actualDeliveryNode {
                // The model holds one of the two; the delivery date is kept as written.
                terms.append(StatedTerm(.otherElement, .date(actualDelivery), name: "Delivery/ActualDeliveryDate"))
                log.add(.unmappedElement(path: actualDeliveryNode.path))
            }
        } else {
            if let actualDelivery { invoice.delivery = .date(actualDelivery) }
            if let period, let periodNode, period.start != nil || period.end != nil {
                // Half a period: the model's delivery needs both ends.
                terms.append(
                    StatedTerm(.otherElement, .period(start: period.start, end: period.end), name: "InvoicePeriod"))
                log.add(.unmappedElement(path: periodNode.path))
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
        do {
            invoice.discount = ReadingSupport.discount(allowancesAndCharges)
        }

        var (vat, breakdown, accountingVAT) = try taxTotals(taxCurrency: taxCurrency)
        if let accountingVAT {
            terms.append(
                StatedTerm(.vatInAccountingCurrency, .amount(accountingVAT.amount, currency: accountingVAT.currency)))
        }
        invoice.vatExemptionReason = ReadingSupport.exemptionReason(breakdown)

        // The lines, each followed by its sub-lines (XRechnung's extension), depth first.
        var lineNodes: [(node: Located, parent: String)] = []
        func flatten(_ nodes: [Located], parent: String) {
            for node in nodes {
                lineNodes.append((node, parent))
                let id = node.element.child("ID", in: UBLReader.cbc)?.trimmedText ?? ""
                flatten(aggregates(node, isCreditNoteRoot ? "SubCreditNoteLine" : "SubInvoiceLine"), parent: id)
            }
        }
        flatten(aggregates(root, isCreditNoteRoot ? "CreditNoteLine" : "InvoiceLine"), parent: "")
        var readLines: [ReadLine] = []
        readLines.reserveCapacity(lineNodes.count)
        for (index, line) in lineNodes.enumerated() {
            readLines.append(try self.line(line.node, number: index + 1, parent: line.parent))
        }
        ReadingSupport.settleLines(readLines, breakdown: breakdown, into: &invoice, log: &log)
        let statedLines = readLines.map(\.stated)
        for row in rowsWithoutTaxable {
            let lines = statedLines.filter { $0.vatCategory == breakdown[row].category }
            breakdown[row].taxableAmount = StatedNumber(
                value: lines.reduce(Decimal(0)) { $0 + $1.netAmount.value },
                fractionDigits: lines.map(\.netAmount.fractionDigits).max() ?? currencyDigits)
            log.add(.missingTotal(term: "BT-116"))
        }

        var totals = try self.totals(vat: vat, allowancesAndCharges: allowancesAndCharges, lines: statedLines)
        totals.vatInAccountingCurrency = accountingVAT.map { ($0.amount, $0.currency) }
        if let prepaid = totals.prepaid { invoice.amountPaid = prepaid.value }

        // UBL states no language: the notes' and payment terms' words, else the seller's country.
        invoice.language = DocumentLanguage.resolve(
            stated: "", texts: noteTexts + [invoice.paymentTerms], sellerCountry: sellerCountryCode, log: &log)

        // Whatever the reading did not take is kept, by its path.
        var lines = statedLines
        collectUnmapped(terms: &terms, lines: &lines, lineNodes: lineNodes.map(\.node))

        invoice.received = ReceivedInvoice(
            source: ReceivedInvoice.Source(
                syntax: isCreditNoteRoot ? .ublCreditNote : .ublInvoice, attachmentName: attachmentName,
                specification: specification),
            typeCode: typeCode, totals: totals, vatBreakdown: breakdown, allowancesAndCharges: allowancesAndCharges,
            lines: lines, terms: terms, attachments: attachments, fallbacks: log.fallbacks)
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
        /// Not an EN 16931 term, but the model's (the Swiss QR-bill's structured address).
        var buildingNumber = ""

        /// The whole address as lines, for a term.
        var lines: String {
            let streetLine = [street, buildingNumber].filter { !$0.isEmpty }.joined(separator: " ")
            return [
                streetLine, [postalCode, city].filter { !$0.isEmpty }.joined(separator: " "), subdivision, countryCode,
            ]
            .filter { !$0.isEmpty }.joined(separator: "\n")
        }
    }

    func address(_ node: Located) -> Address {
        var street = [text(node, "StreetName"), text(node, "AdditionalStreetName")]
        street += aggregates(node, "AddressLine").map { text($0, "Line") }
        return Address(
            street: ReadingSupport.street(street), city: text(node, "CityName"),
            postalCode: text(node, "PostalZone"), subdivision: text(node, "CountrySubentity"),
            countryCode: aggregate(node, "Country").map { text($0, "IdentificationCode") } ?? "",
            buildingNumber: text(node, "BuildingNumber"))
    }

    func country(_ code: String) -> CountryCode? { ReadingSupport.country(code: code, log: &log) }

    /// The electronic address (BT-34, BT-49), or a term when its scheme is not on the EAS list.
    func electronicAddress(_ party: Located, term: BusinessTerm, terms: inout [StatedTerm]) -> ElectronicAddress? {
        guard let node = child(party, "EndpointID") else { return nil }
        let value = text(node)
        let scheme = node.element.attribute("schemeID") ?? ""
        guard !value.isEmpty else { return nil }
        if let address = ElectronicAddress(scheme: scheme, identifier: value) { return address }
        terms.append(StatedTerm(term, .identifier(value, scheme: scheme)))
        return nil
    }

    /// Party identifiers (BT-29, BT-46, BT-60); SEPA's is the creditor identifier (BT-90).
    func partyIdentifiers(_ party: Located, term: BusinessTerm, terms: inout [StatedTerm]) {
        for identification in aggregates(party, "PartyIdentification") {
            guard let node = child(identification, "ID") else { continue }
            let isSEPA = node.element.attribute("schemeID") == "SEPA"
            identifierTerm(isSEPA ? .creditorIdentifier : term, node, into: &terms)
        }
    }

    /// The party's name: its legal name (BT-27), else its trading name; the trading name is a
    /// term of its own beside a legal name.
    func partyName(_ party: Located, tradingName: BusinessTerm, terms: inout [StatedTerm]) -> String {
        let legal = aggregate(party, "PartyLegalEntity").map { text($0, "RegistrationName") } ?? ""
        let trading = aggregate(party, "PartyName").map { text($0, "Name") } ?? ""
        if legal.isEmpty { return trading }
        if !trading.isEmpty && trading != legal { terms.append(StatedTerm(tradingName, .text(trading))) }
        return legal
    }

    func seller(_ party: Located, into invoice: inout Invoice, terms: inout [StatedTerm]) {
        invoice.fromElectronicAddress = electronicAddress(party, term: .sellerElectronicAddress, terms: &terms)
        partyIdentifiers(party, term: .sellerIdentifier, terms: &terms)
        invoice.fromName = partyName(party, tradingName: .sellerTradingName, terms: &terms)
        if let node = aggregate(party, "PostalAddress") {
            let address = self.address(node)
            invoice.fromStreet = address.street
            invoice.fromBuildingNumber = address.buildingNumber
            invoice.fromCity = address.city
            invoice.fromPostalCode = address.postalCode
            invoice.fromCountry = country(address.countryCode)
            sellerCountryCode = address.countryCode
            if !address.subdivision.isEmpty {
                terms.append(StatedTerm(.sellerCountrySubdivision, .text(address.subdivision)))
            }
        }
        for scheme in aggregates(party, "PartyTaxScheme") {
            let id = text(scheme, "CompanyID")
            let kind = aggregate(scheme, "TaxScheme").map { text($0, "ID") } ?? ""
            guard !id.isEmpty else { continue }
            if UBLReader.taxIdentifierSchemes.contains(kind) && invoice.fromTaxId.isEmpty {
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

    func buyer(_ party: Located, into invoice: inout Invoice, terms: inout [StatedTerm]) {
        invoice.toElectronicAddress = electronicAddress(party, term: .buyerElectronicAddress, terms: &terms)
        partyIdentifiers(party, term: .buyerIdentifier, terms: &terms)
        invoice.toName = partyName(party, tradingName: .buyerTradingName, terms: &terms)
        if let node = aggregate(party, "PostalAddress") {
            let address = self.address(node)
            invoice.toStreet = address.street
            invoice.toBuildingNumber = address.buildingNumber
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
                UBLReader.taxIdentifierSchemes.contains(taxScheme.element.trimmedTextOfChild("ID", UBLReader.cbc)),
                invoice.toTaxId.isEmpty
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

    func payee(_ party: Located, terms: inout [StatedTerm]) {
        textTerm(.payeeName, aggregate(party, "PartyName").flatMap { child($0, "Name") }, into: &terms)
        partyIdentifiers(party, term: .payeeIdentifier, terms: &terms)
        if let legal = aggregate(party, "PartyLegalEntity") {
            identifierTerm(.payeeLegalRegistration, child(legal, "CompanyID"), into: &terms)
        }
    }

    func taxRepresentative(_ party: Located, terms: inout [StatedTerm]) {
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

    func delivery(_ delivery: Located, terms: inout [StatedTerm]) {
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
    func taxCategory(_ node: Located?) throws(EInvoiceReadingError) -> (code: String, rate: StatedNumber?) {
        guard let node else { return ("", nil) }
        // The scheme's id (VAT, GST) is the category's; anything else in it is kept.
        _ = text(aggregate(node, "TaxScheme"), "ID")
        return (text(node, "ID"), try number(node, "Percent"))
    }

    func allowanceCharge(_ node: Located, documentLevel: Bool) throws(EInvoiceReadingError) -> StatedAllowanceCharge {
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

    /// BT-110 with its breakdown (BG-23), and BT-111 in the VAT accounting currency (BT-6): the
    /// tax total in that currency, or, when it is the document's, the one without a breakdown.
    func taxTotals(
        taxCurrency: String
    ) throws(EInvoiceReadingError) -> (
        vat: StatedNumber?, breakdown: [StatedVAT], accounting: (amount: StatedNumber, currency: String)?
    ) {
        let totals = aggregates(root, "TaxTotal")
        let currencyOf = { (node: Located) in
            self.child(node, "TaxAmount")?.element.attribute("currencyID") ?? self.currencyCode
        }
        var main: Located?
        var accounting: Located?
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
                // UBL lets a row leave out its taxable amount; it is worked out from the lines.
                let taxable = try number(subtotal, "TaxableAmount")
                if taxable == nil { rowsWithoutTaxable.append(breakdown.count) }
                guard let amount = try number(subtotal, "TaxAmount") else {
                    throw error("a VAT breakdown row without its VAT amount (BT-117)", at: subtotal)
                }
                breakdown.append(
                    StatedVAT(
                        category: code, rate: rate,
                        taxableAmount: taxable ?? StatedNumber(value: 0, fractionDigits: currencyDigits), vat: amount,
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
            log.add(.missingTotal(term: term))
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
                    guard let data = ReadingSupport.base64(encoded) else {
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

    // MARK: Lines (BG-25)

    func line(_ node: Located, number: Int, parent: String) throws(EInvoiceReadingError) -> ReadLine {
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
                // EN 16931 binds ItemClassificationCode; some profiles write UBL's CommodityCode.
                for name in ["ItemClassificationCode", "CommodityCode"] {
                    identifierTerm(
                        .itemClassification, child(classification, name), schemeAttribute: "listID", into: &terms)
                }
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
        item.rate = ReadingSupport.rate(netPrice: netPrice, baseQuantity: baseQuantity)
        item.unit = ReadingSupport.unit(code: unitCode, log: &log)
        item.date = lineDate
        item.discount = ReadingSupport.discount(allowancesAndCharges)

        let stated = StatedLine(
            lineId: lineId, quantity: quantity, unitCode: unitCode, netPrice: netPrice, baseQuantity: baseQuantity,
            baseQuantityUnitCode: baseQuantityNode?.element.attribute("unitCode") ?? "", grossPrice: grossPrice,
            priceDiscount: priceDiscount, netAmount: netAmount, vatCategory: vat.code, vatRate: vat.rate,
            allowancesAndCharges: allowancesAndCharges, terms: terms, parentLineId: parent)
        return ReadLine(
            item: item, stated: stated, vatRate: vat.rate?.value,
            vatCategory: ReadingSupport.vatCategory(code: vat.code, log: &log))
    }

    // MARK: What was not taken

    /// Every leaf with text that the reading did not take: a term named by its readable path
    /// (a line's under the line, relative to it), and a fallback with its full path. The walk
    /// keeps only its ancestors; a path is built for an element kept, not for every element.
    func collectUnmapped(terms: inout [StatedTerm], lines: inout [StatedLine], lineNodes: [Located]) {
        var lineIndex = [ObjectIdentifier: Int]()
        for (index, node) in lineNodes.enumerated() { lineIndex[ObjectIdentifier(node.element)] = index }
        var ancestors: [(element: XMLElement, next: Int)] = [(root.element, 0)]
        while let (element, next) = ancestors.last {
            guard next < element.children.count else {
                ancestors.removeLast()
                continue
            }
            ancestors[ancestors.count - 1].next += 1
            let child = element.children[next]
            if ReadingSupport.isTechnical(child) {
                log.add(.unmappedElement(path: Self.path(of: ancestors.map(\.element) + [child])))
                continue
            }
            guard child.children.isEmpty else {
                ancestors.append((child, 0))
                continue
            }
            guard !taken.contains(ObjectIdentifier(child)) else { continue }
            let value = child.trimmedText
            guard !value.isEmpty else { continue }
            let chain = ancestors.map(\.element) + [child]
            // Named from the innermost line (or sub-line) it is in, else from the document.
            let lineDepth = chain.lastIndex { lineIndex[ObjectIdentifier($0)] != nil }
            let start = (lineDepth ?? 0) + 1
            let term = StatedTerm(
                .otherElement, .text(value), name: chain[start...].map(\.localName).joined(separator: "/"))
            if let lineDepth, let line = lineIndex[ObjectIdentifier(chain[lineDepth])] {
                lines[line].terms.append(term)
            } else {
                terms.append(term)
            }
            log.add(.unmappedElement(path: Self.path(of: chain)))
        }
    }

    /// The path of the last of `chain` (each element the parent of the next, the root first), an
    /// index on each step that has same-named siblings.
    static func path(of chain: [XMLElement]) -> String {
        var path = "/" + chain[0].qualifiedName
        for (parent, element) in zip(chain, chain.dropFirst()) {
            let siblings = parent.children.filter {
                $0.localName == element.localName && $0.namespace == element.namespace
            }
            path += "/" + element.qualifiedName
            if siblings.count > 1, let index = siblings.firstIndex(where: { $0 === element }) {
                path += "[\(index + 1)]"
            }
        }
        return path
    }
}

extension XMLElement {
    /// The trimmed text of the first child `name` in `namespace`; "" when absent.
    fileprivate func trimmedTextOfChild(_ name: String, _ namespace: String) -> String {
        child(name, in: namespace)?.trimmedText ?? ""
    }
}
