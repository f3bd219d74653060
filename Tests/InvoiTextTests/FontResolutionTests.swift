import Foundation
import InvoiDocument
import Testing

@testable import InvoiText

@Suite struct FontResolutionTests {
    @Test(arguments: [
        (FontWeight.regular, "JetBrainsMono-Regular.ttf"),
        (.medium, "JetBrainsMono-Medium.ttf"),
        (.semibold, "JetBrainsMono-SemiBold.ttf"),
        (.bold, "JetBrainsMono-Bold.ttf"),
    ])
    func weightsMapToJetBrainsMonoFiles(weight: FontWeight, file: String) throws {
        let fixedShaper = try fixedShaper()
        let primary = fixedShaper.faces(for: weight)[0]
        #expect(primary.family == "JetBrains Mono")
        #expect(primary.path == "/usr/share/fonts/truetype/jetbrains-mono/" + file)
        #expect(primary.weight == weight.rawValue)
        let run = fixedShaper.shapeLine("Total", font: FontSpec(weight: weight, size: 12), tracking: 0).runs
        #expect(run.map(\.font) == [primary])
    }

    @Test func fallbackFamilyTakesItsNearestWeight() throws {
        let fixedShaper = try fixedShaper()
        // DejaVu Sans Mono has Book (400) and Bold (700) only; no weight is synthesised.
        let fallback = FontWeight.allCases.map { fixedShaper.faces(for: $0)[1] }
        #expect(fallback.map(\.family) == Array(repeating: "DejaVu Sans Mono", count: 4))
        #expect(
            fallback.map { ($0.path as NSString).lastPathComponent }
                == ["DejaVuSansMono.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Bold.ttf"])
    }

    @Test func perCharacterFallbackTakesTheNearestWeightOfItsFamily() throws {
        let fixedShaper = try fixedShaper()
        // Hebrew is in neither mono family; DejaVu Sans has it at 400 and 700.
        let files = FontWeight.allCases.map { weight in
            fixedShaper.shapeLine("שלום", font: FontSpec(weight: weight, size: 10), tracking: 0)
                .runs.map { ($0.font.path as NSString).lastPathComponent }
        }
        #expect(files == [["DejaVuSans.ttf"], ["DejaVuSans.ttf"], ["DejaVuSans-Bold.ttf"], ["DejaVuSans-Bold.ttf"]])
    }

    @Test func fixedSetSeesExactlyTheFontsToolsSetupInstalls() throws {
        let catalog = try FontCatalog(configuration: .fixed)
        let files = Set(catalog.allFiles())
        let dejavuCore = Set(
            [
                "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
                "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf",
            ].map { "/usr/share/fonts/truetype/dejavu/" + $0 })
        let others = files.subtracting(dejavuCore)
        #expect(files.isSuperset(of: dejavuCore))
        #expect(others.contains("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"))
        #expect(
            others.allSatisfy {
                $0.hasPrefix("/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-")
                    || $0.hasSuffix("/wqy/wqy-microhei.ttc")
                    || $0.hasPrefix("/usr/share/fonts/truetype/liberation2/LiberationSans-")
            })
        #expect(others.contains("/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf"))
    }

    @Test func aMissingPrimaryFamilyIsReportedAndTheChainGoesOn() throws {
        var configuration = FontConfiguration.fixed
        configuration.primaryFamily = "No Such Family"
        let shaper = try FontShaper(configuration: configuration)
        #expect(shaper.unavailableFamilies == ["No Such Family"])
        #expect(shaper.shapeLine("abc", font: body, tracking: 0).runs.map(\.font.family) == ["DejaVu Sans Mono"])
    }

    @Test func noInstalledFamilyIsAnErrorNamingThemAndToolsSetup() {
        let configuration = FontConfiguration(
            primaryFamily: "No Such Family", fallbackFamilies: ["Nor This"],
            fontDirectories: FontConfiguration.fixed.fontDirectories,
            fontFiles: FontConfiguration.fixed.fontFiles)
        #expect(throws: FontError.noFamilyFound(["No Such Family", "Nor This"])) {
            try FontShaper(configuration: configuration)
        }
        let message = FontError.noFamilyFound(["No Such Family", "Nor This"]).description
        #expect(
            message.contains("\"No Such Family\"") && message.contains("\"Nor This\"")
                && message.contains("tools/setup"))
    }

    @Test func aMissingFontDirectoryIsAnError() {
        let configuration = FontConfiguration(fontDirectories: ["/nonexistent/fonts"])
        #expect(throws: FontError.fontPathMissing("/nonexistent/fonts")) {
            try FontShaper(configuration: configuration)
        }
    }

    @Test func cssWeightMatchingOrder() {
        #expect(WeightMatching.preferenceOrder(for: 500, among: [300, 400, 700]) == [400, 300, 700])
        #expect(WeightMatching.preferenceOrder(for: 400, among: [300, 500, 600]) == [500, 300, 600])
        #expect(WeightMatching.preferenceOrder(for: 600, among: [400, 500, 800]) == [800, 500, 400])
        #expect(WeightMatching.preferenceOrder(for: 300, among: [200, 400]) == [200, 400])
    }

    @Test func theSystemConfigurationFindsTheDesignFamily() throws {
        // tools/setup installs JetBrains Mono system-wide, so the system's fontconfig sees it too.
        let shaper = try FontShaper(configuration: .system)
        #expect(shaper.faces(for: .bold).first?.family == "JetBrains Mono")
        #expect(shaper.faces(for: .bold).first?.weight == 700)
    }
}
