import CCairo
import InvoiDocument

/// Owns one `cairo_surface_t`.
final class CairoSurface {
    let handle: OpaquePointer
    /// An object the surface uses (the stream sink it calls back into, the memory of its
    /// pixels); kept alive until the surface is destroyed.
    private let dependency: AnyObject?

    /// Takes ownership of `handle`, which may be one of Cairo's error surfaces.
    init(_ handle: OpaquePointer, dependency: AnyObject? = nil) {
        self.handle = handle
        self.dependency = dependency
    }

    deinit { cairo_surface_destroy(handle) }

    func checkStatus(_ action: String) throws {
        try checkCairoStatus(cairo_surface_status(handle), action)
    }
}

/// Owns one `cairo_t`.
final class CairoContext {
    let handle: OpaquePointer
    let surface: CairoSurface

    init(drawingOn surface: CairoSurface) {
        self.surface = surface
        handle = cairo_create(surface.handle)
    }

    deinit { cairo_destroy(handle) }

    func checkStatus(_ action: String) throws {
        try checkCairoStatus(cairo_status(handle), action)
    }
}

func checkCairoStatus(_ status: cairo_status_t, _ action: String) throws {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    throw BackendError("cairo: \(action): \(reason)")
}
