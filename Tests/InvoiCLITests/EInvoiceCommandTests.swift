import Foundation
import InvoiModel
import InvoiTestSupport
import Testing

/// The e-invoice formats from the command line: the same XML as the goldens,
/// Factur-X PDFs the official rule sets accept with the page's own totals inside, every
/// missing field reported by JSON path before anything is written, and the profile options.
@Suite struct EInvoiceCommandTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = repository.appendingPathComponent("Goldens")
    /// The validator kit beside the repository, or the one INVOI_EINVOICE_VALIDATE names.
    static let validator =
        ProcessInfo.processInfo.environment["INVOI_EINVOICE_VALIDATE"].map(URL.init(fileURLWithPath:))
        ?? repository.deletingLastPathComponent().appendingPathComponent("shared/einvoice/validate")

    static func golden(_ name: String) -> String { goldens.appendingPathComponent("\(name)/invoice.json").path }

    /// The golden cases' XML, as `invoi render` writes it: (case, format, profile).
    static let documents: [(String, String, String)] = [
        ("einvoice-xrechnung-de", "cii", "xrechnung"), ("einvoice-xrechnung-de", "ubl", "xrechnung"),
        ("einvoice-facturx-fr-reverse-charge", "cii", "basicwl"), ("einvoice-peppol-be", "ubl", "peppol"),
        ("einvoice-credit-note", "cii", "en16931"), ("einvoice-credit-note", "ubl", "en16931"),
        ("einvoice-minimum", "cii", "minimum"),
    ]

    /// Runs the validation kit on `files` with `profile`; records its findings on failure.
    static func expectValid(_ files: [URL], profile: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try Tools.execute(validator, files.map(\.path) + ["--profile", profile, "--fatal-only"])
        #expect(
            run.status == 0,
            "\(String(decoding: run.standardOutput, as: UTF8.self))\(String(decoding: run.standardError, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    @Test func theCommandWritesTheGoldenXML() throws {
        let directory = try TemporaryDirectory()
        for (name, format, profile) in Self.documents {
            let result = try directory.run(
                "render", Self.golden(name), "--format", format, "--profile", profile, "-o", "out.xml")
            #expect(result.status == 0, "\(name) \(format): \(result.standardError)")
            let golden = try String(
                contentsOf: Self.goldens.appendingPathComponent("\(name)/einvoice.\(format).xml"), encoding: .utf8)
            #expect(try directory.contents(of: "out.xml") == golden, "\(name) \(format)")
        }
    }

    /// Each case that fits a Factur-X profile, as a PDF/A-3 the kit accepts; the XML inside is
    /// byte for byte what `--format cii` writes, and its totals are the amounts the page shows.
    @Test(arguments: [
        ("einvoice-xrechnung-de", "en16931"), ("einvoice-credit-note", "en16931"),
        ("einvoice-facturx-fr-reverse-charge", "basicwl"), ("einvoice-minimum", "minimum"),
    ])
    func facturXCarriesThePagesTotals(name: String, profile: String) throws {
        let directory = try TemporaryDirectory()
        let render = try directory.run(
            "render", Self.golden(name), "--format", "facturx", "--profile", profile, "-o", "fx.pdf")
        #expect(render.status == 0, "\(render.standardError)")
        let pdf = directory.url.appendingPathComponent("fx.pdf")
        try Self.expectValid([pdf], profile: profile)

        let detach = try Tools.run(
            "pdfdetach", ["-save", "1", "-o", directory.url.appendingPathComponent("embedded.xml").path, pdf.path])
        #expect(detach.status == 0)
        #expect(
            try directory.run("render", Self.golden(name), "--format", "cii", "--profile", profile, "-o", "alone.xml")
                .status == 0)
        let embedded = try directory.contents(of: "embedded.xml")
        #expect(embedded == (try directory.contents(of: "alone.xml")))

        // The amounts the XML declares, formatted as the page formats them, are on the page.
        let invoice = try InvoiceDecoder(today: CalendarDate(iso: "2026-03-12")!).decode(
            Data(contentsOf: URL(fileURLWithPath: Self.golden(name))), file: name
        ).invoice
        let formatter = AmountFormatter(invoice: invoice)
        let text = try Tools.run("pdftotext", ["-layout", pdf.path, "-"])
        // pdftotext gives a no-break space as a space.
        let spaces = { (text: String) in
            String(text.unicodeScalars.map { $0 == "\u{A0}" || $0 == "\u{202F}" ? " " : Character($0) })
        }
        let page = spaces(text.output)
        let declared = ["TaxBasisTotalAmount", "GrandTotalAmount", "DuePayableAmount"].compactMap {
            Self.amount(of: $0, in: embedded)
        }
        #expect(declared.count == 3, "\(embedded)")
        let totals = invoice.totals
        #expect(declared[1] == totals.total.amount)
        #expect(declared[2] == (totals.balanceDue ?? totals.total).amount)
        for amount in declared {
            let shown = spaces(formatter.string(for: Money(amount: amount, currency: invoice.currency)))
            #expect(page.contains(shown), "\(shown) is not on the page:\n\(page)")
        }
    }

    /// The decimal in `<ram:NAME …>…</ram:NAME>`.
    static func amount(of element: String, in xml: String) -> Decimal? {
        guard let start = xml.range(of: "<ram:\(element)"),
            let close = xml[start.upperBound...].range(of: ">"),
            let end = xml[close.upperBound...].range(of: "</ram:\(element)>")
        else { return nil }
        return Decimal(
            string: String(xml[close.upperBound..<end.lowerBound]), locale: Locale(identifier: "en_US_POSIX"))
    }

    @Test func facturXIsReproducible() throws {
        let directory = try TemporaryDirectory()
        let environment = ProcessInfo.processInfo.environment.merging(["SOURCE_DATE_EPOCH": "1773300000"]) { $1 }
        var outputs: [Data] = []
        for name in ["a.pdf", "b.pdf"] {
            let run = try Tools.execute(
                InvoiProcess.executable,
                ["render", Self.golden("einvoice-credit-note"), "--format", "facturx", "-o", name],
                in: directory.url, environment: environment)
            #expect(run.status == 0)
            outputs.append(try Data(contentsOf: directory.url.appendingPathComponent(name)))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].starts(with: Data("%PDF-1.7".utf8)))
    }

    /// The copy mark goes into the Factur-X file's Info subject and XMP description, and the
    /// file stays PDF/A-3b.
    @Test func facturXCarriesTheCopyMarkInItsSubject() throws {
        let directory = try TemporaryDirectory()
        let run = try directory.run(
            "render", Self.golden("einvoice-xrechnung-de"), "--format", "facturx", "--copy-mark", "original", "-o",
            "marked.pdf")
        #expect(run.status == 0, "\(run.standardError)")
        let file = directory.url.appendingPathComponent("marked.pdf")
        let info = try Tools.execute(URL(fileURLWithPath: "/usr/bin/pdfinfo"), ["-enc", "UTF-8", file.path])
        #expect(String(decoding: info.standardOutput, as: UTF8.self).contains("Rechnung RE-2026-0042 — Original"))
        let pdf = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(pdf.contains("<dc:description>") && pdf.contains("RE-2026-0042 — Original"))
        let check = Self.repository.deletingLastPathComponent().appendingPathComponent("shared/pdfcheck/check")
        if FileManager.default.isExecutableFile(atPath: check.path) {
            let verdict = try Tools.execute(check, [file.path, "--profile", "pdfa-3b"])
            #expect(verdict.status == 0, "\(String(decoding: verdict.standardOutput, as: UTF8.self))")
        }
    }

    @Test func missingFieldsAreReportedByPathAndNothingIsWritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            {"fromName": "Acme GmbH", "fromCountry": "DE", "fromTaxId": "DE123456789", "toName": "Stadt",
             "currency": "EUR", "vatRate": 19, "issueDate": "2026-03-02", "dueDate": "2026-04-01", "lineItems": [{"description": "Work", "rate": 100}]}
            """, to: "plain.json")
        try directory.write("keep", to: "out.xml")
        let result = try directory.run(
            "render", "plain.json", "--format", "cii", "--profile", "xrechnung", "-o", "out.xml")
        #expect(result.status == 65)
        #expect(result.errorLines.allSatisfy { $0.hasPrefix("invoi: error: plain.json: ") }, "\(result.errorLines)")
        let paths = result.errorLines.map { $0.dropFirst("invoi: error: plain.json: ".count).prefix { $0 != ":" } }
        for path in ["toCountry", "buyerReference", "fromCity", "fromElectronicAddress", "toElectronicAddress"] {
            #expect(paths.contains(Substring(path)), "\(path) missing from \(result.errorLines)")
        }
        #expect(result.standardError.contains("(BR-DE-15)"))
        #expect(try directory.contents(of: "out.xml") == "keep")
        #expect(try directory.entries() == ["out.xml", "plain.json"])
    }

    @Test func documentsThatAreNotInvoicesAreRefused() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"documentType": "estimate"}"#, to: "e.json")
        let result = try directory.run("render", "e.json", "--format", "ubl", "-o", "e.xml")
        #expect(result.status == 65)
        #expect(result.errorLines.contains { $0.hasPrefix("invoi: error: e.json: documentType: ") })
        #expect(try directory.entries() == ["e.json"])
    }

    @Test func aProfileTheFormatDoesNotTakeIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let cases: [([String], String)] = [
            (
                ["--format", "ubl", "--profile", "basic"],
                "ubl is not written in the basic profile; use en16931, xrechnung, peppol"
            ),
            (
                ["--format", "pdf", "--profile", "en16931"],
                "--profile is for the e-invoice formats (cii, ubl, facturx), not pdf"
            ),
            (["--format", "facturx", "--profile", "xrechnung"], "an XRechnung is sent as --format cii or ubl"),
            (["-o", "x.xml"], "add --format cii|ubl"),
            (["--format", "cii", "--profile", "gold"], "gold"),
        ]
        for (arguments, message) in cases {
            let result = try directory.run(["render", "--sample"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        #expect(try directory.entries().isEmpty)
    }

    @Test func checkTellsWhetherAProfileCanBeSent() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.run("check", "--profile", "xrechnung", Self.golden("einvoice-xrechnung-de"))
        #expect(good.status == 0, "\(good.standardError)")
        #expect(good.standardOutput.contains(": ok for XRechnung — "))
        let peppol = try directory.run("check", "--profile", "peppol", Self.golden("einvoice-peppol-be"))
        #expect(peppol.status == 0, "\(peppol.standardError)")
        let sample = try directory.run("check", "--profile", "en16931", "--sample")
        #expect(sample.status == 65)
        #expect(sample.standardOutput == "")
        #expect(sample.errorLines.contains { $0.contains(": toCountry: ") }, "\(sample.errorLines)")
    }

    /// A decoding error does not hide the profile's problems in the fields that did decode:
    /// an unknown currency and a missing Leitweg-ID come in one run; a check that reads a
    /// field that failed (the lines, here) is left out rather than run on the default.
    @Test func checkReportsDecodingAndProfileProblemsTogether() throws {
        let directory = try TemporaryDirectory()
        var json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: Self.golden("einvoice-xrechnung-de")))) as! [String: Any]
        json["currency"] = "XYZ"
        json.removeValue(forKey: "buyerReference")
        var items = json["lineItems"] as! [[String: Any]]
        items[0]["quantity"] = "two"
        items[0]["description"] = ""
        json["lineItems"] = items
        try directory.write(
            String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self),
            to: "broken.json")
        let result = try directory.run("check", "--profile", "xrechnung", "broken.json")
        #expect(result.status == 65)
        let paths = result.errorLines.map { $0.dropFirst("invoi: error: broken.json: ".count).prefix { $0 != ":" } }
        #expect(paths == ["currency", "lineItems[0].quantity", "buyerReference"], "\(result.errorLines)")
        #expect(result.standardError.contains("(BR-DE-15)"))
        #expect(result.standardOutput == "")

        // Without --profile only the decoding errors, as before.
        let plain = try directory.run("check", "broken.json")
        #expect(plain.errorLines.count == 2, "\(plain.errorLines)")
        // A currency the rules refuse is reported with the other decoding errors too.
        json["currency"] = "BGN"
        try directory.write(
            String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self),
            to: "lev.json")
        let lev = try directory.run("check", "--profile", "xrechnung", "lev.json")
        let levPaths = lev.errorLines.map { $0.dropFirst("invoi: error: lev.json: ".count).prefix { $0 != ":" } }
        #expect(levPaths == ["lineItems[0].quantity", "currency", "buyerReference"], "\(lev.errorLines)")
        #expect(lev.standardError.contains("BR-CL-03, BR-CL-04"))
    }

    /// A German seller invoicing a German buyer through Peppol without payment account,
    /// contact, cities or buyer reference: `check` and `render` name each national rule by
    /// JSON path, and nothing is written.
    @Test func peppolNationalRulesFromTheCommandLine() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            {"fromName": "Acme GmbH", "fromCountry": "DE", "fromTaxId": "DE123456789", "fromStreet": "Hauptstr. 1",
             "fromElectronicAddress": "9930:DE123456789", "toName": "Beta GmbH", "toCountry": "DE", "toStreet": "Ring 2",
             "toElectronicAddress": "9930:DE811569869", "orderReference": "PO-7", "currency": "EUR", "vatRate": 19,
             "issueDate": "2026-03-02", "dueDate": "2026-04-01", "lineItems": [{"description": "Work", "rate": 100}]}
            """, to: "de.json")
        let check = try directory.run("check", "--profile", "peppol", "de.json")
        #expect(check.status == 65)
        for rule in [
            "DE-R-001", "DE-R-005", "DE-R-006", "DE-R-007", "DE-R-003", "DE-R-004", "DE-R-008", "DE-R-009", "DE-R-015",
        ] {
            #expect(check.standardError.contains(rule), "\(rule) missing from \(check.errorLines)")
        }
        let render = try directory.run("render", "de.json", "--format", "ubl", "--profile", "peppol", "-o", "de.xml")
        #expect(render.status == 65)
        #expect(render.errorLines == check.errorLines)
        #expect(try directory.entries() == ["de.json"])
    }

    /// The page still takes the currencies the e-invoice rules refuse.
    @Test func withdrawnCurrenciesStillRenderAsPages() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            #"{"fromName": "Acme EOOD", "currency": "BGN", "lineItems": [{"description": "Work", "rate": 100}]}"#,
            to: "lev.json")
        let page = try directory.run("render", "lev.json", "--format", "txt", "-o", "lev.txt")
        #expect(page.status == 0, "\(page.standardError)")
        let xml = try directory.run("render", "lev.json", "--format", "ubl", "-o", "lev.xml")
        #expect(xml.status == 65)
        #expect(
            xml.errorLines.contains { $0.hasPrefix("invoi: error: lev.json: currency: ") && $0.contains("BR-CL-04") })
    }

    /// `invoi init --einvoice` writes an invoice that every profile of its country accepts
    /// and that the rule sets pass as XRechnung (CII, UBL) and as a Factur-X PDF.
    @Test func initWritesAnInvoiceReadyToSend() throws {
        let directory = try TemporaryDirectory()
        #expect(try directory.run("init", "--einvoice", "e.json").status == 0)
        for profile in ["en16931", "xrechnung"] {
            let check = try directory.run("check", "--profile", profile, "e.json")
            #expect(check.status == 0, "\(profile): \(check.standardError)")
        }
        #expect(
            try directory.run("render", "e.json", "--format", "cii", "--profile", "xrechnung", "-o", "x.cii.xml").status
                == 0)
        #expect(
            try directory.run("render", "e.json", "--format", "ubl", "--profile", "xrechnung", "-o", "x.ubl.xml").status
                == 0)
        #expect(try directory.run("render", "e.json", "--format", "facturx", "-o", "x.pdf").status == 0)
        try Self.expectValid(
            [directory.url.appendingPathComponent("x.cii.xml"), directory.url.appendingPathComponent("x.ubl.xml")],
            profile: "xrechnung")
        try Self.expectValid([directory.url.appendingPathComponent("x.pdf")], profile: "en16931")
    }
}
