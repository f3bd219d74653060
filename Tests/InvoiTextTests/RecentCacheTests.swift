import Testing

@testable import InvoiText

@Suite struct RecentCacheTests {
    @Test func entriesUsedInTheCurrentGenerationSurviveATurnover() {
        var cache = RecentCache<Int, String>(generationSize: 3)
        cache.insert("a", for: 1)
        cache.insert("b", for: 2)
        cache.insert("c", for: 3)  // turnover: 1, 2, 3 become the previous generation
        #expect(cache.value(for: 1) == "a")  // promoted into the new generation
        cache.insert("d", for: 4)
        cache.insert("e", for: 5)  // turnover again: 1, 4, 5 previous; 2 and 3 dropped
        #expect(cache.value(for: 1) == "a")
        #expect(cache.value(for: 2) == nil)
        #expect(cache.value(for: 3) == nil)
        #expect(cache.value(for: 5) == "e")
    }

    @Test func keysCompareTextByBytesNotCanonicalEquivalence() {
        let composed = ShapingKey(text: "caf\u{E9}", weight: 400, size: 10, tracking: 0)
        let decomposed = ShapingKey(text: "cafe\u{301}", weight: 400, size: 10, tracking: 0)
        #expect("caf\u{E9}" == "cafe\u{301}")  // Swift's String equality would conflate them
        #expect(composed != decomposed)
        #expect(composed == ShapingKey(text: "caf\u{E9}", weight: 400, size: 10, tracking: 0))
        #expect(composed != ShapingKey(text: "caf\u{E9}", weight: 400, size: 10, tracking: 0, width: 50))
    }
}
