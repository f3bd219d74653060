import InvoiDocument

/// Chooses the face for each grapheme cluster: the first configured family that
/// covers the whole cluster, else fontconfig's fallback for its base character.
struct FontSelector: Sendable {
    let registry: FontRegistry

    struct Choice {
        /// nil: the cluster is invisible (only default-ignorable characters) and takes its neighbour's face.
        var face: LoadedFace?
        /// Characters of the cluster that the chosen face cannot draw.
        var uncovered: [Unicode.Scalar] = []
    }

    func primaryFace(weight: FontWeight, family: FontFamily = .design) -> LoadedFace {
        chain(weight: weight, family: family)[0]
    }

    /// The faces tried in order for `family` at `weight`.
    func chain(weight: FontWeight, family: FontFamily) -> [LoadedFace] {
        family == .design ? registry.chains[weight.ordinal] : registry.chain(family, weight: weight)
    }

    func choice(for cluster: ArraySlice<Unicode.Scalar>, weight: FontWeight) -> Choice {
        choice(for: cluster, weight: weight, chain: registry.chains[weight.ordinal])
    }

    func choice(for cluster: ArraySlice<Unicode.Scalar>, weight: FontWeight, chain: [LoadedFace]) -> Choice {
        // Fast path: one ASCII character the primary face has.
        if cluster.count == 1, let only = cluster.first, only.isASCII, chain[0].coverage.contains(only) {
            return Choice(face: chain[0])
        }
        let visible = cluster.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let base = visible.first else { return Choice(face: nil) }
        if let face = chain.first(where: { face in visible.allSatisfy(face.coverage.contains) }) {
            return Choice(face: face)
        }
        let fallback = registry.fallbackFace(for: base, weight: weight)
        if let fallback, visible.allSatisfy(fallback.coverage.contains) {
            return Choice(face: fallback)
        }
        let face = chain.first { $0.coverage.contains(base) } ?? fallback ?? chain[0]
        // HarfBuzz draws missing space characters itself (as spaces of the right width).
        let uncovered = visible.filter {
            !face.coverage.contains($0) && $0.properties.generalCategory != .spaceSeparator
        }
        return Choice(face: face, uncovered: uncovered)
    }
}
