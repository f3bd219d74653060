import InvoiSpeedups
import Testing

@Suite struct PageMemoryTests {
    static let withHugePages = Speedups(setting: "pageMemory")
    static let plain = Speedups(setting: "off")

    @Test func startsOnAHugePageBoundaryZeroedAndWritable() throws {
        let byteCount = 1191 * 4 * 1684  // a 144-dpi A4 page
        let memory = try #require(PageMemory(byteCount: byteCount, speedups: Self.withHugePages))
        #expect(Int(bitPattern: memory.base) % PageMemory.hugePageSize == 0)
        try Self.expectZeroedAndWritable(memory, byteCount: byteCount)
    }

    @Test func withTheSpeedupOffIsPlainZeroedMemory() throws {
        let byteCount = 1191 * 4 * 1684
        let memory = try #require(PageMemory(byteCount: byteCount, speedups: Self.plain))
        try Self.expectZeroedAndWritable(memory, byteCount: byteCount)
    }

    @Test(arguments: [withHugePages, plain])
    func anEmptyImageHasNoMemory(speedups: Speedups) {
        #expect(PageMemory(byteCount: 0, speedups: speedups) == nil)
        #expect(PageMemory(byteCount: -1, speedups: speedups) == nil)
    }

    @Test(arguments: [withHugePages, plain])
    func anImpossibleSizeIsRefusedNotACrash(speedups: Speedups) {
        // More than the address space can hold: the allocation fails and the caller reports it.
        #expect(PageMemory(byteCount: Int.max / 2, speedups: speedups) == nil)
    }

    private static func expectZeroedAndWritable(_ memory: PageMemory, byteCount: Int) throws {
        #expect(memory.byteCount == byteCount)
        let bytes = memory.base.assumingMemoryBound(to: UInt8.self)
        #expect(bytes[0] == 0 && bytes[byteCount / 2] == 0 && bytes[byteCount - 1] == 0)
        bytes[0] = 1
        bytes[byteCount - 1] = 2
        #expect(bytes[0] == 1 && bytes[byteCount - 1] == 2)
    }
}
