import Testing
@testable import InvoiCairo

@Suite struct PageMemoryTests {
    @Test func startsOnAHugePageBoundaryZeroedAndWritable() throws {
        let byteCount = 1191 * 4 * 1684  // a 144-dpi A4 page
        let memory = try #require(PageMemory(byteCount: byteCount))
        #expect(Int(bitPattern: memory.base) % PageMemory.hugePageSize == 0)
        #expect(memory.byteCount == byteCount)
        let bytes = memory.base.assumingMemoryBound(to: UInt8.self)
        #expect(bytes[0] == 0 && bytes[byteCount / 2] == 0 && bytes[byteCount - 1] == 0)
        bytes[0] = 1
        bytes[byteCount - 1] = 2
        #expect(bytes[0] == 1 && bytes[byteCount - 1] == 2)
    }

    @Test func anEmptyImageHasNoMemory() {
        #expect(PageMemory(byteCount: 0) == nil)
        #expect(PageMemory(byteCount: -1) == nil)
    }

    @Test func anImpossibleSizeIsRefusedNotACrash() {
        // More than the address space can hold: mmap fails and the caller reports it.
        #expect(PageMemory(byteCount: Int.max / 2) == nil)
    }
}
