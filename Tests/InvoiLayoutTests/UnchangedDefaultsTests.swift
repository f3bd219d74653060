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
    /// FNV-1a over the document's ops JSON (numbers rounded to 0.01, keys sorted), each page's
    /// ops in a fixed order and without what only the structure adds (roles, a link's
    /// description, the logo's alternative text): what is drawn, and where. Recorded when the
    /// ops gained their roles and some their reading order (a link before its text, the
    /// dates in the order they are read); every golden's ops were then checked to be the
    /// same drawn ops as before.
    static func digest(_ document: Document) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        add(document.metadata.jsonValue.prettyPrinted())
        for page in document.pages {
            add("\(page.size.width) \(page.size.height)")
            for op in page.ops.map({ drawn($0).jsonValue.prettyPrinted() }).sorted() { add(op) }
        }
        return String(hash, radix: 16)
    }

    /// The op without its structure.
    static func drawn(_ op: DrawOp) -> DrawOp {
        var op = op
        op.role = nil
        switch op {
        case .link(var link):
            link.description = ""
            op = .link(link)
        case .image(var image):
            image.altText = ""
            op = .image(image)
        case .group(var group):
            group.ops = group.ops.map(drawn)
            op = .group(group)
        default: break
        }
        return op
    }

    static let generatedDigests = [
        "b5c8c3c2753d67da",
        "6a7d17892016c203",
        "156ce1726940d7f",
        "f5644b7bdd714d5f",
        "da10e89cb3a3433b",
        "3b7932dc6120b7f9",
        "d54d44f1af5feef3",
        "a820cf662d8330d",
        "d635c3b231451e1c",
        "73d4dbeb04a618ac",
        "de069921d258cdfd",
        "6a96525966cad92a",
        "b9c2baaea0ebbf",
        "5257c486eecd787d",
        "986b465377e26965",
        "bb1a4505207847ca",
        "841a14acd5d42dc9",
        "1713cb8449af5374",
        "a6b046ced76d874f",
        "d4081ef838dd2d43",
        "a06f2bac529dd952",
        "341d4cf8f58aa4d5",
        "6fbc91a523596dae",
        "1a796109ec09d0bb",
        "5538af22d2f8e5ef",
        "8f9c7ff7082ece80",
        "33835a97f8f732b2",
        "bf0b1f15ca638314",
        "51004c7d23feabe5",
        "abc6064a27cf0a52",
        "6d2c184043312244",
        "af9eedd761168fa3",
        "1007a8c6e253c5b6",
        "58886abf6f420b17",
        "33408e5515c10986",
        "e5b6ca0008f0f709",
        "e6a834aa2abdca73",
        "cc23a1fe318a8aa5",
        "56f27eb5b52363cc",
        "dbf99b2fa909bf4b",
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
        #expect(Self.digest(fake.document(for: Invoice.sample)) == "89570c4d8a23c126")
        #expect(Self.digest(real.document(for: Invoice.sample)) == "683b0484458619f1")
        #expect(Self.digest(fake.document(for: firstLaunch)) == "e6bd368b5e96d118")
        #expect(Self.digest(real.document(for: firstLaunch)) == "b0487671cf6be1e")
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
