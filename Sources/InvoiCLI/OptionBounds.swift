import ArgumentParser
import InvoiRender

/// The ranges of the numeric options, checked before any work: a huge
/// `--width` or `--dpi` would otherwise allocate gigabytes before anything is drawn.
enum OptionBounds {
    static let columns = RenderOptionBounds.columns
    static let dotsPerInch = RenderOptionBounds.dotsPerInch
    static let jobs = 1...256

    static func check(width: Int?, dpi: Double? = nil, jobs: Int? = nil) throws(ValidationError) {
        if let width, !columns.contains(width) {
            throw ValidationError(
                "--width must be from \(columns.lowerBound) to \(columns.upperBound) columns (got \(width))")
        }
        if let dpi, !dotsPerInch.contains(dpi) {
            throw ValidationError(
                "--dpi must be from \(Int(dotsPerInch.lowerBound)) to \(Int(dotsPerInch.upperBound)) (got \(dpi.formatted))"
            )
        }
        if let jobs, !self.jobs.contains(jobs) {
            throw ValidationError(
                "--jobs must be from \(self.jobs.lowerBound) to \(self.jobs.upperBound) (got \(jobs))")
        }
    }

    /// A terminal's width brought into range (a very narrow or very wide window).
    static func clamped(columns value: Int) -> Int {
        min(max(value, columns.lowerBound), columns.upperBound)
    }
}

extension Double {
    /// `300`, not `300.0`; `nan` as given.
    fileprivate var formatted: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
