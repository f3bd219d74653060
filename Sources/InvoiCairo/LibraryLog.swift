internal import CRsvg
import Foundation
import InvoiAssets

/// Where GLib's log messages go: nowhere. librsvg, Pango and GdkPixbuf report what they
/// cannot do through GLib's log (a Pango-CRITICAL for a font size out of range, a
/// warning for an image they cannot decode), which GLib prints on standard error; but
/// standard error carries invoi's own messages only, and the sanitiser already refused
/// or left out what those libraries would complain about. With `INVOI_LIBRARY_LOG` set
/// in the environment, GLib prints them as it would (for debugging).
enum LibraryLog {
    /// The environment variable that keeps GLib's messages.
    static let debugVariable = "INVOI_LIBRARY_LOG"

    typealias Writer =
        @convention(c) (GLogLevelFlags, UnsafePointer<GLogField>?, gsize, gpointer?) -> GLogWriterOutput
    typealias SetWriter = @convention(c) (Writer?, gpointer?, GDestroyNotify?) -> Void

    /// Installs the writer that drops every message, with GLib's functions found through
    /// `library` (librsvg, whose GLib is the process's). GLib takes a writer once per
    /// process and aborts on a second: this runs once, when librsvg is first loaded.
    static func route(through library: DynamicLibrary) {
        guard ProcessInfo.processInfo.environment[debugVariable] == nil,
            let setWriter = library.symbol("g_log_set_writer_func", as: SetWriter.self)
        else { return }
        setWriter({ _, _, _, _ in G_LOG_WRITER_HANDLED }, nil, nil)
    }
}
