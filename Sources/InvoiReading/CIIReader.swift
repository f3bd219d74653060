import Foundation
import InvoiModel
import InvoiXML

/// Reads UN/CEFACT Cross Industry Invoice D16B (Factur-X / ZUGFeRD 2 MINIMUM … EXTENDED,
/// XRechnung CII) and ZUGFeRD 1.0's CrossIndustryDocument into an `Invoice` whose `received`
/// holds what the file states as it states it.
///
/// What maps onto `Invoice` goes there; every other EN 16931 business term becomes a
/// `StatedTerm`; every element left over that carries text (an EXTENDED profile's, say) becomes
/// an `otherElement` term named by its path, with an `unmappedElement` fallback, so that nothing
/// the file states is dropped. Absent totals are worked out from the others (or the lines) and
/// logged as `missingTotal`; an absent invoice number, issue date, currency or seller name is an
/// error.
struct CIIReader {
    /// The two generations' namespaces and element names.
    struct Dialect {
        let syntax: ReceivedSyntax
        let rsm: String
        let ram: String
        let context: String
        let document: String
        let transaction: String
        let agreement: String
        let delivery: String
        let settlement: String
        let summation: String
        let lineAgreement: String
        let lineDelivery: String
        let lineSettlement: String
        let lineSummation: String

        static let d16b = Dialect(
            syntax: .cii, rsm: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
            ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
            context: "ExchangedDocumentContext", document: "ExchangedDocument",
            transaction: "SupplyChainTradeTransaction", agreement: "ApplicableHeaderTradeAgreement",
            delivery: "ApplicableHeaderTradeDelivery", settlement: "ApplicableHeaderTradeSettlement",
            summation: "SpecifiedTradeSettlementHeaderMonetarySummation", lineAgreement: "SpecifiedLineTradeAgreement",
            lineDelivery: "SpecifiedLineTradeDelivery", lineSettlement: "SpecifiedLineTradeSettlement",
            lineSummation: "SpecifiedTradeSettlementLineMonetarySummation")

        static let zugferd1 = Dialect(
            syntax: .zugferd1, rsm: "urn:ferd:CrossIndustryDocument:invoice:1p0",
            ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12",
            context: "SpecifiedExchangedDocumentContext", document: "HeaderExchangedDocument",
            transaction: "SpecifiedSupplyChainTradeTransaction", agreement: "ApplicableSupplyChainTradeAgreement",
            delivery: "ApplicableSupplyChainTradeDelivery", settlement: "ApplicableSupplyChainTradeSettlement",
            summation: "SpecifiedTradeSettlementMonetarySummation", lineAgreement: "SpecifiedSupplyChainTradeAgreement",
            lineDelivery: "SpecifiedSupplyChainTradeDelivery", lineSettlement: "SpecifiedSupplyChainTradeSettlement",
            lineSummation: "SpecifiedTradeSettlementMonetarySummation")

        /// ZUGFeRD 1.0's drafts (Mustang's 2014 samples): the root `Invoice` in `CBFBUY:5`, the
        /// rest ZUGFeRD 1.0's elements in no namespace.
        static let zugferd1Draft = Dialect(
            syntax: .zugferd1, rsm: "urn:un:unece:uncefact:data:standard:CBFBUY:5", ram: "",
            context: zugferd1.context, document: zugferd1.document, transaction: zugferd1.transaction,
            agreement: zugferd1.agreement, delivery: zugferd1.delivery, settlement: zugferd1.settlement,
            summation: zugferd1.summation, lineAgreement: zugferd1.lineAgreement, lineDelivery: zugferd1.lineDelivery,
            lineSettlement: zugferd1.lineSettlement, lineSummation: zugferd1.lineSummation)
    }

    let dialect: Dialect

    /// The root's local name and namespace decide: nil when the root is neither generation's.
    init?(root: XMLElement) {
        if root.localName == "CrossIndustryInvoice", root.namespace == Dialect.d16b.rsm {
            dialect = .d16b
        } else if root.localName == "CrossIndustryDocument", root.namespace == Dialect.zugferd1.rsm {
            dialect = .zugferd1
        } else if root.localName == "Invoice", root.namespace == Dialect.zugferd1Draft.rsm {
            dialect = .zugferd1Draft
        } else {
            return nil
        }
    }

    func read(root: XMLElement, attachmentName: String?) throws(EInvoiceReadingError) -> Invoice {
        var reading = CIIReading(dialect: dialect)
        if dialect.rsm == Dialect.zugferd1Draft.rsm { reading.log.add(.readAsZUGFeRD1(namespace: dialect.rsm)) }
        return try reading.read(Located(root: root), attachmentName: attachmentName)
    }
}

/// One reading's state: the elements taken so far (what is left over is reported), the log and
/// the terms.
private struct CIIReading {
    let dialect: CIIReader.Dialect
    var ram: String { dialect.ram }
    var taken = Set<ObjectIdentifier>()
    var log = ReadingLog()
    var terms: [StatedTerm] = []

    init(dialect: CIIReader.Dialect) { self.dialect = dialect }

    // MARK: Taking elements

    /// The child's text, marking it taken; "" when absent.
    mutating func text(_ parent: Located?, _ name: String) -> String {
        guard let child = parent?.child(name, in: ram) else { return "" }
        return take(child)
    }

    /// `element`'s text, marking it taken.
    mutating func take(_ element: Located) -> String {
        taken.insert(ObjectIdentifier(element.element))
        return element.text
    }

    mutating func number(_ parent: Located?, _ name: String) throws(EInvoiceReadingError) -> StatedNumber? {
        guard let child = parent?.child(name, in: ram) else { return nil }
        return try number(child)
    }

    mutating func number(_ element: Located) throws(EInvoiceReadingError) -> StatedNumber {
        taken.insert(ObjectIdentifier(element.element))
        return try element.number()
    }

    /// The rate of a tax element: D16B's `RateApplicablePercent`, ZUGFeRD 1.0's `ApplicablePercent`.
    mutating func rate(_ tax: Located) throws(EInvoiceReadingError) -> StatedNumber? {
        if let rate = try number(tax, "RateApplicablePercent") { return rate }
        return try number(tax, "ApplicablePercent")
    }

    /// A referenced document's identifier: `IssuerAssignedID`, ZUGFeRD 1.0's `ID`.
    mutating func referenceID(_ document: Located?) -> String {
        let issuer = text(document, "IssuerAssignedID")
        return issuer.isEmpty ? text(document, "ID") : issuer
    }

    /// A date as CII writes it: a `DateTimeString` (or `DateString`) child with format 102
    /// (`YYYYMMDD`). Another format (610 a month, 616 a week) is kept as written, logged;
    /// an impossible date is an error.
    enum DateValue {
        case date(CalendarDate)
        case asWritten(String)

        var date: CalendarDate? {
            if case .date(let date) = self { return date }
            return nil
        }

        var term: StatedTerm.Value {
            switch self {
            case .date(let date): .date(date)
            case .asWritten(let text): .text(text)
            }
        }
    }

    mutating func date(_ parent: Located?, _ name: String) throws(EInvoiceReadingError) -> DateValue? {
        guard let element = parent?.child(name, in: ram) else { return nil }
        return try date(element)
    }

    mutating func date(_ element: Located) throws(EInvoiceReadingError) -> DateValue? {
        taken.insert(ObjectIdentifier(element.element))
        guard
            let string = element.allChildren.first(where: {
                $0.element.localName == "DateTimeString" || $0.element.localName == "DateString"
            })
        else {
            // A bare date (some EXTENDED elements) is read the same way.
            guard !element.text.isEmpty else { return nil }
            return try dateText(element.text, format: element.attribute("format"), at: element)
        }
        taken.insert(ObjectIdentifier(string.element))
        return try dateText(string.text, format: string.attribute("format"), at: string)
    }

    private mutating func dateText(
        _ text: String, format: String, at element: Located
    ) throws(EInvoiceReadingError) -> DateValue {
        let digits = Array(text.utf8)
        if format == "102" || format.isEmpty, digits.count == 8, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            let value = { (range: Range<Int>) in digits[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
            guard let date = CalendarDate(year: value(0..<4), month: value(4..<6), day: value(6..<8)) else {
                if lenientDates {
                    // An impossible day in a period (Intarsys's "20139102"): shown as written.
                    log.add(.dateAsWritten(path: element.path, text: text))
                    return .asWritten(text)
                }
                throw element.error("not a date: \"\(text)\"")
            }
            return .date(date)
        }
        if format == "102" || format.isEmpty {
            // Written as YYYY-MM-DD against the format, or as a date-time: the date part taken,
            // and logged.
            let day =
                text.count > 10 && (text.dropFirst(10).first == "T" || text.dropFirst(10).first == " ")
                ? String(text.prefix(10)) : text
            if let date = CalendarDate(iso: day) {
                log.add(.dateAsWritten(path: element.path, text: text))
                return .date(date)
            }
            if lenientDates {
                log.add(.dateAsWritten(path: element.path, text: text))
                return .asWritten(text)
            }
            throw element.error("not a date in format 102 (YYYYMMDD): \"\(text)\"")
        }
        log.add(.dateAsWritten(path: element.path, text: text))
        return .asWritten(text)
    }

    /// Whether a date that is not one is kept as written (in periods, which the model need not
    /// hold) rather than refused (the issue date, a due date).
    var lenientDates = false

    /// The start and end of a period (BG-14, BG-26), each kept as written when it is no date.
    mutating func period(_ period: Located) throws(EInvoiceReadingError) -> (start: DateValue?, end: DateValue?) {
        lenientDates = true
        defer { lenientDates = false }
        return (try date(period, "StartDateTime"), try date(period, "EndDateTime"))
    }

    // MARK: The document

    mutating func read(_ root: Located, attachmentName: String?) throws(EInvoiceReadingError) -> Invoice {
        let context = root.child(dialect.context, in: dialect.rsm)
        let document = root.child(dialect.document, in: dialect.rsm)
        guard let transaction = root.child(dialect.transaction, in: dialect.rsm) else {
            throw root.error("no \(dialect.transaction)")
        }
        let agreement = transaction.child(dialect.agreement, in: ram)
        let delivery = transaction.child(dialect.delivery, in: ram)
        let settlement = transaction.child(dialect.settlement, in: ram)

        // BT-23, BT-24.
        let process = text(context?.child("BusinessProcessSpecifiedDocumentContextParameter", in: ram), "ID")
        terms.append(.businessProcess, identifier: process)
        let specification = text(context?.child("GuidelineSpecifiedDocumentContextParameter", in: ram), "ID")
        terms.append(.specification, identifier: specification)

        // BT-1, BT-2, BT-3, BT-22 and BT-21.
        guard let document else { throw root.error("no \(dialect.document) (the invoice number and date)") }
        let number = text(document, "ID")
        guard !number.isEmpty else { throw document.error("no invoice number (ID, BT-1)") }
        let typeCode = text(document, "TypeCode")
        guard let issueDate = try date(document, "IssueDateTime")?.date else {
            throw document.error("no issue date in format 102 (IssueDateTime, BT-2)")
        }
        let statedLanguage = text(document, "LanguageID")
        var plainNotes: [String] = []
        var allNotes: [String] = []
        for note in document.children("IncludedNote", in: ram) {
            let content = note.children("Content", in: ram).map { take($0) }.filter { !$0.isEmpty }.joined(
                separator: "\n")
            let subject = text(note, "SubjectCode")
            allNotes.append(content)
            if subject.isEmpty {
                plainNotes.append(content)
            } else if !content.isEmpty {
                terms.append(StatedTerm(.noteSubject, .text(content), name: subject))
            }
        }

        var invoice = Invoice(issueDate: issueDate)
        invoice.invoiceNumber = number
        invoice.documentType = ReadingSupport.documentType(typeCode: typeCode)
        invoice.notes = ReadingSupport.notes(plainNotes)

        try readAgreement(agreement, into: &invoice)
        guard !invoice.fromName.isEmpty else {
            throw (agreement?.child("SellerTradeParty", in: ram) ?? agreement ?? transaction).error(
                "no seller name (SellerTradeParty/Name, BT-27)")
        }
        try readDelivery(delivery, into: &invoice)

        guard let settlement else { throw transaction.error("no \(dialect.settlement) (currency and totals)") }
        let currencyCode = try currency(settlement, root: root)
        self.currencyCode = currencyCode
        let taxCurrency = text(settlement, "TaxCurrencyCode")
        let attachments = try readAttachments(agreement)
        let breakdown = try readBreakdown(settlement)
        let allowances = try readAllowancesAndCharges(settlement)
        try readPayment(settlement, into: &invoice)

        // ZUGFeRD 1.0's free-text lines are notes; a single line without a net amount has the
        // sum of line amounts less the others'.
        let allItems = transaction.children("IncludedSupplyChainTradeLineItem", in: ram)
        let items = allItems.filter { !isTextLine($0) }
        for item in allItems where isTextLine(item) {
            log.add(.textLineAsNote)
            for note in item.descendant(["AssociatedDocumentLineDocument"], in: ram)?.children("IncludedNote", in: ram)
                ?? []
            {
                plainNotes.append(note.children("Content", in: ram).map { take($0) }.joined(separator: "\n"))
            }
        }
        invoice.notes = ReadingSupport.notes(plainNotes)
        let missingAmount = try self.missingAmount(items, settlement: settlement)
        var lines: [ReadLine] = []
        for (index, item) in items.enumerated() {
            lines.append(try readLine(item, number: index + 1, missingAmount: missingAmount))
        }
        let totals = try readTotals(
            settlement, currency: currencyCode, taxCurrency: taxCurrency, lines: lines, allowances: allowances)
        invoice.currency = ReadingSupport.currency(
            code: currencyCode, fractionDigits: max(totals.taxInclusive.fractionDigits, totals.payable.fractionDigits),
            log: &log)
        invoice.amountPaid = totals.prepaid?.value
        invoice.discount = ReadingSupport.discount(allowances)
        invoice.vatExemptionReason = ReadingSupport.exemptionReason(breakdown)
        ReadingSupport.settleLines(lines, breakdown: breakdown, into: &invoice, log: &log)

        // What is left over, each line's under the line, the rest under the document.
        var statedLines = lines.map(\.stated)
        for (index, item) in items.enumerated() {
            statedLines[index].terms += leftovers(item)
            taken.insert(ObjectIdentifier(item.element))
        }
        terms += leftovers(root)

        invoice.language = DocumentLanguage.resolve(
            stated: statedLanguage, texts: allNotes + [invoice.paymentTerms], sellerCountry: sellerCountryCode,
            log: &log)
        invoice.received = ReceivedInvoice(
            source: .init(syntax: dialect.syntax, attachmentName: attachmentName, specification: specification),
            typeCode: typeCode, totals: totals, vatBreakdown: breakdown, allowancesAndCharges: allowances,
            lines: statedLines, terms: terms, attachments: attachments, fallbacks: log.fallbacks)
        return invoice
    }

    /// The seller's country code as written, for the language.
    var sellerCountryCode = ""

    /// The invoice currency (BT-5): as written, else the one every amount's `currencyID` names
    /// (ZUGFeRD 1.0 samples leave `InvoiceCurrencyCode` empty), else, when no amount names one,
    /// the euro for a seller in the euro area; each logged. None at all is an error.
    mutating func currency(_ settlement: Located, root: Located) throws(EInvoiceReadingError) -> String {
        let written = text(settlement, "InvoiceCurrencyCode")
        if !written.isEmpty { return written }
        var named = Set<String>()
        func collect(_ element: XMLElement) {
            if let id = element.attribute("currencyID")?.trimmingCharacters(in: .whitespaces), !id.isEmpty {
                named.insert(id)
            }
            for child in element.children { collect(child) }
        }
        collect(root.element)
        if named.count == 1, let only = named.first {
            log.add(.currencyFromAmounts(only))
            return only
        }
        if named.isEmpty, ReadingSupport.euroCountries.contains(sellerCountryCode) {
            log.add(.currencyFromSellerCountry(currency: "EUR", country: sellerCountryCode))
            return "EUR"
        }
        throw (settlement.child("InvoiceCurrencyCode", in: ram) ?? settlement).error(
            named.isEmpty
                ? "no currency (InvoiceCurrencyCode, BT-5), nor any on the amounts"
                : "no currency (InvoiceCurrencyCode, BT-5), and the amounts name several: "
                    + named.sorted().joined(separator: ", "))
    }

    /// Whether `item` is a ZUGFeRD 1.0 free-text line: a note and nothing else (no product,
    /// quantity, price or amount).
    func isTextLine(_ item: Located) -> Bool {
        item.child("SpecifiedTradeProduct", in: ram) == nil
            && item.child(dialect.lineAgreement, in: ram) == nil
            && item.child(dialect.lineDelivery, in: ram)?.child("BilledQuantity", in: ram) == nil
            && lineAmountElement(item) == nil
            && item.child("AssociatedDocumentLineDocument", in: ram)?.child("IncludedNote", in: ram) != nil
    }

    /// A line's net amount element (BT-131), if written.
    func lineAmountElement(_ item: Located) -> Located? {
        item.child(dialect.lineSettlement, in: ram)?.child(dialect.lineSummation, in: ram)?.child(
            "LineTotalAmount", in: ram)
    }

    /// The net amount of the one line of `items` that writes none: the sum of line net amounts
    /// (BT-106) less the other lines'. Nil when every line writes one, or when more than one does
    /// not (their amounts cannot be told apart), or when the sum is absent.
    func missingAmount(_ items: [Located], settlement: Located) throws(EInvoiceReadingError) -> StatedNumber? {
        var written: [StatedNumber] = []
        var missing = 0
        for item in items {
            if let element = lineAmountElement(item) { written.append(try element.number()) } else { missing += 1 }
        }
        guard missing == 1,
            let sumElement = settlement.child(dialect.summation, in: ram)?.child("LineTotalAmount", in: ram)
        else { return nil }
        let sum = try sumElement.number()
        return StatedNumber(
            value: written.reduce(sum.value) { $0 - $1.value },
            fractionDigits: ([sum.fractionDigits] + written.map(\.fractionDigits)).max() ?? 2)
    }

    /// A period's start and end as text, each as written or as an ISO date.
    static func written(_ start: DateValue?, _ end: DateValue?) -> String {
        func text(_ value: DateValue?) -> String {
            switch value {
            case .date(let date)?: date.iso
            case .asWritten(let text)?: text
            case nil: ""
            }
        }
        return "\(text(start)) – \(text(end))"
    }
    /// The invoice's currency code (BT-5), for amounts in terms.
    var currencyCode = ""

    // MARK: Parties

    /// A party's parts, as read.
    struct Party {
        var name = ""
        var identifiers: [(String, String)] = []
        var legalRegistration = ""
        var legalScheme = ""
        var tradingName = ""
        var legalInformation = ""
        var contactName = ""
        var phone = ""
        var email = ""
        var street: [String] = []
        var postalCode = ""
        var city = ""
        var country = ""
        var subdivision = ""
        var electronicAddress = ""
        var electronicScheme = ""
        var vatId = ""
        var taxRegistration = ""
    }

    /// The parts of a party EN 16931 has for it: the seller and the buyer all, the others fewer.
    struct Parts: OptionSet {
        let rawValue: Int
        static let identifiers = Parts(rawValue: 1)
        static let legal = Parts(rawValue: 2)
        static let contact = Parts(rawValue: 4)
        static let address = Parts(rawValue: 8)
        static let electronicAddress = Parts(rawValue: 16)
        static let tax = Parts(rawValue: 32)
        static let description = Parts(rawValue: 64)
        /// The tax number (scheme FC, BT-32), besides the VAT identifier `tax` takes.
        static let taxNumber = Parts(rawValue: 128)
        static let all: Parts = [
            .identifiers, .legal, .contact, .address, .electronicAddress, .tax, .description, .taxNumber,
        ]
    }

    /// `element`'s `parts`; what it has beyond them is left for the leftovers.
    mutating func party(_ element: Located?, _ parts: Parts = .all) -> Party {
        var party = Party()
        guard let element else { return party }
        party.name = text(element, "Name")
        if parts.contains(.identifiers) {
            for id in element.children("ID", in: ram) + element.children("GlobalID", in: ram) {
                party.identifiers.append((take(id), id.attribute("schemeID")))
            }
        }
        if parts.contains(.description) { party.legalInformation = text(element, "Description") }
        if parts.contains(.legal), let legal = element.child("SpecifiedLegalOrganization", in: ram) {
            party.legalRegistration = text(legal, "ID")
            party.legalScheme = legal.child("ID", in: ram)?.attribute("schemeID") ?? ""
            party.tradingName = text(legal, "TradingBusinessName")
        }
        if parts.contains(.contact), let contact = element.child("DefinedTradeContact", in: ram) {
            party.contactName = text(contact, "PersonName")
            if party.contactName.isEmpty { party.contactName = text(contact, "DepartmentName") }
            party.phone = text(contact.child("TelephoneUniversalCommunication", in: ram), "CompleteNumber")
            party.email = text(contact.child("EmailURIUniversalCommunication", in: ram), "URIID")
        }
        if parts.contains(.address), let address = element.child("PostalTradeAddress", in: ram) {
            party.postalCode = text(address, "PostcodeCode")
            party.street = [text(address, "LineOne"), text(address, "LineTwo"), text(address, "LineThree")]
            party.city = text(address, "CityName")
            party.country = text(address, "CountryID")
            party.subdivision = text(address, "CountrySubDivisionName")
        }
        if parts.contains(.electronicAddress),
            let uri = element.child("URIUniversalCommunication", in: ram)?.child("URIID", in: ram)
        {
            party.electronicAddress = take(uri)
            party.electronicScheme = uri.attribute("schemeID")
        }
        if parts.contains(.tax) {
            for registration in element.children("SpecifiedTaxRegistration", in: ram) {
                guard let id = registration.child("ID", in: ram) else { continue }
                switch id.attribute("schemeID") {
                case "FC":
                    if parts.contains(.taxNumber), party.taxRegistration.isEmpty { party.taxRegistration = take(id) }
                default: if party.vatId.isEmpty { party.vatId = take(id) }
                }
            }
        }
        return party
    }

    /// An address as one text, for the terms of a delivery or a tax representative.
    static func addressText(_ party: Party) -> String {
        let place = [party.postalCode, party.city].filter { !$0.isEmpty }.joined(separator: " ")
        return (party.street.filter { !$0.isEmpty } + [place, party.subdivision, party.country]).filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    mutating func readAgreement(_ agreement: Located?, into invoice: inout Invoice) throws(EInvoiceReadingError) {
        invoice.buyerReference = text(agreement, "BuyerReference")

        let seller = party(agreement?.child("SellerTradeParty", in: ram))
        sellerCountryCode = seller.country
        invoice.fromName = seller.name
        for (id, scheme) in seller.identifiers { terms.append(.sellerIdentifier, identifier: id, scheme: scheme) }
        invoice.fromRegistrationId = seller.legalRegistration
        terms.append(.sellerTradingName, text: seller.tradingName)
        terms.append(.sellerLegalInformation, text: seller.legalInformation)
        invoice.fromContact = seller.contactName
        invoice.fromPhone = seller.phone
        invoice.fromEmail = seller.email
        invoice.fromStreet = ReadingSupport.street(seller.street)
        invoice.fromPostalCode = seller.postalCode
        invoice.fromCity = seller.city
        invoice.fromCountry = ReadingSupport.country(code: seller.country, log: &log)
        // A code off the list is shown as written, after the city: the model's country cannot hold it.
        if invoice.fromCountry == nil, !seller.country.isEmpty {
            invoice.fromCity = [seller.city, seller.country].filter { !$0.isEmpty }.joined(separator: ", ")
        }
        terms.append(.sellerCountrySubdivision, text: seller.subdivision)
        invoice.fromElectronicAddress = ElectronicAddress(
            scheme: seller.electronicScheme, identifier: seller.electronicAddress)
        if invoice.fromElectronicAddress == nil {
            terms.append(
                .sellerElectronicAddress, identifier: seller.electronicAddress, scheme: seller.electronicScheme)
        }
        invoice.fromTaxId = seller.vatId
        terms.append(.sellerTaxRegistration, identifier: seller.taxRegistration, scheme: "FC")

        // The buyer has no description (BT-33 is the seller's) nor a tax number (BT-32).
        let buyer = party(
            agreement?.child("BuyerTradeParty", in: ram), Parts.all.subtracting([.description, .taxNumber]))
        invoice.toName = buyer.name
        for (id, scheme) in buyer.identifiers { terms.append(.buyerIdentifier, identifier: id, scheme: scheme) }
        terms.append(.buyerLegalRegistration, identifier: buyer.legalRegistration, scheme: buyer.legalScheme)
        terms.append(.buyerTradingName, text: buyer.tradingName)
        terms.append(.buyerContact, text: buyer.contactName)
        terms.append(.buyerContactPhone, text: buyer.phone)
        invoice.toEmail = buyer.email
        invoice.toStreet = ReadingSupport.street(buyer.street)
        invoice.toPostalCode = buyer.postalCode
        invoice.toCity = buyer.city
        invoice.toCountry = ReadingSupport.country(code: buyer.country, log: &log)
        if invoice.toCountry == nil, !buyer.country.isEmpty {
            invoice.toCity = [buyer.city, buyer.country].filter { !$0.isEmpty }.joined(separator: ", ")
        }
        terms.append(.buyerCountrySubdivision, text: buyer.subdivision)
        invoice.toElectronicAddress = ElectronicAddress(
            scheme: buyer.electronicScheme, identifier: buyer.electronicAddress)
        if invoice.toElectronicAddress == nil {
            terms.append(.buyerElectronicAddress, identifier: buyer.electronicAddress, scheme: buyer.electronicScheme)
        }
        invoice.toTaxId = buyer.vatId
        // BG-11.
        if let representative = agreement?.child("SellerTaxRepresentativeTradeParty", in: ram) {
            let party = party(representative, [.address, .tax])
            terms.append(.taxRepresentativeName, text: party.name)
            terms.append(.taxRepresentativeVATId, identifier: party.vatId, scheme: "VA")
            terms.append(.taxRepresentativeAddress, text: Self.addressText(party))
        }

        // BT-14, BT-13, BT-12, BT-11.
        terms.append(
            .salesOrderReference, identifier: referenceID(agreement?.child("SellerOrderReferencedDocument", in: ram)))
        invoice.orderReference = referenceID(agreement?.child("BuyerOrderReferencedDocument", in: ram))
        terms.append(
            .contractReference, identifier: referenceID(agreement?.child("ContractReferencedDocument", in: ram)))
        terms.append(.projectReference, identifier: text(agreement?.child("SpecifiedProcuringProject", in: ram), "ID"))
    }

    /// BG-24 (type code 916), BT-17 (50) and BT-18 (130) from the agreement's referenced documents.
    mutating func readAttachments(_ agreement: Located?) throws(EInvoiceReadingError) -> [Attachment] {
        var attachments: [Attachment] = []
        for document in agreement?.children("AdditionalReferencedDocument", in: ram) ?? [] {
            let typeCode = document.child("TypeCode", in: ram)?.text ?? ""
            switch typeCode {
            case "50":
                _ = text(document, "TypeCode")
                terms.append(.tenderReference, identifier: referenceID(document))
            case "130":
                _ = text(document, "TypeCode")
                let scheme = text(document, "ReferenceTypeCode")
                terms.append(.invoicedObject, identifier: referenceID(document), scheme: scheme)
            case "916":
                _ = text(document, "TypeCode")
                var attachment = Attachment(
                    reference: referenceID(document), description: text(document, "Name"),
                    uri: text(document, "URIID"))
                if let binary = document.child("AttachmentBinaryObject", in: ram) {
                    let encoded = take(binary)
                    guard let data = ReadingSupport.base64(encoded) else {
                        throw binary.error("the attachment is not base64")
                    }
                    attachment.embedded = Attachment.EmbeddedFile(
                        fileName: binary.attribute("filename"), mimeCode: binary.attribute("mimeCode"), data: data)
                }
                attachments.append(attachment)
            default:
                // Another type (an EXTENDED profile's): its elements are reported as left over.
                break
            }
        }
        return attachments
    }

    mutating func readDelivery(_ delivery: Located?, into invoice: inout Invoice) throws(EInvoiceReadingError) {
        if let shipTo = delivery?.child("ShipToTradeParty", in: ram) {
            let party = party(shipTo, [.identifiers, .address])
            for (id, scheme) in party.identifiers { terms.append(.deliverToLocation, identifier: id, scheme: scheme) }
            terms.append(.deliverToName, text: party.name)
            terms.append(.deliverToAddress, text: Self.addressText(party))
        }
        if let event = delivery?.child("ActualDeliverySupplyChainEvent", in: ram),
            let day = try date(event, "OccurrenceDateTime")
        {
            switch day {
            case .date(let date): invoice.delivery = .date(date)
            case .asWritten(let text):
                terms.append(
                    StatedTerm(.otherElement, .text(text), name: "ActualDeliverySupplyChainEvent/OccurrenceDateTime"))
            }
        }
        terms.append(
            .despatchAdviceReference,
            identifier: referenceID(delivery?.child("DespatchAdviceReferencedDocument", in: ram)))
        terms.append(
            .receivingAdviceReference,
            identifier: referenceID(delivery?.child("ReceivingAdviceReferencedDocument", in: ram)))
    }

    // MARK: Settlement

    mutating func readBreakdown(_ settlement: Located) throws(EInvoiceReadingError) -> [StatedVAT] {
        var rows: [StatedVAT] = []
        for tax in settlement.children("ApplicableTradeTax", in: ram) {
            _ = text(tax, "TypeCode")
            guard let amount = try number(tax, "CalculatedAmount") else {
                throw tax.error("no VAT amount (CalculatedAmount, BT-117)")
            }
            guard let basis = try number(tax, "BasisAmount") else {
                throw tax.error("no taxable amount (BasisAmount, BT-116)")
            }
            let row = StatedVAT(
                category: text(tax, "CategoryCode"), rate: try rate(tax), taxableAmount: basis, vat: amount,
                exemptionReason: text(tax, "ExemptionReason"), exemptionCode: text(tax, "ExemptionReasonCode"))
            if let point = try date(tax, "TaxPointDate") {
                terms.append(StatedTerm(.taxPointDate, point.term))
            }
            terms.append(.taxPointDateCode, identifier: text(tax, "DueDateTypeCode"))
            rows.append(row)
        }
        return rows
    }

    mutating func allowanceCharge(
        _ element: Located, amountName: String = "ActualAmount"
    ) throws(EInvoiceReadingError) -> StatedAllowanceCharge {
        let indicator = element.child("ChargeIndicator", in: ram)
        let flag =
            (indicator?.allChildren.first { $0.element.localName == "Indicator" }).map { take($0) }
            ?? indicator.map { take($0) } ?? ""
        if let indicator { taken.insert(ObjectIdentifier(indicator.element)) }
        guard let amount = try number(element, amountName) else {
            throw element.error("no amount (\(amountName))")
        }
        var stated = StatedAllowanceCharge(
            isCharge: flag == "true" || flag == "1", amount: amount,
            baseAmount: try number(element, "BasisAmount"), percentage: try number(element, "CalculationPercent"),
            reason: text(element, "Reason"), reasonCode: text(element, "ReasonCode"))
        if let tax = element.child("CategoryTradeTax", in: ram) ?? element.child("AppliedTradeTax", in: ram) {
            _ = text(tax, "TypeCode")
            stated.vatCategory = text(tax, "CategoryCode")
            stated.vatRate = try rate(tax)
        }
        return stated
    }

    mutating func readAllowancesAndCharges(
        _ settlement: Located
    ) throws(EInvoiceReadingError)
        -> [StatedAllowanceCharge]
    {
        var result: [StatedAllowanceCharge] = []
        for element in settlement.children("SpecifiedTradeAllowanceCharge", in: ram) {
            result.append(try allowanceCharge(element))
        }
        // ZUGFeRD 1.0's and EXTENDED's logistics charges count among the charges (BT-108).
        for element in settlement.children("SpecifiedLogisticsServiceCharge", in: ram) {
            var charge = try allowanceCharge(element, amountName: "AppliedAmount")
            charge.isCharge = true
            charge.reason = text(element, "Description")
            result.append(charge)
        }
        return result
    }

    mutating func readPayment(_ settlement: Located, into invoice: inout Invoice) throws(EInvoiceReadingError) {
        terms.append(.creditorIdentifier, identifier: text(settlement, "CreditorReferenceID"))
        invoice.paymentReference = text(settlement, "PaymentReference")
        if let payee = settlement.child("PayeeTradeParty", in: ram) {
            let party = party(payee, [.identifiers, .legal])
            terms.append(.payeeName, text: party.name)
            for (id, scheme) in party.identifiers { terms.append(.payeeIdentifier, identifier: id, scheme: scheme) }
            terms.append(.payeeLegalRegistration, identifier: party.legalRegistration, scheme: party.legalScheme)
        }
        var haveAccount = false
        for means in settlement.children("SpecifiedTradeSettlementPaymentMeans", in: ram) {
            let code = text(means, "TypeCode")
            let information = text(means, "Information")
            terms.append(
                .paymentMeans,
                text: information.isEmpty ? code : code.isEmpty ? information : "\(information) (\(code))")
            if let card = means.child("ApplicableTradeSettlementFinancialCard", in: ram) {
                terms.append(.cardNumber, identifier: text(card, "ID"))
                terms.append(.cardHolder, text: text(card, "CardholderName"))
            }
            terms.append(
                .debitedAccount, identifier: text(means.child("PayerPartyDebtorFinancialAccount", in: ram), "IBANID"))
            let institution = means.child("PayeeSpecifiedCreditorFinancialInstitution", in: ram)
            if let account = means.child("PayeePartyCreditorFinancialAccount", in: ram) {
                var number = text(account, "IBANID")
                let proprietary = text(account, "ProprietaryID")
                if number.isEmpty {
                    number = proprietary
                } else if !proprietary.isEmpty {
                    terms.append(.paymentAccount, identifier: proprietary)
                }
                let name = text(account, "AccountName")
                let bic = text(institution, "BICID")
                if !haveAccount {
                    haveAccount = true
                    invoice.bankAccount = number
                    invoice.bankBeneficiary = name
                    invoice.bankSwift = bic
                    invoice.bankName = text(institution, "Name")
                } else {
                    terms.append(.paymentAccount, identifier: number)
                    terms.append(.paymentAccountName, text: name)
                    terms.append(.paymentServiceProvider, identifier: bic)
                }
            } else {
                terms.append(.paymentServiceProvider, identifier: text(institution, "BICID"))
            }
        }
        // BT-20, BT-9, BT-89.
        var descriptions: [String] = []
        for terms in settlement.children("SpecifiedTradePaymentTerms", in: ram) {
            descriptions.append(
                contentsOf: terms.children("Description", in: ram).map { take($0) }.filter { !$0.isEmpty })
            if let due = try date(terms, "DueDateDateTime") {
                if invoice.dueDate == nil, let date = due.date {
                    invoice.dueDate = date
                } else {
                    self.terms.append(
                        StatedTerm(.otherElement, due.term, name: "SpecifiedTradePaymentTerms/DueDateDateTime"))
                }
            }
            self.terms.append(.mandateReference, identifier: text(terms, "DirectDebitMandateID"))
        }
        invoice.paymentTerms = descriptions.joined(separator: "\n")
        // BT-25, BT-26.
        for (index, preceding) in settlement.children("InvoiceReferencedDocument", in: ram).enumerated() {
            let id = referenceID(preceding)
            if index == 0 { invoice.precedingInvoice = id } else { terms.append(.precedingInvoice, identifier: id) }
            if let day = try date(preceding, "FormattedIssueDateTime") {
                terms.append(StatedTerm(.precedingInvoiceDate, day.term))
            }
        }
        // BT-19.
        terms.append(
            .buyerAccountingReference,
            identifier: text(settlement.child("ReceivableSpecifiedTradeAccountingAccount", in: ram), "ID"))
        // BG-14: the invoicing period, where the model holds a delivery date or period.
        if let period = settlement.child("BillingSpecifiedPeriod", in: ram) {
            let (start, end) = try self.period(period)
            if invoice.delivery == nil, let start = start?.date, let end = end?.date, start <= end {
                invoice.delivery = .period(start: start, end: end)
            } else if case .asWritten = start {
                terms.append(StatedTerm(.otherElement, .text(Self.written(start, end)), name: "BillingSpecifiedPeriod"))
            } else if case .asWritten = end {
                terms.append(StatedTerm(.otherElement, .text(Self.written(start, end)), name: "BillingSpecifiedPeriod"))
            } else if start != nil || end != nil {
                terms.append(
                    StatedTerm(
                        .otherElement, .period(start: start?.date, end: end?.date), name: "BillingSpecifiedPeriod"))
            }
        }
    }

    mutating func readTotals(
        _ settlement: Located, currency: String, taxCurrency: String, lines: [ReadLine],
        allowances: [StatedAllowanceCharge]
    ) throws(EInvoiceReadingError) -> StatedTotals {
        let summation = settlement.child(dialect.summation, in: ram)
        var vat: StatedNumber?
        var accountingVAT: (amount: StatedNumber, currency: String)?
        for element in summation?.children("TaxTotalAmount", in: ram) ?? [] {
            let amount = try number(element)
            let written = element.attribute("currencyID")
            if written.isEmpty || written == currency, vat == nil {
                vat = amount
            } else if !taxCurrency.isEmpty, written == taxCurrency {
                accountingVAT = (amount, taxCurrency)
            } else {
                terms.append(StatedTerm(.otherElement, .amount(amount, currency: written), name: "TaxTotalAmount"))
            }
        }
        let allowanceTotal = try number(summation, "AllowanceTotalAmount")
        let chargeTotal = try number(summation, "ChargeTotalAmount")
        let prepaid = try number(summation, "TotalPrepaidAmount")
        let rounding = try number(summation, "RoundingAmount")

        func sum(_ numbers: [StatedNumber]) -> StatedNumber {
            StatedNumber(
                value: numbers.reduce(0) { $0 + $1.value }, fractionDigits: numbers.map(\.fractionDigits).max() ?? 2)
        }
        func missing(_ term: String, _ value: StatedNumber) -> StatedNumber {
            log.add(.missingTotal(term: term))
            return value
        }
        let written = (
            lineTotal: try number(summation, "LineTotalAmount"), taxBasis: try number(summation, "TaxBasisTotalAmount"),
            grand: try number(summation, "GrandTotalAmount"), due: try number(summation, "DuePayableAmount")
        )
        let allowanceSum = allowanceTotal ?? sum(allowances.filter { !$0.isCharge }.map(\.amount))
        let chargeSum = chargeTotal ?? sum(allowances.filter(\.isCharge).map(\.amount))
        let negatedAllowances = StatedNumber(value: -allowanceSum.value, fractionDigits: allowanceSum.fractionDigits)
        let lineTotal =
            written.lineTotal
            ?? missing(
                "BT-106",
                lines.isEmpty && written.taxBasis != nil
                    ? sum([written.taxBasis!, allowanceSum, StatedNumber(value: -chargeSum.value, fractionDigits: 0)])
                    : sum(lines.map(\.stated.netAmount)))
        let taxBasis = written.taxBasis ?? missing("BT-109", sum([lineTotal, negatedAllowances, chargeSum]))
        let grand =
            written.grand ?? missing("BT-112", sum([taxBasis, vat ?? StatedNumber(value: 0, fractionDigits: 0)]))
        let due =
            written.due
            ?? missing(
                "BT-115",
                sum([
                    grand, StatedNumber(value: -(prepaid?.value ?? 0), fractionDigits: 0),
                    rounding ?? StatedNumber(value: 0, fractionDigits: 0),
                ]))
        var totals = StatedTotals(
            lineTotal: lineTotal, allowances: allowanceTotal, charges: chargeTotal, taxExclusive: taxBasis, vat: vat,
            taxInclusive: grand, prepaid: prepaid, rounding: rounding, payable: due)
        totals.vatInAccountingCurrency = accountingVAT
        return totals
    }

    // MARK: Lines

    mutating func readLine(
        _ item: Located, number: Int, missingAmount: StatedNumber?
    ) throws(EInvoiceReadingError) -> ReadLine {
        var lineTerms: [StatedTerm] = []
        let document = item.child("AssociatedDocumentLineDocument", in: ram)
        let lineId = text(document, "LineID")
        let parent = text(document, "ParentLineID")
        for note in document?.children("IncludedNote", in: ram) ?? [] {
            let content = note.children("Content", in: ram).map { take($0) }.filter { !$0.isEmpty }.joined(
                separator: "\n")
            let subject = text(note, "SubjectCode")
            lineTerms.append(.lineNote, text: content, name: subject.isEmpty ? nil : subject)
        }

        // BG-31, BG-32.
        let product = item.child("SpecifiedTradeProduct", in: ram)
        for id in product?.children("GlobalID", in: ram) ?? [] {
            lineTerms.append(.itemStandardIdentifier, identifier: take(id), scheme: id.attribute("schemeID"))
        }
        let itemId = text(product, "SellerAssignedID")
        lineTerms.append(.itemBuyerIdentifier, identifier: text(product, "BuyerAssignedID"))
        let name = text(product, "Name")
        lineTerms.append(.itemDescription, text: text(product, "Description"))
        for characteristic in product?.children("ApplicableProductCharacteristic", in: ram) ?? [] {
            let label = text(characteristic, "Description")
            lineTerms.append(.itemAttribute, text: text(characteristic, "Value"), name: label.isEmpty ? nil : label)
        }
        for classification in product?.children("DesignatedProductClassification", in: ram) ?? [] {
            if let code = classification.child("ClassCode", in: ram) {
                lineTerms.append(
                    .itemClassification, identifier: take(code), scheme: code.attribute("listID"),
                    name: nil)
            }
        }
        lineTerms.append(.itemOriginCountry, identifier: text(product?.child("OriginTradeCountry", in: ram), "ID"))

        // BG-29: prices.
        let agreement = item.child(dialect.lineAgreement, in: ram)
        lineTerms.append(
            .lineOrderReference, identifier: text(agreement?.child("BuyerOrderReferencedDocument", in: ram), "LineID"))
        var grossPrice: StatedNumber?
        var priceDiscount: StatedNumber?
        // Every allowance (less) and charge (more) on the gross price, for a net price worked out.
        var grossAdjustment = StatedNumber(value: 0, fractionDigits: 0)
        let netElement = agreement?.child("NetPriceProductTradePrice", in: ram)
        let gross = agreement?.child("GrossPriceProductTradePrice", in: ram)
        if let gross {
            grossPrice = try self.number(gross, "ChargeAmount")
            for applied in gross.children("AppliedTradeAllowanceCharge", in: ram) {
                let stated = try allowanceCharge(applied)
                grossAdjustment = StatedNumber(
                    value: grossAdjustment.value + (stated.isCharge ? stated.amount.value : -stated.amount.value),
                    fractionDigits: max(grossAdjustment.fractionDigits, stated.amount.fractionDigits))
                if priceDiscount == nil, !stated.isCharge {
                    priceDiscount = stated.amount
                } else {
                    lineTerms.append(
                        StatedTerm(
                            stated.isCharge ? .lineCharge : .lineAllowance,
                            .amount(stated.amount, currency: currencyCode))
                    )
                }
            }
            if let basis = gross.child("BasisQuantity", in: ram) {
                let value = try self.number(basis)
                if value.value != 1, netElement != nil,
                    agreement?.child("NetPriceProductTradePrice", in: ram)?.child("BasisQuantity", in: ram)
                        .flatMap({ StatedNumber(xml: $0.element.text) }) != value
                {
                    lineTerms.append(
                        StatedTerm(
                            .otherElement,
                            .text("\(value) \(basis.attribute("unitCode"))".trimmingCharacters(in: .whitespaces)),
                            name: "GrossPriceProductTradePrice/BasisQuantity"))
                }
            }
        }
        let statedNet = try self.number(netElement, "ChargeAmount")

        // BT-129, BT-130.
        guard let quantityElement = item.child(dialect.lineDelivery, in: ram)?.child("BilledQuantity", in: ram) else {
            throw item.error("no quantity (BilledQuantity, BT-129)")
        }
        let quantity = try self.number(quantityElement)
        let unitCode = quantityElement.attribute("unitCode")

        // BG-30, BG-26, BG-27/28, BT-131.
        let settlement = item.child(dialect.lineSettlement, in: ram)
        var vatCategoryCode = ""
        var vatRate: StatedNumber?
        if let tax = settlement?.child("ApplicableTradeTax", in: ram) {
            _ = text(tax, "TypeCode")
            vatCategoryCode = text(tax, "CategoryCode")
            vatRate = try rate(tax)
        }
        var date: CalendarDate?
        if let period = settlement?.child("BillingSpecifiedPeriod", in: ram) {
            let (start, end) = try self.period(period)
            if let start = start?.date, start == end?.date {
                date = start
            } else {
                switch (start, end) {
                case (.asWritten?, _), (_, .asWritten?):
                    lineTerms.append(StatedTerm(.linePeriod, .text(Self.written(start, end))))
                default: lineTerms.append(StatedTerm(.linePeriod, .period(start: start?.date, end: end?.date)))
                }
            }
        }
        var allowances: [StatedAllowanceCharge] = []
        for element in settlement?.children("SpecifiedTradeAllowanceCharge", in: ram) ?? [] {
            allowances.append(try allowanceCharge(element))
        }
        let total: StatedNumber
        if let written = try self.number(settlement?.child(dialect.lineSummation, in: ram), "LineTotalAmount") {
            total = written
        } else if let missingAmount {
            log.add(.lineAmountFromTotal)
            total = missingAmount
        } else {
            throw (settlement ?? item).error("no line net amount (LineTotalAmount, BT-131)")
        }

        // BT-146, BT-149: as written; else the gross price adjusted (ZUGFeRD 1.0 makes the net
        // price optional), else the amount over the quantity; each logged.
        let netPrice: StatedNumber
        var baseElement = netElement?.child("BasisQuantity", in: ram)
        if let statedNet {
            netPrice = statedNet
        } else if let grossPrice {
            log.add(.netPriceFromGross)
            netPrice = StatedNumber(
                value: grossPrice.value + grossAdjustment.value,
                fractionDigits: max(grossPrice.fractionDigits, grossAdjustment.fractionDigits))
            baseElement = gross?.child("BasisQuantity", in: ram)
        } else if quantity.value != 0 {
            log.add(.priceFromAmount)
            netPrice = ReadingSupport.price(amount: total, quantity: quantity)
        } else {
            throw (agreement ?? item).error(
                "no net price (NetPriceProductTradePrice/ChargeAmount, BT-146), nor a quantity to work it out by")
        }
        let baseQuantity = try baseElement.map { (element) throws(EInvoiceReadingError) in try self.number(element) }
        for document in settlement?.children("AdditionalReferencedDocument", in: ram) ?? [] {
            _ = text(document, "TypeCode")
            lineTerms.append(
                .lineObject, identifier: referenceID(document), scheme: text(document, "ReferenceTypeCode"))
        }
        lineTerms.append(
            .lineAccountingReference,
            identifier: text(settlement?.child("ReceivableSpecifiedTradeAccountingAccount", in: ram), "ID"))

        var lineItem = LineItem(
            id: LineItem.generatedID(number: number), description: name, quantity: quantity.value,
            rate: ReadingSupport.rate(netPrice: netPrice, baseQuantity: baseQuantity))
        lineItem.unit = ReadingSupport.unit(code: unitCode, log: &log)
        lineItem.itemId = itemId
        lineItem.date = date
        lineItem.discount = ReadingSupport.discount(allowances)
        let stated = StatedLine(
            lineId: lineId, quantity: quantity, unitCode: unitCode, netPrice: netPrice, baseQuantity: baseQuantity,
            baseQuantityUnitCode: baseElement?.attribute("unitCode") ?? "", grossPrice: grossPrice,
            priceDiscount: priceDiscount, netAmount: total, vatCategory: vatCategoryCode, vatRate: vatRate,
            allowancesAndCharges: allowances, terms: lineTerms, parentLineId: parent)
        return ReadLine(
            item: lineItem, stated: stated, vatRate: vatRate?.value,
            vatCategory: ReadingSupport.vatCategory(code: vatCategoryCode, log: &log))
    }

    // MARK: What is left over

    /// Every element below `element` with text that no mapping took, as an `otherElement` term
    /// named by its path below `element`, each logged. Elements already taken are skipped with
    /// what they hold.
    mutating func leftovers(_ element: Located) -> [StatedTerm] {
        var result: [StatedTerm] = []
        // The names down to the element walked; joined only for a leftover.
        var names: [String] = []
        func walk(_ node: XMLElement, _ reading: inout CIIReading) {
            for child in node.children where !reading.taken.contains(ObjectIdentifier(child)) {
                if ReadingSupport.isTechnical(child) {
                    reading.log.add(.unmappedElement(path: (names + [child.localName]).joined(separator: "/")))
                    continue
                }
                // The transaction's name says nothing: its parts are named from the agreement on.
                let named = child.localName != reading.dialect.transaction
                if named { names.append(child.localName) }
                defer { if named { names.removeLast() } }
                if child.children.isEmpty {
                    let text = child.trimmedText
                    guard !text.isEmpty else { continue }
                    let path = names.joined(separator: "/")
                    reading.taken.insert(ObjectIdentifier(child))
                    result.append(StatedTerm(.otherElement, .text(text), name: path))
                    reading.log.add(.unmappedElement(path: path))
                } else {
                    walk(child, &reading)
                }
            }
        }
        walk(element.element, &self)
        return result
    }
}
