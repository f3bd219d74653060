import Foundation
import InvoiCharacters

/// Reading the e-invoice fields. What every document needs is checked here;
/// what one e-invoice profile needs beyond it is the e-invoice writer's check.
extension InvoiceDecoder {
    /// `periodStart` and `periodEnd` as read, checked together once both may have been seen.
    struct ServicePeriodFields {
        var start: CalendarDate?
        var end: CalendarDate?
        var deliveryDate: CalendarDate?
    }

    /// Reads `key` if it is an e-invoice field; false if it is none.
    func readEInvoiceField(
        _ key: String, _ node: JSONNode, into invoice: inout Invoice, periods: inout ServicePeriodFields,
        context: inout DecodingContext
    ) -> Bool {
        switch key {
        case "fromStreet": context.text(node, path: key).map { invoice.fromStreet = $0 }
        case "fromCity": context.text(node, path: key).map { invoice.fromCity = $0 }
        case "fromPostalCode": context.text(node, path: key).map { invoice.fromPostalCode = $0 }
        case "toStreet": context.text(node, path: key).map { invoice.toStreet = $0 }
        case "toCity": context.text(node, path: key).map { invoice.toCity = $0 }
        case "toPostalCode": context.text(node, path: key).map { invoice.toPostalCode = $0 }
        case "fromRegistrationId": context.identifier(node, path: key).map { invoice.fromRegistrationId = $0 }
        case "fromContact": context.text(node, path: key).map { invoice.fromContact = $0 }
        case "buyerReference": context.identifier(node, path: key).map { invoice.buyerReference = $0 }
        case "orderReference": context.identifier(node, path: key).map { invoice.orderReference = $0 }
        case "precedingInvoice": context.identifier(node, path: key).map { invoice.precedingInvoice = $0 }
        case "paymentTerms": context.text(node, path: key).map { invoice.paymentTerms = $0 }
        case "vatExemptionReason": context.text(node, path: key).map { invoice.vatExemptionReason = $0 }
        case "fromCountry": invoice.fromCountry = readCountry(node, path: key, context: &context)
        case "toCountry": invoice.toCountry = readCountry(node, path: key, context: &context)
        case "fromElectronicAddress":
            invoice.fromElectronicAddress = readElectronicAddress(node, path: key, context: &context)
        case "toElectronicAddress":
            invoice.toElectronicAddress = readElectronicAddress(node, path: key, context: &context)
        case "vatCategory": invoice.vatCategory = readVATCategory(node, path: key, context: &context)
        case "deliveryDate": periods.deliveryDate = optionalDate(node, path: key, context: &context)
        case "periodStart": periods.start = optionalDate(node, path: key, context: &context)
        case "periodEnd": periods.end = optionalDate(node, path: key, context: &context)
        default: return false
        }
        return true
    }

    private func optionalDate(_ node: JSONNode, path: String, context: inout DecodingContext) -> CalendarDate? {
        if case .date(let date)? = context.date(node, path: path) { return date }
        return nil
    }

    func readCountry(_ node: JSONNode, path: String, context: inout DecodingContext) -> CountryCode? {
        if case .string("") = node.value { return nil }
        return readCode(
            node, path: path, naming: "country", context: &context, code: \.code,
            otherwise: "give an ISO 3166-1 alpha-2 code such as \"DE\", \"FR\" or \"BE\"", CountryCode.init)
    }

    func readElectronicAddress(
        _ node: JSONNode, path: String, context: inout DecodingContext
    ) -> ElectronicAddress? {
        guard let text = context.identifier(node, path: path), !text.isEmpty else { return nil }
        let example = "\"0088:4012345000009\", \"9930:DE123456789\" or \"EM:ap@example.com\""
        guard let colon = text.firstIndex(of: ":") else {
            context.error(
                path,
                "expected \"SCHEME:ID\" (an EAS scheme code, a colon, the identifier), such as \(example); got \(DiagnosticText.quoted(text))"
            )
            return nil
        }
        let scheme = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
        let identifier = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        guard EInvoiceCodeLists.electronicAddressSchemes.contains(scheme) else {
            context.error(
                path,
                "unknown electronic address scheme \(DiagnosticText.quoted(scheme)); use a code of the CEF EAS list such as 0088 (GLN), 0204 (Leitweg-ID), 9930 (German VAT id), 0009 (SIRET) or EM (e-mail)"
            )
            return nil
        }
        guard let address = ElectronicAddress(scheme: scheme, identifier: identifier) else {
            context.error(
                path, "the electronic address has no identifier after \"\(scheme):\"; give one, such as \(example)")
            return nil
        }
        return address
    }

    func readVATCategory(_ node: JSONNode, path: String, context: inout DecodingContext) -> VATCategory? {
        readCode(
            node, path: path, naming: "VAT category", context: &context, code: \.rawValue,
            otherwise:
                "use S (standard), Z (zero rated), E (exempt), AE (reverse charge), K (intra-community), G (export) or O (outside the scope of VAT)",
            VATCategory.init(rawValue:))
    }

    func readUnit(_ node: JSONNode, path: String, context: inout DecodingContext) -> UnitCode? {
        readCode(
            node, path: path, naming: "unit", context: &context, code: \.code,
            otherwise:
                "give a UN/ECE Recommendation 20 code (C62 piece, HUR hour, DAY day, MON month, KGM kilogram, …) or hour, day, week, month, piece",
            UnitCode.init(codeOrAlias:))
    }

    /// What the fields say together: the service period's two ends, each category's rate and
    /// exemption reason, one VAT rate under a discount.
    func checkEInvoiceFields(of invoice: inout Invoice, periods: ServicePeriodFields, context: inout DecodingContext) {
        switch (periods.start, periods.end) {
        case (let start?, let end?):
            if end < start {
                context.error("periodEnd", "the service period ends (\(end.iso)) before it starts (\(start.iso))")
            } else {
                invoice.delivery = .period(start: start, end: end)
            }
        case (_?, nil):
            context.error("periodEnd", "a service period needs both ends; give periodEnd with periodStart")
        case (nil, _?):
            context.error("periodStart", "a service period needs both ends; give periodStart with periodEnd")
        case (nil, nil):
            invoice.delivery = periods.deliveryDate.map(Delivery.date)
        }
        if invoice.delivery != nil, periods.deliveryDate != nil, periods.start != nil {
            context.error(
                "deliveryDate", "give either a deliveryDate or a service period (periodStart, periodEnd), not both")
        }

        if let category = invoice.vatCategory {
            checkRate(
                invoice.vatRate, of: category, ratePath: "vatRate", categoryPath: "vatCategory", context: &context)
        }
        var needsReason: VATCategory?
        for (index, item) in invoice.lineItems.enumerated() {
            let category = invoice.vatCategory(of: item)
            if item.vatCategory != nil || item.vatRate != nil {
                let path = "lineItems[\(index)]"
                checkRate(
                    invoice.vatRate(of: item), of: category,
                    ratePath: item.vatRate != nil ? path + ".vatRate" : "vatRate",
                    categoryPath: item.vatCategory != nil ? path + ".vatCategory" : "vatCategory", context: &context)
            }
            if category.needsExemptionReason, needsReason == nil { needsReason = category }
        }
        if let category = needsReason, invoice.vatExemptionReason.trimmingCharacters(in: .whitespaces).isEmpty {
            context.error(
                "vatExemptionReason",
                "VAT category \(category.rawValue) (\(category.name)) needs the reason no VAT is charged, printed on the invoice; e.g. \"\(category.exampleReason)\""
            )
        }
        if invoice.discount != nil, invoice.hasLineVAT {
            let rates = Set(
                invoice.lineItems.map { "\(invoice.vatCategory(of: $0).rawValue) \(invoice.vatRate(of: $0))" })
            if rates.count > 1 {
                context.error(
                    "discount",
                    "a discount is one allowance on the whole invoice, which needs one VAT rate and category across the lines; these lines have \(rates.count). Give the discount as a negative line in each rate instead"
                )
            }
        }
    }

    private func checkRate(
        _ rate: Decimal, of category: VATCategory, ratePath: String, categoryPath: String,
        context: inout DecodingContext
    ) {
        if category.hasZeroRate, rate != 0 {
            context.error(
                categoryPath,
                "VAT category \(category.rawValue) (\(category.name)) has a rate of 0, but \(ratePath) is \(rate); use S for a rate above 0"
            )
        } else if !category.hasZeroRate, rate == 0 {
            context.error(
                categoryPath,
                "VAT category S (standard rate) needs a rate above 0, but \(ratePath) is 0; use Z (zero rated), E (exempt) or another category for no VAT"
            )
        }
    }
}

extension VATCategory {
    /// The category's name in messages.
    var name: String {
        switch self {
        case .standard: "standard rate"
        case .zeroRated: "zero rated"
        case .exempt: "exempt"
        case .reverseCharge: "reverse charge"
        case .intraCommunitySupply: "intra-community supply"
        case .export: "export outside the EU"
        case .outsideScope: "outside the scope of VAT"
        }
    }

    var exampleReason: String {
        switch self {
        case .reverseCharge: "Reverse charge: VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC)"
        case .intraCommunitySupply: "Intra-community supply exempt under Art. 138 Directive 2006/112/EC"
        case .export: "Export outside the EU, exempt under Art. 146 Directive 2006/112/EC"
        case .outsideScope: "Not subject to VAT"
        case .exempt, .standard, .zeroRated: "Exempt from VAT under Art. 132 Directive 2006/112/EC"
        }
    }
}
