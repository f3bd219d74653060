import Foundation
import InvoiModel
import InvoiRender

/// The themes of the directory the server is started with (`--themes DIR`), read and checked
/// once at start: a request names one by its file's stem (`?theme=brand` for brand.json) and
/// never by a path, so a client cannot make the server read a file of its choosing.
struct ThemeLibrary: Sendable {
    /// By name, the file's name without `.json`.
    let themes: [String: Theme]

    /// No themes: a server started without `--themes`.
    init() {
        themes = [:]
    }

    /// Every `*.json` file of `directory` decoded as a theme; the first one that cannot be
    /// read or is no valid theme fails the start with its diagnostics.
    init(directory: String) throws(InvoiServer.StartError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .themes(
                [
                    "error: \(Diagnostic.printable(directory)): the themes directory cannot be read (\(error.localizedDescription))"
                ],
                isDataError: false)
        }
        var themes: [String: Theme] = [:]
        for file in names.sorted() where (file as NSString).pathExtension == "json" {
            let name = (file as NSString).deletingPathExtension
            let path = (directory as NSString).appendingPathComponent(file)
            guard Self.isName(name) else {
                throw .themes(
                    [
                        "error: \(Diagnostic.printable(path)): a theme's name (its file's name without .json) is letters, digits, _ and - only, as ?theme= takes it; rename the file"
                    ], isDataError: true)
            }
            do {
                themes[name] = try ThemeFiles.load(path).0
            } catch {
                switch error {
                case .unreadable(let shown, let reason):
                    throw .themes(["error: \(shown): \(reason)"], isDataError: false)
                case .invalid(let invalid):
                    // `invoi: error: …` without the program's name: the server prints its own.
                    throw .themes(
                        invalid.diagnostics.map { String($0.description.dropFirst("invoi: ".count)) }, isDataError: true
                    )
                }
            }
        }
        self.themes = themes
    }

    /// Whether `text` may name a theme: `[A-Za-z0-9_-]+`, so never a path.
    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 100
            && text.utf8.allSatisfy {
                switch $0 {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    /// `GET /themes`: `{"themes": [{"name": "brand", "design": "band"}, …]}` by name; the design
    /// is what the theme renders with when the request names none.
    var listing: String {
        let entries = themes.keys.sorted().map { name in
            let design = themes[name]?.design ?? .classic
            return "{\"name\":\(Self.jsonString(name)),\"design\":\"\(design.rawValue)\"}"
        }
        return "{\"themes\":[" + entries.joined(separator: ",") + "]}"
    }

    private static func jsonString(_ text: String) -> String {
        // Names are [A-Za-z0-9_-]: nothing to escape.
        "\"" + text + "\""
    }
}
