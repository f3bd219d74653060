import InvoiFuzzTargets

// libFuzzer's entry point in the fuzz build (tools/fuzz); a replay of files otherwise.
#if INVOI_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        _ = FuzzTarget.pdf.run(UnsafeRawBufferPointer(start: start, count: count))
        return 0
    }
#else
    @main
    enum FuzzPDF {
        static func main() {
            FuzzTarget.pdf.replay(commandLine: CommandLine.arguments)
        }
    }
#endif
