import Foundation
import InvoiDocument
import Testing

@testable import InvoiText

/// The system font set is looked up in fontconfig's standard directories first
/// (fast), and must give what the full system configuration gives.
@Suite struct SystemLookupTests {
    struct Face: Equatable {
        var path: String, index: Int, weight: Int, width: Int, isUpright: Bool, postScriptName: String
        init(_ entry: CatalogEntry) {
            (path, index, weight, width, isUpright, postScriptName) =
                (entry.path, entry.index, entry.weight, entry.width, entry.isUpright, entry.postScriptName)
        }
    }

    @Test(arguments: ["JetBrains Mono", "DejaVu Sans Mono", "DejaVu Sans", "WenQuanYi Micro Hei"])
    func standardDirectoriesListAFamilyAsTheSystemDoes(family: String) throws {
        let standard = try #require(FontCatalog.standardDirectories(addingFiles: []))
        let system = try FontCatalog(systemAddingFiles: [])
        let faces = standard.faces(ofFamily: family).map(Face.init)
        #expect(!faces.isEmpty)
        #expect(faces == system.faces(ofFamily: family).map(Face.init))
    }

    @Test func theSystemConfigurationWaitsForAFallbackCharacter() throws {
        let shaper = try FontShaper(configuration: .system)
        #expect(shaper.registry.isSystemConfigurationPending)
        _ = shaper.shapeLine("Acme Studio €1,234.56", font: body, tracking: 0)
        #expect(shaper.registry.isSystemConfigurationPending)
        // Hebrew and Arabic are in the chain (DejaVu Sans): no system configuration for them.
        _ = shaper.shapeLine("שלום مرحبا", font: body, tracking: 0)
        #expect(shaper.registry.isSystemConfigurationPending)
        // Chinese is in no family of the chain: fallback needs the system's rules.
        _ = shaper.shapeLine("漢字", font: body, tracking: 0)
        #expect(!shaper.registry.isSystemConfigurationPending)
    }

    @Test func aFamilyOutsideTheStandardDirectoriesTakesTheSystemConfiguration() throws {
        var configuration = FontConfiguration.system
        configuration.primaryFamily = "No Such Family"
        let shaper = try FontShaper(configuration: configuration)
        #expect(!shaper.registry.isSystemConfigurationPending)
        #expect(shaper.unavailableFamilies == ["No Such Family"])
    }

    @Test func shapingMatchesTheSystemConfigurationIncludingFallback() throws {
        let fast = try FontShaper(configuration: .system)
        let full = try FontShaper(configuration: .system, systemLookup: .systemConfiguration)
        #expect(!full.registry.isSystemConfigurationPending)
        for weight in FontWeight.allCases {
            #expect(fast.faces(for: weight) == full.faces(for: weight))
            let font = FontSpec(weight: weight, size: 10)
            for text in ConcurrencyTests.samples {
                #expect(fast.shapeLine(text, font: font, tracking: 0) == full.shapeLine(text, font: font, tracking: 0))
            }
        }
    }

    @Test func aDirectoryWithoutAValidCacheTakesTheSystemConfigurationAndWritesNoCache() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-fonts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fonts = root.appendingPathComponent("fonts"), caches = root.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            toPath: fonts.appendingPathComponent("DejaVuSans.ttf").path)
        let description = """
            <?xml version="1.0"?>
            <fontconfig><dir>\(fonts.path)</dir><cachedir>\(caches.path)</cachedir></fontconfig>
            """
        #expect(FontCatalog.standardDirectories(addingFiles: [], description: description) == nil)
        // fontconfig did not scan the directory and write a cache made without the system's rules.
        #expect(try FileManager.default.contentsOfDirectory(atPath: caches.path).isEmpty)
    }

    @Test func missingDirectoriesAreSkippedAsFontconfigSkipsThem() throws {
        let description = """
            <?xml version="1.0"?>
            <fontconfig><dir>/nonexistent/fonts</dir><dir>/usr/share/fonts</dir>
            <cachedir>/var/cache/fontconfig</cachedir><cachedir prefix="xdg">fontconfig</cachedir></fontconfig>
            """
        let catalog = try #require(FontCatalog.standardDirectories(addingFiles: [], description: description))
        #expect(!catalog.faces(ofFamily: "JetBrains Mono").isEmpty)
    }
}
