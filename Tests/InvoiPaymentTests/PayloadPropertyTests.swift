import Foundation
import InvoiModel
import InvoiTestSupport
import Testing

@testable import InvoiPayment

/// Random free text in every field a scheme writes into its payload: either the payload is
/// refused by exactly the paths whose text a payload element cannot hold, or, read back by the
/// scheme's own grammar, it has the scheme's fields, each in its place, each the invoice's text.
struct PayloadPropertyTests {
    static let trials = 300

    // MARK: - GiroCode: elements split at line feeds (a reader may split at CR too)

    @Test func giroCodeElementsStayInTheirLines() throws {
        var random = NastyText(seed: 0xE9C)
        for trial in 0..<Self.trials {
            let clean = trial % 2 == 0
            let amount = random.amount(maximumCents: 99_999_999_999)
            var invoice = PaymentInvoices.invoice(currency: "EUR", amount: amount)
            invoice.bankAccount = "DE89 3704 0044 0532 0130 00"
            let payee = random.setPayee(of: &invoice, clean: clean)
            let withReference = random.coin()
            invoice.paymentReference = withReference ? "RF18 5390 0754 7034" : ""
            invoice.invoiceNumber = random.text(clean: clean, required: true)
            var offending: Set<String> = []
            if NastyText.breaksALine(NastyText.trimmed(payee.text)) { offending.insert(payee.path) }
            if !withReference, NastyText.breaksALine(NastyText.trimmed(invoice.invoiceNumber)) {
                offending.insert("invoiceNumber")
            }
            guard let text = try Self.payload(invoice, .epc, offending: offending, trial: trial) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.count == (withReference ? 10 : 11), "trial \(trial): \(lines)")
            guard lines.count >= 10 else { continue }
            #expect(lines.allSatisfy { !$0.unicodeScalars.contains(where: NastyText.isBreakOrControl) })
            #expect(Array(lines[0..<5]) == ["BCD", "002", "1", "SCT", ""])
            #expect(lines[5] == NastyText.trimmed(payee.text), "trial \(trial)")
            #expect(lines[6] == "DE89370400440532013000")
            #expect(lines[7].hasPrefix("EUR") && Decimal(string: String(lines[7].dropFirst(3))) == amount)
            #expect(lines[8] == "")
            if withReference {
                #expect(lines[9] == "RF18539007547034")
            } else {
                #expect(lines[9] == "" && lines[10] == NastyText.trimmed(invoice.invoiceNumber), "trial \(trial)")
            }
        }
    }

    // MARK: - Swiss QR-bill: elements split at CR LF; the guidelines' Latin set only

    @Test func swissElementsStayInTheirLinesAndCharacterSet() throws {
        var random = NastyText(seed: 0x5C4)
        for trial in 0..<Self.trials {
            let clean = trial % 2 == 0
            let amount = random.amount(maximumCents: 99_999_999_999)
            var invoice = PaymentInvoices.swiss()
            invoice.lineItems = [LineItem(id: "1", description: "Conseil", quantity: 1, rate: amount)]
            let payee = random.setPayee(of: &invoice, clean: clean, swiss: true)
            var texts: [(path: String, value: String)] = [(payee.path, NastyText.trimmed(payee.text))]
            func fill(_ keyPath: WritableKeyPath<Invoice, String>, _ path: String, pieces: Int = 3) {
                invoice[keyPath: keyPath] = random.text(clean: clean, swiss: true, required: true, pieces: pieces)
                let value = invoice[keyPath: keyPath]
                texts.append((path, path == "toName" ? NastyText.trimmed(value) : value))
            }
            fill(\.fromStreet, "fromStreet")
            fill(\.fromBuildingNumber, "fromBuildingNumber", pieces: 2)
            fill(\.fromPostalCode, "fromPostalCode", pieces: 2)
            fill(\.fromCity, "fromCity")
            fill(\.toName, "toName")
            fill(\.toStreet, "toStreet")
            fill(\.toBuildingNumber, "toBuildingNumber", pieces: 2)
            fill(\.toPostalCode, "toPostalCode", pieces: 2)
            fill(\.toCity, "toCity")
            fill(\.invoiceNumber, "invoiceNumber")
            let offending = Set(texts.filter { !NastyText.isSwissLatin($0.value) }.map(\.path))
            guard let text = try Self.payload(invoice, .swiss, offending: offending, trial: trial) else { continue }
            let fields = text.components(separatedBy: "\r\n")
            #expect(fields.count == 31, "trial \(trial)")
            guard fields.count == 31 else { continue }
            #expect(fields.allSatisfy(NastyText.isSwissLatin), "trial \(trial)")
            #expect(Array(fields[0..<4]) == ["SPC", "0200", "1", "CH4431999123000889012"])
            let composed = texts.map(\.value.precomposedStringWithCanonicalMapping)
            #expect(Array(fields[4..<11]) == ["S"] + composed[0..<5] + ["CH"], "trial \(trial)")
            #expect(Array(fields[11..<18]) == Array(repeating: "", count: 7))
            #expect(Decimal(string: fields[18]) == amount && fields[19] == "CHF")
            #expect(Array(fields[20..<27]) == ["S"] + composed[5..<10] + ["CH"], "trial \(trial)")
            #expect(Array(fields[27...]) == ["QRR", "210000000003139471430009017", composed[10], "EPD"])
        }
    }

    // MARK: - SPAYD: fields split at '*', values percent-decoded

    @Test func spaydValuesStayInTheirFields() throws {
        var random = NastyText(seed: 0x5BA)
        for trial in 0..<Self.trials {
            let clean = trial % 2 == 0
            let amount = random.amount(maximumCents: 999_999_999)
            var invoice = PaymentInvoices.invoice(currency: "CZK", amount: amount)
            invoice.bankAccount = "CZ65 0800 0000 1920 0014 5399"
            let payee = random.setPayee(of: &invoice, clean: clean)
            invoice.invoiceNumber = random.text(clean: clean, required: true)
            var offending: Set<String> = []
            if NastyText.breaksALine(NastyText.trimmed(payee.text)) { offending.insert(payee.path) }
            if NastyText.breaksALine(invoice.invoiceNumber) { offending.insert("invoiceNumber") }
            guard let text = try Self.payload(invoice, .spayd, offending: offending, trial: trial) else { continue }
            let fields = text.split(separator: "*", omittingEmptySubsequences: false)
            #expect(Array(fields.prefix(2)) == ["SPD", "1.0"])
            var values: [String: String] = [:]
            var keys: [String] = []
            for field in fields.dropFirst(2) {
                let parts = field.split(separator: ":", maxSplits: 1)
                #expect(parts.count == 2, "trial \(trial): \(field)")
                guard parts.count == 2 else { continue }
                keys.append(String(parts[0]))
                values[String(parts[0])] = String(parts[1]).removingPercentEncoding
            }
            let digits = invoice.invoiceNumber.unicodeScalars.filter { ("0"..."9").contains($0) }
            let symbol = (1...10).contains(digits.count) ? String(String.UnicodeScalarView(digits)) : nil
            #expect(keys == ["ACC", "AM", "CC", "RN"] + (symbol == nil ? [] : ["X-VS"]) + ["MSG"], "trial \(trial)")
            #expect(values["ACC"] == "CZ6508000000192000145399")
            #expect(values["AM"].flatMap { Decimal(string: $0) } == amount && values["AM"].map(\.count)! <= 10)
            #expect(values["CC"] == "CZK")
            #expect(values["RN"] == NastyText.trimmed(payee.text), "trial \(trial)")
            #expect(values["X-VS"] == symbol)
            #expect(values["MSG"] == invoice.invoiceNumber, "trial \(trial)")
        }
    }

    // MARK: - UPI: a URL whose query the URL grammar splits

    @Test func upiValuesStayInTheirQueryItems() throws {
        var random = NastyText(seed: 0x0B1)
        for trial in 0..<Self.trials {
            let clean = trial % 2 == 0
            let amount = random.amount(maximumCents: 99_999_999_999)
            var invoice = PaymentInvoices.invoice(currency: "INR", amount: amount)
            invoice.upiId = "acme.studio@okaxis"
            let payee = random.setPayee(of: &invoice, clean: clean)
            invoice.invoiceNumber = random.text(clean: clean, required: true)
            var offending: Set<String> = []
            if NastyText.breaksALine(NastyText.trimmed(payee.text)) { offending.insert(payee.path) }
            if NastyText.breaksALine(invoice.invoiceNumber) { offending.insert("invoiceNumber") }
            guard let text = try Self.payload(invoice, .upi, offending: offending, trial: trial) else { continue }
            let url = try #require(URLComponents(string: text), "trial \(trial): \(text)")
            #expect(url.scheme == "upi" && url.host == "pay" && url.fragment == nil, "trial \(trial)")
            let items = url.queryItems ?? []
            #expect(items.map(\.name) == ["pa", "pn", "am", "cu", "tn"], "trial \(trial): \(text)")
            guard items.count == 5 else { continue }
            #expect(items[0].value == "acme.studio@okaxis")
            #expect(items[1].value == NastyText.trimmed(payee.text), "trial \(trial)")
            #expect(items[2].value.flatMap { Decimal(string: $0) } == amount)
            #expect(items[3].value == "INR")
            #expect(items[4].value == invoice.invoiceNumber, "trial \(trial)")
        }
    }

    // MARK: - ZATCA: TLV, each length the UTF-8 byte count

    @Test func zatcaLengthsAreTheUTF8ByteCounts() throws {
        var random = NastyText(seed: 0x5A8)
        for trial in 0..<Self.trials {
            let clean = trial % 2 == 0
            var invoice = PaymentInvoices.invoice(currency: "SAR", amount: random.amount(maximumCents: 99_999_999))
            invoice.fromTaxId = "310122393500003"
            invoice.fromName = random.text(clean: clean, required: true, pieces: 6)
            let name = NastyText.trimmed(invoice.fromName)
            let offending: Set<String> = NastyText.breaksALine(name) ? ["fromName"] : []
            guard let text = try Self.payload(invoice, .zatca, offending: offending, trial: trial) else { continue }
            let bytes = try [UInt8](#require(Data(base64Encoded: text)))
            var fields: [(tag: UInt8, value: [UInt8])] = []
            var index = 0
            while index + 2 <= bytes.count, index + 2 + Int(bytes[index + 1]) <= bytes.count {
                let end = index + 2 + Int(bytes[index + 1])
                fields.append((bytes[index], Array(bytes[(index + 2)..<end])))
                index = end
            }
            #expect(index == bytes.count, "trial \(trial): the lengths do not add up")
            #expect(fields.map(\.tag) == [1, 2, 3, 4, 5])
            #expect(fields.first?.value == Array(name.utf8), "trial \(trial)")
            #expect(fields.count == 5 && fields[1].value == Array("310122393500003".utf8))
            #expect(
                fields.count == 5
                    && Decimal(string: String(decoding: fields[3].value, as: UTF8.self)) == invoice.totals.total.amount)
        }
    }

    /// The payload of `scheme` for `invoice`; nil when it was refused, which it must be exactly
    /// when `offending` names a path, and then by those paths.
    static func payload(
        _ invoice: Invoice, _ scheme: PaymentQRScheme, offending: Set<String>, trial: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String? {
        do {
            let text = try PaymentPayload(invoice: invoice, scheme: scheme).text
            #expect(offending.isEmpty, "trial \(trial): \(offending) not refused", sourceLocation: sourceLocation)
            return text
        } catch {
            #expect(
                Set(error.problems.map(\.path)) == offending, "trial \(trial): \(error)", sourceLocation: sourceLocation
            )
            #expect(error.problems.allSatisfy { $0.message.contains("U+") }, sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// Seeded free text of the kinds that break payloads: line breaks of every kind, control
/// characters, the schemes' separators, combining marks, right-to-left text, emoji.
struct NastyText {
    static let breaks = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
    static let controls = ["\u{07}", "\t", "\u{1B}", "\u{7F}", "\u{9B}", "\u{00}"]
    static let separators = [
        "*", "&", "=", "%", "?", "#", "+", ":", "/", "%2A", "%25", "%0A", "@", ";", " ", "\\", "\"", "'", "&am=1",
    ]
    /// In the Swiss guidelines' set, once composed.
    static let latin = ["Müller", "Söhne", "Ș", "ț", "€", "ß", "Łódź", "Œuvre", "e\u{0301}", "a\u{0308}", "Acme", "42"]
    static let foreign = [
        "שלום", "مرحبا", "\u{200F}", "😀", "👩‍💻", "🇨🇭", "–", "™", "Ω", "中文", "q\u{0323}\u{0307}", "\u{00AD}x\u{200B}y",
    ]

    var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func coin() -> Bool { Bool.random(using: &generator) }

    mutating func amount(maximumCents: Int64) -> Decimal {
        Decimal(Int64.random(in: 1...maximumCents, using: &generator)) / 100
    }

    /// Up to `pieces` pieces; `clean` leaves out what no payload element may hold (for the
    /// Swiss bill also what its character set lacks), so that half the trials are built.
    mutating func text(clean: Bool, swiss: Bool = false, required: Bool, pieces: Int = 4) -> String {
        var pools = [Self.separators, Self.latin]
        if !swiss || !clean { pools.append(Self.foreign) }
        if !clean { pools += [Self.breaks, Self.controls] }
        var text = ""
        for _ in 0..<Int.random(in: 1...pieces, using: &generator) {
            text += pools.randomElement(using: &generator)!.randomElement(using: &generator)!
        }
        if required, Self.trimmed(text).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { text += "X" }
        return text
    }

    /// Fills bankBeneficiary, or leaves it empty and fills fromName: the payee either way.
    mutating func setPayee(of invoice: inout Invoice, clean: Bool, swiss: Bool = false) -> (path: String, text: String)
    {
        let text = self.text(clean: clean, swiss: swiss, required: true)
        if coin() {
            invoice.bankBeneficiary = text
            return ("bankBeneficiary", text)
        }
        invoice.bankBeneficiary = ""
        invoice.fromName = text
        return ("fromName", text)
    }

    /// Without the spaces and tabs at either end, as the payee's name is used.
    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    static func isBreakOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    static func breaksALine(_ text: String) -> Bool { text.unicodeScalars.contains(where: isBreakOrControl) }

    /// SIX IG 2.3's character set: printable Basic Latin, Latin-1 Supplement, Latin
    /// Extended-A, Ș ș Ț ț, €; judged on the composed text.
    static func isSwissLatin(_ text: String) -> Bool {
        text.precomposedStringWithCanonicalMapping.unicodeScalars.allSatisfy {
            (0x20...0x7E).contains($0.value) || (0xA0...0x17F).contains($0.value)
                || (0x218...0x21B).contains($0.value) || $0.value == 0x20AC
        }
    }
}

/// Payloads of seeded text every scheme takes (separators, Latin letters, composed accents)
/// against what the reference libraries build from the same values: segno for the GiroCode,
/// qrbill for the Swiss QR-bill (tools/payment-references).
@Suite(.serialized) struct ReferencePayloadTests {
    static let cases = 6

    @Test func giroCodesEqualSegnos() throws {
        var random = NastyText(seed: 0x5E9)
        for trial in 0..<Self.cases {
            let amount = random.amount(maximumCents: 99_999_999)
            var invoice = PaymentInvoices.invoice(currency: "EUR", amount: amount)
            invoice.bankAccount = "DE89370400440532013000"
            invoice.bankSwift = "COBADEFFXXX"
            invoice.bankBeneficiary = random.text(clean: true, swiss: true, required: true)
            invoice.invoiceNumber = random.text(clean: true, swiss: true, required: true)
            let payload = try PaymentPayload(invoice: invoice, scheme: .epc).text
            guard
                let reference = try Self.referencePayload([
                    "scheme": "epc", "name": NastyText.trimmed(invoice.bankBeneficiary),
                    "iban": "DE89370400440532013000", "amount": "\(amount)",
                    "text": NastyText.trimmed(invoice.invoiceNumber),
                    "bic": "COBADEFFXXX",
                ])
            else { return }
            #expect(payload.components(separatedBy: "\n") == reference.components(separatedBy: "\n"), "trial \(trial)")
        }
    }

    @Test func swissCodesEqualQRBills() throws {
        var random = NastyText(seed: 0x5C5)
        for trial in 0..<Self.cases {
            let amount = random.amount(maximumCents: 99_999_999)
            var invoice = PaymentInvoices.swiss(account: "CH9300762011623852957", reference: "RF18539007547034")
            invoice.lineItems = [LineItem(id: "1", description: "Conseil", quantity: 1, rate: amount)]
            invoice.fromName = random.text(clean: true, swiss: true, required: true)
            invoice.fromStreet = random.text(clean: true, swiss: true, required: true)
            invoice.fromCity = random.text(clean: true, swiss: true, required: true, pieces: 3)
            invoice.toName = random.text(clean: true, swiss: true, required: true)
            invoice.invoiceNumber = random.text(clean: true, swiss: true, required: true)
            let payload = try PaymentPayload(invoice: invoice, scheme: .swiss).text
            func composed(_ text: String) -> String { text.precomposedStringWithCanonicalMapping }
            let creditor = [
                "name": composed(NastyText.trimmed(invoice.fromName)), "street": composed(invoice.fromStreet),
                "house_num": "1268", "pcode": "2501", "city": composed(invoice.fromCity), "country": "CH",
            ]
            let debtor = [
                "name": composed(NastyText.trimmed(invoice.toName)), "street": "Grosse Marktgasse",
                "house_num": "28", "pcode": "9400", "city": "Rorschach", "country": "CH",
            ]
            guard
                let reference = try Self.referencePayload([
                    "scheme": "swiss", "account": "CH9300762011623852957", "creditor": creditor, "debtor": debtor,
                    "amount": Self.twoDecimals(amount), "currency": "CHF", "reference": "RF18539007547034",
                    "additional": composed(invoice.invoiceNumber),
                ])
            else { return }
            #expect(
                payload.components(separatedBy: "\r\n") == reference.components(separatedBy: "\r\n"), "trial \(trial)")
        }
    }

    static func twoDecimals(_ amount: Decimal) -> String {
        let cents = NSDecimalNumber(decimal: amount * 100).int64Value
        let fraction = String(cents % 100)
        return "\(cents / 100)." + String(repeating: "0", count: 2 - fraction.count) + fraction
    }

    /// The payload tools/payment-references builds; nil (the test skipped, saying so) only
    /// when its venv cannot be made because the package index is unreachable.
    static func referencePayload(_ request: [String: Any]) throws -> String? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/payment-references")
        let run = try Tools.execute(script, [], input: try JSONSerialization.data(withJSONObject: request))
        if run.status == 77 {
            print(
                "skipped: the reference encoders cannot be installed: "
                    + String(decoding: run.standardError, as: UTF8.self))
            return nil
        }
        #expect(run.status == 0, "\(String(decoding: run.standardError, as: UTF8.self))")
        return String(decoding: run.standardOutput, as: UTF8.self)
    }
}
