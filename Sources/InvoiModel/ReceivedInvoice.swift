import Foundation

/// What a received e-invoice (CII or UBL) states, kept as it states it: its own totals and VAT
/// breakdown (never recomputed), each number as written, and every business term invoi's own
/// invoice has no field for. The page of a received invoice shows these; the `Invoice` that
/// carries them holds what maps onto invoi's model (parties, dates, lines) for everything else.
public struct ReceivedInvoice: Hashable, Sendable {
    /// Where the invoice was read from.
    public var source: Source
    /// EN 16931's document type code as written (BT-3): 380 an invoice, 381 a credit note, …
    public var typeCode: String
    /// The stated document totals (BG-22).
    public var totals: StatedTotals
    /// The VAT breakdown as stated (BG-23), in the document's order.
    public var vatBreakdown: [StatedVAT]
    /// The document-level allowances (BG-20) and charges (BG-21), in the document's order.
    public var allowancesAndCharges: [StatedAllowanceCharge]
    /// One per line of the `Invoice` (same order): what the file states of it.
    public var lines: [StatedLine]
    /// The business terms of the document that `Invoice` has no field for, in the order of
    /// EN 16931's model; the page shows them in their sections or under "Additional information".
    public var terms: [StatedTerm]
    /// Supporting documents (BG-24).
    public var attachments: [Attachment]
    /// What the reader could not take as it stands and how it went on: a fallback per case.
    public var fallbacks: [ReadingFallback]

    public init(
        source: Source, typeCode: String, totals: StatedTotals, vatBreakdown: [StatedVAT] = [],
        allowancesAndCharges: [StatedAllowanceCharge] = [], lines: [StatedLine] = [], terms: [StatedTerm] = [],
        attachments: [Attachment] = [], fallbacks: [ReadingFallback] = []
    ) {
        self.source = source
        self.typeCode = typeCode
        self.totals = totals
        self.vatBreakdown = vatBreakdown
        self.allowancesAndCharges = allowancesAndCharges
        self.lines = lines
        self.terms = terms
        self.attachments = attachments
        self.fallbacks = fallbacks
    }

    /// The syntax the invoice was written in, and the PDF attachment it came from.
    public struct Source: Hashable, Sendable {
        public var syntax: ReceivedSyntax
        /// The name of the embedded file it was read from, when the file was a PDF
        /// (`factur-x.xml`); nil for an XML file.
        public var attachmentName: String?
        /// The specification identifier as written (BT-24), "" when absent.
        public var specification: String

        public init(syntax: ReceivedSyntax, attachmentName: String? = nil, specification: String = "") {
            self.syntax = syntax
            self.attachmentName = attachmentName
            self.specification = specification
        }
    }
}

/// The XML syntaxes invoi reads.
public enum ReceivedSyntax: String, Hashable, Sendable, CaseIterable {
    /// UN/CEFACT Cross Industry Invoice D16B (Factur-X, ZUGFeRD 2, XRechnung CII).
    case cii
    /// ZUGFeRD 1.0's CrossIndustryDocument, the older namespace.
    case zugferd1
    /// UBL 2.1 `Invoice`.
    case ublInvoice
    /// UBL 2.1 `CreditNote`.
    case ublCreditNote
}

/// A number as the file writes it: its value and its text, whose decimals the page keeps
/// ("2.500" prints with three).
public struct StatedNumber: Hashable, Sendable, CustomStringConvertible {
    public var value: Decimal
    /// The digits written after the decimal point (0 for "12").
    public var fractionDigits: Int

    public init(value: Decimal, fractionDigits: Int) {
        self.value = value
        self.fractionDigits = fractionDigits
    }

    /// `text` as XML's decimal type writes it ("-12.50", "+3", ".5"); nil for anything else
    /// (exponents, grouping, commas).
    public init?(xml text: some StringProtocol) {
        var text = Substring(text)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
            text.removeFirst()
        }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text.removeLast() }
        var negative = false
        if text.first == "-" || text.first == "+" {
            negative = text.first == "-"
            text.removeFirst()
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        guard !(integer.isEmpty && fraction.isEmpty), integer.utf8.count + fraction.utf8.count <= 38,
            integer.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), fraction.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let magnitude = Decimal(string: String(integer.isEmpty ? "0" : integer) + "." + String(fraction + "0"))
        else { return nil }
        value = negative ? -magnitude : magnitude
        fractionDigits = fraction.utf8.count
    }

    /// The value with its written decimals, plain ("2.500", "-12.5").
    public var description: String {
        let rounded = value.roundedHalfAwayFromZero(fractionDigits: fractionDigits)
        var text = "\(rounded.magnitude)"
        let point = text.firstIndex(of: ".")
        let written = point.map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        if written < fractionDigits {
            if point == nil { text += "." }
            text += String(repeating: "0", count: fractionDigits - written)
        }
        return (value < 0 && rounded != 0 ? "-" : "") + text
    }
}

/// The document totals as stated (BT-106 … BT-115, BT-111).
public struct StatedTotals: Hashable, Sendable {
    /// Sum of the lines' net amounts (BT-106).
    public var lineTotal: StatedNumber
    /// Sum of the document-level allowances (BT-107), nil when absent.
    public var allowances: StatedNumber?
    /// Sum of the document-level charges (BT-108), nil when absent.
    public var charges: StatedNumber?
    /// Total without VAT (BT-109).
    public var taxExclusive: StatedNumber
    /// Total VAT in the invoice's currency (BT-110), nil when absent.
    public var vat: StatedNumber?
    /// Total VAT in the VAT accounting currency (BT-111) and that currency's code (BT-6).
    public var vatInAccountingCurrency: (amount: StatedNumber, currency: String)? {
        get { accountingVAT.map { ($0.amount, $0.currency) } }
        set { accountingVAT = newValue.map { AccountingVAT(amount: $0.amount, currency: $0.currency) } }
    }
    private var accountingVAT: AccountingVAT?
    /// Total with VAT (BT-112).
    public var taxInclusive: StatedNumber
    /// Paid in advance (BT-113), nil when absent.
    public var prepaid: StatedNumber?
    /// Rounding amount (BT-114), nil when absent.
    public var rounding: StatedNumber?
    /// Amount due for payment (BT-115).
    public var payable: StatedNumber

    public init(
        lineTotal: StatedNumber, allowances: StatedNumber? = nil, charges: StatedNumber? = nil,
        taxExclusive: StatedNumber, vat: StatedNumber? = nil, taxInclusive: StatedNumber,
        prepaid: StatedNumber? = nil, rounding: StatedNumber? = nil, payable: StatedNumber
    ) {
        self.lineTotal = lineTotal
        self.allowances = allowances
        self.charges = charges
        self.taxExclusive = taxExclusive
        self.vat = vat
        self.taxInclusive = taxInclusive
        self.prepaid = prepaid
        self.rounding = rounding
        self.payable = payable
    }

    private struct AccountingVAT: Hashable, Sendable {
        var amount: StatedNumber
        var currency: String
    }

    public static func == (lhs: StatedTotals, rhs: StatedTotals) -> Bool {
        lhs.lineTotal == rhs.lineTotal && lhs.allowances == rhs.allowances && lhs.charges == rhs.charges
            && lhs.taxExclusive == rhs.taxExclusive && lhs.vat == rhs.vat && lhs.accountingVAT == rhs.accountingVAT
            && lhs.taxInclusive == rhs.taxInclusive && lhs.prepaid == rhs.prepaid && lhs.rounding == rhs.rounding
            && lhs.payable == rhs.payable
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(taxInclusive)
        hasher.combine(payable)
    }
}

/// One row of the stated VAT breakdown (BG-23).
public struct StatedVAT: Hashable, Sendable {
    /// The category code as written (BT-118): S, Z, E, AE, K, G, O, L, M.
    public var category: String
    /// The rate in percent (BT-119), nil when absent (category O).
    public var rate: StatedNumber?
    /// Taxable amount (BT-116).
    public var taxableAmount: StatedNumber
    /// VAT amount (BT-117).
    public var vat: StatedNumber
    /// Why no VAT is charged (BT-120, BT-121); "" when absent.
    public var exemptionReason: String
    public var exemptionCode: String

    public init(
        category: String, rate: StatedNumber?, taxableAmount: StatedNumber, vat: StatedNumber,
        exemptionReason: String = "", exemptionCode: String = ""
    ) {
        self.category = category
        self.rate = rate
        self.taxableAmount = taxableAmount
        self.vat = vat
        self.exemptionReason = exemptionReason
        self.exemptionCode = exemptionCode
    }
}

/// An allowance (a reduction) or a charge, of the document (BG-20, BG-21) or of a line
/// (BG-27, BG-28).
public struct StatedAllowanceCharge: Hashable, Sendable {
    public var isCharge: Bool
    /// The amount (BT-92/99/136/141), positive as the file writes it.
    public var amount: StatedNumber
    /// The base amount and percentage it was worked out from (BT-93/94, 100/101, 137/138, 142/143).
    public var baseAmount: StatedNumber?
    public var percentage: StatedNumber?
    /// The reason as text and as a code (BT-97/98, 104/105, 139/140, 144/145); "" when absent.
    public var reason: String
    public var reasonCode: String
    /// The VAT category code and rate of a document-level one (BT-95/96, 102/103); "" and nil on a line.
    public var vatCategory: String
    public var vatRate: StatedNumber?

    public init(
        isCharge: Bool, amount: StatedNumber, baseAmount: StatedNumber? = nil, percentage: StatedNumber? = nil,
        reason: String = "", reasonCode: String = "", vatCategory: String = "", vatRate: StatedNumber? = nil
    ) {
        self.isCharge = isCharge
        self.amount = amount
        self.baseAmount = baseAmount
        self.percentage = percentage
        self.reason = reason
        self.reasonCode = reasonCode
        self.vatCategory = vatCategory
        self.vatRate = vatRate
    }
}

/// What the file states of one invoice line (BG-25) beyond its description, quantity and price.
public struct StatedLine: Hashable, Sendable {
    /// The line's identifier (BT-126).
    public var lineId: String
    /// Quantity (BT-129) and its unit code as written (BT-130; "" when absent).
    public var quantity: StatedNumber
    public var unitCode: String
    /// Net price (BT-146), and the quantity it is the price of (BT-149, BT-150), nil when absent.
    public var netPrice: StatedNumber
    public var baseQuantity: StatedNumber?
    public var baseQuantityUnitCode: String
    /// Gross price (BT-148) and the discount on it (BT-147), nil when absent.
    public var grossPrice: StatedNumber?
    public var priceDiscount: StatedNumber?
    /// The line's net amount as stated (BT-131).
    public var netAmount: StatedNumber
    /// The line's VAT category code and rate as written (BT-151, BT-152).
    public var vatCategory: String
    public var vatRate: StatedNumber?
    /// The line's allowances and charges (BG-27, BG-28).
    public var allowancesAndCharges: [StatedAllowanceCharge]
    /// The line's other terms: note, period, identifiers, attributes (BG-32), …
    public var terms: [StatedTerm]
    /// A sub-line's parent (CII EXTENDED's ParentLineID); "" for a line of its own.
    public var parentLineId: String

    public init(
        lineId: String, quantity: StatedNumber, unitCode: String = "", netPrice: StatedNumber,
        baseQuantity: StatedNumber? = nil, baseQuantityUnitCode: String = "", grossPrice: StatedNumber? = nil,
        priceDiscount: StatedNumber? = nil, netAmount: StatedNumber, vatCategory: String = "",
        vatRate: StatedNumber? = nil, allowancesAndCharges: [StatedAllowanceCharge] = [], terms: [StatedTerm] = [],
        parentLineId: String = ""
    ) {
        self.lineId = lineId
        self.quantity = quantity
        self.unitCode = unitCode
        self.netPrice = netPrice
        self.baseQuantity = baseQuantity
        self.baseQuantityUnitCode = baseQuantityUnitCode
        self.grossPrice = grossPrice
        self.priceDiscount = priceDiscount
        self.netAmount = netAmount
        self.vatCategory = vatCategory
        self.vatRate = vatRate
        self.allowancesAndCharges = allowancesAndCharges
        self.terms = terms
        self.parentLineId = parentLineId
    }
}

/// One business term's value, for the page: its term (which gives the label in the document's
/// language), or a name the file gives it (an item attribute's, BT-160).
public struct StatedTerm: Hashable, Sendable {
    public var term: BusinessTerm
    /// The label the file itself gives (BT-160 for an attribute); nil takes the term's word.
    public var name: String?
    public var value: Value

    public init(_ term: BusinessTerm, _ value: Value, name: String? = nil) {
        self.term = term
        self.value = value
        self.name = name
    }

    public enum Value: Hashable, Sendable {
        /// Free text, printed as it is (line breaks kept).
        case text(String)
        /// An identifier or code, never translated or reordered; `scheme` is its scheme id ("" for none).
        case identifier(String, scheme: String)
        case date(CalendarDate)
        case period(start: CalendarDate?, end: CalendarDate?)
        /// An amount in `currency` (the invoice's unless the file names another).
        case amount(StatedNumber, currency: String)
        case percentage(StatedNumber)
    }
}

/// What a reader did with something it could not take as it stands; counted over the corpus
/// and reported by `invoi check`.
public enum ReadingFallback: Hashable, Sendable {
    /// A date not in the format the syntax requires, shown as written.
    case dateAsWritten(path: String, text: String)
    /// A unit code not on the code list, kept and shown as written.
    case unknownUnitCode(String)
    /// A currency invoi does not know, amounts shown with the digits written.
    case unknownCurrency(String)
    /// A country code not on the list, shown as written in the address.
    case unknownCountryCode(String)
    /// No language in the file: the page's language (a catalog tag, `en` for English) taken
    /// from the seller's country code as written ("" when the file gives none).
    case languageFromCountry(language: String, country: String)
    /// A line without a net price (BT-146): taken as its gross price (BT-148) less the price
    /// discount (BT-147), both shown as stated.
    case netPriceFromGross
    /// A line without any price: its net price worked out as its net amount (BT-131) over its
    /// quantity (BT-129).
    case priceFromAmount
    /// A line without a net amount (BT-131), the only one: worked out as the sum of line net
    /// amounts (BT-106) less the other lines'.
    case lineAmountFromTotal
    /// A line that states only text (a ZUGFeRD 1.0 free-text line): read as a note (BT-22).
    case textLineAsNote
    /// No invoice currency code (BT-5): taken from the `currencyID` the amounts are written with.
    case currencyFromAmounts(String)
    /// No currency written anywhere: the seller's country's (a euro-area country's EUR).
    case currencyFromSellerCountry(currency: String, country: String)
    /// A ZUGFeRD 1.0 draft's namespace (`CBFBUY:5`), read with the ZUGFeRD 1.0 mapping.
    case readAsZUGFeRD1(namespace: String)
    /// A required total absent: worked out from the lines and shown as such.
    case missingTotal(term: String)
    /// An element the reader does not map, shown under "Additional information" by its name.
    case unmappedElement(path: String)
    /// A VAT category or rate of a line that invoi's own model cannot hold (`L`, `M`), kept as written.
    case vatCategoryAsWritten(String)
}

/// A supporting document the invoice refers to (BG-24): embedded in the file or at an address
/// that is shown, never fetched.
public struct Attachment: Hashable, Sendable {
    /// Its reference (BT-122) and description (BT-123).
    public var reference: String
    public var description: String
    /// The external address (BT-124) as written, "" for none.
    public var uri: String
    /// The embedded file (BT-125): its name and MIME code as written, and its bytes; nil when
    /// nothing is embedded.
    public var embedded: EmbeddedFile?

    public init(reference: String, description: String = "", uri: String = "", embedded: EmbeddedFile? = nil) {
        self.reference = reference
        self.description = description
        self.uri = uri
        self.embedded = embedded
    }

    public struct EmbeddedFile: Hashable, Sendable {
        public var fileName: String
        public var mimeCode: String
        public var data: [UInt8]

        public init(fileName: String, mimeCode: String, data: [UInt8]) {
            self.fileName = fileName
            self.mimeCode = mimeCode
            self.data = data
        }
    }
}
