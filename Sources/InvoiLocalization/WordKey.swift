/// Every piece of text invoi itself prints, by the key that names it in the catalogs
/// (`Catalogs/<language>.json`) and in an invoice's `labels`.
public enum WordKey: String, CaseIterable, Hashable, Sendable {
    case invoiceTitle = "title.invoice"
    case estimateTitle = "title.estimate"
    case taxInvoiceTitle = "title.taxInvoice"
    case taxInvoiceReceiptTitle = "title.taxInvoiceReceipt"
    case receiptTitle = "title.receipt"
    case proformaTitle = "title.proforma"
    case creditNoteTitle = "title.creditNote"
    case billTo
    case issueDate
    case dueDate
    case validUntil
    case allocationNumber
    /// The items table's column heads, in the order a theme lists its columns. The item's own
    /// number (an SKU or article number), not the line's position.
    case itemColumn = "column.item"
    case descriptionColumn = "column.description"
    /// When the line's goods or services were supplied.
    case dateColumn = "column.date"
    case quantityColumn = "column.quantity"
    /// The unit of measure the quantity counts (hours, pieces).
    case unitColumn = "column.unit"
    case rateColumn = "column.rate"
    /// The line's own discount.
    case discountColumn = "column.discount"
    /// The line's tax rate, headed by the tax's name ("VAT") where the language does so.
    case taxColumn = "column.tax"
    case amountColumn = "column.amount"
    case subtotal
    case discount
    case discountPercent
    case tax
    case total
    /// The total of a document that charges no tax, where the language's `total` names one ("Total TTC").
    case totalWithoutTax
    case paid
    case balanceDue
    case paymentDetails
    case beneficiary = "payment.beneficiary"
    case bank = "payment.bank"
    case account = "payment.account"
    case swift = "payment.swift"
    /// The payee's UPI address (India's Unified Payments Interface).
    case upiId = "payment.upiId"
    /// The caption under a payment QR code.
    case scanToPay = "payment.scanToPay"
    /// The caption under a code that verifies a tax invoice (Saudi Arabia's ZATCA code), which
    /// pays nothing.
    case scanToVerify = "taxInvoice.scanToVerify"
    case notes
    case taxId
    case draftStamp = "stamp.draft"
    case partiallyPaidStamp = "stamp.partiallyPaid"
    case paidStamp = "stamp.paid"
    case overdueStamp = "stamp.overdue"
    case voidStamp = "stamp.void"
    case footer
    case footerPage
    case paymentTerms
    case deliveryDate
    case servicePeriod
    case buyerReference
    case orderReference
    case precedingInvoice
    /// The marks beside the title: the original, a copy, a copy certified true to the original.
    case originalMark = "copyMark.original"
    case copyMark = "copyMark.copy"
    case certifiedCopyMark = "copyMark.certifiedCopy"
    /// The line under a digitally signed document's pages.
    case signedNote
    /// The logo's default alternative text, for a reader who cannot see it.
    case logoAlt

    // A received e-invoice's words: the business terms, the page's groups, the stated totals.
    case termDocumentType = "term.documentType"
    case termTaxPointDate = "term.taxPointDate"
    case termTaxPointDateCode = "term.taxPointDateCode"
    case termProjectReference = "term.projectReference"
    case termContractReference = "term.contractReference"
    case termSalesOrderReference = "term.salesOrderReference"
    case termReceivingAdviceReference = "term.receivingAdviceReference"
    case termDespatchAdviceReference = "term.despatchAdviceReference"
    case termTenderReference = "term.tenderReference"
    case termInvoicedObject = "term.invoicedObject"
    case termBuyerAccountingReference = "term.buyerAccountingReference"
    case termBusinessProcess = "term.businessProcess"
    case termSpecification = "term.specification"
    case termPrecedingInvoice = "term.precedingInvoice"
    case termPrecedingInvoiceDate = "term.precedingInvoiceDate"
    case termNoteSubject = "term.noteSubject"
    case termSellerTradingName = "term.sellerTradingName"
    case termSellerIdentifier = "term.sellerIdentifier"
    case termSellerLegalRegistration = "term.sellerLegalRegistration"
    case termSellerTaxRegistration = "term.sellerTaxRegistration"
    case termSellerLegalInformation = "term.sellerLegalInformation"
    case termSellerElectronicAddress = "term.sellerElectronicAddress"
    case termSellerContact = "term.sellerContact"
    case termSellerContactPhone = "term.sellerContactPhone"
    case termSellerCountrySubdivision = "term.sellerCountrySubdivision"
    case termBuyerTradingName = "term.buyerTradingName"
    case termBuyerIdentifier = "term.buyerIdentifier"
    case termBuyerLegalRegistration = "term.buyerLegalRegistration"
    case termBuyerElectronicAddress = "term.buyerElectronicAddress"
    case termBuyerContact = "term.buyerContact"
    case termBuyerContactPhone = "term.buyerContactPhone"
    case termBuyerCountrySubdivision = "term.buyerCountrySubdivision"
    case termPayeeName = "term.payeeName"
    case termPayeeIdentifier = "term.payeeIdentifier"
    case termPayeeLegalRegistration = "term.payeeLegalRegistration"
    case termTaxRepresentativeName = "term.taxRepresentativeName"
    case termTaxRepresentativeVATId = "term.taxRepresentativeVATId"
    case termTaxRepresentativeAddress = "term.taxRepresentativeAddress"
    case termDeliverToName = "term.deliverToName"
    case termDeliverToLocation = "term.deliverToLocation"
    case termDeliverToAddress = "term.deliverToAddress"
    case termPaymentMeans = "term.paymentMeans"
    case termRemittanceInformation = "term.remittanceInformation"
    case termPaymentAccount = "term.paymentAccount"
    case termPaymentAccountName = "term.paymentAccountName"
    case termPaymentServiceProvider = "term.paymentServiceProvider"
    case termCardNumber = "term.cardNumber"
    case termCardHolder = "term.cardHolder"
    case termMandateReference = "term.mandateReference"
    case termCreditorIdentifier = "term.creditorIdentifier"
    case termDebitedAccount = "term.debitedAccount"
    case termVatInAccountingCurrency = "term.vatInAccountingCurrency"
    case termLineNote = "term.lineNote"
    case termLineObject = "term.lineObject"
    case termLineOrderReference = "term.lineOrderReference"
    case termLineAccountingReference = "term.lineAccountingReference"
    case termLinePeriod = "term.linePeriod"
    case termItemDescription = "term.itemDescription"
    case termItemSellerIdentifier = "term.itemSellerIdentifier"
    case termItemBuyerIdentifier = "term.itemBuyerIdentifier"
    case termItemStandardIdentifier = "term.itemStandardIdentifier"
    case termItemClassification = "term.itemClassification"
    case termItemOriginCountry = "term.itemOriginCountry"
    case termItemAttribute = "term.itemAttribute"
    case termGrossPrice = "term.grossPrice"
    case termPriceDiscount = "term.priceDiscount"
    case termBaseQuantity = "term.baseQuantity"
    case termLineAllowance = "term.lineAllowance"
    case termLineCharge = "term.lineCharge"
    case termDocumentAllowance = "term.documentAllowance"
    case termDocumentCharge = "term.documentCharge"
    case termOtherElement = "term.otherElement"
    case sectionDocument = "section.document"
    case sectionSeller = "section.seller"
    case sectionBuyer = "section.buyer"
    case sectionPayee = "section.payee"
    case sectionTaxRepresentative = "section.taxRepresentative"
    case sectionDelivery = "section.delivery"
    case sectionPayment = "section.payment"
    case sectionLine = "section.line"
    case sectionTotals = "section.totals"
    case sectionAttachments = "section.attachments"
    case totalsLineTotal = "totals.lineTotal"
    case totalsAllowances = "totals.allowances"
    case totalsCharges = "totals.charges"
    case totalsTaxExclusive = "totals.taxExclusive"
    case totalsVat = "totals.vat"
    case totalsTaxInclusive = "totals.taxInclusive"
    case totalsPrepaid = "totals.prepaid"
    case totalsRounding = "totals.rounding"
    case totalsPayable = "totals.payable"
    case vatCategoryS = "vatCategory.S"
    case vatCategoryZ = "vatCategory.Z"
    case vatCategoryE = "vatCategory.E"
    case vatCategoryAE = "vatCategory.AE"
    case vatCategoryK = "vatCategory.K"
    case vatCategoryG = "vatCategory.G"
    case vatCategoryO = "vatCategory.O"
    case vatCategoryL = "vatCategory.L"
    case vatCategoryM = "vatCategory.M"
    case vatOn = "vatOn"
    case attachmentEmbedded = "attachment.embedded"
    case attachmentExternal = "attachment.external"
    case figuresWarning = "warning.figures"

    /// Every key by its name: a catalog's ~160 names looked up here rather than by
    /// `init(rawValue:)`, which compares a name with each key's in turn.
    static let named: [String: WordKey] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The words only a received e-invoice's page uses, kept in each catalog's `receivedWords`.
    static let receivedWords: Set<WordKey> = Set(allCases.filter(\.isNamedAsReceivedWord))

    /// Whether the key is one of `receivedWords`.
    public var isReceivedWord: Bool { Self.receivedWords.contains(self) }

    private var isNamedAsReceivedWord: Bool {
        let name = rawValue
        return name == "vatOn"
            || ["term.", "section.", "totals.", "vatCategory.", "attachment.", "warning."].contains {
                name.hasPrefix($0)
            }
    }

    /// The values invoi fills into this key's text, each written `{name}` in it.
    public var placeholders: [Placeholder] {
        switch self {
        case .allocationNumber, .precedingInvoice: [.number]
        case .discountPercent, .tax: [.rate]
        case .taxId: [.id]
        case .footer: [.number, .page, .pages]
        case .footerPage: [.page, .pages]
        case .logoAlt: [.name]
        case .vatOn: [.category, .rate, .amount]
        default: []
        }
    }
}

/// A value filled into a catalog text: `{rate}` in "VAT {rate}%".
public enum Placeholder: String, CaseIterable, Hashable, Sendable {
    case rate
    case id
    case number
    case page
    case pages
    case name
    case category
    case amount

    /// How it is written in a text: `{rate}`.
    public var written: String { "{" + rawValue + "}" }
}
