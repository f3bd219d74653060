import InvoiDocument
import Synchronization

/// The real `TextShaper`: fontconfig for fonts, HarfBuzz for shaping, fribidi for
/// direction. Fonts are opened once; results for repeated strings are remembered.
/// Safe to call from several threads at once: caches sit behind locks that are
/// never held while shaping, and HarfBuzz fonts are immutable.
public final class FontShaper: TextShaper, GlyphOutlineProvider, Sendable {
    public let configuration: FontConfiguration
    /// Configured families that are not installed (the chain goes on without them);
    /// the CLI can warn when `--font FAMILY` is one of them.
    public var unavailableFamilies: [String] { registry.unavailableFamilies }
    /// The font files the shaper read, each once: drawing backends make their faces from them.
    public var fontFiles: FontFiles { registry.files }

    /// Whether fontconfig finds a scalable face of `family` (a theme's font must be installed).
    public func hasFamily(_ family: String) -> Bool {
        registry.hasFamily(family)
    }

    let registry: FontRegistry
    private let resources = ShapingResources()
    private let outlines: OutlineDrawer
    private let lineCache = Mutex(RecentCache<ShapingKey, ShapedLine>(generationSize: 512))
    private let breakCache = Mutex(RecentCache<ShapingKey, [ShapedLine]>(generationSize: 128))

    /// Opens the configured fonts. Throws when none of the configured families is
    /// installed (naming them and pointing at tools/setup), or an isolated font
    /// directory is missing.
    public convenience init(configuration: FontConfiguration) throws(FontError) {
        try self.init(configuration: configuration, systemLookup: .standardDirectoriesFirst)
    }

    init(configuration: FontConfiguration, systemLookup: FontRegistry.SystemLookup) throws(FontError) {
        self.configuration = configuration
        registry = try FontRegistry(configuration: configuration, systemLookup: systemLookup)
        outlines = OutlineDrawer(registry: registry)
    }

    /// The faces the configured families give at `weight`, in the order they are tried.
    public func faces(for weight: FontWeight) -> [FontFace] {
        registry.chains[weight.ordinal].map(\.face)
    }

    public func shapeLine(
        _ text: String, font: FontSpec, tracking: Double, fallbackDirection: TextDirection?
    ) -> ShapedLine {
        let key = ShapingKey(
            text: text, weight: font.weight.rawValue, size: font.size, tracking: tracking,
            fallbackDirection: fallbackDirection, family: font.family)
        if let line = lineCache.withLock({ $0.value(for: key) }) { return line }
        let analysis = TextAnalysis(
            text, weight: font.weight, family: font.family, selector: selector, fallbackDirection: fallbackDirection)
        let line = assembler.line(analysis, clusters: 0..<analysis.clusterCount, size: font.size, tracking: tracking)
        lineCache.withLock { $0.insert(line, for: key) }
        return line
    }

    public func breakLines(
        _ text: String, font: FontSpec, tracking: Double, width: Double, fallbackDirection: TextDirection?
    ) -> [ShapedLine] {
        let key = ShapingKey(
            text: text, weight: font.weight.rawValue, size: font.size, tracking: tracking, width: width,
            fallbackDirection: fallbackDirection, family: font.family)
        if let lines = breakCache.withLock({ $0.value(for: key) }) { return lines }
        let breaker = LineBreaker(assembler: assembler)
        var lines: [ShapedLine] = []
        for paragraph in Self.paragraphs(of: text) {
            let analysis = TextAnalysis(
                String(paragraph), weight: font.weight, family: font.family, selector: selector,
                fallbackDirection: fallbackDirection)
            lines += breaker.lines(of: analysis, size: font.size, tracking: tracking, width: width)
        }
        breakCache.withLock { $0.insert(lines, for: key) }
        return lines
    }

    public func metrics(for font: FontSpec) -> LineMetrics {
        let face = selector.primaryFace(weight: font.weight, family: font.family)
        let extents = face.font.verticalExtents
        let scale = font.size / Double(face.unitsPerEm)
        return LineMetrics(ascent: Double(extents.ascender) * scale, descent: -Double(extents.descender) * scale)
    }

    public func outline(of glyph: UInt32, in face: FontFace) -> GlyphOutline? {
        outlines.outline(of: glyph, in: face)
    }

    private var selector: FontSelector { FontSelector(registry: registry) }
    private var assembler: LineAssembler { LineAssembler(resources: resources) }

    /// The text between line separators (`\n`, `\r\n`, and the other Unicode newlines).
    static func paragraphs(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }
}
