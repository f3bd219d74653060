import Foundation
import Testing

@testable import InvoiModel

/// The extension fields: defaults, reading, logo paths and the JSON round trip.
@Suite struct ExtensionDecodingTests {
    private static let workingDirectory = FileManager.default.currentDirectoryPath

    @Test func absentExtensionsTakeTheirDefaults() throws {
        let (invoice, warnings) = try decode(#"{"lineItems": [{"quantity": 2, "rate": 50}]}"#)
        #expect(warnings.isEmpty)
        #expect(invoice.documentType == .invoice)
        #expect(invoice.notes == "")
        #expect(invoice.discount == nil)
        #expect(invoice.amountPaid == nil)
        #expect(invoice.fromTaxId == "")
        #expect(invoice.toTaxId == "")
        #expect(invoice.status == nil)
        #expect(invoice.logo == nil)
        #expect(invoice.accentColor == nil)
        let totals = invoice.totals
        #expect(totals.discount == nil)
        #expect(totals.taxableAmount.amount == 100)
        #expect(totals.paid == nil)
        #expect(totals.balanceDue == nil)
    }

    @Test func nullExtensionsMeanNotGiven() throws {
        let (invoice, warnings) = try decode(
            """
            {"documentType": null, "notes": null, "discount": null, "amountPaid": null, "fromTaxId": null,
             "toTaxId": null, "status": null, "logo": null, "accentColor": null}
            """)
        #expect(warnings.isEmpty)
        #expect(invoice == Invoice.firstLaunch(today: testToday))
    }

    @Test func readsEveryExtension() throws {
        let (invoice, warnings) = try decode(
            """
            {"documentType": "estimate", "notes": "Thanks!\\nPay within 30 days.\\u0007",
             "discount": {"type": "percentage", "value": 12.5}, "amountPaid": 0.1,
             "fromTaxId": "DE 123 456 789", "toTaxId": "FR\\u001b12", "status": "overdue",
             "logo": "img/logo.SVG", "accentColor": "#a1B2c3", "lineItems": [{"rate": 1}]}
            """)
        #expect(invoice.documentType == .estimate)
        #expect(invoice.notes == "Thanks!\nPay within 30 days.")
        #expect(invoice.discount == Discount(kind: .percentage, value: decimal("12.5")))
        #expect(invoice.amountPaid == decimal("0.1"))
        #expect(invoice.fromTaxId == "DE 123 456 789")
        #expect(invoice.toTaxId == "FR12")
        #expect(invoice.status == .overdue)
        #expect(
            invoice.logo
                == LogoReference(
                    path: "img/logo.SVG",
                    resolvedPath: Self.workingDirectory + "/bills/img/logo.SVG"))
        #expect(invoice.logo?.kind == .svg)
        #expect(invoice.accentColor == AccentColor(red: 0xA1, green: 0xB2, blue: 0xC3))
        #expect(warnings.map(\.path) == ["notes", "toTaxId"])
    }

    @Test(arguments: [
        ("draft", InvoiceStatus.draft), ("sent", .sent), ("partial", .partial),
        ("paid", .paid), ("overdue", .overdue), ("void", .void),
    ])
    func readsEveryStatus(_ text: String, _ status: InvoiceStatus) throws {
        #expect(try decode(#"{"status": "\#(text)"}"#).invoice.status == status)
    }

    @Test(arguments: [("invoice", DocumentType.invoice), ("estimate", .estimate)])
    func readsEveryDocumentType(_ text: String, _ type: DocumentType) throws {
        #expect(try decode(#"{"documentType": "\#(text)"}"#).invoice.documentType == type)
    }

    @Test(arguments: [
        ("blue", 0x3B, 0x82, 0xF6), ("green", 0x10, 0xB9, 0x81), ("purple", 0x8B, 0x5C, 0xF6),
        ("orange", 0xF9, 0x73, 0x16), ("#000000", 0, 0, 0), ("#FFFFFF", 255, 255, 255),
        ("#ffffff", 255, 255, 255), ("#0a0B0c", 10, 11, 12),
    ])
    func readsAccentColors(_ text: String, _ red: UInt8, _ green: UInt8, _ blue: UInt8) throws {
        #expect(
            try decode(#"{"accentColor": "\#(text)"}"#).invoice.accentColor
                == AccentColor(red: red, green: green, blue: blue))
    }

    @Test func accentColorNames() throws {
        #expect(AccentColor.standard.hexString == "#111111")
        #expect(try #require(AccentColor("#0a0b0c")).hexString == "#0A0B0C")
        #expect(try #require(AccentColor("#8b5cf6")).name == "purple")
        #expect(try #require(AccentColor("#8b5cf7")).name == "#8B5CF7")
    }

    @Test(arguments: [
        ("logo.png", LogoKind.png), ("a/Logo.PNG", .png), ("x.jpg", .jpeg), ("x.JPEG", .jpeg),
        ("x.jpeg", .jpeg), ("my logo.v2.svg", .svg), ("/abs/x.Svg", .svg),
    ])
    func logoKindFromTheExtension(_ path: String, _ kind: LogoKind) {
        #expect(LogoReference(path: path, relativeTo: "/srv").kind == kind)
    }

    @Test(arguments: ["logo", "logo.gif", "logo.png.bak", ".png", "dir.png/", "logo.svgz", "logo."])
    func unknownLogoKinds(_ path: String) {
        #expect(LogoReference(path: path, relativeTo: "/srv").kind == nil)
    }

    /// The logo is found relative to the invoice file, whatever the current directory.
    @Test(arguments: [
        ("bills/acme.json", "logo.png", "/bills/logo.png"),
        ("bills/acme.json", "../img/./logo.png", "/img/logo.png"),
        ("bills//2026/acme.json", "a//b/logo.png", "/bills/2026/a/b/logo.png"),
        ("acme.json", "logo.png", "/logo.png"),
        ("./acme.json", "logo.png", "/logo.png"),
        ("-", "logo.png", "/logo.png"),
        ("<stdin>", "img/logo.png", "/img/logo.png"),
        ("<sample>", "logo.png", "/logo.png"),
        ("<stdin>:3", "logo.png", "/logo.png"),
    ])
    func resolvesTheLogoAgainstTheWorkingDirectory(_ file: String, _ logo: String, _ expected: String) throws {
        let data = Data(#"{"logo": "\#(logo)"}"#.utf8)
        let (invoice, _) = try InvoiceDecoder(today: testToday).decode(data, file: file)
        #expect(invoice.logo?.path == logo)
        #expect(invoice.logo?.resolvedPath == Self.workingDirectory + expected)
    }

    @Test(arguments: [
        ("/srv/bills/acme.json", "logo.png", "/srv/bills/logo.png"),
        ("/srv/bills/acme.json", "../../../../etc/x.png", "/etc/x.png"),
        ("/acme.json", "logo.png", "/logo.png"),
        ("bills/acme.json", "/opt/brand/logo.svg", "/opt/brand/logo.svg"),
        ("-", "/opt/brand/logo.svg", "/opt/brand/logo.svg"),
    ])
    func resolvesTheLogoAgainstAbsolutePaths(_ file: String, _ logo: String, _ expected: String) throws {
        let data = Data(#"{"logo": "\#(logo)"}"#.utf8)
        let (invoice, _) = try InvoiceDecoder(today: testToday).decode(data, file: file)
        #expect(invoice.logo?.resolvedPath == expected)
    }

    @Test func baseDirectoryOverridesTheFileName() throws {
        let data = Data(#"{"logo": "brand/logo.jpg"}"#.utf8)
        let decoder = InvoiceDecoder(today: testToday)
        #expect(
            try decoder.decode(data, file: "<stdin>", baseDirectory: "/srv/in").invoice.logo?.resolvedPath
                == "/srv/in/brand/logo.jpg")
        #expect(
            try decoder.decode(data, file: "x/y.json", baseDirectory: "in").invoice.logo?.resolvedPath
                == Self.workingDirectory + "/in/brand/logo.jpg")
    }

    @Test func encodedExtensionsDecodeToTheSameInvoice() throws {
        var invoice = Invoice.sample
        invoice.documentType = .estimate
        invoice.notes = "Line 1\n\"quoted\"\tand \\ done"
        invoice.discount = Discount(kind: .fixed, value: decimal("123.456"))
        invoice.amountPaid = decimal("0.005")
        invoice.fromTaxId = "DE1"
        invoice.toTaxId = "FR2"
        invoice.status = .void
        invoice.logo = LogoReference(path: "../logo file.jpeg", relativeTo: "/srv/bills")
        invoice.accentColor = AccentColor(red: 1, green: 2, blue: 254)
        let json = invoice.prettyPrintedJSON()
        let (decoded, warnings) = try InvoiceDecoder(today: testToday).decode(
            Data(json.utf8), file: "/srv/bills/roundtrip.json")
        #expect(warnings.isEmpty)
        #expect(decoded == invoice)
        #expect(json.contains(#"  "discount": {"type": "fixed", "value": 123.456},"#))
        #expect(json.contains(##"  "accentColor": "#0102FE""##))

        invoice.accentColor = AccentColor("#F97316")
        invoice.discount = Discount(kind: .percentage, value: 0)
        invoice.amountPaid = 0
        let themed = invoice.prettyPrintedJSON()
        #expect(themed.contains(#"  "accentColor": "orange""#))
        #expect(themed.contains(#"  "amountPaid": 0,"#))
        #expect(
            try InvoiceDecoder(today: testToday).decode(Data(themed.utf8), file: "/srv/bills/r.json").invoice == invoice
        )
    }

    @Test func unsetExtensionsAreNotWritten() {
        let json = Invoice.sample.prettyPrintedJSON()
        for key in InvoiceKeys.extensions {
            #expect(!json.contains("\"\(key)\""), "\(key)")
        }
    }

    /// `invoi init --example` writes this: every extension but the logo, and notes that
    /// name the logo and the choices a single file cannot show.
    @Test func theExampleShowsEveryExtension() throws {
        let example = Invoice.example
        #expect(example.notes.contains("\"logo\""))
        for word in ["estimate", "percentage", "fixed", "draft", "overdue", "void", "#RRGGBB", "purple", "orange"] {
            #expect(example.notes.contains(word), "\(word)")
        }
        let json = example.prettyPrintedJSON()
        let (decoded, warnings) = try InvoiceDecoder(today: testToday).decode(Data(json.utf8), file: "invoice.json")
        #expect(warnings.isEmpty)
        #expect(decoded == example)
        for key in ["notes", "discount", "amountPaid", "fromTaxId", "toTaxId", "status", "accentColor"] {
            #expect(json.contains("\n  \"\(key)\": "), "\(key)")
        }
        #expect(json.contains(#""accentColor": "blue""#))
        #expect(json.contains(#""status": "partial""#))
        #expect(!json.contains(#""logo":"#))
        // 8399.99 − 10 % (839.999 → 840.00) = 7559.99; VAT 20 % = 1511.998 → 1512.00.
        let totals = example.totals
        #expect(totals.discount?.amount == decimal("840"))
        #expect(totals.total.amount == decimal("9071.99"))
        #expect(totals.balanceDue?.amount == decimal("5071.99"))
    }
}
