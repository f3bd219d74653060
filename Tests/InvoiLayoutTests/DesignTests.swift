import Foundation
import InvoiDocument
import InvoiLayoutTestSupport
import InvoiModel
import Testing

@testable import InvoiLayout

/// The four designs and what a theme changes, checked on the laid-out ops rather than on
/// snapshots: what each design promises, and what every design must keep.
@Suite struct DesignTests {
    static func invoice(items: Int = 3, language: String? = nil) -> Invoice {
        var invoice = Invoice(
            fromName: "Acme Studio", fromEmail: "hello@acme.example", fromPhone: "+49 30 1234567",
            fromAddress: "Hauptstraße 5\n10115 Berlin", toName: "Meridian GmbH", toEmail: "ap@meridian.example",
            toAddress: "Marktplatz 1\n80331 München", invoiceNumber: "RE-2026-17",
            issueDate: CalendarDate(year: 2026, month: 3, day: 12)!,
            dueDate: CalendarDate(year: 2026, month: 4, day: 11)!,
            currency: Currency(code: "EUR")!, vatRate: 19,
            lineItems: (1...items).map {
                LineItem(id: "\($0)", description: "Design work, part \($0)", quantity: 2, rate: 100)
            },
            bankBeneficiary: "Acme Studio", bankAccount: "DE89 3704 0044 0532 0130 00", fromTaxId: "DE123456789")
        invoice.language = language
        return invoice
    }

    static func layout(_ theme: Theme = Theme(), paper: PaperSize = .a4) -> InvoiceLayout {
        InvoiceLayout(shaper: FixedAdvanceShaper(), paper: paper).themed(theme)
    }

    static func theme(_ design: DesignName) -> Theme {
        var theme = Theme()
        theme.design = design
        return theme
    }

    @Test func withoutAThemeTheLayoutIsClassicUnchanged() {
        let invoice = Self.invoice(items: 40)
        let plain = InvoiceLayout(shaper: FixedAdvanceShaper()).document(for: invoice)
        #expect(Self.layout().document(for: invoice) == plain)
    }

    /// The app's grey labels (3.5:1) and stamps fall short of WCAG 2.2: a themed classic
    /// page darkens them, and nothing else changes.
    @Test func aThemedClassicMeetsTheContrastRules() throws {
        var invoice = Self.invoice()
        invoice.status = .paid
        let plain = InvoiceLayout(shaper: FixedAdvanceShaper())
        let themed = Self.layout(Self.theme(.classic))
        let content = InvoiceContent(invoice: invoice)
        #expect(!plain.readabilityProblems(of: content).isEmpty)
        #expect(themed.readabilityProblems(of: content).isEmpty)
        let before = try #require(plain.document(for: invoice).pages.first)
        let after = try #require(themed.document(for: invoice).pages.first)
        let label = try #require(after.textOps.first { $0.text == "BILL TO" })
        #expect(label.color == Color(rgb: 0x6B6B6B))
        #expect(before.textOps.map(\.box) == after.textOps.map(\.box))
    }

    @Test func compactTakesAThirdFewerPagesThanClassic() {
        let invoice = Self.invoice(items: 60)
        let classic = Self.layout().document(for: invoice).pages.count
        let compact = Self.layout(Self.theme(.compact)).document(for: invoice).pages.count
        #expect(classic >= 3)
        #expect(Double(compact) <= Double(classic) * 2 / 3, "classic \(classic) pages, compact \(compact)")
    }

    @Test func bandRunsAMastheadAcrossThePageWithTheTitleReversedOut() throws {
        let layout = Self.layout(Self.theme(.band))
        let page = try #require(layout.document(for: Self.invoice()).pages.first)
        guard case .rect(let band) = page.ops.first else {
            Issue.record("the band is not drawn first")
            return
        }
        #expect(band.fill == layout.style.accent)
        #expect(band.rect.minX == 0 && band.rect.maxX == page.size.width && band.rect.minY == 0)
        let title = try #require(page.textOps.first { $0.text == "INVOICE" })
        #expect(title.color == layout.style.reversed)
        #expect(band.rect.contains(title.box))
        let sender = try #require(page.textOps.first { $0.text == "Acme Studio" })
        #expect(sender.color == layout.style.reversed && band.rect.contains(sender.box))
        // The client is under the band, in the text colour.
        let client = try #require(page.textOps.first { $0.text == "Meridian GmbH" })
        #expect(client.box.minY > band.rect.maxY && client.color != layout.style.reversed)
    }

    @Test(arguments: [EnvelopeWindow.din5008A, .din5008B, .us10], [false, true])
    func letterPutsTheClientInTheEnvelopeWindow(window: EnvelopeWindow, rightToLeft: Bool) throws {
        var theme = Self.theme(.letter)
        theme.window = window
        var invoice = Self.invoice()
        if rightToLeft { invoice.direction = .rightToLeft }
        let paper: PaperSize = window == .us10 ? .letter : .a4
        let page = try #require(Self.layout(theme, paper: paper).document(for: invoice).pages.first)
        let field = LetterSection.Geometry.of(window, pageHeight: paper.size.height).field
        // The window is physical: the same place on a right-to-left page.
        for line in ["Meridian GmbH", "Marktplatz 1", "80331 München"] {
            let text = try #require(page.textOps.first { $0.text == line }, "\(line)")
            #expect(field.contains(text.box), "\(line) at \(text.box), window \(field)")
        }
        let returnAddress = try #require(page.textOps.first { $0.text.hasPrefix("Acme Studio · ") })
        #expect(field.contains(returnAddress.box))
        #expect(returnAddress.font.size >= 6)
        #expect(returnAddress.box.maxY < (page.textOps.first { $0.text == "Meridian GmbH" }?.box.minY ?? 0))
        // The sender's block is beside the window, not in it.
        let sender = try #require(page.textOps.first { $0.text == "Acme Studio" })
        #expect(!field.intersects(sender.box))
        // Fold marks at the page's left edge at the envelope's folds.
        let folds = LetterSection.Geometry.of(window, pageHeight: paper.size.height).folds
        for fold in folds {
            #expect(
                page.ops.contains { op in
                    guard case .line(let line) = op else { return false }
                    return abs(line.from.y - fold) < 0.01 && max(line.from.x, line.to.x) < InvoiceStyle.millimetres(12)
                }, "no fold mark at \(fold)")
        }
    }

    @Test func dinFormBWindowIsWhereTheStandardPutsIt() {
        let field = LetterSection.Geometry.of(.din5008B, pageHeight: PaperSize.a4.size.height).field
        let mm = 72 / 25.4
        #expect(abs(field.minX / mm - 20) < 0.01 && abs(field.minY / mm - 45) < 0.01)
        #expect(abs(field.width / mm - 85) < 0.01 && abs(field.height / mm - 45) < 0.01)
    }

    @Test func theTableShowsTheThemesColumnsInItsOrder() throws {
        var theme = Theme()
        theme.table.columns = [.item, .description, .unit, .quantity, .tax, .amount]
        var invoice = Self.invoice()
        invoice.lineItems[0].itemId = "SKU-1"
        invoice.lineItems[0].unit = .hour
        let layout = Self.layout(theme)
        let content = InvoiceContent(invoice: invoice, withDetails: true)
        let page = try #require(layout.layOut(content).document.pages.first)
        let heads = ["Item No.", "Description", "Unit", "Qty", "VAT", "Amount"].map { head in
            page.textOps.first { $0.text.uppercased() == head.uppercased() }
        }
        let xs = try heads.map { try #require($0).box.minX }
        #expect(xs == xs.sorted(), "the heads are not in the theme's order")
        #expect(!page.textOps.contains { $0.text.uppercased() == "RATE" })
        #expect(page.textOps.contains { $0.text == "SKU-1" })
        #expect(page.textOps.contains { $0.text == "19%" })
        // With a unit column the quantity stands alone.
        #expect(page.textOps.contains { $0.text == "2" })
    }

    @Test func hideEmptyLeavesOutColumnsNoLineFills() throws {
        var theme = Theme()
        theme.table.columns = [.item, .description, .date, .quantity, .rate, .discount, .amount]
        theme.table.hideEmpty = true
        var invoice = Self.invoice()
        invoice.lineItems[1].date = CalendarDate(year: 2026, month: 3, day: 2)
        let layout = Self.layout(theme)
        let content = InvoiceContent(invoice: invoice, withDetails: true)
        #expect(layout.shownColumns(of: content) == [.description, .date, .quantity, .rate, .amount])
    }

    @Test func theThemesFooterIsOnEveryPageAndThePageNumbersWhereItSays() throws {
        var theme = Theme()
        theme.footer = "Acme Studio · Registered in Berlin HRB 12345"
        theme.pageNumbers = .end
        let layout = Self.layout(theme)
        let document = layout.document(for: Self.invoice(items: 60))
        #expect(document.pages.count > 1)
        for page in document.pages {
            let footer = try #require(page.textOps.first { $0.text == theme.footer })
            let number = try #require(page.textOps.first { $0.text.contains("Page ") })
            #expect(number.box.minY > footer.box.maxY)
            #expect(abs(number.box.maxX - (page.size.width - layout.style.margins.end)) < 0.01)
            #expect(number.alignment == .right)
            // Nothing of the content reaches the footer.
            let others = page.textOps.filter { $0.text != theme.footer && !$0.text.contains("Page ") }
            #expect(others.allSatisfy { $0.box.maxY <= footer.box.minY })
        }
        // A one-page invoice has the footer too.
        let single = Self.layout(theme).document(for: Self.invoice())
        #expect(single.pages.count == 1 && single.pages[0].textOps.contains { $0.text == theme.footer })
    }

    @Test func hiddenSectionsAreLeftOut() {
        var theme = Theme()
        theme.hiddenSections = [.paymentDetails, .pageNumbers]
        let document = Self.layout(theme).document(for: Self.invoice(items: 60))
        #expect(!document.allTextOps.contains { $0.text.contains("DE89") })
        #expect(!document.allTextOps.contains { $0.text.contains("Page ") })
        #expect(document.allTextOps.contains { $0.text == "Meridian GmbH" })
    }

    @Test func aThemesColoursSizeAndMarginsReachTheOps() throws {
        var theme = Theme()
        theme.colors.text = AccentColor("#1A2B3C")
        theme.colors.accent = AccentColor("#0B5394")
        theme.size = 11
        theme.margins.start = 30
        let layout = Self.layout(theme)
        let page = try #require(layout.document(for: Self.invoice()).pages.first)
        let item = try #require(page.textOps.first { $0.text == "Design work, part 1" })
        #expect(item.color == Color(rgb: 0x1A2B3C) && abs(item.font.size - 11) < 0.001)
        #expect(abs(item.box.minX - InvoiceStyle.millimetres(30)) < 0.01)
        let title = try #require(page.textOps.first { $0.text == "INVOICE" })
        #expect(title.color == Color(rgb: 0x0B5394))
    }

    @Test func anInvoicesAccentWinsOverTheThemesInEitherOrder() {
        var theme = Theme()
        theme.colors.accent = AccentColor("#0B5394")
        let invoiceAccent = AccentColor("#3B82F6")!
        let base = InvoiceLayout(shaper: FixedAdvanceShaper())
        #expect(base.themed(theme).accented(invoiceAccent).style.accent == Color(invoiceAccent))
        #expect(base.accented(invoiceAccent).themed(theme).style.accent == Color(invoiceAccent))
    }

    /// What every design keeps, in both directions: no two texts' ink overlapping, nothing off
    /// the page or under 6 pt, the right-to-left page the left-to-right one mirrored (the
    /// letter's head excepted: its window is where the envelope's is, the sender beside it).
    @Test(arguments: DesignName.allCases)
    func everyDesignKeepsTheRules(design: DesignName) throws {
        let layout = Self.layout(Self.theme(design))
        let geometry = PageGeometry(shaper: FixedAdvanceShaper())
        for items in [3, 60] {
            // The same words both ways (a Hebrew invoice forced left to right), so that only
            // the direction differs.
            var ltrInvoice = Self.invoice(items: items, language: "he")
            ltrInvoice.direction = .leftToRight
            let ltr = layout.document(for: ltrInvoice)
            let rtl = layout.document(for: Self.invoice(items: items, language: "he"))
            #expect(ltr.pages.count == rtl.pages.count)
            for page in ltr.pages + rtl.pages {
                let texts = page.textOps.filter { !$0.text.isEmpty }
                for text in texts {
                    #expect(text.font.size >= 6, "\(text.text) at \(text.font.size) pt")
                    #expect(
                        text.box.minX >= 0 && text.box.maxX <= page.size.width && text.box.minY >= 0
                            && text.box.maxY <= page.size.height, "\(text.text) off the page")
                }
                let inks = texts.map { ($0.text, geometry.inkRect($0).insetBy(0.01)) }
                for (index, a) in inks.enumerated() {
                    for b in inks[(index + 1)...] where a.1.intersects(b.1) {
                        Issue.record("\(design): \"\(a.0)\" overlaps \"\(b.0)\"")
                    }
                }
            }
            for (number, (left, right)) in zip(ltr.pages, rtl.pages).enumerated() {
                // The letter's head ends where its title begins.
                let headBottom =
                    design == .letter && number == 0 ? left.textOps.first { $0.text == "חשבון עסקה" }?.box.minY ?? 0 : 0
                // A text with an isolated value is measured with its isolates, which the two
                // directions place differently; the rest must be the same box mirrored.
                let isolates = Set("\u{2066}\u{2067}\u{2068}\u{2069}".unicodeScalars)
                for a in left.textOps
                where !a.text.isEmpty && a.box.minY >= headBottom
                    && !a.text.unicodeScalars.contains(where: isolates.contains)
                {
                    let mirrored = right.textOps.contains { b in
                        b.text == a.text && abs(b.box.minY - a.box.minY) < 0.01
                            && abs(b.box.minX - (left.size.width - a.box.maxX)) < 0.01
                    }
                    // A mixed-direction paragraph may break its lines differently in the two
                    // directions: only a line found in both is compared.
                    let counterparts = right.textOps.filter { $0.text == a.text }
                    #expect(mirrored || counterparts.isEmpty, "\(design): \(a.text) is not mirrored")
                }
            }
        }
    }
}

extension Rect {
    fileprivate func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
    }
}

extension DesignTests {
    /// No design letter-spaces Hebrew, Arabic or Persian.
    @Test(arguments: DesignName.allCases, ["he", "ar", "fa"])
    func noDesignSpacesRightToLeftLetters(design: DesignName, language: String) {
        let document = Self.layout(Self.theme(design)).document(for: Self.invoice(language: language))
        let spaced = document.allTextOps.filter { $0.tracking != 0 }.map(\.text)
        #expect(spaced.isEmpty, "\(design), \(language): \(spaced)")
    }
}

extension DesignTests {
    /// Nothing of any design's text outside the page's margins — the letter's return address
    /// excepted, which starts at the envelope window's edge, a millimetre in — and no amount cut:
    /// each amount's ink within its row's box.
    @Test(arguments: DesignName.allCases)
    func everyDesignKeepsItsTextInsideTheMargins(design: DesignName) throws {
        let layout = Self.layout(Self.theme(design))
        let margins = layout.style.margins
        for invoice in [Self.invoice(items: 60), Self.invoice(items: 3, language: "he")] {
            let document = layout.document(for: invoice)
            for page in document.pages {
                for text in page.textOps where !text.text.isEmpty && !text.text.hasPrefix("Acme Studio · ") {
                    // Start and end are left and right, or right and left on a mirrored page.
                    let (left, right) =
                        document.metadata.direction == .rightToLeft
                        ? (margins.end, margins.start) : (margins.start, margins.end)
                    #expect(
                        text.box.minX >= left - 0.01 && text.box.maxX <= page.size.width - right + 0.01,
                        "\(design): \(text.text) at \(text.box)")
                    #expect(
                        text.box.minY >= margins.top - 0.01
                            && text.box.maxY <= page.size.height - margins.bottom + 0.01,
                        "\(design): \(text.text) at \(text.box)")
                    // An amount's glyphs never run past its box.
                    if text.text.hasPrefix("€") || text.text.hasSuffix("€") || text.text.contains(",00") {
                        #expect(
                            text.origin.x >= text.box.minX - 0.01 && text.origin.x + text.width <= text.box.maxX + 0.01)
                    }
                }
            }
        }
    }
}
