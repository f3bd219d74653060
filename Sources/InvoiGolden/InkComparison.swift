/// Compares pages drawn by different rasterisers (poppler for a PDF, librsvg for an SVG) with
/// the png backend's: they hint and anti-alias glyph edges their own way but put the same ink
/// in the same place, so what is compared is the darkness summed over squares.
public struct InkComparison: Sendable {
    /// The side of the squares, which overlap by half.
    public var block: Int

    public init(block: Int = 16) {
        self.block = block
    }

    /// The largest difference in ink (darkness summed, in whole-pixel units) between the two
    /// pages over any square; nil when their sizes differ. Text that is missing, moved or of
    /// another weight changes the amount in its square.
    public func worstDifference(_ a: PageRaster, _ b: PageRaster) -> Double? {
        guard a.width == b.width, a.height == b.height else { return nil }
        func darkness(_ image: PageRaster) -> [Double] {
            var values = [Double](repeating: 0, count: image.width * image.height)
            for i in values.indices {
                let r = Double(image.rgba[i * 4]), g = Double(image.rgba[i * 4 + 1]), b = Double(image.rgba[i * 4 + 2])
                values[i] = 1 - (0.299 * r + 0.587 * g + 0.114 * b) / 255
            }
            return values
        }
        let da = darkness(a), db = darkness(b)
        var worst = 0.0
        let step = max(block / 2, 1)
        for top in stride(from: 0, to: a.height, by: step) {
            for left in stride(from: 0, to: a.width, by: step) {
                var sum = 0.0
                for y in top..<min(top + block, a.height) {
                    for x in left..<min(left + block, a.width) {
                        sum += da[y * a.width + x] - db[y * a.width + x]
                    }
                }
                worst = max(worst, abs(sum))
            }
        }
        return worst
    }
}
