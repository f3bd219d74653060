import InvoiDocument
import InvoiLayoutTestSupport
import InvoiModel
import Testing

@testable import InvoiLayout

/// A theme a reader could not read is refused before anything is drawn, with the key to change
/// and the nearest colour that passes; and every design's own render passes on its ops.
@Suite struct ReadabilityTests {
    static let content = InvoiceContent(invoice: DesignTests.invoice())

    static func problems(_ change: (inout Theme) -> Void, content: InvoiceContent = content) -> [String] {
        var theme = Theme()
        change(&theme)
        return DesignTests.layout(theme).readabilityProblems(of: content).map(\.description)
    }

    @Test func contrastRatiosAreWCAGs() {
        #expect(abs(Color.white.contrast(with: Color(rgb: 0x000000)) - 21) < 1e-9)
        #expect(abs(Color(rgb: 0x777777).contrast(with: .white) - 4.48) < 0.01)
        #expect(abs(Color(rgb: 0x767676).contrast(with: .white) - 4.54) < 0.01)
    }

    @Test func aLightTextColourIsRefusedWithTheNearestThatPasses() {
        #expect(
            Self.problems { $0.colors.text = AccentColor("#999999") } == [
                "colors.text: #999999 leaves the text a contrast of 2.8:1 against #FFFFFF; it needs 4.5:1 (WCAG 2.2); the nearest shade that passes is #767676"
            ])
    }

    @Test func theMutedColourIsCheckedOnTheStripesToo() {
        let problems = Self.problems {
            $0.colors.muted = AccentColor("#707070")
            $0.colors.fill = AccentColor("#E0E0E0")
            $0.table.stripes = true
        }
        #expect(
            problems == [
                "colors.muted: #707070 leaves the quantities and rates on the table's stripes a contrast of 3.7:1 against #E0E0E0; it needs 4.5:1 (WCAG 2.2); the nearest shade that passes is #636363"
            ])
    }

    @Test func theBandsAccentMustCarryWhiteText() {
        let problems = Self.problems {
            $0.design = .band
            $0.colors.accent = AccentColor("#8B5CF6")
        }
        #expect(
            problems == [
                "colors.accent: #8B5CF6 leaves the masthead's text a contrast of 4.2:1 against #FFFFFF; it needs 4.5:1 (WCAG 2.2); the nearest shade that passes is #8659ED"
            ])
    }

    @Test func aCopyMarkAsksTheAccentForSmallTextsContrast() {
        var content = Self.content
        #expect(Self.problems({ $0.colors.accent = AccentColor("#3B82F6") }, content: content).isEmpty)
        content.copyMark = "Original"
        #expect(
            Self.problems({ $0.colors.accent = AccentColor("#3B82F6") }, content: content) == [
                "colors.accent: #3B82F6 leaves the copy mark a contrast of 3.6:1 against #FFFFFF; it needs 4.5:1 (WCAG 2.2); the nearest shade that passes is #3473DA"
            ])
    }

    @Test func anInvoicesAccentIsNamedAsTheInvoicesField() {
        var theme = Theme()
        theme.design = .compact
        let layout = DesignTests.layout(theme).accented(AccentColor("orange"))
        #expect(
            layout.readabilityProblems(of: Self.content).map(\.description) == [
                "accentColor: #F97316 leaves the title and the Total a contrast of 2.8:1 against #FFFFFF; it needs 3:1 (WCAG 2.2); the nearest shade that passes is #F06F15"
            ])
    }

    @Test func textUnderSixPointsIsRefused() {
        var layout = DesignTests.layout(DesignTests.theme(.compact))
        layout.style.footer.font.size = 5.5
        #expect(
            layout.readabilityProblems(of: Self.content).map(\.description) == [
                "size: the smallest text would be 5.5 pt; no text may be under 6 pt"
            ])
    }

    @Test func marginsThatLeaveTheTableTooNarrowAreRefused() {
        let problems = Self.problems {
            $0.margins.start = 40
            $0.margins.end = 40
            $0.table.columns = [.item, .description, .date, .quantity, .unit, .rate, .discount, .tax, .amount]
        }
        #expect(
            problems == [
                "margins: the margins leave the table 368.5 pt; its 9 columns need at least 426 pt"
            ])
    }

    @Test func aLetterLogoMayNotReachIntoTheWindow() {
        var content = Self.content
        content.logo = logo(width: 200, height: 200)
        let problems = Self.problems(
            {
                $0.design = .letter
                $0.window = .din5008A
                $0.logo.position = .start
                $0.logo.height = 20
            }, content: content)
        #expect(
            problems == [
                "logo.height: a logo 20 mm high at the start reaches into the envelope's window; it may be at most 12 mm"
            ])
    }

    /// Every design's own colours pass, stamp and copy mark included, and on the page every
    /// text has its contrast against the fill really under it.
    @Test(arguments: DesignName.allCases)
    func everyDesignIsReadableOnItsOps(design: DesignName) throws {
        var invoice = DesignTests.invoice(items: 12)
        invoice.status = .overdue
        invoice.copyMark = .original
        let layout = DesignTests.layout(DesignTests.theme(design))
        var content = InvoiceContent(invoice: invoice)
        #expect(layout.readabilityProblems(of: content).isEmpty)
        content = InvoiceContent(invoice: invoice)
        let document = layout.layOut(content).document
        for page in document.pages {
            var fills: [RectOp] = []
            for op in page.ops {
                switch op {
                case .rect(let rect) where rect.fill != nil: fills.append(rect)
                case .text(let text) where !text.text.isEmpty:
                    let under = fills.last { $0.rect.contains(text.box) }?.fill ?? .white
                    let large = text.font.size >= 18 || (text.font.size >= 14 && text.font.weight >= .bold)
                    let needs = large ? InvoiceLayout.largeContrast : InvoiceLayout.textContrast
                    #expect(
                        text.color.contrast(with: under) >= needs,
                        "\(design): \"\(text.text)\" \(text.color.hex) on \(under.hex)")
                default: break
                }
            }
        }
    }
}
