/// The ranges of the numeric render options, checked before any work by invoi's
/// flags and invoi-server's query parameters alike: a huge width or resolution would
/// otherwise allocate gigabytes before anything is drawn.
public enum RenderOptionBounds {
    /// Columns of the text preview (`--width`, `width=`).
    public static let columns = 20...1000
    /// PNG resolution (`--dpi`, `dpi=`).
    public static let dotsPerInch = 18.0...600.0
}

/// invoi's version, written into documents as their creator: the CLI and the server must
/// write the same bytes for the same invoice.
public enum InvoiVersion {
    public static let current = "0.1.0"
}
