import Foundation
import InvoiModel

/// The countries Peppol BIS Billing 3.0 carries national rules for. Peppol decides a party's
/// country in two ways, each rule set using one: by the postal address (`BT-40`, `BT-55`) or,
/// first, by the VAT identifier's prefix (Norway, Italy, Greece).
extension EInvoiceContent {
    /// The seller's country by postal address, as the DE, NL, SE, DK and IS rules take it.
    var sellerPostalCountry: String? { seller.country?.code }
    var buyerPostalCountry: String? { buyer.country?.code }

    /// The seller's country as Peppol's `$supplierCountry`: the VAT identifier's prefix, else
    /// the postal address's country (the NO, IT and GR rules).
    var sellerPeppolCountry: String? { Self.vatCountry(seller.taxID) ?? sellerPostalCountry }
    var buyerPeppolCountry: String? { Self.vatCountry(buyer.taxID) ?? buyerPostalCountry }

    static func vatCountry(_ taxID: String) -> String? {
        taxID.count >= 2 ? String(taxID.prefix(2)).uppercased() : nil
    }

    /// Greece's VAT identifiers start with EL, its country code is GR.
    var sellerIsGreek: Bool { sellerPeppolCountry == "GR" || sellerPeppolCountry == "EL" }
    var buyerIsGreek: Bool { buyerPeppolCountry == "GR" || buyerPeppolCountry == "EL" }

    /// Both parties in Germany: the German rules (DE-R-…) apply.
    var isDomesticGerman: Bool { sellerPostalCountry == "DE" && buyerPostalCountry == "DE" }

    /// BT-30-1, the scheme of the seller's legal registration, where Peppol's national rules
    /// ask for one: Danish CVR (0184, DK-R-014), Icelandic kennitala (0196, IS-R-002), Dutch
    /// KVK (0106, 8 digits) or OIN (0190, 20 digits) (NL-R-003). nil elsewhere or when the
    /// identifier fits no scheme (the requirements then refuse it).
    var peppolRegistrationScheme: String? {
        let id = EInvoiceContent.trimmed(invoice.fromRegistrationId)
        guard !id.isEmpty else { return nil }
        switch sellerPostalCountry {
        case "DK": return "0184"
        case "IS": return "0196"
        case "NL":
            guard id.allSatisfy(\.isASCIIDigit) else { return nil }
            return id.count == 8 ? "0106" : id.count == 20 ? "0190" : nil
        default: return nil
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension RequirementCheck {
    /// Peppol BIS 3.0's national rules for the seller's country (DE, NL, NO, SE, DK, IT, GR,
    /// IS), those invoi's fields can meet or break. Rules about elements invoi never writes
    /// (tax representatives, direct debit, card payments, attachments, order line references,
    /// item classifications, non-VAT tax schemes, payment means codes other than 30 and 58)
    /// cannot fail and are not checked.
    mutating func checkPeppolNationalRules() {
        // Which rules apply depends on both parties' countries and VAT identifiers.
        guard partial.decoded("fromCountry", "toCountry", "fromTaxId", "toTaxId", "documentType") else { return }
        if content.isDomesticGerman { checkGermany() }
        if content.sellerPostalCountry == "NL" { checkNetherlands() }
        if content.sellerPeppolCountry == "NO" { checkNorway() }
        if content.sellerPostalCountry == "SE" { checkSweden() }
        if content.sellerPostalCountry == "DK" { checkDenmark() }
        if content.sellerPeppolCountry == "IT" { checkItaly() }
        if content.sellerIsGreek { checkGreece() }
        if content.sellerPostalCountry == "IS" { checkIceland() }
    }

    /// `path: required by Peppol BIS for <who>: <what> (<rule>)`, when `text` is blank.
    mutating func requireNationally(_ text: String, _ path: String, _ rule: String, who: String, what: String) {
        guard EInvoiceContent.trimmed(text).isEmpty else { return }
        add(path, "required by \(profile.name) for \(who): \(what) (\(rule))")
    }

    /// The street (BT-35 or BT-50): `fromStreet`, or the first line of `fromAddress`.
    mutating func requireStreet(seller: Bool, _ rule: String, who: String) {
        let party = seller ? content.seller : content.buyer
        guard party.addressLines.isEmpty else { return }
        let side = seller ? "from" : "to"
        add(
            "\(side)Street",
            "required by \(profile.name) for \(who): the \(seller ? "seller" : "buyer")'s street (\(side)Street, or the first line of \(side)Address) (\(rule))"
        )
    }

    mutating func checkGermany() {
        let who = "a German seller invoicing a German buyer"
        requireNationally(
            invoice.bankAccount, "bankAccount", "DE-R-001", who: who,
            what: "payment instructions (BG-16) with the account to pay to")
        requireNationally(
            invoice.fromContact, "fromContact", "DE-R-002, DE-R-005", who: who, what: "the seller's contact person")
        requireNationally(
            invoice.fromPhone, "fromPhone", "DE-R-002, DE-R-006", who: who, what: "the seller's contact telephone")
        requireNationally(
            invoice.fromEmail, "fromEmail", "DE-R-002, DE-R-007", who: who, what: "the seller's contact e-mail")
        requireNationally(invoice.fromCity, "fromCity", "DE-R-003", who: who, what: "the seller's city")
        requireNationally(
            invoice.fromPostalCode, "fromPostalCode", "DE-R-004", who: who, what: "the seller's post code")
        requireNationally(invoice.toCity, "toCity", "DE-R-008", who: who, what: "the buyer's city")
        requireNationally(invoice.toPostalCode, "toPostalCode", "DE-R-009", who: who, what: "the buyer's post code")
        // PEPPOL-EN16931-R003 already asks for a buyer or order reference when both are missing.
        if !problems.contains(where: { $0.path == "buyerReference" }) {
            requireNationally(
                invoice.buyerReference, "buyerReference", "DE-R-015", who: who,
                what: "the buyer reference (BT-10), such as a Leitweg-ID; an order reference does not replace it")
        }
        checkSkontoTerms(rule: "DE-R-018")
    }

    /// Lines of the payment terms that start with `#` are cash-discount (Skonto) statements in
    /// the German format: `#SKONTO#TAGE=14#PROZENT=2.00#`, optionally `#BASISBETRAG=100.00#`.
    mutating func checkSkontoTerms(rule: String) {
        let lines = EInvoiceContent.trimmed(invoice.paymentTerms).split(separator: "\n")
        let statements = lines.map { EInvoiceContent.trimmed(String($0)) }.filter { $0.hasPrefix("#") }
        let skonto = /#SKONTO#TAGE=[0-9]+#PROZENT=[0-9]+\.[0-9]{2}#(BASISBETRAG=-?[0-9]+\.[0-9]{2}#)?/
        for statement in statements where statement.wholeMatch(of: skonto) == nil {
            add(
                "paymentTerms",
                "a line starting with # is a cash discount statement, written exactly as #SKONTO#TAGE=14#PROZENT=2.00# (with #BASISBETRAG=100.00# when the discount is on part of the amount); \(Self.quoted(statement)) is not (\(rule))"
            )
        }
    }

    mutating func checkNetherlands() {
        let who = "a Dutch seller"
        if content.isCreditNote {
            requireNationally(
                invoice.precedingInvoice, "precedingInvoice", "NL-R-001", who: who,
                what: "the invoice this credit note corrects (BT-25)")
        }
        requireStreet(seller: true, "NL-R-002", who: who)
        requireNationally(invoice.fromCity, "fromCity", "NL-R-002", who: who, what: "the seller's city")
        requireNationally(
            invoice.fromPostalCode, "fromPostalCode", "NL-R-002", who: who, what: "the seller's post code")
        let registration = EInvoiceContent.trimmed(invoice.fromRegistrationId)
        if !registration.isEmpty, content.peppolRegistrationScheme == nil {
            add(
                "fromRegistrationId",
                "a Dutch seller's legal registration (BT-30) is a KVK number (8 digits) or an OIN (20 digits); \(Self.quoted(registration)) is neither (NL-R-003)"
            )
        }
        if content.buyerPostalCountry == "NL" {
            let buyerWho = "a Dutch seller invoicing a Dutch buyer"
            requireStreet(seller: false, "NL-R-004", who: buyerWho)
            requireNationally(invoice.toCity, "toCity", "NL-R-004", who: buyerWho, what: "the buyer's city")
            requireNationally(
                invoice.toPostalCode, "toPostalCode", "NL-R-004", who: buyerWho, what: "the buyer's post code")
        }
        if !content.isCreditNote, moneyDecoded, content.amountDue.amount > 0 {
            requireNationally(
                invoice.bankAccount, "bankAccount", "NL-R-007", who: who,
                what: "payment instructions (BG-16) when an amount is due")
        }
    }

    mutating func checkNorway() {
        let id = content.seller.taxID
        guard id.hasPrefix("NO") else { return }
        let digits = String(id.dropFirst(2).prefix(9))
        let isValid =
            id.count == 14 && id.hasSuffix("MVA") && digits.allSatisfy(\.isASCIIDigit)
            && Self.isNorwegianOrganisationNumber(digits)
        if !isValid {
            add(
                "fromTaxId",
                "a Norwegian VAT identifier is NO, the 9-digit organisation number (with its mod-11 check digit) and MVA, such as NO999999999MVA; \(Self.quoted(id)) is not (NO-R-001)"
            )
        }
    }

    /// The organisation number's last digit is its mod-11 check digit: weights 3 2 7 6 5 4 3 2
    /// from the left (Peppol's u:mod11).
    static func isNorwegianOrganisationNumber(_ digits: String) -> Bool {
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count == 9 else { return false }
        let sum = values.prefix(8).reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 6 + 2) }
        return values.reduce(0, +) > 0 && (11 - sum % 11) % 11 == values[8]
    }

    mutating func checkSweden() {
        let id = content.seller.taxID
        if id.hasPrefix("SE") {
            if id.count != 14 || !id.dropFirst(2).allSatisfy(\.isASCIIDigit) {
                add(
                    "fromTaxId",
                    "a Swedish VAT identifier is SE and 12 digits (14 characters), such as SE556036079301; \(Self.quoted(id)) is not (SE-R-001, SE-R-002)"
                )
            }
            if moneyDecoded { checkSwedishRates() }
        }
        let registration = EInvoiceContent.trimmed(invoice.fromRegistrationId)
        if !registration.isEmpty, !Self.isSwedishOrganisationNumber(registration) {
            add(
                "fromRegistrationId",
                "a Swedish organisation number is 10 digits without a hyphen, the last a Luhn check digit, such as 5560360793; \(Self.quoted(registration)) is not (SE-R-003, SE-R-004, SE-R-013)"
            )
        }
    }

    /// SE-R-006: the standard category's rates in Sweden are 25, 12 and 6 percent.
    mutating func checkSwedishRates() {
        let allowed: Set<Decimal> = [25, 12, 6]
        var documentRateReported = false
        for (index, item) in invoice.lineItems.enumerated() {
            let rate = invoice.vatRate(of: item)
            guard invoice.vatCategory(of: item) == .standard, !allowed.contains(rate) else { continue }
            if item.vatRate != nil {
                add("lineItems[\(index)].vatRate", Self.swedishRateMessage(rate))
            } else if !documentRateReported {
                documentRateReported = true
                add("vatRate", Self.swedishRateMessage(rate))
            }
        }
    }

    static func swedishRateMessage(_ rate: Decimal) -> String {
        "a Swedish seller's standard VAT rate is 25, 12 or 6 percent, not \(rate) (SE-R-006)"
    }

    /// Ten digits whose last is the Luhn check digit of the first nine (Peppol's u:checkSEOrgnr).
    static func isSwedishOrganisationNumber(_ id: String) -> Bool {
        guard id.count == 10, id.allSatisfy(\.isASCIIDigit) else { return false }
        let values = id.compactMap(\.wholeNumberValue)
        let sum = values.prefix(9).reversed().enumerated().reduce(0) { total, pair in
            guard pair.offset % 2 == 0 else { return total + pair.element }
            let doubled = pair.element * 2
            return total + doubled % 10 + doubled / 10
        }
        return (10 - sum % 10) % 10 == values[9]
    }

    mutating func checkDenmark() {
        let who = "a Danish seller"
        let registration = EInvoiceContent.trimmed(invoice.fromRegistrationId)
        if registration.isEmpty {
            add(
                "fromRegistrationId",
                "required by \(profile.name) for \(who): the seller's CVR number (BT-30) (DK-R-002)")
        } else if !Self.isDanishCVR(registration) {
            add(
                "fromRegistrationId",
                "a Danish CVR number is 8 digits (or DK and 8 digits); \(Self.quoted(registration)) is not (DK-R-014, PEPPOL-COMMON-R042)"
            )
        }
        guard content.buyerPostalCountry == "DK" else { return }
        if let means = content.paymentMeans, !means.isIBAN, !content.isCreditNote {
            add(
                "bankAccount",
                "between Danish parties Peppol BIS takes a credit transfer to an IBAN (payment means 58), not to another account (payment means 30); give the IBAN (DK-R-005)"
            )
        }
        if content.isCreditNote, moneyDecoded, content.amountDue.amount < 0 {
            add(
                content.totals.total.amount < 0 ? "lineItems" : "amountPaid",
                "a Danish seller's credit note to a Danish buyer cannot have a negative amount due (BT-115) (DK-R-016)")
        }
    }

    static func isDanishCVR(_ id: String) -> Bool {
        let digits = id.hasPrefix("DK") ? id.dropFirst(2) : Substring(id)
        return digits.count == 8 && digits.allSatisfy(\.isASCIIDigit)
    }

    mutating func checkItaly() {
        let who = "an Italian seller"
        requireStreet(seller: true, "IT-R-002", who: who)
        requireNationally(invoice.fromCity, "fromCity", "IT-R-003", who: who, what: "the seller's city")
        requireNationally(
            invoice.fromPostalCode, "fromPostalCode", "IT-R-004", who: who, what: "the seller's post code")
    }

    mutating func checkGreece() {
        let id = content.seller.taxID
        if !id.isEmpty, !(id.hasPrefix("EL") && Self.isGreekTIN(String(id.dropFirst(2)))) {
            add(
                "fromTaxId",
                "a Greek seller's VAT identifier is EL and the 9-digit tax number (AFM) with its check digit, such as EL094259216; \(Self.quoted(id)) is not (GR-R-003)"
            )
        }
        checkGreekInvoiceNumber()
        if content.sellerPostalCountry == "GR" {
            add(
                "fromCountry",
                "Peppol BIS asks a seller in Greece for the MARK number myDATA gave the invoice (GR-R-004-1), which invoi has no field for: such an invoice cannot be written with --profile peppol"
            )
        }
        if let address = invoice.fromElectronicAddress,
            !(address.scheme == "9933" && Self.isGreekTIN(address.identifier))
        {
            add(
                "fromElectronicAddress",
                "a Greek seller's electronic address is its tax number under scheme 9933, such as 9933:094259216 (GR-R-009)"
            )
        }
        guard content.buyerIsGreek else { return }
        let buyerID = content.buyer.taxID
        if !(buyerID.hasPrefix("EL") && Self.isGreekTIN(String(buyerID.dropFirst(2)))) {
            add(
                "toTaxId",
                buyerID.isEmpty
                    ? "required by \(profile.name) for a Greek seller invoicing a Greek buyer: the buyer's VAT identifier, EL and the 9-digit tax number (GR-R-006)"
                    : "a Greek buyer's VAT identifier is EL and the 9-digit tax number with its check digit; \(Self.quoted(buyerID)) is not (GR-R-006)"
            )
        }
        if let address = invoice.toElectronicAddress, !(address.scheme == "9933" && Self.isGreekTIN(address.identifier))
        {
            add(
                "toElectronicAddress",
                "a Greek buyer's electronic address, invoiced by a Greek seller, is its tax number under scheme 9933 (GR-R-010)"
            )
        }
    }

    /// GR-R-001: a Greek seller's invoice number is six segments separated by `|`: the
    /// seller's tax number, the issue date as dd/mm/yyyy, a serial number, the Greek document
    /// type (1.1, 1.6, 2.1, 2.4, 5.1, 5.2), and two further non-empty segments.
    mutating func checkGreekInvoiceNumber() {
        let segments = invoice.invoiceNumber.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let date = invoice.issueDate.iso.split(separator: "-")
        let expectedDate = date.count == 3 ? "\(date[2])/\(date[1])/\(date[0])" : ""
        let sellerNumber = String(content.seller.taxID.dropFirst(2))
        let isValid =
            segments.count == 6 && segments[0].count == 9 && Self.isGreekTIN(segments[0]) && segments[0] == sellerNumber
            && segments[1] == expectedDate && !segments[2].isEmpty && segments[2].allSatisfy(\.isASCIIDigit)
            && ["1.1", "1.6", "2.1", "2.4", "5.1", "5.2"].contains(segments[3]) && !segments[4].isEmpty
            && !segments[5].isEmpty
        if !isValid {
            add(
                "invoiceNumber",
                "a Greek seller's invoice number has six segments separated by |: the seller's tax number, the issue date (\(expectedDate)), a serial number, the document type (1.1, 1.6, 2.1, 2.4, 5.1 or 5.2) and two more, such as \(sellerNumber.isEmpty ? "094259216" : sellerNumber)|\(expectedDate)|0|1.1|A|1; \(Self.quoted(invoice.invoiceNumber)) is not (GR-R-001)"
            )
        }
    }

    /// The Greek tax number (AFM): 9 digits, the last a check digit (Peppol's u:TinVerification).
    static func isGreekTIN(_ id: String) -> Bool {
        guard id.count == 9, id.allSatisfy(\.isASCIIDigit) else { return false }
        let values = id.compactMap(\.wholeNumberValue)
        let sum = values.prefix(8).enumerated().reduce(0) { $0 + $1.element << (8 - $1.offset) }
        return sum % 11 % 10 == values[8]
    }

    mutating func checkIceland() {
        let who = "an Icelandic seller"
        requireNationally(
            invoice.fromRegistrationId, "fromRegistrationId", "IS-R-002", who: who,
            what: "the seller's kennitala (BT-30)")
        requireStreet(seller: true, "IS-R-003", who: who)
        requireNationally(
            invoice.fromPostalCode, "fromPostalCode", "IS-R-003", who: who, what: "the seller's post code")
        guard content.buyerPostalCountry == "IS" else { return }
        let buyerWho = "an Icelandic seller invoicing an Icelandic buyer"
        add(
            "toCountry",
            "Peppol BIS asks an Icelandic seller invoicing an Icelandic buyer for the buyer's kennitala (BT-47) (IS-R-004), which invoi has no field for: such an invoice cannot be written with --profile peppol"
        )
        requireStreet(seller: false, "IS-R-005", who: buyerWho)
        requireNationally(
            invoice.toPostalCode, "toPostalCode", "IS-R-005", who: buyerWho, what: "the buyer's post code")
    }
}
