import InvoiLocalization

/// The EN 16931 business terms a received invoice may state that invoi's own invoice has no
/// field for. Each has a word in every catalog (its label on the page) and a section of the page.
public enum BusinessTerm: String, Hashable, Sendable, CaseIterable {
    // The document (BG-1, BG-2, BG-3 and the references).
    case documentType  // BT-3
    case taxPointDate  // BT-7
    case taxPointDateCode  // BT-8
    case projectReference  // BT-11
    case contractReference  // BT-12
    case salesOrderReference  // BT-14
    case receivingAdviceReference  // BT-15
    case despatchAdviceReference  // BT-16
    case tenderReference  // BT-17
    case invoicedObject  // BT-18
    case buyerAccountingReference  // BT-19
    case businessProcess  // BT-23
    case specification  // BT-24
    case precedingInvoice  // BT-25 (a second one; the first is the invoice's)
    case precedingInvoiceDate  // BT-26
    case noteSubject  // BT-21, with its note

    // The seller (BG-4) and the buyer (BG-7) beyond name, address, tax id and email.
    case sellerTradingName  // BT-28
    case sellerIdentifier  // BT-29
    case sellerLegalRegistration  // BT-30
    case sellerTaxRegistration  // BT-32
    case sellerLegalInformation  // BT-33
    case sellerElectronicAddress  // BT-34
    case sellerContact  // BT-41
    case sellerContactPhone  // BT-42
    case sellerCountrySubdivision  // BT-39
    case buyerTradingName  // BT-45
    case buyerIdentifier  // BT-46
    case buyerLegalRegistration  // BT-47
    case buyerElectronicAddress  // BT-49
    case buyerContact  // BT-56
    case buyerContactPhone  // BT-57
    case buyerCountrySubdivision  // BT-54

    // The payee (BG-10) and the seller's tax representative (BG-11).
    case payeeName  // BT-59
    case payeeIdentifier  // BT-60
    case payeeLegalRegistration  // BT-61
    case taxRepresentativeName  // BT-62
    case taxRepresentativeVATId  // BT-63
    case taxRepresentativeAddress  // BG-12

    // Delivery (BG-13).
    case deliverToName  // BT-70
    case deliverToLocation  // BT-71
    case deliverToAddress  // BG-15

    // Payment (BG-16 … BG-19).
    case paymentMeans  // BT-81, BT-82
    case remittanceInformation  // BT-83
    case paymentAccount  // BT-84 (a further account; the first is the invoice's)
    case paymentAccountName  // BT-85
    case paymentServiceProvider  // BT-86
    case cardNumber  // BT-87
    case cardHolder  // BT-88
    case mandateReference  // BT-89
    case creditorIdentifier  // BT-90
    case debitedAccount  // BT-91

    // Totals beyond the invoice's currency.
    case vatInAccountingCurrency  // BT-111 with BT-6

    // A line (BG-25 … BG-32), printed under its description.
    case lineNote  // BT-127
    case lineObject  // BT-128
    case lineOrderReference  // BT-132
    case lineAccountingReference  // BT-133
    case linePeriod  // BG-26
    case itemDescription  // BT-154
    case itemSellerIdentifier  // BT-155
    case itemBuyerIdentifier  // BT-156
    case itemStandardIdentifier  // BT-157
    case itemClassification  // BT-158
    case itemOriginCountry  // BT-159
    case itemAttribute  // BG-32, named by the file (BT-160)
    case grossPrice  // BT-148
    case priceDiscount  // BT-147
    case baseQuantity  // BT-149
    case lineAllowance  // BG-27
    case lineCharge  // BG-28

    // The document's allowances and charges (BG-20, BG-21), shown with the totals.
    case documentAllowance
    case documentCharge

    /// An element of the file outside EN 16931's core (an EXTENDED profile's), named by its path.
    case otherElement

    /// The part of the page the term is shown in.
    public var section: TermSection {
        switch self {
        case .documentType, .taxPointDate, .taxPointDateCode, .projectReference, .contractReference,
            .salesOrderReference, .receivingAdviceReference, .despatchAdviceReference, .tenderReference,
            .invoicedObject, .buyerAccountingReference, .businessProcess, .specification, .precedingInvoice,
            .precedingInvoiceDate, .noteSubject, .vatInAccountingCurrency, .otherElement:
            .document
        case .sellerTradingName, .sellerIdentifier, .sellerLegalRegistration, .sellerTaxRegistration,
            .sellerLegalInformation, .sellerElectronicAddress, .sellerContact, .sellerContactPhone,
            .sellerCountrySubdivision:
            .seller
        case .buyerTradingName, .buyerIdentifier, .buyerLegalRegistration, .buyerElectronicAddress, .buyerContact,
            .buyerContactPhone, .buyerCountrySubdivision:
            .buyer
        case .payeeName, .payeeIdentifier, .payeeLegalRegistration: .payee
        case .taxRepresentativeName, .taxRepresentativeVATId, .taxRepresentativeAddress: .taxRepresentative
        case .deliverToName, .deliverToLocation, .deliverToAddress: .delivery
        case .paymentMeans, .remittanceInformation, .paymentAccount, .paymentAccountName, .paymentServiceProvider,
            .cardNumber, .cardHolder, .mandateReference, .creditorIdentifier, .debitedAccount:
            .payment
        case .lineNote, .lineObject, .lineOrderReference, .lineAccountingReference, .linePeriod, .itemDescription,
            .itemSellerIdentifier, .itemBuyerIdentifier, .itemStandardIdentifier, .itemClassification,
            .itemOriginCountry, .itemAttribute, .grossPrice, .priceDiscount, .baseQuantity, .lineAllowance,
            .lineCharge:
            .line
        case .documentAllowance, .documentCharge: .totals
        }
    }

    /// The catalog word that labels the term.
    public var word: WordKey {
        WordKey(rawValue: "term." + rawValue)!
    }
}

/// Where on the page a received invoice's term is shown; each section but `line` and
/// `totals` is a group under "Additional information", headed by its word.
public enum TermSection: String, Hashable, Sendable, CaseIterable {
    case document
    case seller
    case buyer
    case payee
    case taxRepresentative
    case delivery
    case payment
    case line
    case totals
    case attachments

    /// The catalog word that heads the group.
    public var word: WordKey {
        WordKey(rawValue: "section." + rawValue)!
    }
}
