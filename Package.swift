// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The `-I` flags of a pkg-config package, handed to the C importer only. librsvg is
/// used through its headers but loaded with dlopen on the first SVG logo: linking it
/// would load ~20 shared libraries at every start of invoi.
func headerSearchFlags(ofPackage name: String) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", name]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        .flatMap { ["-Xcc", String($0)] }
}

let librsvgHeaders: [SwiftSetting] = [.unsafeFlags(headerSearchFlags(ofPackage: "librsvg-2.0"))]

/// Release builds get a concrete generic type's metadata (`[FaceKey: LoadedFace]`, …) from
/// a compiled accessor that passes its conformances, rather than by demangling its name
/// at run time, which looks each conformance up by scanning every conformance record in
/// the binary — about 0.1 ms per first use of a type, a large part of a short run. Each
/// function gets a section of its own, so that the link can place it (`hotCodeLayout`).
let directMetadataAccess: [SwiftSetting] = [
    .unsafeFlags(
        [
            "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
            "-Xfrontend", "-function-sections",
        ], .when(configuration: .release))
]

/// The release link. The kernel maps a program's code in blocks of pages around each page
/// it runs, so code a render uses, scattered over 20 MB of Foundation, ICU and the Swift
/// runtime, kept 12 MB of the binary resident. lld places the functions named in
/// Sources/invoi/hot-functions.txt (written by tools/order-functions from profiles of
/// typical runs) first and side by side: about 6 MB. Relative relocations are packed (DT_RELR)
/// instead of 1.8 MB of RELA entries read at every start. A stale list only costs memory:
/// names that are no longer in the binary are skipped.
let hotFunctions = Context.packageDirectory + "/Sources/invoi/hot-functions.txt"
let hotCodeLayout: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--symbol-ordering-file=" + hotFunctions, "-Xlinker", "--no-warn-symbol-ordering",
        ],
        .when(configuration: .release))
]

/// Release builds of the executables carry the Swift runtime and Foundation inside the
/// binary: no symbol binding against a dozen shared libraries at every start (the start-up
/// budget), and a Debian package (tools/package) that needs no Swift toolchain on the machine.
/// Debug builds and tests link them shared. The modules were compiled against the shared
/// Foundation, whose link entries leave out the libraries the static one needs; they are
/// named here.
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-lCoreFoundation", "-l_FoundationCShims", "-l_FoundationCollections", "-l_FoundationICU"],
        .when(configuration: .release))
]

/// invoi's release link carries the C++ library the runtime and ICU use too: `-lstdc++` finds
/// tools/link's libstdc++.a (a link to GCC's) before the shared one, whose ~1,700 symbol
/// bindings were two thirds of the dynamic loader's work at every start (2.4 M of a sample
/// pdf's 41.8 M instructions). Where that link does not resolve (another GCC), the shared one
/// is linked. Only with lld (`hotCodeLayout`), which takes an archive's members whatever its
/// place on the command line: the runtime's `-lstdc++` comes before ICU's archive, which
/// gold would then leave with undefined C++ symbols (invoi-server, long-running, keeps the
/// shared library).
let staticCppLibrary: [LinkerSetting] = [
    .unsafeFlags(["-L" + Context.packageDirectory + "/tools/link"], .when(configuration: .release))
]

/// The language catalogs (Sources/InvoiLocalization/Catalogs/*.json), sorted.
let catalogFiles =
    ((try? FileManager.default.contentsOfDirectory(
        atPath: Context.packageDirectory + "/Sources/InvoiLocalization/Catalogs")) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

// One module per layer; dependencies point toward the model (docs/ARCHITECTURE.md).
// C libraries are wrapped in system-library targets, each imported by one module
// only: InvoiText (fonts, shaping, bidi), InvoiAssets (image formats), InvoiCairo, InvoiFacturX (qpdf)
// and InvoiQRCode (libqrencode).
let package = Package(
    name: "invoi",
    products: [
        .executable(name: "invoi", targets: ["invoi"]),
        // The HTTP service: a product of its own, so that invoi builds and starts
        // without Hummingbird.
        .executable(name: "invoi-server", targets: ["invoi-server"]),
        // invoi in a Swift program: render and validate in process (InvoiKit). No
        // ArgumentParser, no Hummingbird.
        .library(name: "Invoi", targets: ["InvoiKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // C libraries (pkg-config names).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFribidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Linked, but costs no start-up time: Cairo links the same libpng.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Headers only (no pkg-config, no `link`): opened with dlopen on first use.
        // librsvg's headers are found with headerSearchFlags; turbojpeg.h is in /usr/include.
        .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        // zlib's z_stream, for the deflate functions invoi defines for Cairo (CairoDeflate.swift).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // qpdf's C API: Cairo's PDF rewritten as Factur-X (PDF/A-3b), by InvoiFacturX only.
        .systemLibrary(name: "CQPDF", providers: [.apt(["libqpdf-dev"])]),
        // libqrencode's headers only: opened with dlopen by InvoiQRCode on the first payment code.
        .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
        // OpenSSL's libcrypto (headers only, opened with dlopen when signing), by InvoiSigning only.
        .systemLibrary(name: "CCrypto", providers: [.apt(["libssl-dev"])]),

        // Layers.
        // Character classes and XML escaping that several layers must agree on.
        .target(name: "InvoiCharacters", swiftSettings: directMetadataAccess),
        // The words invoi prints, one catalog per language, embedded in the binary.
        .target(
            name: "InvoiLocalization", dependencies: ["InvoiCharacters"],
            resources: catalogFiles.map { .embedInCode("Catalogs/" + $0) },
            swiftSettings: directMetadataAccess,
            // CLDR's unit words through Foundation's own ICU (QuantityWording): the library
            // every Foundation program has, named here because its C functions are called directly.
            linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(
            name: "InvoiModel", dependencies: ["InvoiCharacters", "InvoiLocalization"],
            swiftSettings: directMetadataAccess),
        // Process-level speedups, each switchable (INVOI_SPEEDUPS); owns zlib's and libdeflate's headers.
        .target(
            name: "InvoiSpeedups", dependencies: ["CDeflate", "CZlib", "CSpeedups"],
            swiftSettings: directMetadataAccess),
        // The C library functions invoi puts in front of glibc's and FreeType's for Cairo
        // (__snprintf_chk is variadic, so C): InvoiSpeedups' `numberFormatting` and
        // `fontTables` document them.
        // DWARF 4: Debian 12's valgrind, which tools/bench counts instructions with, cannot read
        // the DWARF 5 clang writes by default.
        .target(name: "CSpeedups", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "InvoiDocument", dependencies: ["InvoiCharacters"], swiftSettings: directMetadataAccess),
        .target(
            name: "InvoiText",
            dependencies: ["InvoiCharacters", "InvoiDocument", "CFontconfig", "CHarfBuzz", "CFribidi"],
            swiftSettings: directMetadataAccess
        ),
        // E-invoice XML (CII, UBL) from the model, and what each profile requires of it.
        .target(
            name: "InvoiEInvoice", dependencies: ["InvoiModel", "InvoiCharacters"],
            swiftSettings: directMetadataAccess),
        // Payment QR code payloads (EPC, Swiss QR-bill, ZATCA, UPI, SPAYD) from the model, one
        // type per scheme, and what each scheme requires of the invoice.
        .target(
            name: "InvoiPayment", dependencies: ["InvoiCharacters", "InvoiModel"], swiftSettings: directMetadataAccess),
        // Text → QR module matrix by libqrencode (owns CQREncode).
        .target(
            name: "InvoiQRCode", dependencies: ["InvoiDocument", "InvoiAssets", "CQREncode"],
            swiftSettings: directMetadataAccess),
        // Logo files: read, decoded and sanitised before layout.
        .target(
            name: "InvoiAssets", dependencies: ["InvoiCharacters", "InvoiDocument", "CPNG", "CTurboJPEG"],
            swiftSettings: directMetadataAccess),
        // XML parsed into a small tree, for the e-invoices invoi reads: no DTD, no entity
        // beyond XML's five and character references, nothing fetched, bounded in size and depth.
        .target(name: "InvoiXML", swiftSettings: directMetadataAccess),
        // Received e-invoices (CII, ZUGFeRD 1.0, UBL) read into the model, every figure as stated.
        .target(
            name: "InvoiReading", dependencies: ["InvoiModel", "InvoiLocalization", "InvoiXML"],
            swiftSettings: directMetadataAccess),
        .target(
            name: "InvoiLayout",
            dependencies: ["InvoiCharacters", "InvoiModel", "InvoiLocalization", "InvoiDocument", "InvoiText"],
            swiftSettings: directMetadataAccess),

        // A finished PDF's syntax and cross-reference sections, read and written: shared by the
        // PDF backend's rewriting and the signer's update.
        .target(name: "InvoiPDFFile", dependencies: ["InvoiSpeedups"], swiftSettings: directMetadataAccess),

        // Backends.
        .target(
            name: "InvoiCairo",
            dependencies: [
                "InvoiDocument", "InvoiText", "InvoiAssets", "InvoiSpeedups", "InvoiPDFFile", "CCairo", "CFreeType",
                "CRsvg",
            ],
            swiftSettings: librsvgHeaders + directMetadataAccess),
        .target(
            name: "InvoiSVG", dependencies: ["InvoiCharacters", "InvoiDocument", "InvoiText"],
            swiftSettings: directMetadataAccess),
        .target(
            name: "InvoiTerminal", dependencies: ["InvoiCharacters", "InvoiDocument"],
            swiftSettings: directMetadataAccess),
        // A finished PDF + CII XML → Factur-X / ZUGFeRD PDF/A-3b, and a received PDF's embedded
        // files (the e-invoice inside); knows bytes, not invoices.
        .target(
            name: "InvoiFacturX", dependencies: ["InvoiCharacters", "InvoiSpeedups", "CQPDF"],
            swiftSettings: directMetadataAccess),
        // A finished PDF → the same PDF with a PAdES B-B signature appended; knows bytes and keys.
        .target(
            name: "InvoiSigning", dependencies: ["InvoiPDFFile", "CCrypto"], swiftSettings: directMetadataAccess),

        // Pipeline (model → layout → backend) and the backend table.
        .target(
            name: "InvoiRender",
            dependencies: [
                "InvoiCharacters", "InvoiModel", "InvoiDocument", "InvoiText", "InvoiAssets", "InvoiLayout",
                "InvoiCairo", "InvoiSVG", "InvoiTerminal", "InvoiEInvoice", "InvoiFacturX", "InvoiSigning",
                "InvoiPayment", "InvoiQRCode", "InvoiSpeedups", "InvoiReading",
            ],
            swiftSettings: directMetadataAccess
        ),
        // Goldens for users and for invoi's own tests: record, re-render, compare (ops, pixels,
        // text), explain what changed, write the report.
        .target(
            name: "InvoiGolden",
            dependencies: ["InvoiCharacters", "InvoiModel", "InvoiDocument", "InvoiAssets", "InvoiRender"],
            swiftSettings: directMetadataAccess),
        // The library product's one module: a small, stable facade over InvoiRender and InvoiModel.
        .target(
            name: "InvoiKit",
            dependencies: [
                "InvoiModel", "InvoiLocalization", "InvoiDocument", "InvoiEInvoice", "InvoiText", "InvoiAssets",
                "InvoiRender",
            ],
            swiftSettings: directMetadataAccess),
        .target(
            name: "InvoiCLI",
            dependencies: [
                "InvoiCharacters", "InvoiLocalization", "InvoiRender", "InvoiAssets", "InvoiSpeedups", "InvoiEInvoice",
                "InvoiGolden", "InvoiSigning", "InvoiPayment",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: directMetadataAccess
        ),
        .executableTarget(
            name: "invoi",
            dependencies: ["InvoiCLI"],
            exclude: ["hot-functions.txt"],
            linkerSettings: staticRuntime + staticCppLibrary + hotCodeLayout
        ),

        // The HTTP service: routes, the worker pool, metrics. Only invoi-server
        // and its tests link it.
        .target(
            name: "InvoiServer",
            dependencies: [
                "InvoiModel", "InvoiLocalization", "InvoiRender", "InvoiDocument", "InvoiEInvoice", "InvoiText",
                "InvoiAssets", "InvoiSpeedups", "InvoiSigning", "InvoiPayment",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.embedInCode("openapi.json")]),
        .executableTarget(
            name: "invoi-server",
            dependencies: [
                "InvoiServer", "InvoiSigning", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: staticRuntime),

        // Benchmarks (assembled into tools/bench).
        .executableTarget(
            name: "InvoiBench",
            dependencies: ["InvoiRender", "InvoiModel", "InvoiText", "InvoiDocument", "InvoiReading"]),

        // Tests, one target beside each module, and what several of them share.
        .target(name: "InvoiTestSupport", path: "Tests/InvoiTestSupport"),
        // Pixels of rendered pages and image files made by the tests (JPEGs with
        // libjpeg-turbo, linked here; invoi opens it with dlopen).
        .target(
            name: "InvoiImageTestSupport",
            dependencies: ["InvoiTestSupport", "InvoiDocument", "InvoiAssets", "CTurboJPEG"],
            path: "Tests/InvoiImageTestSupport", linkerSettings: [.linkedLibrary("turbojpeg")]),
        .testTarget(name: "InvoiModelTests", dependencies: ["InvoiTestSupport", "InvoiModel", "InvoiLocalization"]),
        .testTarget(name: "InvoiLocalizationTests", dependencies: ["InvoiLocalization"]),
        .testTarget(
            name: "InvoiEInvoiceTests", dependencies: ["InvoiTestSupport", "InvoiEInvoice", "InvoiModel"],
            exclude: ["Fixtures"]),
        .testTarget(name: "InvoiDocumentTests", dependencies: ["InvoiDocument"]),
        .testTarget(name: "InvoiXMLTests", dependencies: ["InvoiXML"]),
        .testTarget(
            name: "InvoiReadingTests",
            dependencies: ["InvoiTestSupport", "InvoiReading", "InvoiXML", "InvoiModel", "InvoiEInvoice"]),
        .testTarget(name: "InvoiPaymentTests", dependencies: ["InvoiTestSupport", "InvoiPayment", "InvoiModel"]),
        .testTarget(name: "InvoiQRCodeTests", dependencies: ["InvoiQRCode", "InvoiDocument"]),
        .testTarget(name: "InvoiPDFFileTests", dependencies: ["InvoiPDFFile", "InvoiSpeedups"]),
        .testTarget(name: "InvoiTextTests", dependencies: ["InvoiText"]),
        // A shaper with fixed advances, for layout without fonts (the layout tests, fuzzing).
        .target(
            name: "InvoiLayoutTestSupport", dependencies: ["InvoiDocument", "InvoiText"],
            path: "Tests/InvoiLayoutTestSupport"),
        .testTarget(
            name: "InvoiLayoutTests",
            dependencies: ["InvoiTestSupport", "InvoiLayoutTestSupport", "InvoiLayout", "InvoiText"]),
        .testTarget(
            name: "InvoiAssetsTests", dependencies: ["InvoiTestSupport", "InvoiImageTestSupport", "InvoiAssets"]),
        .testTarget(
            name: "InvoiCairoTests",
            dependencies: [
                "InvoiTestSupport", "InvoiImageTestSupport", "InvoiCairo", "InvoiAssets",
                "InvoiText", "InvoiSpeedups", "InvoiPDFFile", "CFreeType", "CCairo", "CDeflate", "CZlib",
            ],
            swiftSettings: librsvgHeaders),
        .testTarget(name: "InvoiSVGTests", dependencies: ["InvoiTestSupport", "InvoiSVG", "InvoiText"]),
        .testTarget(name: "InvoiTerminalTests", dependencies: ["InvoiTerminal"]),
        .testTarget(
            name: "InvoiRenderTests",
            dependencies: [
                "InvoiTestSupport", "InvoiRender", "InvoiAssets", "InvoiImageTestSupport", "InvoiGolden",
                "InvoiPDFFile",
            ]),
        // Received e-invoices end to end: the goldens written and read back, the shared corpus rendered.
        .testTarget(
            name: "InvoiReadingRenderTests",
            dependencies: [
                "InvoiTestSupport", "InvoiReading", "InvoiRender", "InvoiModel", "InvoiDocument", "InvoiEInvoice",
            ]),
        .testTarget(
            name: "InvoiGoldenTests",
            dependencies: ["InvoiTestSupport", "InvoiGolden", "InvoiRender", "InvoiModel", "InvoiDocument"]),
        .testTarget(
            name: "InvoiFacturXTests",
            dependencies: ["InvoiTestSupport", "InvoiFacturX", "InvoiRender", "InvoiModel", "InvoiSpeedups"],
            exclude: ["Fixtures"]),
        .testTarget(name: "InvoiSpeedupsTests", dependencies: ["InvoiSpeedups", "CSpeedups"]),
        .testTarget(
            name: "InvoiServerTests",
            dependencies: [
                "InvoiTestSupport", "InvoiServer", "InvoiSigning", "invoi-server", "invoi",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The library product: its facade, and a package of its own that depends on it by path.
        .testTarget(name: "InvoiKitTests", dependencies: ["InvoiTestSupport", "InvoiKit"]),
        .testTarget(
            name: "InvoiCLITests",
            dependencies: [
                "InvoiTestSupport", "InvoiCLI", "InvoiModel", "InvoiLocalization", "InvoiSpeedups", "InvoiGolden",
                "invoi",
            ]),

        // Fuzzing (tools/fuzz): the targets' bodies; one thin executable each, which
        // is libFuzzer's entry point when built with -DINVOI_FUZZING and a replay of files
        // otherwise; and the replay of every kept finding (Tests/Fuzz/Regressions) as a test.
        .target(
            name: "InvoiFuzzTargets",
            dependencies: [
                "InvoiModel", "InvoiDocument", "InvoiLayout", "InvoiLayoutTestSupport", "InvoiAssets",
                "InvoiTerminal", "InvoiFacturX", "InvoiXML", "InvoiReading",
            ],
            path: "Tests/Fuzz/InvoiFuzzTargets"),
        .executableTarget(name: "fuzz-json", dependencies: ["InvoiFuzzTargets"], path: "Tests/Fuzz/json"),
        .executableTarget(name: "fuzz-layout", dependencies: ["InvoiFuzzTargets"], path: "Tests/Fuzz/layout"),
        .executableTarget(name: "fuzz-svg", dependencies: ["InvoiFuzzTargets"], path: "Tests/Fuzz/svg"),
        .executableTarget(name: "fuzz-txt", dependencies: ["InvoiFuzzTargets"], path: "Tests/Fuzz/txt"),
        .executableTarget(name: "fuzz-theme", dependencies: ["InvoiFuzzTargets"], path: "Tests/Fuzz/theme"),
        .executableTarget(name: "fuzz-pdf", dependencies: ["InvoiFuzzTargets"], path: "Tests/Fuzz/pdf"),
        .executableTarget(name: "fuzz-xml", dependencies: ["InvoiFuzzTargets"], path: "Tests/Fuzz/xml"),
        .testTarget(
            name: "InvoiFuzzRegressionTests",
            dependencies: [
                "InvoiTestSupport", "InvoiFuzzTargets", "fuzz-json", "fuzz-layout", "fuzz-svg", "fuzz-txt",
                "fuzz-theme", "fuzz-pdf", "fuzz-xml",
            ],
            path: "Tests/Fuzz/RegressionTests"),
    ],
    swiftLanguageModes: [.v6]
)

// Swift 6.3's -Onone pass that keeps large structs in memory (LargeTypesReg2Mem) miscompiles
// copies of `Invoice` (~900 bytes): `Invoice.example` came out with its last fields zeroed
// (`deliveryDate` 0000-00-00). Debug builds of every invoi target turn that pass off;
// optimised builds do not run it.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-disable-large-loadable-types-reg2mem"], .when(configuration: .debug))
        ]
}
