import Foundation
import InvoiModel
import InvoiTestSupport
import Testing

/// The payment QR codes read back by a scanner (zbarimg) from every backend's output — the
/// PNG page at 72, 144 and 300 dpi, the PDF and the SVG rasterised, the text preview drawn
/// as an image — and compared, field by field, with what a reference library builds for
/// the same invoice data (segno for EPC, qrbill for the Swiss QR-bill, a TLV builder here
/// for ZATCA).
@Suite(.serialized) struct PaymentCodeScanTests {
    static let giroCode = """
        {"fromName": "Musterdesign GmbH", "fromAddress": "Hauptstraße 1\\n10115 Berlin", "toName": "Beispiel AG",
         "invoiceNumber": "RE-2026-0042", "issueDate": "2026-03-12", "currency": "EUR", "language": "de",
         "lineItems": [{"description": "Gestaltung", "quantity": 1, "rate": 1234.5}],
         "bankBeneficiary": "Musterdesign GmbH", "bankName": "Commerzbank",
         "bankAccount": "DE89 3704 0044 0532 0130 00", "bankSwift": "COBADEFFXXX", "paymentQR": "epc"}
        """

    static let swiss = """
        {"fromName": "Robert Schneider AG", "fromStreet": "Rue du Lac", "fromBuildingNumber": "1268",
         "fromPostalCode": "2501", "fromCity": "Biel", "fromCountry": "CH",
         "toName": "Pia-Maria Rutschmann-Schnyder", "toStreet": "Grosse Marktgasse", "toBuildingNumber": "28",
         "toPostalCode": "9400", "toCity": "Rorschach", "toCountry": "CH",
         "invoiceNumber": "2026-118", "issueDate": "2026-03-12", "currency": "CHF", "language": "fr",
         "lineItems": [{"description": "Conseil", "quantity": 1, "rate": 1949.75}],
         "bankAccount": "CH44 3199 9123 0008 8901 2", "paymentReference": "21 00000 00003 13947 14300 09017",
         "paymentQR": "swiss"}
        """

    static let zatca = """
        {"fromName": "شركة أكمي للتصميم", "fromTaxId": "310122393500003", "toName": "مؤسسة المثال",
         "invoiceNumber": "INV-0042", "issueDate": "2026-03-12", "currency": "SAR", "language": "ar",
         "documentType": "taxInvoice", "vatRate": 15,
         "lineItems": [{"description": "تصميم", "quantity": 1, "rate": 1000}], "paymentQR": "zatca"}
        """

    // MARK: - Reading the codes

    @Test(arguments: [72, 144, 300])
    func giroCodeReadsFromThePNGPage(dpi: Int) throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.giroCode, to: "invoice.json")
        let render = try directory.run("render", "invoice.json", "-o", "page.png", "--dpi", String(dpi))
        #expect(render.status == 0, "\(render.standardError)")
        try expectGiroCode(try scan(directory.url.appendingPathComponent("page.png")))
    }

    @Test func giroCodeReadsFromThePDFAndTheSVG() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.giroCode, to: "invoice.json")
        let result = try directory.shell(
            """
            "$INVOI" render invoice.json -o page.pdf && pdftoppm -r 150 -png -singlefile page.pdf pdf &&
            "$INVOI" render invoice.json -o page.svg && rsvg-convert page.svg -o svg.png
            """)
        #expect(result.status == 0, "\(result.standardError)")
        try expectGiroCode(try scan(directory.url.appendingPathComponent("pdf.png")))
        try expectGiroCode(try scan(directory.url.appendingPathComponent("svg.png")))
    }

    @Test(arguments: ["never", "always"])
    func giroCodeReadsFromTheTextPreviewAt80Columns(color: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.giroCode, to: "invoice.json")
        let render = try directory.run(
            "render", "invoice.json", "--format", "txt", "--width", "80", "--color", color, "-o", "-")
        #expect(render.status == 0, "\(render.standardError)")
        let image = directory.url.appendingPathComponent("preview.pgm")
        try HalfBlockRaster(preview: render.standardOutput).pgm.write(to: image)
        try expectGiroCode(try scan(image))
    }

    @Test func aPreviewTooNarrowForTheCodeSaysSo() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.giroCode, to: "invoice.json")
        let render = try directory.run("render", "invoice.json", "--format", "txt", "--width", "40", "-o", "-")
        #expect(render.status == 0)
        #expect(!render.standardOutput.contains("▀") && !render.standardOutput.contains("▄"))
        #expect(render.standardOutput.contains("QR code needs"))
    }

    /// The code of the Swiss QR-bill's payment part. zbarimg (0.23) reads a Swiss QR Code with its
    /// cross drawn over the centre only now and then (the three-page golden's from its page at
    /// 300 dpi, not this invoice's; none at 144 dpi or from poppler's rasterisation), so the
    /// payload is read from the text preview of the same part, which draws the same modules
    /// without the cross; the page's ops carry that matrix (SwissBillLayoutTests checks the cross
    /// covers only its 7 × 7 mm).
    @Test func swissCodeEqualsQRBills() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.swiss, to: "invoice.json")
        let render = try directory.run(
            "render", "invoice.json", "--format", "txt", "--width", "120", "--color", "never", "-o", "-")
        #expect(render.status == 0, "\(render.standardError)")
        #expect(render.standardOutput.contains("Section paiement"), "the French payment part")
        let image = directory.url.appendingPathComponent("preview.pgm")
        try HalfBlockRaster(preview: render.standardOutput).pgm.write(to: image)
        let decoded = try scan(image)
        let creditor: [String: String] = [
            "name": "Robert Schneider AG", "street": "Rue du Lac", "house_num": "1268", "pcode": "2501",
            "city": "Biel", "country": "CH",
        ]
        let debtor: [String: String] = [
            "name": "Pia-Maria Rutschmann-Schnyder", "street": "Grosse Marktgasse", "house_num": "28",
            "pcode": "9400", "city": "Rorschach", "country": "CH",
        ]
        guard
            let reference = try referencePayload([
                "scheme": "swiss", "account": "CH4431999123000889012", "creditor": creditor, "debtor": debtor,
                // The invoice's one line, at its rate: the balance due.
                "amount": "1949.75", "currency": "CHF", "reference": "210000000003139471430009017",
                "additional": "2026-118",
            ])
        else { return }
        #expect(fields(decoded, separator: "\r\n") == fields(reference, separator: "\r\n"))
    }

    @Test func zatcaCodeEqualsATLVBuiltFromTheInvoice() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.zatca, to: "invoice.json")
        let render = try directory.run("render", "invoice.json", "-o", "page.png")
        #expect(render.status == 0, "\(render.standardError)")
        let decoded = try scan(directory.url.appendingPathComponent("page.png"))
        let fields = try #require(Self.tlv(base64: decoded))
        // The totals as the model computes them, written with the currency's two decimals.
        let totals = try InvoiceDecoder(today: CalendarDate(iso: "2026-03-12")!)
            .decode(Data(Self.zatca.utf8), file: "invoice.json").invoice.totals
        let expected: [[UInt8]] = [
            "شركة أكمي للتصميم", "310122393500003", "2026-03-12T00:00:00+03:00",
            Self.twoDecimals(totals.total.amount), Self.twoDecimals(totals.vat.amount),
        ].map { Array($0.utf8) }
        #expect(fields.map(\.tag) == [1, 2, 3, 4, 5])
        #expect(fields.map(\.value) == expected)
        // The same bytes as a TLV built here from those values.
        var built: [UInt8] = []
        for (index, value) in expected.enumerated() { built += [UInt8(index + 1), UInt8(value.count)] + value }
        #expect(Data(base64Encoded: decoded) == Data(built))
    }

    @Test func anInvoiceThatCannotCarryItsCodeIsRefusedByPathBeforeWriting() throws {
        let directory = try TemporaryDirectory()
        let broken = Self.giroCode.replacingOccurrences(of: "0532 0130 00", with: "0532 0130 01")
            .replacingOccurrences(of: "\"EUR\"", with: "\"USD\"")
        try directory.write(broken, to: "invoice.json")
        let render = try directory.run("render", "invoice.json", "-o", "page.pdf")
        #expect(render.status == 65)
        #expect(render.standardError.contains("invoice.json: currency:"))
        #expect(render.standardError.contains("invoice.json: bankAccount:"))
        #expect(try directory.entries() == ["invoice.json"])
        // invoi check says the same without rendering.
        let check = try directory.run("check", "invoice.json")
        #expect(check.status == 65)
        #expect(check.standardError.contains("invoice.json: currency:"))
        #expect(check.standardError.contains("invoice.json: bankAccount:"))
        // --payment-qr asks for a scheme the invoice was not written for.
        try directory.write(Self.giroCode, to: "invoice.json")
        let upi = try directory.run("render", "invoice.json", "-o", "page.pdf", "--payment-qr", "upi")
        #expect(upi.status == 65)
        #expect(upi.standardError.contains("upiId:"))
        #expect(try directory.entries() == ["invoice.json"])
    }

    /// A line break in the beneficiary would move the text after it onto the IBAN's line of
    /// the GiroCode; a character outside the Swiss guidelines' set is rejected by banks. Both
    /// are refused by path, by render and by check, before anything is written.
    @Test func textAPayloadCannotHoldIsRefusedByPath() throws {
        let directory = try TemporaryDirectory()
        let shifted = Self.giroCode.replacingOccurrences(
            of: "\"bankBeneficiary\": \"Musterdesign GmbH\"",
            with: "\"bankBeneficiary\": \"Müller & Söhne\\nDE44500105175407324931\"")
        #expect(shifted != Self.giroCode)
        try directory.write(shifted, to: "invoice.json")
        let check = try directory.run("check", "invoice.json")
        #expect(check.status == 65)
        #expect(check.standardError.contains("invoice.json: bankBeneficiary:"), "\(check.standardError)")
        #expect(check.standardError.contains("line break (U+000A)"))
        let render = try directory.run("render", "invoice.json", "-o", "page.pdf")
        #expect(render.status == 65)
        #expect(try directory.entries() == ["invoice.json"])
        let swiss = Self.swiss.replacingOccurrences(of: "Robert Schneider AG", with: "Robert Schneider – Partner™")
        #expect(swiss != Self.swiss)
        try directory.write(swiss, to: "invoice.json")
        let swissCheck = try directory.run("check", "invoice.json")
        #expect(swissCheck.status == 65)
        #expect(swissCheck.standardError.contains("invoice.json: fromName:"), "\(swissCheck.standardError)")
        #expect(swissCheck.standardError.contains("U+2013") && swissCheck.standardError.contains("U+2122"))
    }

    // MARK: - Helpers

    /// The GiroCode's fields equal segno's for the same data.
    private func expectGiroCode(_ decoded: String) throws {
        guard
            let reference = try referencePayload([
                "scheme": "epc", "name": "Musterdesign GmbH", "iban": "DE89370400440532013000",
                // The invoice's one line, at its rate: the balance due.
                "amount": "1234.50", "text": "RE-2026-0042", "bic": "COBADEFFXXX",
            ])
        else { return }
        #expect(fields(decoded, separator: "\n") == fields(reference, separator: "\n"))
    }

    private func fields(_ payload: String, separator: String) -> [String] {
        payload.components(separatedBy: separator)
    }

    /// What zbarimg reads from `image`; records an issue when it reads nothing.
    private func scan(_ image: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        guard Tools.isInstalled("zbarimg") else {
            Issue.record("zbarimg is missing: install zbar-tools (tools/setup)", sourceLocation: sourceLocation)
            return ""
        }
        let result = try Tools.run("zbarimg", ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", image.path])
        #expect(
            result.status == 0, "zbarimg read no code from \(image.lastPathComponent)", sourceLocation: sourceLocation)
        var text = result.output
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The payload tools/payment-references builds; nil (the test skipped, saying so) only
    /// when its venv cannot be made because the package index is unreachable.
    private func referencePayload(_ request: [String: Any]) throws -> String? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/payment-references")
        let input = try JSONSerialization.data(withJSONObject: request)
        let run = try Tools.execute(script, [], input: input)
        if run.status == 77 {
            print(
                "skipped: the reference encoders cannot be installed (no package index): "
                    + String(decoding: run.standardError, as: UTF8.self))
            return nil
        }
        #expect(run.status == 0, "\(String(decoding: run.standardError, as: UTF8.self))")
        return String(decoding: run.standardOutput, as: UTF8.self)
    }

    static func twoDecimals(_ amount: Decimal) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        let text = "\(rounded)"
        guard let point = text.firstIndex(of: ".") else { return text + ".00" }
        return text + String(repeating: "0", count: 3 - text.distance(from: point, to: text.endIndex))
    }

    static func tlv(base64: String) -> [(tag: UInt8, value: [UInt8])]? {
        guard let data = Data(base64Encoded: base64) else { return nil }
        let bytes = [UInt8](data)
        var fields: [(tag: UInt8, value: [UInt8])] = []
        var index = 0
        while index + 2 <= bytes.count {
            let length = Int(bytes[index + 1])
            guard index + 2 + length <= bytes.count else { return nil }
            fields.append((bytes[index], Array(bytes[(index + 2)..<(index + 2 + length)])))
            index += 2 + length
        }
        return fields
    }
}

/// The text preview drawn as a greyscale image: each half block a black square (a cell is
/// one square wide and two tall), everything else white — what a phone sees of the code.
struct HalfBlockRaster {
    static let scale = 6
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(preview: String) {
        // Colour sequences take no cells.
        let plain = preview.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let columns = lines.map(\.count).max() ?? 0
        let margin = 8
        width = (columns + 2 * margin) * Self.scale
        height = (lines.count * 2 + 2 * margin) * Self.scale
        pixels = [UInt8](repeating: 255, count: width * height)
        for (row, line) in lines.enumerated() {
            for (column, character) in line.enumerated() {
                let (upper, lower) =
                    switch character {
                    case "█": (true, true)
                    case "▀": (true, false)
                    case "▄": (false, true)
                    default: (false, false)
                    }
                if upper { fill(column: column + margin, halfRow: 2 * row + margin) }
                if lower { fill(column: column + margin, halfRow: 2 * row + 1 + margin) }
            }
        }
    }

    private mutating func fill(column: Int, halfRow: Int) {
        for y in (halfRow * Self.scale)..<((halfRow + 1) * Self.scale) {
            for x in (column * Self.scale)..<((column + 1) * Self.scale) { pixels[y * width + x] = 0 }
        }
    }

    /// A binary PGM (P5).
    var pgm: Data { Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels) }
}
