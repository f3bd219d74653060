import Foundation
import Testing

@testable import InvoiDocument

@Suite struct GroupAndImageTests {
    @Test func rotationTurnsAboutItsCentre() {
        let centre = Point(x: 100, y: 50)
        let quarter = AffineTransform.rotation(degrees: 90, about: centre)
        let moved = quarter.apply(to: Point(x: 110, y: 50))
        // y points down: +90° takes a point right of the centre to below it.
        #expect(abs(moved.x - 100) < 1e-9 && abs(moved.y - 60) < 1e-9)
        let still = quarter.apply(to: centre)
        #expect(abs(still.x - 100) < 1e-9 && abs(still.y - 50) < 1e-9)
    }

    @Test func groupBoundsCoverTheRotatedChildren() {
        let box = Rect(x: 0, y: 0, width: 100, height: 20)
        let child = DrawOp.rect(RectOp(rect: box, fill: .black))
        let turned = DrawOp.group(GroupOp(transform: .rotation(degrees: -12, about: Point(x: 50, y: 10)), ops: [child]))
        let bounds = turned.bounds
        let radians = 12 * Double.pi / 180
        let expectedWidth = 100 * cos(radians) + 20 * sin(radians)
        let expectedHeight = 100 * sin(radians) + 20 * cos(radians)
        #expect(abs(bounds.width - expectedWidth) < 1e-9)
        #expect(abs(bounds.height - expectedHeight) < 1e-9)
        #expect(abs(bounds.midX - 50) < 1e-9)
        // A translated group moves its bounds by the same amount.
        let shifted = DrawOp.group(
            GroupOp(
                transform: AffineTransform.rotation(degrees: -12, about: Point(x: 50, y: 10))
                    .translatedBy(dx: 5, dy: 7), ops: [child])
        ).bounds
        #expect(abs(shifted.x - bounds.x - 5) < 1e-9 && abs(shifted.y - bounds.y - 7) < 1e-9)
    }

    @Test func strokedRectBoundsIncludeHalfTheStroke() {
        let op = DrawOp.rect(
            RectOp(rect: Rect(x: 10, y: 10, width: 20, height: 20), stroke: Stroke(width: 2, color: .black)))
        #expect(op.bounds == Rect(x: 9, y: 9, width: 22, height: 22))
    }

    @Test func opsJSONDescribesImagesAndGroups() {
        let pixels = RasterPixels(
            width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 128], hasAlpha: true,
            encoded: Data([1, 2, 3]), encodedFormat: .png)
        let image = DrawOp.image(
            ImageOp(image: .raster(pixels), rect: Rect(x: 1, y: 2, width: 30, height: 15), altText: "Acme"))
        let group = DrawOp.group(GroupOp(transform: .identity, ops: [image]))
        let json = group.jsonValue.prettyPrinted()
        #expect(json.contains("\"op\": \"group\""))
        #expect(json.contains("\"transform\": [1, 0, 0, 1, 0, 0]"))
        #expect(json.contains("\"format\": \"png\""))
        #expect(json.contains("\"intrinsicSize\": [2, 1]"))
        #expect(json.contains("\"alt\": \"Acme\""))
    }

    @Test func digestsDifferWhenTheSourceDiffers() {
        let a = EmbeddedImage.vector(SanitizedSVG(source: "<svg/>", size: Size(width: 10, height: 10)))
        let b = EmbeddedImage.vector(SanitizedSVG(source: "<svg />", size: Size(width: 10, height: 10)))
        #expect(a.digest != b.digest)
        #expect(a.digest.count == 16)
        #expect(
            a.digest == EmbeddedImage.vector(SanitizedSVG(source: "<svg/>", size: Size(width: 1, height: 1))).digest)
    }
}
