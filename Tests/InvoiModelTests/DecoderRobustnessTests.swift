import Foundation
import InvoiTestSupport
import Testing

@testable import InvoiModel

@Suite struct DecoderRobustnessTests {
    /// Thousands of seeded random corruptions of a valid invoice: each one is either
    /// accepted or rejected with at least one error, and never crashes.
    @Test func corruptedInputsNeverCrash() {
        let original = Array(Invoice.sample.prettyPrintedJSON().utf8)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 \nabc\u"#.utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0xE2, 0x80]
        var random = SplitMix64(seed: 42)
        let decoder = InvoiceDecoder(today: testToday)
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
                }
            }
            do {
                _ = try decoder.decode(Data(bytes), file: "fuzz.json")
            } catch {
                #expect(!error.errors.isEmpty)
            }
        }
    }
}
