import InvoiCharacters

extension ThemeReference {
    /// What a `theme` value names, as the invoice's field and `--theme` read it: one of the
    /// built-in designs by name, or a theme file by a path ending in `.json` (as written: the
    /// caller resolves a relative one). A message saying what is wrong otherwise.
    public static func parse(_ text: String) -> Result<ThemeReference, ThemeReferenceProblem> {
        if let design = DesignName(rawValue: text) { return .success(.design(design)) }
        if FilePath.pathExtension(of: text).lowercased() == "json" { return .success(.file(text)) }
        let names = DesignName.allCases.map(\.rawValue)
        if let intended = KeySuggestion.closestValue(to: text, among: names) {
            return .failure(
                ThemeReferenceProblem(
                    message:
                        "unknown design \(DiagnosticText.quoted(text)) — did you mean \"\(intended)\"? (a theme file's name ends in .json)"
                ))
        }
        return .failure(
            ThemeReferenceProblem(
                message:
                    "\(DiagnosticText.quoted(text)) is neither a design (\(DiagnosticText.alternatives(names))) nor a theme file's path, which ends in .json"
            ))
    }
}

/// Why a `theme` value names neither a design nor a theme file.
public struct ThemeReferenceProblem: Error, Hashable, Sendable {
    public let message: String
}

/// Reading `design` and `theme`.
extension InvoiceDecoder {
    /// A design's name, or a theme file's path, resolved against the invoice's directory as
    /// the logo's is. The file is not read here: the renderer reads it (once per path).
    func readThemeReference(_ node: JSONNode, path: String, context: inout DecodingContext) -> ThemeReference? {
        guard let text = context.text(node, path: path) else { return nil }
        switch ThemeReference.parse(text) {
        case .success(.design(let design)):
            return .design(design)
        case .success(.file(let written)):
            let base = context.baseDirectory ?? Self.baseDirectory(forSource: context.file)
            return .file(FilePath.absolute(written, relativeTo: base))
        case .failure(let problem):
            context.error(path, problem.message)
            return nil
        }
    }
}
