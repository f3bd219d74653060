import ArgumentParser
import InvoiDocument
import InvoiEInvoice
import InvoiModel
import InvoiRender

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        _superCommandName: InvoiCommand.configuration.commandName ?? "invoi",
        abstract: "Render invoices to PDF, PNG, SVG, a text preview, or the display list.",
        discussion: """
            Outputs are named "{invoiceNumber} - {fromName}.{ext}" unless -o is given (or after \
            their input file, with --name-by input). PNG and SVG \
            write one file per page: one page → NAME.png; several → NAME-1.png, NAME-2.png, …
            txt and ops go to standard output when there is a single input and no -o.
            E-invoices: cii (UN/CEFACT CII XML) and ubl (UBL 2.1 XML) are named NAME.xml, facturx \
            (the PDF as PDF/A-3a, 3b with --untagged, with the CII XML inside) NAME.pdf; --profile chooses the rules \
            they follow, and an invoice that misses what they require is reported by JSON path \
            (exit 65) before anything is written.
            Signing (pdf, facturx): --sign KEYSTORE.p12, or --sign-key KEY.pem --sign-cert CERT.pem \
            [--sign-chain CHAIN.pem], adds a PAdES B-B signature; the password comes from \
            INVOI_SIGN_PASSWORD or --sign-password-file, never from the command line. The signing \
            time is the document's creation date (SOURCE_DATE_EPOCH, else now); the certificate must \
            be valid then. Only the certificates that chain the signer's are included.
            Received e-invoices: an input may be UN/CEFACT CII (ZUGFeRD 1.0 too), UBL 2.1 Invoice or \
            CreditNote XML, or a PDF that embeds one (Factur-X, ZUGFeRD, XRechnung), told by its content. \
            Stated figures that disagree (EN 16931's BR-CO rules) are a warning each. --format json \
            converts one to invoi's JSON, cii and ubl to the other syntax; what they cannot carry is \
            listed in a warning. JSON Lines lines are always invoi's JSON.
            Exit status: 0 ok, 64 usage, 65 invalid invoice, 66 input missing, 69 qpdf missing for a PDF, \
            73 cannot write, 70 internal.
            """
    )

    @Argument(
        help:
            "Invoice files: invoi's JSON, an e-invoice's XML (CII, UBL) or a PDF that embeds one ('-' reads standard input)."
    )
    var inputs: [String] = []

    @Flag(help: "Render the built-in sample invoice.")
    var sample = false

    @Option(
        help:
            "pdf, png, svg, txt, ops, an e-invoice: cii, ubl, facturx, or json (invoi's JSON) (default: from -o's extension, else pdf)."
    )
    var format: OutputFormat?

    @Option(
        help: ArgumentHelp(
            "E-invoice profile: for cii minimum, basicwl, basic, en16931, xrechnung; for ubl en16931, xrechnung, peppol; for facturx minimum, basicwl, basic, en16931 (default en16931).",
            valueName: "profile"))
    var profile: EInvoiceProfile?

    @Option(name: .shortAndLong, help: "Output file ('-' for standard output).")
    var output: String?

    @Option(name: .customLong("out-dir"), help: "Directory for the outputs, named by the invoice (or --name-by input).")
    var outDirectory: String?

    @Option(
        name: .customLong("name-by"),
        help: ArgumentHelp(
            "What names the files in --out-dir: invoice (\"{invoiceNumber} - {fromName}\") or input (a.json → a.pdf; line N of bills.jsonl → bills-N.pdf, of standard input → stdin-N.pdf).",
            valueName: "naming"))
    var naming: OutputNaming = RenderRequest.defaults.naming

    @Option(help: "a4 or letter (default: the theme's, else a4).")
    var paper: PaperSize?

    @Option(help: ThemeArguments.themeHelp)
    var theme: String?

    @Option(help: ThemeArguments.designHelp)
    var design: String?

    @Option(help: "PNG resolution in dots per inch (18 to 600).")
    var dpi: Double = RenderRequest.defaults.dpi

    @Option(help: "Columns of the text preview, 20 to 1000 (default: the terminal's width, else 100).")
    var width: Int?

    @Option(help: "Colour in the text preview: auto, always or never.")
    var color: ColorMode = RenderRequest.defaults.color

    @Option(help: AccentArgument.help)
    var accent: String?

    @Option(help: LanguageArguments.languageHelp)
    var language: String?

    @Option(help: LanguageArguments.localeHelp)
    var locale: String?

    @Option(help: LanguageArguments.digitsHelp)
    var digits: String?

    @Option(help: LanguageArguments.bidiHelp)
    var bidi: BidiOrder = RenderRequest.defaults.bidi

    @Option(name: .customLong("copy-mark"), help: CopyMarkArgument.help)
    var copyMark: String?

    @Option(name: .customLong("payment-qr"), help: PaymentQRArgument.help)
    var paymentQR: PaymentQRScheme?

    @Option(help: "Font family to use before the built-in fallbacks.")
    var font: String?

    @Option(help: "Invoices rendered at once, 1 to 256 (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Read one invoice per line (JSON Lines) from the inputs or standard input.")
    var jsonl = false

    @Option(
        name: .customLong("sign"),
        help: ArgumentHelp(
            "Sign each PDF with the key and certificate of this PKCS#12 keystore (.p12, .pfx).",
            valueName: "keystore"))
    var signKeystore: String?

    @Option(
        name: .customLong("sign-key"),
        help: ArgumentHelp("Sign with this PEM private key (with --sign-cert).", valueName: "key.pem"))
    var signKey: String?

    @Option(
        name: .customLong("sign-cert"),
        help: ArgumentHelp("The PEM certificate of --sign-key.", valueName: "cert.pem"))
    var signCertificate: String?

    @Option(
        name: .customLong("sign-chain"),
        help: ArgumentHelp(
            "PEM certificates of the signer's chain, to include (others in the file are left out, with a note).",
            valueName: "chain.pem"))
    var signChain: String?

    @Option(
        name: .customLong("sign-password-file"),
        help: ArgumentHelp(
            "A file whose first line is the password of the keystore or key (else INVOI_SIGN_PASSWORD).",
            valueName: "file"))
    var signPasswordFile: String?

    @Option(
        name: .customLong("pdf-standard"),
        help: ArgumentHelp(
            "Standards the PDF claims (pdf, facturx), comma separated: ua-1 (PDF/UA-1, accessible), a-3b or a-3a (PDF/A-3, archival; a-3a also accessible).",
            valueName: "list"))
    var pdfStandard: String?

    @Flag(
        help:
            "Write the PDF without tags (no structure for screen readers; a facturx is then PDF/A-3b); not with --pdf-standard ua-1 or a-3a."
    )
    var untagged = false

    @Option(name: .customLong("extract-attachments"), help: ExtractionArgument.help)
    var extractAttachments: String?

    func validate() throws {
        try request.validate(hasInputs: !inputs.isEmpty)
    }

    /// The options' values, for the work itself.
    var request: RenderRequest {
        RenderRequest(
            sample: sample, format: format, profile: profile, output: output, outDirectory: outDirectory,
            naming: naming, paper: paper, dpi: dpi, width: width, color: color, accent: accent, language: language,
            locale: locale, digits: digits, bidi: bidi, copyMark: copyMark, font: font, jobs: jobs,
            jsonl: jsonl, signKeystore: signKeystore, signKey: signKey, signCertificate: signCertificate,
            signChain: signChain, signPasswordFile: signPasswordFile, pdfStandard: pdfStandard,
            untagged: untagged, paymentQR: paymentQR, theme: theme, design: design,
            extractAttachments: extractAttachments)
    }

    func run() throws {
        try run(inputs: InputList(inputs))
    }

    func run(inputs list: InputList) throws {
        try request.run(inputs: list)
    }
}

extension RenderCommand: InputListCommand {}

let invoiVersion = InvoiVersion.current
