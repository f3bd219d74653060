import CHarfBuzz
import InvoiDocument
import Synchronization

/// Glyph outlines through HarfBuzz's draw API, in font units, cached per (face, glyph)
/// (a bounded cache, so a long batch of CJK invoices does not grow memory).
final class OutlineDrawer: Sendable {
    private let registry: FontRegistry
    private let functions: DrawFunctions?
    private let cache = Mutex(RecentCache<OutlineKey, GlyphOutline>(generationSize: 4096))

    private struct OutlineKey: Hashable {
        var face: FaceKey
        var glyph: UInt32
    }

    init(registry: FontRegistry) {
        self.registry = registry
        functions = DrawFunctions()
    }

    func outline(of glyph: UInt32, in face: FontFace) -> GlyphOutline? {
        let key = OutlineKey(face: FaceKey(path: face.path, index: face.index), glyph: glyph)
        if let outline = cache.withLock({ $0.value(for: key) }) { return outline }
        guard let font = registry.harfBuzzFont(for: face), let functions else { return nil }
        var elements: [PathElement] = []
        withUnsafeMutablePointer(to: &elements) { sink in
            hb_font_get_glyph_shape(font.font, glyph, functions.functions, sink)
        }
        let outline = GlyphOutline(elements: elements, unitsPerEm: font.unitsPerEm)
        cache.withLock { $0.insert(outline, for: key) }
        return outline
    }
}

/// The callbacks HarfBuzz calls while drawing; they append to a `[PathElement]`
/// passed as draw data. Immutable once made, so shared by all threads.
final class DrawFunctions: @unchecked Sendable {
    let functions: OpaquePointer

    init?() {
        guard let functions = hb_draw_funcs_create() else { return nil }
        hb_draw_funcs_set_move_to_func(
            functions,
            { _, sink, _, x, y, _ in
                DrawFunctions.append(.move(to: Point(x: Double(x), y: Double(y))), to: sink)
            }, nil, nil)
        hb_draw_funcs_set_line_to_func(
            functions,
            { _, sink, _, x, y, _ in
                DrawFunctions.append(.line(to: Point(x: Double(x), y: Double(y))), to: sink)
            }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(
            functions,
            { _, sink, _, cx, cy, x, y, _ in
                DrawFunctions.append(
                    .quadCurve(
                        to: Point(x: Double(x), y: Double(y)),
                        control: Point(x: Double(cx), y: Double(cy))), to: sink)
            }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            functions,
            { _, sink, _, c1x, c1y, c2x, c2y, x, y, _ in
                DrawFunctions.append(
                    .cubicCurve(
                        to: Point(x: Double(x), y: Double(y)),
                        control1: Point(x: Double(c1x), y: Double(c1y)),
                        control2: Point(x: Double(c2x), y: Double(c2y))), to: sink)
            }, nil, nil)
        hb_draw_funcs_set_close_path_func(
            functions,
            { _, sink, _, _ in
                DrawFunctions.append(.close, to: sink)
            }, nil, nil)
        hb_draw_funcs_make_immutable(functions)
        self.functions = functions
    }

    deinit { hb_draw_funcs_destroy(functions) }

    private static func append(_ element: PathElement, to sink: UnsafeMutableRawPointer?) {
        sink?.assumingMemoryBound(to: [PathElement].self).pointee.append(element)
    }
}
