import Foundation
import InvoiAssets
import InvoiDocument

/// The SVG logo sanitiser on arbitrary bytes. What it accepts must keep the promises of
/// `SanitizedSVG` that can be seen in the text without a second parser (no script, foreign
/// content or frame element) and must be accepted again when sanitised a second time.
enum SVGSanitizerTarget {
    static let decoder = LogoDecoder()
    static let forbiddenElements = ["script", "foreignObject", "iframe", "handler", "listener"]

    static func run(_ data: Data) -> FuzzTarget.Verdict {
        guard case .vector(let svg) = try? decoder.decode(data, format: .svg) else { return .refused }
        FuzzCheck.require(
            [svg.size.width, svg.size.height].allSatisfy { $0.isFinite && $0 >= 0 },
            "the logo's size is \(svg.size)")
        let elementNames = elementNames(in: svg.source)
        for name in forbiddenElements {
            FuzzCheck.require(!elementNames.contains(name), "a <\(name)> element is kept: \(svg.source.prefix(2000))")
        }
        do {
            _ = try decoder.decode(Data(svg.source.utf8), format: .svg)
        } catch {
            FuzzCheck.require(
                false, "the sanitised logo is refused when sanitised again (\(error)): \(svg.source.prefix(2000))")
        }
        return .accepted
    }

    /// The local names of the start tags in well-formed XML whose text and attribute values
    /// are escaped (as the sanitiser's output is): every `<` starts markup.
    private static func elementNames(in source: String) -> Set<String> {
        var names: Set<String> = []
        let bytes = Array(source.utf8)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            var end = open + 1
            while end < bytes.count, !" \t\r\n/>".utf8.contains(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[(open + 1)..<end], as: UTF8.self)
            names.insert(String(name.split(separator: ":").last ?? Substring(name)))
            index = end
        }
        return names
    }
}
