import InvoiDocument

extension EmbeddedImage {
    /// The size the logo is drawn at: its intrinsic size scaled, up or down, to fit `bounds`
    /// with its aspect ratio kept (an image's pixel count says nothing about its printed size,
    /// so every logo is shown as large as the box allows). Nil for an image with no usable
    /// size — zero, negative, not finite, or so thin that it would shrink below `minimumSide`.
    func fittedSize(in bounds: Size, minimumSide: Double) -> Size? {
        let natural = intrinsicSize
        guard natural.width.isFinite, natural.height.isFinite, natural.width > 0, natural.height > 0,
            bounds.width > 0, bounds.height > 0
        else { return nil }
        let scale = min(bounds.width / natural.width, bounds.height / natural.height)
        let size = Size(width: natural.width * scale, height: natural.height * scale)
        guard size.width.isFinite, size.height.isFinite,
            size.width >= minimumSide, size.height >= minimumSide
        else { return nil }
        return size
    }
}
