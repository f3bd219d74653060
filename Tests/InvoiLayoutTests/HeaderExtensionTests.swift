import InvoiDocument
import InvoiLayout
import InvoiModel
import Testing

/// Extensions in the header and Bill To: estimate, VAT IDs, logo, accent colour.
@Suite struct HeaderExtensionTests {
    let style = InvoiceStyle.standard

    @Test(arguments: ShaperKind.allCases)
    func anEstimateIsTitledSoAndIsValidUntilItsDueDate(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.documentType = .estimate
        let document = try kind.layout().document(for: invoice)
        #expect(document.text("ESTIMATE") != nil)
        #expect(document.text("INVOICE") == nil)
        #expect(document.text("VALID UNTIL") != nil)
        #expect(document.text("DUE DATE") == nil)
        #expect(document.metadata.title.hasPrefix("Estimate "))
        // Same place as the invoice's title: right-aligned on the content's right edge.
        let title = try #require(document.text("ESTIMATE"))
        #expect(abs(title.origin.x + title.width - (document.pages[0].size.width - style.margins.start)) < 0.01)

        invoice.documentType = .invoice
        let plain = try kind.layout().document(for: invoice)
        #expect(plain.text("INVOICE") != nil && plain.text("DUE DATE") != nil && plain.text("VALID UNTIL") == nil)
    }

    @Test(arguments: ShaperKind.allCases)
    func taxIdsAreMutedLinesUnderEachPartysDetails(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.fromTaxId = "US 12-3456789"
        invoice.toTaxId = "DE 811 907 980"
        let document = try kind.layout().document(for: invoice)
        for (taxLine, above) in [
            ("VAT ID US 12-3456789", invoice.fromAddress), ("VAT ID DE 811 907 980", invoice.toAddress),
        ] {
            let line = try #require(document.text(taxLine), "\(taxLine) missing")
            let address = try #require(document.text(above))
            #expect(line.color == style.muted)
            #expect(line.font == style.meta.font, "12 px regular")
            #expect(line.origin.x == address.origin.x)
            #expect(abs(line.box.minY - address.box.maxY) < 0.001, "directly under \(above)")
        }
        let without = try kind.layout().document(for: Invoice.sample)
        #expect(!without.allTextOps.contains { $0.text.hasPrefix("VAT ID") })
    }

    @Test(arguments: ShaperKind.allCases)
    func accentColoursTheTitleTheHeaderRuleAndTheTotal(kind: ShaperKind) throws {
        var invoice = Invoice.sample
        invoice.accentColor = AccentColor("blue")
        let blue = Color(rgb: 0x3B82F6)
        let layout = try kind.layout()
        let document = layout.document(for: invoice)
        func accented(_ document: Document, _ color: Color) -> [String] {
            document.pages[0].ops.compactMap { op in
                switch op {
                case .text(let t) where t.color == color: t.text
                case .line(let l) where l.color == color: "rule \(l.width)"
                default: nil
                }
            }
        }
        let totalValue = AmountFormatter(invoice: invoice).string(for: invoice.totals.total)
        #expect(accented(document, blue) == ["INVOICE", "rule \(style.tableHeaderRuleWidth)", totalValue])

        // `--accent` overrides the invoice's colour.
        let green = try #require(AccentColor("green"))
        let overridden = layout.document(for: invoice, accent: green)
        #expect(accented(overridden, Color(rgb: 0x10B981)).count == 3)
        #expect(accented(overridden, blue).isEmpty)

        // The standard accent, given explicitly, changes nothing.
        var explicit = Invoice.sample
        explicit.accentColor = .standard
        #expect(layout.document(for: explicit) == layout.document(for: Invoice.sample))
        #expect(layout.document(for: Invoice.sample, accent: .standard) == layout.document(for: Invoice.sample))
    }

    struct LogoCase: Sendable, CustomTestStringConvertible {
        var width: Double
        var height: Double
        /// The expected drawn size in px.
        var drawn: (width: Double, height: Double)
        var testDescription: String { "\(width)×\(height)" }
    }

    static let logoCases = [
        LogoCase(width: 400, height: 100, drawn: (192, 48)),
        LogoCase(width: 800, height: 100, drawn: (192, 24)),
        LogoCase(width: 30, height: 300, drawn: (4.8, 48)),
        LogoCase(width: 16, height: 16, drawn: (48, 48)),
        LogoCase(width: 2000, height: 1000, drawn: (96, 48)),
    ]

    @Test func theLogosAlternativeTextIsTheInvoicesOrInTheDocumentsLanguage() throws {
        let image = logo(width: 100, height: 40)
        var invoice = Invoice.sample
        invoice.language = "de"
        let german = try ShaperKind.fixedAdvances.layout().document(for: invoice, logo: image)
        #expect(german.pages[0].images.first?.altText == "Logo von Acme Studio")
        invoice.logoAlt = "A red fox over the letters ACME"
        let given = try ShaperKind.fixedAdvances.layout().document(for: invoice, logo: image)
        #expect(given.pages[0].images.first?.altText == "A red fox over the letters ACME")
    }

    @Test(arguments: logoCases)
    func theLogoFitsItsBoxAboveTheCompanyName(logoCase: LogoCase) throws {
        for kind in ShaperKind.allCases {
            let image = logo(width: logoCase.width, height: logoCase.height)
            let document = try kind.layout().document(for: Invoice.sample, logo: image)
            let images = document.pages[0].images
            try #require(images.count == 1)
            let rect = images[0].rect
            #expect(abs(rect.width - InvoiceStyle.px(logoCase.drawn.width)) < 1e-9)
            #expect(abs(rect.height - InvoiceStyle.px(logoCase.drawn.height)) < 1e-9)
            #expect(rect.x == style.margins.start && rect.y == style.margins.start, "top left")
            // The company name and the catalog's word for logo, a figure of its own.
            #expect(images[0].altText == "Acme Studio logo")
            #expect(images[0].role == .structure([StructureNode(.section), StructureNode(.figure)]))
            #expect(images[0].image == image)
            let name = try #require(document.text("Acme Studio"))
            #expect(abs(name.box.minY - (rect.maxY + style.logoGap)) < 1e-9, "the name follows the logo and its gap")
            // The title stays at the top of the right column.
            #expect(try #require(document.text("INVOICE")).box.minY == style.margins.top)
            #expect(document.pages.count == 1)
        }
    }

    @Test(arguments: [
        (0.0, 40.0), (40, 0), (-5, 10), (.nan, 10), (.infinity, 10), (10, .infinity),
        (100_000, 1), (1e-300, 1e300),
    ])
    func aLogoWithNoUsableSizeIsLeftOut(width: Double, height: Double) throws {
        let layout = try ShaperKind.fixedAdvances.layout()
        let document = layout.document(for: Invoice.sample, logo: logo(width: width, height: height))
        #expect(document.pages.allSatisfy { $0.images.isEmpty })
        #expect(document == layout.document(for: Invoice.sample))
    }

    @Test func aLogoWithNothingUnderItTakesNoGap() throws {
        let layout = try ShaperKind.fixedAdvances.layout()
        var invoice = Invoice.firstLaunch(today: Invoice.sample.issueDate)
        invoice.invoiceNumber = ""
        let document = layout.document(for: invoice, logo: logo(width: 400, height: 100))
        let billTo = try #require(document.text("BILL TO"))
        // The header is the logo alone (48 px, taller than the title), then the section gap.
        #expect(
            abs(
                billTo.box.minY
                    - (style.margins.top + max(InvoiceStyle.px(48), style.title.lineBoxHeight)
                        + style.sectionGap)) < 1e-9)
    }
}
