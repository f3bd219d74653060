import InvoiSpeedups
import Testing

@Suite struct SpeedupsTests {
    @Test(arguments: [nil, "", "on", "ON"])
    func unsetOrOnMeansEveryTrick(setting: String?) {
        #expect(Speedups(setting: setting).enabled == Set(Speedups.Trick.allCases))
    }

    @Test func offMeansNone() {
        #expect(Speedups(setting: "off").enabled.isEmpty)
        #expect(Speedups(setting: "Off").enabled.isEmpty)
    }

    @Test func aListNamesTheTricksInUse() {
        #expect(Speedups(setting: "deflate, pageMemory").enabled == [.deflate, .pageMemory])
        #expect(Speedups(setting: "earlyexit,nonsense").enabled == [.earlyExit])
    }

    @Test func glibcTakesTheMallocSettings() {
        #expect(MallocTuning.keepFreedMemoryForReuse(speedups: Speedups(setting: "mallocTuning")))
        #expect(MallocTuning.keepLargeBlocksMapped(speedups: Speedups(setting: "mallocTuning")))
    }

    @Test func mallocIsLeftAloneWhenTheSpeedupIsOff() {
        #expect(!MallocTuning.keepFreedMemoryForReuse(speedups: Speedups(setting: "off")))
        #expect(!MallocTuning.keepLargeBlocksMapped(speedups: Speedups(setting: "off")))
    }
}
