import Foundation

/// Wall-clock timing of repeated work, robust to a busy machine: every call is timed on
/// its own and the median is reported, so a stall in one call moves nothing.
struct Stopwatch {
    private let clock = ContinuousClock()

    /// Calls `body` `warmup` times untimed, then times each call until `iterations` calls
    /// or `timeLimit` have passed (at least `minimumIterations`). Returns milliseconds per call.
    func sample(
        warmup: Int = 3, iterations: Int, minimumIterations: Int = 5,
        timeLimit: Duration = .seconds(2), _ body: () throws -> Void
    ) rethrows -> Samples {
        for _ in 0..<warmup { try body() }
        var times: [Double] = []
        times.reserveCapacity(iterations)
        let start = clock.now
        while times.count < iterations && (times.count < minimumIterations || clock.now - start < timeLimit) {
            let begin = clock.now
            try body()
            times.append((clock.now - begin).milliseconds)
        }
        return Samples(milliseconds: times)
    }

    /// The duration of one call of `body`, in milliseconds.
    func once(_ body: () throws -> Void) rethrows -> Double {
        let begin = clock.now
        try body()
        return (clock.now - begin).milliseconds
    }
}

/// Timings of one figure, in milliseconds per call.
struct Samples {
    var milliseconds: [Double]

    var median: Double {
        guard !milliseconds.isEmpty else { return .nan }
        let sorted = milliseconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var count: Int { milliseconds.count }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15
    }
}

/// Memory figures of this process (Linux).
enum ProcessMemory {
    /// Current resident set size in MB.
    static var residentMB: Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = Double(statm.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Peak resident set size so far in MB.
    static var peakResidentMB: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
