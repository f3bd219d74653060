import Foundation
import InvoiDocument
import InvoiLayout
import InvoiLayoutTestSupport
import InvoiText
import Testing

/// Which shaper a test lays out with: fixed advances (no fonts) or the real one over the
/// project's font set.
enum ShaperKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case fixedAdvances
    case realFonts

    private static let real = Result { try FontShaper(configuration: .fixed) }

    func shaper() throws -> any TextShaper {
        switch self {
        case .fixedAdvances: FixedAdvanceShaper()
        case .realFonts: try Self.real.get()
        }
    }

    func layout(style: InvoiceStyle = .standard) throws -> InvoiceLayout {
        InvoiceLayout(shaper: try shaper(), style: style)
    }

    var testDescription: String { rawValue }
}

extension Document {
    var allTextOps: [TextOp] { pages.flatMap(\.textOps) }

    /// The first text op reading exactly `text`, on any page.
    func text(_ text: String) -> TextOp? {
        allTextOps.first { $0.text == text }
    }

    /// The index of the page holding a text op reading exactly `text`.
    func page(of text: String) -> Int? {
        pages.firstIndex { $0.textOps.contains { $0.text == text } }
    }

    var stamps: [GroupOp] { pages.flatMap(\.groups) }
}

/// A logo image of the given intrinsic size (the layout only reads its size).
func logo(width: Double, height: Double) -> EmbeddedImage {
    .vector(
        SanitizedSVG(source: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", size: Size(width: width, height: height)))
}

func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
}
