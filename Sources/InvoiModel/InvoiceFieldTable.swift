import Foundation
import InvoiLocalization

/// What a field of the invoice file holds, as the decoder reads it.
public indirect enum FieldType: Sendable {
    /// A string; control characters other than line breaks and tabs are removed, at most 1 MB.
    case text
    /// A string of one line with no invisible or direction-changing characters (numbers, e-mail).
    case identifier
    /// An identifier in Latin letters, digits and ASCII punctuation only (a BIC).
    case latinIdentifier
    /// `"YYYY-MM-DD"`, a real date from year 1 to 9999; `""` is "not given".
    case date
    /// A JSON number (never a string), within the bounds when given.
    case number(minimum: Decimal?, maximum: Decimal?)
    /// One of `values`, spelled exactly; `""` too when `allowsEmpty`.
    case choice([String], allowsEmpty: Bool)
    /// A string the decoder checks with more than a schema can say; `pattern` is what it can
    /// (an ECMA-262 expression, anchored), `""` matching too when `allowsEmpty`.
    case patterned(pattern: String, allowsEmpty: Bool)
    /// One of `values`, or a string matching `pattern` (a colour's `#RRGGBB` beside the theme
    /// names; a unit's words in any case beside the exact codes).
    case either(values: [String], pattern: String)
    /// An array of `element`, at most `maximumCount`.
    case list(of: FieldType, maximumCount: Int)
    /// An object with these fields.
    case object([InvoiceField])
    /// The discount: `type` and `value`, both required; a percentage at most 100.
    case discount
    /// A string of `minimumLength`…`maximumLength` characters (grapheme clusters), not blank
    /// when `minimumLength` is above 0; control characters removed as in `text`.
    case boundedText(minimumLength: Int, maximumLength: Int)
    /// `true` or `false`.
    case flag
    /// A custom field: `customFieldFields`, `name` and `value` required; `identifier: true`
    /// holds the value to the identifier rules.
    case customField
    /// An object of label texts by label key (`invoi languages --keys`).
    case labels([String])
}

/// A field of the invoice file: its name, what it holds, and a line saying what it is for.
public struct InvoiceField: Sendable {
    public enum Group: Sendable {
        /// The app's own fields.
        case app
        /// The optional extensions of the neighbouring specs (status, discount, language, …).
        case extensions
        /// The fields EN 16931 e-invoices need.
        case eInvoice
        /// The payment QR codes' fields.
        case payment
    }

    public let name: String
    public let type: FieldType
    public let group: Group
    public let summary: String

    init(_ name: String, _ type: FieldType, _ group: Group, _ summary: String) {
        self.name = name
        self.type = type
        self.group = group
        self.summary = summary
    }

    init(_ name: String, _ type: FieldType, _ summary: String) {
        self.init(name, type, .app, summary)
    }
}

/// Every field an invoice file may have: the decoder's list of known fields (unknown ones are
/// warned about, with a did-you-mean) and the source of `invoi schema invoice`, so the JSON
/// Schema that editors and platforms read cannot drift from what invoi accepts.
/// `InvoiceSchemaTests` holds the decoder to every type, bound and choice here. Computed, not
/// stored: nothing of it stays in memory once the decoder has its names (and LeakSanitizer,
/// which cannot follow the pointers Swift keeps in enums' spare bits, finds nothing to report).
public enum InvoiceFieldTable {
    /// The most line items one invoice may have.
    public static var maximumLineItems: Int { InvoiceDecoder.maximumLineItems }

    public static var lineItem: [InvoiceField] {
        [
            InvoiceField("id", .text, "Your identifier of the line; by default item-1, item-2, …"),
            InvoiceField("description", .text, "What was sold."),
            InvoiceField("quantity", .number(minimum: nil, maximum: nil), "How many; negative for a returned line."),
            InvoiceField("rate", .number(minimum: nil, maximum: nil), "The price of one, in the invoice's currency."),
            InvoiceField(
                "unit", .either(values: EInvoiceCodeLists.unitCodes.sorted(), pattern: unitWordPattern), .eInvoice,
                "The unit of the quantity: a UN/ECE Recommendation 20 code (HUR, DAY, C62, …) or hour, day, week, month, piece, …"
            ),
            InvoiceField(
                "vatRate", .number(minimum: 0, maximum: 100), .eInvoice,
                "This line's VAT rate in percent, if not the invoice's."),
            InvoiceField(
                "vatCategory", .choice(VATCategory.allCases.map(\.rawValue), allowsEmpty: false), .eInvoice,
                "This line's VAT category (UNCL5305), if not the invoice's."),
            InvoiceField(
                "itemId", .identifier, .extensions,
                "The seller's identifier of the item, such as an SKU or article number."),
            InvoiceField("date", .date, .extensions, "When this line's goods or service were supplied."),
            InvoiceField(
                "discount", .discount, .extensions,
                "A discount on this line's quantity × rate; a fixed one is at most the line's amount."),
        ]
    }

    public static var customFieldFields: [InvoiceField] {
        [
            InvoiceField(
                "name", .boundedText(minimumLength: 1, maximumLength: CustomField.maximumNameLength),
                "The label printed before the value, such as PO number."),
            InvoiceField(
                "value", .boundedText(minimumLength: 1, maximumLength: CustomField.maximumValueLength),
                "The value printed."),
            InvoiceField(
                "identifier", .flag,
                "true when the value is an identifier (an order or account number): one line, no invisible or direction-changing characters, digits 0–9."
            ),
        ]
    }

    public static var discountFields: [InvoiceField] {
        [
            InvoiceField(
                "type", .choice(Discount.Kind.allCases.map(\.rawValue), allowsEmpty: false), "percentage or fixed."),
            InvoiceField("value", .number(minimum: 0, maximum: nil), "The percentage (0–100) or the amount."),
        ]
    }

    public static var invoice: [InvoiceField] { app + extensions + eInvoice + payment }

    static var app: [InvoiceField] {
        [
            InvoiceField("fromName", .text, "The seller's name."),
            InvoiceField("fromEmail", .identifier, "The seller's e-mail address."),
            InvoiceField("fromPhone", .identifier, "The seller's phone number."),
            InvoiceField("fromAddress", .text, "The seller's address, on as many lines as it needs."),
            InvoiceField("toName", .text, "The buyer's name."),
            InvoiceField("toEmail", .identifier, "The buyer's e-mail address."),
            InvoiceField("toAddress", .text, "The buyer's address."),
            InvoiceField("invoiceNumber", .identifier, "The invoice's number, such as INV-0001."),
            InvoiceField("issueDate", .date, "When the invoice is issued; today when not given."),
            InvoiceField("dueDate", .date, "When it is to be paid; \"\" for no due date."),
            InvoiceField(
                "currency", .choice(Currency.all.map(\.code), allowsEmpty: false),
                "ISO 4217 code of one of the supported currencies (`invoi currencies`)."),
            InvoiceField("vatRate", .number(minimum: 0, maximum: 100), "The VAT rate in percent."),
            InvoiceField(
                "lineItems", .list(of: .object(lineItem), maximumCount: InvoiceDecoder.maximumLineItems),
                "What is charged, a line each."),
            InvoiceField("bankBeneficiary", .text, "Who the payment goes to."),
            InvoiceField("bankName", .text, "The bank."),
            InvoiceField("bankAccount", .identifier, "The account number or IBAN."),
            InvoiceField("bankSwift", .latinIdentifier, "The bank's BIC (SWIFT code)."),
        ]
    }

    static var extensions: [InvoiceField] {
        [
            InvoiceField(
                "documentType", .choice(DocumentType.allCases.map(\.rawValue), allowsEmpty: false), .extensions,
                "What the document is: invoice, estimate, tax invoice, receipt, credit note, …"),
            InvoiceField("notes", .text, .extensions, "Notes printed at the end."),
            InvoiceField("discount", .discount, .extensions, "A discount on the subtotal."),
            InvoiceField("amountPaid", .number(minimum: 0, maximum: nil), .extensions, "What was already received."),
            InvoiceField("fromTaxId", .identifier, .extensions, "The seller's VAT or tax number."),
            InvoiceField("toTaxId", .identifier, .extensions, "The buyer's VAT or tax number."),
            InvoiceField(
                "status", .choice(InvoiceStatus.allCases.map(\.rawValue), allowsEmpty: false), .extensions,
                "A stamp: draft, sent, paid, partial, overdue or void."),
            InvoiceField(
                "logo", .patterned(pattern: logoPattern, allowsEmpty: false), .extensions,
                "Path of a PNG, JPEG or SVG logo, relative to the invoice file."),
            InvoiceField("logoAlt", .text, .extensions, "The logo's text for screen readers."),
            InvoiceField(
                "accentColor", .either(values: AccentColor.themes.map(\.name), pattern: "^#[0-9A-Fa-f]{6}$"),
                .extensions,
                "The accent colour: #RRGGBB or a theme name."),
            InvoiceField(
                "locale", .patterned(pattern: localePattern, allowsEmpty: true), .extensions,
                "BCP 47 locale of numbers and amounts, such as de-CH."),
            InvoiceField(
                "language", .patterned(pattern: languagePattern, allowsEmpty: true), .extensions,
                "The language of the words and dates (`invoi languages`)."),
            InvoiceField(
                "direction", .choice(DocumentDirection.allCases.map(\.rawValue), allowsEmpty: false), .extensions,
                "auto (from the language), ltr or rtl."),
            InvoiceField(
                "digits", .choice(Digits.allCases.map(\.rawValue), allowsEmpty: false), .extensions,
                "latin (0–9) or native (the language's own)."),
            InvoiceField(
                "labels", .labels(WordKey.allCases.map(\.rawValue)), .extensions,
                "Your own words for the printed labels, by key (`invoi languages --keys`)."),
            InvoiceField("allocationNumber", .identifier, .extensions, "Israel's allocation number (מספר הקצאה)."),
            InvoiceField(
                "copyMark", .choice(CopyMark.allCases.map(\.rawValue), allowsEmpty: false), .extensions,
                "original, copy or certified-copy, printed beside the title."),
            InvoiceField(
                "customFields", .list(of: .customField, maximumCount: CustomField.maximumCount), .extensions,
                "Up to 8 named values printed with the invoice's details (a PO number, a project), each name unique."),
            InvoiceField(
                "design", .choice(DesignName.allCases.map(\.rawValue), allowsEmpty: false), .extensions,
                "The built-in design (`invoi designs`); --design overrides it."),
            InvoiceField(
                "theme", .either(values: DesignName.allCases.map(\.rawValue), pattern: themePathPattern), .extensions,
                "A built-in design's name, or the path of a theme file (.json) relative to the invoice file; --theme overrides it."
            ),
        ]
    }

    static var eInvoice: [InvoiceField] {
        [
            InvoiceField("fromStreet", .text, .eInvoice, "The seller's street and number."),
            InvoiceField("fromCity", .text, .eInvoice, "The seller's city."),
            InvoiceField("fromPostalCode", .text, .eInvoice, "The seller's postal code."),
            InvoiceField("fromCountry", .choice(countries, allowsEmpty: true), .eInvoice, "ISO 3166-1 alpha-2 code."),
            InvoiceField("toStreet", .text, .eInvoice, "The buyer's street and number."),
            InvoiceField("toCity", .text, .eInvoice, "The buyer's city."),
            InvoiceField("toPostalCode", .text, .eInvoice, "The buyer's postal code."),
            InvoiceField("toCountry", .choice(countries, allowsEmpty: true), .eInvoice, "ISO 3166-1 alpha-2 code."),
            InvoiceField("fromRegistrationId", .identifier, .eInvoice, "The seller's company registration number."),
            InvoiceField("fromContact", .text, .eInvoice, "The seller's contact person."),
            InvoiceField(
                "fromElectronicAddress", .patterned(pattern: electronicAddressPattern, allowsEmpty: true), .eInvoice,
                "Where e-invoices reach the seller: SCHEME:ID (0088:…, 9930:DE…, EM:ap@…)."),
            InvoiceField(
                "toElectronicAddress", .patterned(pattern: electronicAddressPattern, allowsEmpty: true), .eInvoice,
                "Where e-invoices reach the buyer: SCHEME:ID."),
            InvoiceField("buyerReference", .identifier, .eInvoice, "The buyer's reference (XRechnung's Leitweg-ID)."),
            InvoiceField("orderReference", .identifier, .eInvoice, "The buyer's purchase order number."),
            InvoiceField("precedingInvoice", .identifier, .eInvoice, "The invoice a credit note corrects."),
            InvoiceField("paymentTerms", .text, .eInvoice, "The payment terms, in words."),
            InvoiceField("deliveryDate", .date, .eInvoice, "When the goods or services were supplied."),
            InvoiceField("periodStart", .date, .eInvoice, "The first day of the service period."),
            InvoiceField("periodEnd", .date, .eInvoice, "The last day of the service period."),
            InvoiceField(
                "vatCategory", .choice(VATCategory.allCases.map(\.rawValue), allowsEmpty: false), .eInvoice,
                "The VAT category (UNCL5305): S, Z, E, AE, K, G, O, …"),
            InvoiceField("vatExemptionReason", .text, .eInvoice, "Why no VAT is charged, for E, AE, K, G and O."),
        ]
    }

    static var payment: [InvoiceField] {
        [
            InvoiceField(
                "paymentQR", .choice(PaymentQRScheme.allCases.map(\.rawValue), allowsEmpty: true), .payment,
                "The payment QR code to print: epc, swiss, zatca, upi or spayd."),
            InvoiceField("paymentReference", .identifier, .payment, "The payment reference the code carries."),
            InvoiceField("upiId", .identifier, .payment, "The payee's UPI id (India)."),
            InvoiceField("fromBuildingNumber", .identifier, .payment, "The seller's building number (Swiss QR-bill)."),
            InvoiceField("toBuildingNumber", .identifier, .payment, "The buyer's building number (Swiss QR-bill)."),
        ]
    }

    /// The key an invoice may carry to name its schema, for editors; the decoder ignores it.
    public static let schemaKey = "$schema"

    static var countries: [String] { EInvoiceCodeLists.countryCodes.sorted() }

    /// The words the decoder takes for units, in any case.
    static var unitWordPattern: String {
        "^(" + UnitCode.aliases.keys.sorted().map(caseless).joined(separator: "|") + ")$"
    }

    /// `text` as a pattern matching it in any case (ECMA-262 has no case-insensitive group).
    static func caseless(_ text: String) -> String {
        text.map { character in
            let lower = character.lowercased(), upper = character.uppercased()
            return lower == upper ? NSRegularExpression.escapedPattern(for: String(character)) : "[\(lower)\(upper)]"
        }.joined()
    }

    static let logoPattern = #"^.*\S.*\.([Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg]|[Ss][Vv][Gg])$"#
    static let themePathPattern = #"^.*[^/]\.[Jj][Ss][Oo][Nn]$"#
    static let localePattern = #"^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$"#
    /// Tags whose first subtag is a language invoi prints (and the old codes it maps: iw, no, nn).
    static var languagePattern: String {
        let primaries = Set(Language.all.map { String($0.code.split(separator: "-")[0]).lowercased() })
            .union(["iw", "no", "nn"]).sorted()
        return "^(" + primaries.map(caseless).joined(separator: "|") + ")([-_][A-Za-z0-9]{1,8})*$"
    }
    static var electronicAddressPattern: String {
        "^\\s*(" + EInvoiceCodeLists.electronicAddressSchemes.sorted().joined(separator: "|") + ")\\s*:\\s*\\S.*$"
    }
}
