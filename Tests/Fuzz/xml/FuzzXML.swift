import InvoiFuzzTargets

// libFuzzer's entry point in the fuzz build (tools/fuzz); a replay of files otherwise.
#if INVOI_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        _ = FuzzTarget.xml.run(UnsafeRawBufferPointer(start: start, count: count))
        return 0
    }
#else
    @main
    enum FuzzXML {
        static func main() {
            FuzzTarget.xml.replay(commandLine: CommandLine.arguments)
        }
    }
#endif
