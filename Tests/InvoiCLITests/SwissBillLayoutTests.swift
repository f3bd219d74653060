import Foundation
import Testing

/// The Swiss QR-bill's payment part and receipt in ops.json, measured against the numbers of the
/// SIX Swiss Implementation Guidelines for the QR-bill 2.3, its chapter on the layout of the
/// payment part and receipt; each number below names, by title, the part of that chapter it comes
/// from (titles rather than section numbers, which moved between versions of the guidelines). Every length is in millimetres from the strip's
/// top left corner; ops.json rounds points to two decimals, hence the 0.02 pt.
@Suite struct SwissBillLayoutTests {
    static let mm = 72 / 25.4
    static let pageHeight = 841.89
    static let pageWidth = 595.28

    static func invoice(language: String, debtor: Bool = true, items: Int = 1) -> String {
        let lines = (1...items).map { #"{"description": "Beratung \#($0)", "quantity": 1, "rate": 1949.75}"# }
        let client =
            debtor
            ? #""toStreet": "Grosse Marktgasse", "toBuildingNumber": "28", "toPostalCode": "9400", "toCity": "Rorschach", "toCountry": "CH","#
            : ""
        return """
            {"fromName": "Robert Schneider AG", "fromStreet": "Rue du Lac", "fromBuildingNumber": "1268",
             "fromPostalCode": "2501", "fromCity": "Biel", "fromCountry": "CH",
             "toName": "Pia-Maria Rutschmann-Schnyder", \(client)
             "invoiceNumber": "2026-118", "issueDate": "2026-03-12", "currency": "CHF", "language": "\(language)",
             "lineItems": [\(lines.joined(separator: ","))],
             "bankAccount": "CH44 3199 9123 0008 8901 2", "paymentReference": "21 00000 00003 13947 14300 09017",
             "paymentQR": "swiss"}
            """
    }

    /// The last page's ops, and the number of pages.
    static func lastPage(_ json: String) throws -> (ops: [[String: Any]], pages: Int) {
        let directory = try TemporaryDirectory()
        try directory.write(json, to: "invoice.json")
        let render = try directory.run("render", "invoice.json", "--format", "ops", "-o", "-")
        #expect(render.status == 0, "\(render.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(render.standardOutput.utf8)) as? [String: Any]
        let pages = try #require(object?["pages"] as? [[String: Any]])
        return (try #require(pages.last?["ops"] as? [[String: Any]]), pages.count)
    }

    static func numbers(_ value: Any?) -> [Double] {
        (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
    }

    /// Strip coordinates in mm of a point on the page: the strip lies on the page's bottom edge, centred.
    static func strip(x: Double, y: Double) -> (x: Double, y: Double) {
        ((x - (pageWidth - 210 * mm) / 2) / mm, (y - (pageHeight - 105 * mm)) / mm)
    }

    static func text(_ ops: [[String: Any]], _ text: String) throws -> [String: Any] {
        try #require(ops.first { $0["op"] as? String == "text" && $0["text"] as? String == text }, "\(text)")
    }

    /// Where a text starts (its box's top left) in strip mm, its size and weight.
    static func place(_ op: [String: Any]) -> (x: Double, y: Double, size: Double, weight: Int, font: String) {
        let box = numbers(op["box"])
        let point = strip(x: box[0], y: box[1])
        let runs = op["runs"] as? [[String: Any]] ?? []
        return (
            point.x, point.y, (op["size"] as? NSNumber)?.doubleValue ?? 0, (op["weight"] as? NSNumber)?.intValue ?? 0,
            runs.first?["font"] as? String ?? ""
        )
    }

    func close(_ a: Double, _ b: Double, within points: Double = 0.02) -> Bool { abs(a - b) * Self.mm <= points }

    @Test(arguments: [
        (
            "de",
            [
                "Empfangsschein", "Zahlteil", "Konto / Zahlbar an", "Referenz", "Zahlbar durch", "Währung", "Betrag",
                "Annahmestelle",
            ]
        ),
        (
            "fr",
            [
                "Récépissé", "Section paiement", "Compte / Payable à", "Référence", "Payable par", "Monnaie", "Montant",
                "Point de dépôt",
            ]
        ),
        (
            "it",
            [
                "Ricevuta", "Sezione pagamento", "Conto / Pagabile a", "Riferimento", "Pagabile da", "Valuta",
                "Importo", "Punto di accettazione",
            ]
        ),
        (
            "en",
            [
                "Receipt", "Payment part", "Account / Payable to", "Reference", "Payable by", "Currency", "Amount",
                "Acceptance point",
            ]
        ),
        // A language the guidelines have no headings in: English.
        (
            "nl",
            [
                "Receipt", "Payment part", "Account / Payable to", "Reference", "Payable by", "Currency", "Amount",
                "Acceptance point",
            ]
        ),
    ])
    func thePartsSitWhereTheGuidelinesPutThem(_ language: String, headings: [String]) throws {
        let (ops, pages) = try Self.lastPage(Self.invoice(language: language))
        #expect(pages == 1, "a one-item invoice leaves room for the strip on its page")
        let (receipt, paymentPart, account, reference, payableBy, currency, amount, acceptance) = (
            headings[0], headings[1], headings[2], headings[3], headings[4], headings[5], headings[6], headings[7]
        )
        // "Fonts and font sizes": Liberation Sans; titles 11 pt bold; the payment part's
        // headings 8 pt bold and values 10 pt; the receipt's 6 pt bold and 8 pt.
        // "Sections of the payment part" and "Sections of the receipt": 5 mm margins.
        let receiptTitle = Self.place(try Self.text(ops, receipt))
        #expect(close(receiptTitle.x, 5) && close(receiptTitle.y, 5))
        let bold = "(LiberationSans-Bold.ttf#0)"
        #expect(receiptTitle.size == 11 && receiptTitle.weight == 700 && receiptTitle.font.hasSuffix(bold))
        // The payment part starts 62 mm in ("Paper format": receipt 62 mm, payment part 148 mm): its title
        // section at 62 + 5 mm.
        let partTitle = Self.place(try Self.text(ops, paymentPart))
        #expect(close(partTitle.x, 67) && close(partTitle.y, 5) && partTitle.size == 11 && partTitle.weight == 700)
        // The information section: right of the QR section (5 + 46 + 5 mm), from the top margin.
        let titles = ops.filter { $0["text"] as? String == account }.map(Self.place).sorted { $0.x < $1.x }
        #expect(titles.count == 2)
        #expect(close(titles[0].x, 5) && close(titles[0].y, 12), "the receipt's information section at 12 mm")
        #expect(titles[0].size == 6 && titles[0].weight == 700)
        #expect(close(titles[1].x, 118) && close(titles[1].y, 5))
        #expect(titles[1].size == 8 && titles[1].weight == 700 && titles[1].font.hasSuffix(bold))
        let iban = ops.filter { $0["text"] as? String == "CH44 3199 9123 0008 8901 2" }.map(Self.place)
            .filter { $0.y >= 0 }
            .sorted { $0.x < $1.x }
        #expect(iban.map(\.size) == [8, 10] && iban.allSatisfy { $0.weight == 400 })
        #expect(iban.allSatisfy { $0.font.hasSuffix("(LiberationSans-Regular.ttf#0)") })
        for heading in [reference, payableBy] {
            #expect(ops.filter { $0["text"] as? String == heading }.count == 2, "\(heading) in both parts")
        }
        #expect(ops.contains { $0["text"] as? String == "21 00000 00003 13947 14300 09017" })
        // The amount sections: 68 mm down in both parts (receipt: 14 mm high; payment part: 22 mm).
        let currencies = ops.filter { $0["text"] as? String == currency }.map(Self.place).sorted { $0.x < $1.x }
        #expect(currencies.count == 2 && close(currencies[0].x, 5) && close(currencies[1].x, 67))
        #expect(currencies.allSatisfy { close($0.y, 68) })
        #expect(ops.filter { $0["text"] as? String == amount }.count == 2)
        #expect(ops.filter { $0["text"] as? String == "1 949.75" }.count == 2)
        // The receipt's acceptance point section: 82 mm down, its title at the receipt's right margin (57 mm).
        let point = try Self.text(ops, acceptance)
        let box = Self.numbers(point["box"])
        #expect(close(Self.strip(x: box[0] + box[2], y: 0).x, 57) && close(Self.place(point).y, 82))
        #expect(point["align"] as? String == "right")

        // "Swiss QR Code section": the code 46 × 46 mm at 67 mm, 17 mm down (5 mm margin,
        // the 7 mm title section, 5 mm); the Swiss cross 7 × 7 mm at its centre.
        let codes = ops.filter { $0["op"] as? String == "qrCode" }
        #expect(codes.count == 1, "the Swiss code is in the payment part only, not in Payment Details")
        let rect = Self.numbers(codes.first?["rect"])
        let corner = Self.strip(x: rect[0], y: rect[1])
        #expect(
            close(corner.x, 67) && close(corner.y, 17) && close(rect[2] / Self.mm, 46) && close(rect[3] / Self.mm, 46))
        #expect((codes.first?["role"] as? String)?.hasSuffix("Figure 0") == true)
        let centre = (x: corner.x + 23, y: corner.y + 23)
        let cross = ops.filter { $0["op"] as? String == "rect" && $0["fill"] as? String == "#FFFFFF" }
            .map { Self.numbers($0["rect"]) }.max { $0[2] < $1[2] }
        let outer = try #require(cross)
        let outerCorner = Self.strip(x: outer[0], y: outer[1])
        #expect(close(outer[2] / Self.mm, 7) && close(outer[3] / Self.mm, 7))
        #expect(close(outerCorner.x + 3.5, centre.x) && close(outerCorner.y + 3.5, centre.y))

        // "Paper format" and "Separating lines": one along the strip's top (210 mm), one between the
        // parts at 62 mm down to the paper's edge, both artifacts; scissors on each.
        let lines = ops.filter { $0["op"] as? String == "line" && $0["color"] as? String == "#000000" }
        let separators = lines.filter {
            Self.numbers($0["from"]) != Self.numbers($0["to"]) && ($0["width"] as? NSNumber)?.doubleValue == 1
        }
        #expect(separators.count == 2)
        let top = separators.map {
            (
                Self.strip(x: Self.numbers($0["from"])[0], y: Self.numbers($0["from"])[1]),
                Self.strip(x: Self.numbers($0["to"])[0], y: Self.numbers($0["to"])[1])
            )
        }
        #expect(top.contains { close($0.0.y, 0) && close($0.1.y, 0) && close($0.0.x, 0) && close($0.1.x, 210) })
        #expect(top.contains { close($0.0.x, 62) && close($0.1.x, 62) && close($0.0.y, 0) && close($0.1.y, 105) })
        #expect(separators.allSatisfy { $0["role"] as? String == "artifact layout" })
        let scissors = ops.filter { $0["text"] as? String == "✂" } + ops.filter { $0["op"] as? String == "group" }
        #expect(scissors.count == 2 && scissors.allSatisfy { $0["role"] as? String == "artifact layout" })

        // Everything the strip says is content of its section; within the margins.
        let stripTexts = ops.filter {
            $0["op"] as? String == "text" && Self.numbers($0["box"]).count == 4
                && Self.strip(x: 0, y: Self.numbers($0["box"])[1]).y >= 0 && $0["text"] as? String != "✂"
        }
        #expect(stripTexts.count > 20)
        for op in stripTexts {
            #expect((op["role"] as? String)?.hasPrefix("Sect 7 > Sect ") == true, "\(op["text"] ?? "")")
            let place = Self.place(op)
            #expect(place.y >= 5 - 0.01 && place.y <= 100, "\(op["text"] ?? "") inside the 5 mm margins")
            #expect(place.x >= 5 - 0.01 && place.x <= 205)
        }
    }

    /// No debtor: "Payable by (name/address)" over an empty field marked by its corners, 52 × 20 mm
    /// on the receipt and 65 × 25 mm in the payment part (the sections of the receipt and of the
    /// payment part).
    @Test func withoutADebtorThePayerWritesIntoMarkedFields() throws {
        let (ops, _) = try Self.lastPage(Self.invoice(language: "en", debtor: false))
        #expect(ops.filter { $0["text"] as? String == "Payable by (name/address)" }.count == 2)
        #expect(!ops.contains { $0["text"] as? String == "Payable by" })
        let marks = ops.filter {
            $0["op"] as? String == "line" && ($0["width"] as? NSNumber)?.doubleValue == 0.75
                && $0["color"] as? String == "#000000"
        }
        #expect(marks.count == 16, "two lines at each of four corners, twice")
        let xs = marks.flatMap { [Self.numbers($0["from"])[0], Self.numbers($0["to"])[0]] }.map {
            Self.strip(x: $0, y: 0).x
        }
        #expect(close(xs.min() ?? 0, 5) && xs.contains { close($0, 57) }, "the receipt's field: 52 mm wide")
        #expect(xs.contains { close($0, 118) } && xs.contains { close($0, 183) }, "the payment part's: 65 mm wide")
    }

    /// A right-to-left document does not mirror the form, and a long invoice puts it on a page of
    /// its own when its last page has no room for it.
    @Test func theStripIsNeverMirroredAndFindsItsPage() throws {
        let hebrew = try Self.lastPage(Self.invoice(language: "he"))
        let english = try Self.lastPage(Self.invoice(language: "en"))
        let placed = { (ops: [[String: Any]]) in
            ops.filter { ["Receipt", "Payment part", "Acceptance point"].contains($0["text"] as? String ?? "") }
                .map { Self.numbers($0["box"]) }
        }
        #expect(placed(hebrew.ops).count == 3 && placed(hebrew.ops) == placed(english.ops))
        let hebrewCode = hebrew.ops.first { $0["op"] as? String == "qrCode" }
        #expect(
            Self.numbers(hebrewCode?["rect"])
                == Self.numbers(english.ops.first { $0["op"] as? String == "qrCode" }?["rect"]))
        // Enough items to fill the first page: the strip still sits on the last page's foot,
        // clear of everything else on it.
        for items in [14, 16, 18] {
            let (ops, pages) = try Self.lastPage(Self.invoice(language: "en", items: items))
            #expect(pages >= 1)
            let stripTop = Self.pageHeight - 105 * Self.mm
            let above = ops.filter {
                guard let box = Optional(Self.numbers($0["box"])), box.count == 4 else { return false }
                return box[1] < stripTop - 0.01 && $0["text"] as? String != "✂"
            }
            #expect(above.allSatisfy { Self.numbers($0["box"])[1] + Self.numbers($0["box"])[3] <= stripTop + 0.01 })
            #expect(ops.contains { $0["text"] as? String == "Payment part" })
        }
    }

    /// Each field of the form reads left to right on a right-to-left page, as on any other: the
    /// reference's groups and the amount's digits are not reordered by the document's direction,
    /// in the ops (glyph for glyph the left-to-right page's) and in the text preview.
    @Test(arguments: [("he", ""), ("de", #""direction": "rtl","#)])
    func theFormsFieldsReadLeftToRightOnARightToLeftPage(_ language: String, direction: String) throws {
        let rightToLeft = Self.invoice(language: language).replacingOccurrences(
            of: #""paymentQR""#, with: direction + #""paymentQR""#)
        let leftToRight = Self.invoice(language: language == "he" ? "en" : language)
        let stripTop = Self.pageHeight - 105 * Self.mm
        let strip = { (ops: [[String: Any]]) -> [String] in
            try ops.filter { $0["op"] as? String == "text" && Self.numbers($0["box"])[1] >= stripTop - 0.01 }
                .map {
                    String(
                        decoding: try JSONSerialization.data(withJSONObject: $0, options: .sortedKeys), as: UTF8.self)
                }
        }
        let mirrored = try strip(Self.lastPage(rightToLeft).ops)
        #expect(mirrored.count > 20)
        #expect(mirrored == (try strip(Self.lastPage(leftToRight).ops)))
        let directory = try TemporaryDirectory()
        try directory.write(rightToLeft, to: "invoice.json")
        let preview = try directory.run("render", "invoice.json", "--format", "txt", "--width", "120", "-o", "-")
        #expect(preview.status == 0, "\(preview.standardError)")
        let lines = preview.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.contains("21 00000 00003 13947 14300 09017") }.count == 2)
        #expect(lines.filter { $0.contains("1 949.75") }.count == 1)
        #expect(!preview.standardOutput.contains("09017 14300"))
    }
}
