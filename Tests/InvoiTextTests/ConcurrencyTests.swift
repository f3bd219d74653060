import Foundation
import InvoiDocument
import Synchronization
import Testing

@testable import InvoiText

@Suite struct ConcurrencyTests {
    static let samples = [
        "INVOICE", "Acme Studio", "Meridian Group", "hello@acme.studio", "+1 (555) 010-2030",
        "12 Market Street\nSpringfield", "Website redesign and development of the marketing site",
        "€1.234,56", "¥1,235", "₹12,34,567.89", "חשבונית 2026 עבור שלום", "مرحبا بالعالم",
        "发票 2026 设计服务", "DE89 3704 0044 0532 0130 00", "https://example.com/invoices/2026/INV-0001",
        "Ünïcödé e\u{301}", "a\u{E000}b", "BILL TO", "ISSUE DATE", "Mar 12, 2026",
    ]

    struct Result: Equatable, Sendable {
        var lines: [ShapedLine]
        var wrapped: [[ShapedLine]]
        var outlines: [GlyphOutline?]
    }

    final class Collected: Sendable {
        let values = Mutex<[Result]>([])
    }

    static func work(_ shaper: FontShaper) -> Result {
        var result = Result(lines: [], wrapped: [], outlines: [])
        for (i, text) in samples.enumerated() {
            let font = FontSpec(weight: FontWeight.allCases[i % 4], size: 9 + Double(i % 3))
            let line = shaper.shapeLine(text, font: font, tracking: i % 2 == 0 ? 0 : -0.02)
            result.lines.append(line)
            result.wrapped.append(shaper.breakLines(text, font: font, tracking: 0, width: 60))
            for run in line.runs { result.outlines += run.glyphs.map { shaper.outline(of: $0.id, in: run.font) } }
        }
        return result
    }

    @Test func shapingFromManyTasksAtOnceMatchesSerialShaping() async throws {
        let serial = Self.work(try FontShaper(configuration: .fixed))
        // A fresh shaper, so the tasks race to fill its caches and open its fallback fonts.
        let shared = try FontShaper(configuration: .fixed)
        let results = await withTaskGroup(of: Result.self) { group in
            for _ in 0..<16 { group.addTask { Self.work(shared) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        for result in results { #expect(result == serial) }
    }

    @Test func shapingFromManyThreadsAtOnceMatchesSerialShaping() throws {
        let serial = Self.work(try FontShaper(configuration: .fixed))
        let shared = try FontShaper(configuration: .fixed)
        // More OS threads than cores, so the scheduler interleaves them mid-call.
        let results = Collected()
        let done = DispatchGroup()
        for _ in 0..<8 {
            done.enter()
            Thread.detachNewThread {
                let work = Self.work(shared)
                results.values.withLock { $0.append(work) }
                done.leave()
            }
        }
        done.wait()
        let collected = results.values.withLock { $0 }
        #expect(collected.count == 8)
        for result in collected { #expect(result == serial) }
    }
}
