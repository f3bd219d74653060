import Foundation
import InvoiModel
import InvoiRender

#if canImport(Glibc)
    import Glibc
#endif

/// One invoice and its golden folder `NAME.golden/` beside it.
public struct GoldenCase: Hashable, Sendable {
    /// The invoice's path as found (the name in reports).
    public var invoicePath: String

    public init(invoicePath: String) {
        self.invoicePath = invoicePath
    }

    public var name: String { invoicePath }

    /// `bills/inv-7.json` → `bills/inv-7.golden`.
    public var goldenPath: String {
        let base = (invoicePath as NSString).deletingPathExtension
        return base + ".golden"
    }

    static func directory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// Renders the invoice and replaces its golden folder with the result: the files are
    /// written to a new folder beside it, which then takes the old one's place in one rename
    /// (the old folder's files are never half replaced).
    public func record(
        with renderer: GoldenRenderer, options: GoldenOptions, today: CalendarDate
    ) throws(GoldenFailure) -> GoldenManifest {
        let data = try readInvoice()
        let invoice = try renderer.decode(data, path: invoicePath, today: today)
        let outputs = try renderer.render(invoice, options: options)
        let manifest = GoldenManifest(
            invoi: InvoiVersion.current, today: today.iso, options: options, pages: outputs.pages.count,
            fonts: outputs.fontPaths.compactMap { renderer.fingerprint(ofFontAt: $0) })
        try write(outputs.files + [(GoldenManifest.fileName, manifest.encoded())])
        return manifest
    }

    func readInvoice() throws(GoldenFailure) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: invoicePath))
        } catch {
            throw GoldenFailure(.unreadable, "cannot be read (\(Self.reason(error)))")
        }
    }

    static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }

    /// Writes `files` as the golden folder, replacing the old one whole.
    func write(_ files: [(name: String, data: Data)]) throws(GoldenFailure) {
        let manager = FileManager.default
        let parent = Self.directory(of: goldenPath)
        let leaf = (goldenPath as NSString).lastPathComponent
        let staging = parent + "/.\(leaf).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: false)
            for (name, data) in files {
                try data.write(to: URL(fileURLWithPath: staging + "/" + name))
            }
        } catch {
            try? manager.removeItem(atPath: staging)
            throw GoldenFailure(.cannotWrite, "\(goldenPath): cannot be written (\(Self.reason(error)))")
        }
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: goldenPath, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            try? manager.removeItem(atPath: staging)
            throw GoldenFailure(.cannotWrite, "\(goldenPath): is a file, not a golden folder; move it away")
        }
        if !exists {
            guard rename(staging, goldenPath) == 0 else {
                let reason = String(cString: strerror(errno))
                try? manager.removeItem(atPath: staging)
                throw GoldenFailure(.cannotWrite, "\(goldenPath): cannot be written (\(reason))")
            }
            return
        }
        // The old folder is moved aside, the new one into its place, then the old one removed.
        let retired = parent + "/.\(leaf).old-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard rename(goldenPath, retired) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: staging)
            throw GoldenFailure(.cannotWrite, "\(goldenPath): cannot be replaced (\(reason))")
        }
        guard rename(staging, goldenPath) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(retired, goldenPath)
            try? manager.removeItem(atPath: staging)
            throw GoldenFailure(.cannotWrite, "\(goldenPath): cannot be replaced (\(reason))")
        }
        try? manager.removeItem(atPath: retired)
    }
}
