import InvoiDocument

/// A right-to-left page is the left-to-right page reflected: every box moves to the other side
/// of the page and text aligned to one side aligns to the other. Nothing is drawn reflected —
/// glyphs, images and the stamp keep their shape — so each op moves rather than flips.
extension DrawOp {
    /// The op at its place on the page reflected across the vertical line through `axis`'s
    /// midpoint (`axis` is the sum of the two edges: the page width for a page).
    func mirrored(across axis: Double) -> DrawOp {
        func x(_ rect: Rect) -> Double { axis - rect.maxX }
        switch self {
        case .text(var text):
            text.origin.x = axis - (text.origin.x + text.width)
            text.box.x = x(text.box)
            text.alignment = text.alignment.mirrored
            return .text(text)
        case .line(var line):
            line.from.x = axis - line.from.x
            line.to.x = axis - line.to.x
            return .line(line)
        case .rect(var rect):
            rect.rect.x = x(rect.rect)
            return .rect(rect)
        case .link(var link):
            link.rect.x = x(link.rect)
            return .link(link)
        case .image(var image):
            image.rect.x = x(image.rect)
            return .image(image)
        case .qrCode(var code):
            // The code moves to the mirrored place; its modules are never mirrored.
            code.rect.x = x(code.rect)
            return .qrCode(code)
        case .group:
            let bounds = bounds
            return offsetBy(dx: axis - bounds.maxX - bounds.minX, dy: 0)
        }
    }
}

extension TextAlignment {
    var mirrored: TextAlignment {
        switch self {
        case .left: .right
        case .center: .center
        case .right: .left
        }
    }
}
