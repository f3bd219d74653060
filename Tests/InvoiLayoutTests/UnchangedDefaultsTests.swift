import InvoiDocument
import InvoiLayout
import InvoiLayoutTestSupport
import InvoiModel
import InvoiTestSupport
import InvoiText
import Testing

/// With every extension absent the layout is exactly the app's design: the ops of these
/// invoices are pinned by digests of their ops JSON recorded before the extensions were built
/// (commit 4739cd9). A failure means an absent extension changed the page.
@Suite struct UnchangedDefaultsTests {
    /// FNV-1a over the document's ops JSON (numbers rounded to 0.01, keys sorted).
    static func digest(_ document: Document) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in document.jsonValue.prettyPrinted().utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    static let generatedDigests = [
        "fe2c2cd4666f14bc",
        "af7d012fdc311206",
        "f4a37f798ec42516",
        "49b06491f21e218d",
        "d18a5a1a24281c57",
        "64c4207e2fecace",
        "35ad5865b4e82d5b",
        "7f87167a30d1a356",
        "8608162759343ac0",
        "57435dacc84c671a",
        "a3964fcf5816efbb",
        "ac18e7f1ce3e287",
        "187a107c615b0d70",
        "ac3c1cfc17ffbd27",
        "cea32b7d24c66e42",
        "402f3bf86c507e13",
        "556f422f596cdde9",
        "107d39ddf2620005",
        "60b1e74224dc6927",
        "5a813e607ee4b7c4",
        "a70b6f336081f8dc",
        "b3736bf8e6f6600d",
        "7975a05f66cb6b22",
        "f1476a10bd074d35",
        "a5c924df1701bc14",
        "ab7c9eace8e34099",
        "3f4ce11119b5d96c",
        "72a44c54969d7cb7",
        "fd7a251a8676d36c",
        "e1c6bd3e90e42324",
        "c1f5420c10b1c23a",
        "35e0ef0d612e1ee9",
        "181e4fedc9be56f4",
        "4fe989d4a5ca30ff",
        "74948df013e10937",
        "3064e1dc3027b14c",
        "ceb5a6c86792be90",
        "d13ebf717b51de1f",
        "520b80344b0b4aa6",
        "7befc893c1c0b0c1",
    ]

    @Test(arguments: 0..<40)
    func generatedContentWithoutExtensions(seed: Int) {
        var generator = ContentGenerator(rng: SplitMix64(seed: UInt64(seed)))
        let content = generator.content(maxItems: seed % 4 == 0 ? 300 : 25)
        let layout = InvoiceLayout(shaper: FixedAdvanceShaper())
        #expect(Self.digest(layout.document(for: content)) == Self.generatedDigests[seed])
    }

    @Test func invoicesWithoutExtensionsWithBothShapers() throws {
        let fake = InvoiceLayout(shaper: FixedAdvanceShaper())
        let real = InvoiceLayout(shaper: try FontShaper(configuration: .fixed))
        let firstLaunch = Invoice.firstLaunch(today: Invoice.sample.issueDate)
        #expect(Self.digest(fake.document(for: Invoice.sample)) == "a5b32b095d79f4da")
        #expect(Self.digest(real.document(for: Invoice.sample)) == "9545a8ce88310fbd")
        #expect(Self.digest(fake.document(for: firstLaunch)) == "f62083544315f268")
        #expect(Self.digest(real.document(for: firstLaunch)) == "f508171915ff9a66")
    }

    /// Extension fields given their neutral values lay out as if absent.
    @Test(arguments: ShaperKind.allCases)
    func neutralExtensionValuesChangeNothing(kind: ShaperKind) throws {
        let layout = try kind.layout()
        var invoice = Invoice.sample
        invoice.documentType = .invoice
        invoice.notes = ""
        invoice.fromTaxId = ""
        invoice.toTaxId = ""
        invoice.status = .sent
        invoice.accentColor = .standard
        #expect(layout.document(for: invoice, accent: .standard, logo: nil) == layout.document(for: Invoice.sample))
    }
}
