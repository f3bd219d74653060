import Foundation
import InvoiDocument
import Testing

@testable import InvoiRender

@Suite struct LogoCacheTests {
    /// A batch naming many different logos keeps at most `capacity` of them decoded.
    @Test func theCacheStaysBounded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invoi-logos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = LogoCache()
        var largest = 0
        for index in 0..<(3 * LogoCache.capacity) {
            let url = directory.appendingPathComponent("logo-\(index).svg")
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(index + 1)" height="4"/>"#
            try Data(svg.utf8).write(to: url)
            let image = try cache.image(at: url.path, format: .svg)
            #expect(image.intrinsicSize.width == Double(index + 1))
            largest = max(largest, cache.count)
        }
        #expect(largest == LogoCache.capacity)
    }
}
