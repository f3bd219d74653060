import CCairo
internal import CRsvg
import Foundation
import InvoiAssets
import InvoiDocument

/// librsvg, opened with dlopen on the first SVG logo rather than linked: linking it
/// would load some twenty shared libraries (GIO, GdkPixbuf, …) at every start of
/// invoi, for the few invoices that have an SVG logo. The function types are the
/// header's; the library is opened once per process and never closed.
final class LibRSVG: @unchecked Sendable {
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>
    typealias NewFromData =
        @convention(c) (UnsafePointer<guint8>?, gsize, ErrorOut?) -> UnsafeMutablePointer<RsvgHandle>?
    typealias RenderDocument =
        @convention(c) (
            UnsafeMutablePointer<RsvgHandle>?, OpaquePointer?,
            UnsafePointer<RsvgRectangle>?, ErrorOut?
        ) -> gboolean
    typealias ObjectUnref = @convention(c) (gpointer?) -> Void
    typealias ErrorFree = @convention(c) (UnsafeMutablePointer<GError>?) -> Void

    let newFromData: NewFromData
    let renderDocument: RenderDocument
    let objectUnref: ObjectUnref
    let errorFree: ErrorFree

    /// The soname of librsvg 2.x's runtime package (librsvg2-2).
    static let soname = "librsvg-2.so.2"

    /// Opened at the first use by any thread (a lazy static is initialised once, atomically).
    static let loaded: Result<LibRSVG, ImageDecodingFailure> = load()

    private init(
        newFromData: NewFromData, renderDocument: RenderDocument, objectUnref: ObjectUnref, errorFree: ErrorFree
    ) {
        self.newFromData = newFromData
        self.renderDocument = renderDocument
        self.objectUnref = objectUnref
        self.errorFree = errorFree
    }

    private static func load() -> Result<LibRSVG, ImageDecodingFailure> {
        let library: DynamicLibrary
        switch DynamicLibrary.open(soname) {
        case .success(let opened): library = opened
        case .failure(let failure):
            return .failure(ImageDecodingFailure("SVG logos need librsvg (install librsvg2-2): \(failure.reason)"))
        }
        // GObject's and GLib's functions come through librsvg's handle too.
        LibraryLog.route(through: library)
        guard let newFromData = library.symbol("rsvg_handle_new_from_data", as: NewFromData.self),
            let renderDocument = library.symbol("rsvg_handle_render_document", as: RenderDocument.self),
            let objectUnref = library.symbol("g_object_unref", as: ObjectUnref.self),
            let errorFree = library.symbol("g_error_free", as: ErrorFree.self)
        else {
            library.close()
            return .failure(
                ImageDecodingFailure("the installed librsvg is too old for SVG logos (2.46 or later is needed)"))
        }
        return .success(
            LibRSVG(
                newFromData: newFromData, renderDocument: renderDocument, objectUnref: objectUnref,
                errorFree: errorFree))
    }

    /// The message of a GError, which is freed.
    func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { errorFree(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}

extension SanitizedSVG {
    /// Throws unless librsvg can parse the SVG: checked when a logo is read, so that
    /// `invoi check` and every format report an undrawable logo alike, before anything is drawn.
    package func checkDrawable() throws(ImageDecodingFailure) {
        _ = try SVGDocument(self)
    }
}

/// One parsed SVG, owned by whoever draws it (a librsvg handle is not shared between threads).
final class SVGDocument {
    private let library: LibRSVG
    private let handle: UnsafeMutablePointer<RsvgHandle>

    /// Parses the sanitised source; librsvg never sees an SVG file as it came.
    init(_ svg: SanitizedSVG) throws(ImageDecodingFailure) {
        let library = try LibRSVG.loaded.get()
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(svg.source.utf8)
        guard
            let handle = bytes.withUnsafeBufferPointer({ library.newFromData($0.baseAddress, gsize($0.count), &error) })
        else {
            throw ImageDecodingFailure("librsvg cannot read the SVG (\(library.consume(error)))")
        }
        self.library = library
        self.handle = handle
    }

    deinit { library.objectUnref(UnsafeMutableRawPointer(handle)) }

    /// Draws the whole picture scaled into `rect`, its aspect ratio kept (the sanitised
    /// root has a viewBox and no size, so librsvg fits the viewBox into the viewport), and
    /// nothing outside `rect`. On an image surface the logo is drawn into a group the size
    /// of `rect`: the surfaces librsvg makes for masks, filters and translucent groups are
    /// then the logo's size, not the page's (a 600 dpi A4 page has 35 million pixels, the
    /// logo box a hundredth of that), which bounds what each costs.
    func render(on context: OpaquePointer, into rect: Rect) throws(ImageDecodingFailure) {
        var viewport = RsvgRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        var error: UnsafeMutablePointer<GError>?
        cairo_save(context)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(context)
        let isolated = cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_IMAGE
        if isolated { cairo_push_group(context) }
        let drawn = library.renderDocument(handle, context, &viewport, &error) != 0
        if isolated {
            cairo_pop_group_to_source(context)
            cairo_paint(context)
        }
        cairo_restore(context)
        guard drawn else {
            throw ImageDecodingFailure("librsvg cannot draw the SVG (\(library.consume(error)))")
        }
    }
}
