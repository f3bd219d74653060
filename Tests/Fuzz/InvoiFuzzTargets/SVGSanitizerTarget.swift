import Foundation
import InvoiAssets
import InvoiDocument

/// The SVG logo sanitiser on arbitrary bytes. What it accepts must keep the logo rules
/// (docs/ARCHITECTURE.md, Limits and hostile input) as far as they can be read back from
/// the text (`SVGReferenceCheck`), and must be accepted again when sanitised a second time.
enum SVGSanitizerTarget {
    static let decoder = LogoDecoder()

    static func run(_ data: Data, show: ((String) -> Void)?) -> FuzzTarget.Verdict {
        let svg: SanitizedSVG
        do {
            guard case .vector(let vector) = try decoder.decode(data, format: .svg) else { return .refused }
            svg = vector
        } catch {
            show?(error.reason)
            return .refused
        }
        show?(svg.source)
        FuzzCheck.require(
            [svg.size.width, svg.size.height].allSatisfy { $0.isFinite && $0 >= 0 },
            "the logo's size is \(svg.size)")
        if let problem = SVGReferenceCheck.problem(in: svg.source) {
            FuzzCheck.require(false, "the sanitised logo has \(problem): \(svg.source.prefix(2000))")
        }
        do {
            _ = try decoder.decode(Data(svg.source.utf8), format: .svg)
        } catch {
            FuzzCheck.require(
                false, "the sanitised logo is refused when sanitised again (\(error)): \(svg.source.prefix(2000))")
        }
        return .accepted
    }
}
