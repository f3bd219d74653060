import Foundation
import InvoiAssets
import InvoiDocument

/// A decoded page image: row by row, four bytes a pixel (red, green, blue, alpha, not premultiplied).
public struct PageRaster: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    /// Nil unless `rgba` holds exactly `width × height` pixels.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, !width.multipliedReportingOverflow(by: height).overflow,
            rgba.count == width * height * 4
        else { return nil }
        (self.width, self.height, self.rgba) = (width, height, rgba)
    }

    /// Decodes a PNG of any colour type and depth (16-bit channels reduced to 8) with the
    /// logo decoder's reader; pages of up to 100 megapixels.
    public init(png: Data) throws(GoldenFailure) {
        do throws(ImageDecodingFailure) {
            let pixels = try PNGImageDecoder(largestPixelCount: 100_000_000).decode(png)
            (width, height, rgba) = (pixels.width, pixels.height, pixels.rgba)
        } catch {
            // The decoder's reasons name the PNG already ("not a readable PNG (…)").
            throw GoldenFailure(.corrupt, error.reason)
        }
    }
}

/// A rectangle of changed pixels, in pixels from the page's top left.
public struct PixelRegion: Hashable, Sendable, CustomStringConvertible {
    public var x, y, width, height: Int
    /// Changed pixels inside it.
    public var pixels: Int

    public init(x: Int, y: Int, width: Int, height: Int, pixels: Int) {
        (self.x, self.y, self.width, self.height, self.pixels) = (x, y, width, height, pixels)
    }

    public var description: String { "\(width)×\(height) px at (\(x), \(y))" }
}

/// What `PixelComparison` found.
public struct PixelDifference: Sendable {
    /// Pixels over the colour threshold that are not anti-aliasing. In a verdict-only
    /// comparison at most 1: it stops at the first.
    public var changedPixels: Int
    /// Pixels over the threshold that sit on an anti-aliased edge in either image.
    public var antialiasedPixels: Int
    /// The changed pixels grouped into regions (empty in a verdict-only comparison).
    public var regions: [PixelRegion]
    /// Per pixel: 0 same, 1 changed, 2 anti-aliasing (only for a full comparison).
    public var mask: [UInt8]
    public var sizeMismatch: Bool

    public var isSame: Bool { changedPixels == 0 && !sizeMismatch }
}

/// Pixel comparison that tolerates anti-aliasing, after pixelmatch (and odiff, which follows it):
/// two pixels differ when their distance in the YIQ colour space (brightness weighted over the
/// two chroma axes, each pixel first blended over white by its alpha) exceeds
/// `35215 × threshold²` — 35215 being the largest possible distance, black against white;
/// a differing pixel is then forgiven when it lies on an anti-aliased edge in either image:
/// it has both a darker and a brighter neighbour, at most two neighbours of its own colour,
/// and that darkest or brightest neighbour sits in a flat area (three or more equal
/// neighbours) in both images. A glyph edge moved by a fraction of a pixel only re-shades
/// such edge pixels; a moved word changes pixels that are not on any edge of the other image.
///
/// Written here rather than taken as a library: the comparison runs over thousands of pages,
/// on buffers already decoded by invoi's own PNG reader, in place; a verdict-only run stops
/// at the first changed pixel; and no package for it is among the project's dependencies.
public struct PixelComparison: Sendable {
    /// 0…1; pixelmatch's default 0.1 lets a pixel's brightness move by about 8 % of the range.
    public var threshold: Double
    /// Changed pixels closer than this (in pixels) belong to one region.
    public var regionGap: Int

    public init(threshold: Double = 0.1, regionGap: Int = 8) {
        self.threshold = threshold
        self.regionGap = regionGap
    }

    public enum Extent: Sendable {
        /// Stop at the first changed pixel: is the page the same or not.
        case verdict
        /// Every pixel: counts, the per-pixel mask and the regions.
        case regions
    }

    public func compare(golden: PageRaster, new: PageRaster, extent: Extent) -> PixelDifference {
        guard golden.width == new.width, golden.height == new.height else {
            let width = max(golden.width, new.width), height = max(golden.height, new.height)
            return PixelDifference(
                changedPixels: width * height, antialiasedPixels: 0,
                regions: [PixelRegion(x: 0, y: 0, width: width, height: height, pixels: width * height)],
                mask: [], sizeMismatch: true)
        }
        let width = golden.width, height = golden.height
        let maxDelta = 35215 * threshold * threshold
        var mask = extent == .regions ? [UInt8](repeating: 0, count: width * height) : []
        var changed = 0, antialiased = 0
        golden.rgba.withUnsafeBytes { a in
            new.rgba.withUnsafeBytes { b in
                let a32 = a.bindMemory(to: UInt32.self), b32 = b.bindMemory(to: UInt32.self)
                let images = (
                    Image(pixels: a32, width: width, height: height), Image(pixels: b32, width: width, height: height)
                )
                var index = 0
                scan: for y in 0..<height {
                    for x in 0..<width {
                        defer { index += 1 }
                        if a32[index] == b32[index] { continue }
                        guard abs(Self.colorDelta(a32[index], b32[index])) > maxDelta else { continue }
                        if images.0.isAntialiased(x: x, y: y, other: images.1)
                            || images.1.isAntialiased(x: x, y: y, other: images.0)
                        {
                            antialiased += 1
                            if extent == .regions { mask[index] = 2 }
                            continue
                        }
                        changed += 1
                        guard extent == .regions else { break scan }
                        mask[index] = 1
                    }
                }
            }
        }
        let regions = extent == .regions && changed > 0 ? self.regions(of: mask, width: width, height: height) : []
        return PixelDifference(
            changedPixels: changed, antialiasedPixels: antialiased, regions: regions, mask: mask, sizeMismatch: false)
    }

    /// Changed pixels grouped by cells of `regionGap` pixels: cells that touch (or are diagonal
    /// neighbours) form one region, whose box is that of its changed pixels.
    func regions(of mask: [UInt8], width: Int, height: Int) -> [PixelRegion] {
        let cell = max(regionGap, 1)
        let columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell
        // Per cell: the box and count of its changed pixels.
        var boxes = [PixelRegion?](repeating: nil, count: columns * rows)
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where mask[row + x] == 1 {
                let c = (y / cell) * columns + x / cell
                if var box = boxes[c] {
                    box.include(x: x, y: y)
                    boxes[c] = box
                } else {
                    boxes[c] = PixelRegion(x: x, y: y, width: 1, height: 1, pixels: 1)
                }
            }
        }
        var seen = [Bool](repeating: false, count: boxes.count)
        var regions: [PixelRegion] = []
        for start in boxes.indices where boxes[start] != nil && !seen[start] {
            var region = boxes[start]!
            region.pixels = 0
            var stack = [start]
            seen[start] = true
            while let c = stack.popLast() {
                let box = boxes[c]!
                region.merge(box)
                let cx = c % columns, cy = c / columns
                for ny in max(cy - 1, 0)...min(cy + 1, rows - 1) {
                    for nx in max(cx - 1, 0)...min(cx + 1, columns - 1) {
                        let n = ny * columns + nx
                        if boxes[n] != nil && !seen[n] {
                            seen[n] = true
                            stack.append(n)
                        }
                    }
                }
            }
            regions.append(region)
        }
        return regions.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The YIQ distance of two RGBA pixels (little-endian words), negative when the second is
    /// brighter; each is blended over white by its alpha first.
    static func colorDelta(_ p: UInt32, _ q: UInt32) -> Double {
        let (y1, i1, q1) = yiq(p), (y2, i2, q2) = yiq(q)
        let y = y1 - y2, i = i1 - i2, qq = q1 - q2
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * qq * qq
        return y1 > y2 ? -delta : delta
    }

    /// The brightness (Y) difference of two pixels.
    static func brightnessDelta(_ p: UInt32, _ q: UInt32) -> Double {
        yiq(p).y - yiq(q).y
    }

    @inline(__always)
    static func yiq(_ pixel: UInt32) -> (y: Double, i: Double, q: Double) {
        var r = Double(pixel & 0xFF), g = Double(pixel >> 8 & 0xFF), b = Double(pixel >> 16 & 0xFF)
        let alpha = pixel >> 24
        if alpha < 255 {
            let a = Double(alpha) / 255
            r = 255 + (r - 255) * a
            g = 255 + (g - 255) * a
            b = 255 + (b - 255) * a
        }
        return (
            r * 0.29889531 + g * 0.58662247 + b * 0.11448223,
            r * 0.59597799 - g * 0.27417610 - b * 0.32180189,
            r * 0.21147017 - g * 0.52261711 + b * 0.31114694
        )
    }

    /// One image's pixels as words, for the neighbourhood tests.
    struct Image {
        let pixels: UnsafeBufferPointer<UInt32>
        let width: Int
        let height: Int

        /// Whether the pixel at (x, y) looks like part of an anti-aliased edge (after
        /// Vyšniauskas' detector, as pixelmatch implements it).
        func isAntialiased(x: Int, y: Int, other: Image) -> Bool {
            let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
            let center = pixels[y * width + x]
            var zeroes = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
            var minimum = 0.0, maximum = 0.0
            var minimumAt = (0, 0), maximumAt = (0, 0)
            for nx in x0...x2 {
                for ny in y0...y2 where nx != x || ny != y {
                    let delta = PixelComparison.brightnessDelta(center, pixels[ny * width + nx])
                    if delta == 0 {
                        zeroes += 1
                        if zeroes > 2 { return false }
                    } else if delta < minimum {
                        minimum = delta
                        minimumAt = (nx, ny)
                    } else if delta > maximum {
                        maximum = delta
                        maximumAt = (nx, ny)
                    }
                }
            }
            // Without both a darker and a brighter neighbour it is no edge.
            if minimum == 0 || maximum == 0 { return false }
            return (hasManySiblings(minimumAt) && other.hasManySiblings(minimumAt))
                || (hasManySiblings(maximumAt) && other.hasManySiblings(maximumAt))
        }

        /// Whether three or more of the pixel's neighbours have exactly its colour (the
        /// image's border counts as one).
        func hasManySiblings(_ at: (Int, Int)) -> Bool {
            let (x, y) = at
            let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
            let value = pixels[y * width + x]
            var zeroes = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
            for nx in x0...x2 {
                for ny in y0...y2 where nx != x || ny != y {
                    if pixels[ny * width + nx] == value {
                        zeroes += 1
                        if zeroes > 2 { return true }
                    }
                }
            }
            return false
        }
    }
}

extension PixelRegion {
    fileprivate mutating func include(x px: Int, y py: Int) {
        let right = max(x + width, px + 1), bottom = max(y + height, py + 1)
        x = min(x, px)
        y = min(y, py)
        width = right - x
        height = bottom - y
        pixels += 1
    }

    fileprivate mutating func merge(_ other: PixelRegion) {
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        x = min(x, other.x)
        y = min(y, other.y)
        width = right - x
        height = bottom - y
        pixels += other.pixels
    }
}
