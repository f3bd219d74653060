import Testing

@testable import InvoiPayment

struct AccountNumberTests {
    @Test func ibansPassTheirCheckDigitsAndOthersFail() {
        #expect(IBAN("DE89 3704 0044 0532 0130 00")?.electronic == "DE89370400440532013000")
        #expect(IBAN("ch9300762011623852957")?.electronic == "CH9300762011623852957")
        #expect(IBAN("CZ6508000000192000145399") != nil)
        // One digit changed, two swapped, a letter in the check digits, too short.
        #expect(IBAN("DE89370400440532013001") == nil)
        #expect(IBAN("DE89370400440532031000") == nil)
        #expect(IBAN("DEX9370400440532013000") == nil)
        #expect(IBAN("DE8937") == nil)
    }

    @Test func qrIBANsAreTheSwissInstitutionRange() {
        #expect(IBAN("CH4431999123000889012")?.isQRIBAN == true)
        #expect(IBAN("CH9300762011623852957")?.isQRIBAN == false)
        #expect(IBAN("DE89370400440532013000")?.isQRIBAN == false)
    }

    @Test func creditorReferencesAreCheckedByISO11649() {
        #expect(PaymentReference("RF18 5390 0754 7034") == .creditorReference("RF18539007547034"))
        #expect(PaymentReference("RF18539007547035") == nil)
        #expect(PaymentReference.problem(with: "RF19539007547034")?.contains("ISO 11649") == true)
        #expect(PaymentReference.problem(with: "RF1") != nil)
    }

    @Test func qrReferencesAreCheckedByRecursiveModulo10() {
        #expect(PaymentReference("21 00000 00003 13947 14300 09017") == .qrReference("210000000003139471430009017"))
        #expect(PaymentReference("210000000003139471430009018") == nil)
        #expect(PaymentReference.problem(with: "210000000003139471430009018")?.contains("mod 10") == true)
        #expect(PaymentReference("21000000000313947143000901") == nil)
        // The check digit of every prefix of a known reference, by the algorithm's table.
        #expect(
            QRReferenceCheck.digit(for: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
                == 0)
        #expect(QRReferenceCheck.digit(for: [1]) == 1)
    }

    @Test func bicsAreEightOrElevenCharacters() {
        #expect(BIC("COBADEFFXXX")?.code == "COBADEFFXXX")
        #expect(BIC("cobadeff")?.code == "COBADEFF")
        #expect(BIC("COBADEF") == nil)
        #expect(BIC("C0BADEFF") == nil)
    }
}
