/// An International Bank Account Number (ISO 13616), checked by its mod-97 check digits.
public struct IBAN: Hashable, Sendable, CustomStringConvertible {
    /// The electronic form: upper case, no spaces (`CH4431999123000889012`).
    public let electronic: String

    /// nil unless `text`, spaces aside, is a country code, two check digits and up to 30
    /// letters or digits whose mod-97 check holds.
    public init?(_ text: String) {
        let compact = String(text.filter { $0 != " " }).uppercased()
        let bytes = Array(compact.utf8)
        guard (15...34).contains(bytes.count), bytes[0...1].allSatisfy(Self.isLetter),
            bytes[2...3].allSatisfy(Self.isDigit), bytes.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) }),
            Self.mod97(bytes[4...] + bytes[0..<4]) == 1
        else { return nil }
        electronic = compact
    }

    public var countryCode: String { String(electronic.prefix(2)) }

    /// A Swiss or Liechtenstein QR-IBAN: its institution id (positions 5–9) is 30000–31999,
    /// an account that takes only payments with a QR reference.
    public var isQRIBAN: Bool {
        guard ["CH", "LI"].contains(countryCode), let iid = Int(electronic.dropFirst(4).prefix(5)) else { return false }
        return (30000...31999).contains(iid)
    }

    public var description: String { electronic }

    static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// ISO 7064 MOD 97-10 of the digits the characters stand for (A = 10 … Z = 35).
    static func mod97<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int {
        var remainder = 0
        for byte in bytes {
            if isDigit(byte) {
                remainder = (remainder * 10 + Int(byte - UInt8(ascii: "0"))) % 97
            } else {
                remainder = (remainder * 100 + Int(byte - UInt8(ascii: "A")) + 10) % 97
            }
        }
        return remainder
    }
}

/// A Business Identifier Code (ISO 9362): 4 letters of the institution, 2 of its country,
/// 2 letters or digits of its location, and optionally 3 of the branch.
public struct BIC: Hashable, Sendable, CustomStringConvertible {
    public let code: String

    public init?(_ text: String) {
        let compact = String(text.filter { $0 != " " }).uppercased()
        let bytes = Array(compact.utf8)
        guard bytes.count == 8 || bytes.count == 11, bytes[0..<6].allSatisfy(IBAN.isLetter),
            bytes[6...].allSatisfy({ IBAN.isLetter($0) || IBAN.isDigit($0) })
        else { return nil }
        code = compact
    }

    public var description: String { code }
}

/// The reference a payer quotes so that the payee can match the payment: a Swiss QR
/// reference or an international creditor reference.
public enum PaymentReference: Hashable, Sendable {
    /// 27 digits, the last a recursive mod-10 check digit (the Swiss QR-bill's `QRR`).
    case qrReference(String)
    /// ISO 11649: `RF`, two check digits, up to 21 letters or digits (`SCOR`).
    case creditorReference(String)

    /// Why `text` is neither, for a message; nil when it is one (see `init(_:)`).
    public static func problem(with text: String) -> String? {
        switch parse(text) {
        case .success: nil
        case .failure(let reason): reason.message
        }
    }

    /// The reference `text` holds (spaces ignored), or nil.
    public init?(_ text: String) {
        guard case .success(let reference) = Self.parse(text) else { return nil }
        self = reference
    }

    /// The reference as it is written into a payload: no spaces, upper case.
    public var electronic: String {
        switch self {
        case .qrReference(let digits): digits
        case .creditorReference(let reference): reference
        }
    }

    struct Invalid: Error {
        let message: String
    }

    static func parse(_ text: String) -> Result<PaymentReference, Invalid> {
        let compact = String(text.filter { $0 != " " }).uppercased()
        let bytes = Array(compact.utf8)
        if compact.hasPrefix("RF") {
            guard (5...25).contains(bytes.count), bytes[2...3].allSatisfy(IBAN.isDigit),
                bytes[4...].allSatisfy({ IBAN.isLetter($0) || IBAN.isDigit($0) })
            else {
                return .failure(
                    Invalid(
                        message:
                            "an ISO 11649 creditor reference is RF, two check digits and 1 to 21 letters or digits (RF18 5390 0754 7034); got \"\(text)\""
                    ))
            }
            guard IBAN.mod97(bytes[4...] + bytes[0..<4]) == 1 else {
                return .failure(
                    Invalid(message: "the check digits of the creditor reference \"\(text)\" are wrong (ISO 11649)"))
            }
            return .success(.creditorReference(compact))
        }
        guard bytes.count == 27, bytes.allSatisfy(IBAN.isDigit) else {
            return .failure(
                Invalid(
                    message:
                        "expected a Swiss QR reference (27 digits) or an ISO 11649 creditor reference (RF…); got \"\(text)\""
                ))
        }
        let digits = bytes.map { Int($0 - UInt8(ascii: "0")) }
        guard QRReferenceCheck.digit(for: digits.dropLast()) == digits[26] else {
            return .failure(
                Invalid(message: "the check digit of the QR reference \"\(text)\" is wrong (recursive mod 10)"))
        }
        return .success(.qrReference(compact))
    }
}

/// The check digit of Swiss payment references: recursive modulo 10.
enum QRReferenceCheck {
    private static let table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]

    static func digit<Digits: Sequence<Int>>(for digits: Digits) -> Int {
        var carry = 0
        for digit in digits { carry = table[(carry + digit) % 10] }
        return (10 - carry) % 10
    }
}
