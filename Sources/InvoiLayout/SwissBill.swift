import InvoiDocument

/// The Swiss QR-bill's payment part and receipt, already formatted: what the strip at the foot
/// of the last page shows (the payload's fields as the guidelines print them).
public struct SwissBill: Hashable, Sendable {
    /// The languages the guidelines give the headings in.
    public enum Language: String, Hashable, Sendable, CaseIterable {
        case german = "de"
        case french = "fr"
        case italian = "it"
        case english = "en"

        /// The document's language when the guidelines have it, else English.
        public init(documentLanguage code: String) {
            self = Language(rawValue: code) ?? .english
        }
    }

    public var matrix: QRCodeMatrix
    public var language: Language
    /// The IBAN in groups of four ("CH44 3199 9123 0008 8901 2").
    public var account: String
    /// Name, street and building number, postal code and town.
    public var creditor: [String]
    /// The QR reference in groups of five from the right, an RF reference in groups of four;
    /// "" for none.
    public var reference: String
    /// The invoice number.
    public var additionalInformation: String
    /// nil: the payer writes name and address into the empty field.
    public var debtor: [String]?
    public var currency: String
    /// With a space between thousands ("1 949.75").
    public var amount: String
    /// What a reader who cannot see the code is told it is.
    public var altText: String

    public init(
        matrix: QRCodeMatrix, language: Language, account: String, creditor: [String], reference: String,
        additionalInformation: String, debtor: [String]?, currency: String, amount: String, altText: String
    ) {
        self.matrix = matrix
        self.language = language
        self.account = account
        self.creditor = creditor
        self.reference = reference
        self.additionalInformation = additionalInformation
        self.debtor = debtor
        self.currency = currency
        self.amount = amount
        self.altText = altText
    }
}

extension SwissBill {
    /// The headings and field titles in the guidelines' wording (their annex of multilingual
    /// headings): a standardized form's text, not the document's catalog.
    public enum Heading: CaseIterable, Sendable {
        case receipt, paymentPart, account, reference, additionalInformation, payableBy
        case payableByNameAddress, currency, amount, acceptancePoint

        public func text(in language: Language) -> String {
            switch (self, language) {
            case (.receipt, .german): "Empfangsschein"
            case (.receipt, .french): "Récépissé"
            case (.receipt, .italian): "Ricevuta"
            case (.receipt, .english): "Receipt"
            case (.paymentPart, .german): "Zahlteil"
            case (.paymentPart, .french): "Section paiement"
            case (.paymentPart, .italian): "Sezione pagamento"
            case (.paymentPart, .english): "Payment part"
            case (.account, .german): "Konto / Zahlbar an"
            case (.account, .french): "Compte / Payable à"
            case (.account, .italian): "Conto / Pagabile a"
            case (.account, .english): "Account / Payable to"
            case (.reference, .german): "Referenz"
            case (.reference, .french): "Référence"
            case (.reference, .italian): "Riferimento"
            case (.reference, .english): "Reference"
            case (.additionalInformation, .german): "Zusätzliche Informationen"
            case (.additionalInformation, .french): "Informations supplémentaires"
            case (.additionalInformation, .italian): "Informazioni supplementari"
            case (.additionalInformation, .english): "Additional information"
            case (.payableBy, .german): "Zahlbar durch"
            case (.payableBy, .french): "Payable par"
            case (.payableBy, .italian): "Pagabile da"
            case (.payableBy, .english): "Payable by"
            case (.payableByNameAddress, .german): "Zahlbar durch (Name/Adresse)"
            case (.payableByNameAddress, .french): "Payable par (nom/adresse)"
            case (.payableByNameAddress, .italian): "Pagabile da (nome/indirizzo)"
            case (.payableByNameAddress, .english): "Payable by (name/address)"
            case (.currency, .german): "Währung"
            case (.currency, .french): "Monnaie"
            case (.currency, .italian): "Valuta"
            case (.currency, .english): "Currency"
            case (.amount, .german): "Betrag"
            case (.amount, .french): "Montant"
            case (.amount, .italian): "Importo"
            case (.amount, .english): "Amount"
            case (.acceptancePoint, .german): "Annahmestelle"
            case (.acceptancePoint, .french): "Point de dépôt"
            case (.acceptancePoint, .italian): "Punto di accettazione"
            case (.acceptancePoint, .english): "Acceptance point"
            }
        }
    }
}
