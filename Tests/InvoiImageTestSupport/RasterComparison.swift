import Foundation

/// How two images differ, pixel by pixel.
public struct RasterDifference: Hashable, Sendable {
    /// Pixels where some channel differs by more than the tolerance. When the
    /// sizes differ, every pixel that only one image has counts as changed.
    public let changedPixels: Int
    /// Pixels of the area both images span (the larger width × the larger height).
    public let totalPixels: Int
    public let sizeMismatch: Bool
    /// The largest difference of any channel (red, green, blue, alpha); 255 when a pixel is missing.
    public let maxChannelDelta: Int

    public init(changedPixels: Int, totalPixels: Int, sizeMismatch: Bool, maxChannelDelta: Int) {
        self.changedPixels = changedPixels
        self.totalPixels = totalPixels
        self.sizeMismatch = sizeMismatch
        self.maxChannelDelta = maxChannelDelta
    }

    public var isIdentical: Bool { changedPixels == 0 && !sizeMismatch }

    /// Changed pixels as a fraction of all.
    public var changedFraction: Double { totalPixels == 0 ? 0 : Double(changedPixels) / Double(totalPixels) }
}

extension RasterImage {
    /// Compares with `other` pixel by pixel: a pixel has changed when any channel
    /// differs by more than `tolerance`.
    public func difference(from other: RasterImage, tolerance: UInt8) -> RasterDifference {
        let width = max(self.width, other.width), height = max(self.height, other.height)
        var changed = 0
        var maxDelta = 0
        forEachPixel(against: other) { delta, _, _ in
            if delta > maxDelta { maxDelta = delta }
            if delta > Int(tolerance) { changed += 1 }
        }
        return RasterDifference(
            changedPixels: changed, totalPixels: width * height,
            sizeMismatch: self.width != other.width || self.height != other.height,
            maxChannelDelta: maxDelta)
    }

    /// Calls `body` with the largest channel difference at every pixel of the
    /// combined area; a pixel only one image has differs by 255.
    private func forEachPixel(against other: RasterImage, _ body: (_ delta: Int, _ x: Int, _ y: Int) -> Void) {
        let width = max(self.width, other.width), height = max(self.height, other.height)
        rgba.withUnsafeBufferPointer { a in
            other.rgba.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    for x in 0..<width {
                        guard x < self.width, y < self.height, x < other.width, y < other.height else {
                            body(255, x, y)
                            continue
                        }
                        let i = (y * self.width + x) * 4, j = (y * other.width + x) * 4
                        var delta = 0
                        for c in 0..<4 { delta = Swift.max(delta, abs(Int(a[i + c]) - Int(b[j + c]))) }
                        body(delta, x, y)
                    }
                }
            }
        }
    }
}
