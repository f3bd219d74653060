import Foundation
import InvoiTestSupport
import Testing

/// `invoi render --sign`: PAdES B-B signatures that independent readers (poppler's pdfsig and
/// the pyHanko-based checker) find valid, covering the whole file, with the attributes B-B asks
/// for; tampering and later changes found; every bad key refused before anything is written.
@Suite(.serialized) struct SigningTests {
    static let keys = Result { try SigningKeys() }
    /// The PDF checker kit beside the repository, or the one INVOI_PDFCHECK names (as the
    /// Factur-X tests take it).
    static let checker =
        ProcessInfo.processInfo.environment["INVOI_PDFCHECK"].map(URL.init(fileURLWithPath:))
        ?? EInvoiceCommandTests.repository.deletingLastPathComponent().appendingPathComponent("shared/pdfcheck/check")
    static let sample = EInvoiceCommandTests.golden("sample")

    func keys() throws -> SigningKeys { try Self.keys.get() }

    /// `invoi ARGUMENTS` in `directory` with INVOI_SIGN_PASSWORD set to `password` (unset when
    /// nil), signing at `epoch` (SOURCE_DATE_EPOCH; 2026-03-12 09:30 UTC unless given).
    func invoi(
        _ arguments: [String], in directory: TemporaryDirectory, password: String? = nil, epoch: Int = 1_773_307_800
    ) throws -> InvoiProcess.Result {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let unset = password == nil ? "unset INVOI_SIGN_PASSWORD; " : ""
        return try directory.shell(
            unset + "SOURCE_DATE_EPOCH=\(epoch) " + #""$INVOI" "# + quoted.joined(separator: " "),
            environment: password.map { ["INVOI_SIGN_PASSWORD": $0] } ?? [:])
    }

    /// pdfsig's report of `file`.
    func pdfsig(_ file: URL) throws -> String {
        let run = try Tools.run("pdfsig", [file.path])
        return run.output + run.errors
    }

    /// The checker's findings for `file` (`--signatures`, trusting `trust`), and its exit status.
    func check(_ file: URL, trust: String, profiles: [String] = []) throws -> (status: Int32, report: String) {
        var arguments = [file.path, "--signatures", "--trust", trust]
        for profile in profiles { arguments += ["--profile", profile] }
        let run = try Tools.execute(Self.checker, arguments)
        return (
            run.status,
            String(decoding: run.standardOutput, as: UTF8.self) + String(decoding: run.standardError, as: UTF8.self)
        )
    }

    /// The CMS structure in the last signature dictionary of `pdf`, as `openssl cms -print` shows it.
    func signedData(of pdf: Data) throws -> String {
        let bytes = [UInt8](pdf)
        let marker = Array("/Contents <".utf8)
        let start =
            try #require(
                (0...(bytes.count - marker.count)).last { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
            + marker.count
        let end = try #require(bytes[start...].firstIndex(of: 0x3E))
        var hex = String(decoding: bytes[start..<end], as: UTF8.self)
        while hex.hasSuffix("00") { hex.removeLast(2) }
        var der = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            der.append(try #require(UInt8(hex[index..<next], radix: 16)))
            index = next
        }
        return try Tools.withFile(der, name: "signature.der") { file in
            try Tools.run("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", file.path]).output
        }
    }

    func expectValid(
        _ file: URL, trust: String, profiles: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let report = try pdfsig(file)
        #expect(report.contains("Signature is Valid."), "\(report)", sourceLocation: sourceLocation)
        #expect(report.contains("Total document signed"), "\(report)", sourceLocation: sourceLocation)
        #expect(report.contains("ETSI.CAdES.detached"), "\(report)", sourceLocation: sourceLocation)
        let (status, findings) = try check(file, trust: trust, profiles: profiles)
        #expect(status == 0, "\(findings)", sourceLocation: sourceLocation)
        for part in [
            "intact=True", "valid=True", "trusted=True", "coverage=ENTIRE_FILE", "modified=NONE", "PAdES=B-B",
            "signing-certificate-v2=True",
        ] {
            #expect(findings.contains(part), "\(part) in \(findings)", sourceLocation: sourceLocation)
        }
    }

    @Test func aKeystoreSignsAsPAdESBaselineB() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        let signed = try invoi(
            ["render", Self.sample, "-o", "signed.pdf", "--sign", keys.path("rsa.p12")], in: directory,
            password: SigningKeys.password)
        #expect(signed.status == 0, "\(signed.standardError)")
        let file = directory.url.appendingPathComponent("signed.pdf")
        try expectValid(file, trust: keys.path("rsa.pem"))

        // An incremental update: the finished file, which already says on its page that it
        // is signed, then the signature after its end.
        let pdf = try Data(contentsOf: file)
        let end = try #require(pdf.firstRange(of: Data("%%EOF\n".utf8))).upperBound
        #expect(pdf.count > end)
        let original = directory.url.appendingPathComponent("original.pdf")
        try pdf.prefix(end).write(to: original)
        let text = try Tools.run("pdftotext", [original.path, "-"]).output
        #expect(text.contains("Digitally signed document"), "\(text)")
        #expect(try invoi(["render", Self.sample, "-o", "plain.pdf"], in: directory).status == 0)
        let plain = try Tools.run("pdftotext", [directory.url.appendingPathComponent("plain.pdf").path, "-"]).output
        #expect(!plain.contains("Digitally signed document"))
        let update = String(decoding: pdf.dropFirst(end), as: UTF8.self)
        for part in [
            "/FT /Sig", "/F 4 /Rect [0 0 0 0]", "/SigFlags 3", "/Filter /Adobe.PPKLite",
            "/SubFilter /ETSI.CAdES.detached", "/M (D:20260312093000+00'00')", "/Prev ",
        ] {
            #expect(update.contains(part), "\(part)")
        }
        // B-B's signed attributes, and no signing time: the time is /M.
        let cms = try signedData(of: pdf)
        #expect(cms.contains("contentType (1.2.840.113549.1.9.3)"))
        #expect(cms.contains("messageDigest (1.2.840.113549.1.9.4)"))
        #expect(cms.contains("id-smime-aa-signingCertificateV2"))
        #expect(!cms.contains("signingTime"))
        #expect(cms.contains("sha256"))
    }

    /// The golden of a signed Hebrew original pins its page (the mark and the signed line);
    /// its signature, whose bytes vary, is pinned here.
    @Test func theSignedHebrewOriginalGoldenSignsAndSaysSo() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        let golden = EInvoiceCommandTests.golden("he-tax-invoice-receipt-original-signed")
        let signed = try invoi(
            [
                "render", golden, "-o", "signed.pdf", "--sign-key", keys.path("ec256.key"), "--sign-cert",
                keys.path("ec256.pem"),
            ], in: directory)
        #expect(signed.status == 0, "\(signed.standardError)")
        let file = directory.url.appendingPathComponent("signed.pdf")
        try expectValid(file, trust: keys.path("ec256.pem"))
        let text = try Tools.run("pdftotext", [file.path, "-"]).output
        for word in ["מקור", "מסמך חתום דיגיטלית"] {
            #expect(text.contains(word), "\(word) in \(text)")
        }
        let info = try Tools.run("pdfinfo", [file.path]).output
        #expect(info.contains("מקור"), "the subject names the mark: \(info)")
    }

    @Test(
        arguments: [
            ("ec256.key", "ec256.pem", nil, "ec256.pem"), ("ec384.key", "ec384.pem", nil, "ec384.pem"),
            ("rsa4096.key", "rsa4096.pem", nil, "rsa4096.pem"), ("leaf.key", "leaf.pem", "ca.pem", "ca.pem"),
            ("rsa-traditional.key", "rsa.pem", nil, "rsa.pem"),
        ] as [(String, String, String?, String)])
    func pemKeysOfEveryKindSign(key: String, certificate: String, chain: String?, trust: String) throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        var arguments = [
            "render", Self.sample, "-o", "signed.pdf", "--sign-key", keys.path(key), "--sign-cert",
            keys.path(certificate),
        ]
        if let chain { arguments += ["--sign-chain", keys.path(chain)] }
        let result = try invoi(arguments, in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        // A leaf trusted through its CA only: the chain must be in the signature.
        try expectValid(directory.url.appendingPathComponent("signed.pdf"), trust: keys.path(trust))
    }

    @Test func anEncryptedKeyAndAPasswordFile() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        try directory.write("secret\n", to: "password")
        for arguments in [
            ["--sign-key", keys.path("encrypted.key"), "--sign-cert", keys.path("rsa.pem")],
            ["--sign", keys.path("rsa.p12")], ["--sign", keys.path("legacy.p12")],
        ] {
            let result = try invoi(
                ["render", Self.sample, "-o", "signed.pdf", "--sign-password-file", "password"] + arguments,
                in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            try expectValid(directory.url.appendingPathComponent("signed.pdf"), trust: keys.path("rsa.pem"))
        }
        // A keystore made with an empty password opens without one.
        let plain = try invoi(
            ["render", Self.sample, "-o", "plain.pdf", "--sign", keys.path("rsa-plain.p12")], in: directory)
        #expect(plain.status == 0, "\(plain.standardError)")
    }

    /// A Factur-X claims PDF/A-3a (tagged); signed, it still meets 3a and the signature is valid.
    @Test func aSignedFacturXStaysPDFA3aAndValid() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        let result = try invoi(
            [
                "render", EInvoiceCommandTests.golden("einvoice-credit-note"), "--format", "facturx", "-o", "fx.pdf",
                "--sign", keys.path("rsa.p12"),
            ], in: directory, password: SigningKeys.password)
        #expect(result.status == 0, "\(result.standardError)")
        let file = directory.url.appendingPathComponent("fx.pdf")
        try expectValid(file, trust: keys.path("rsa.pem"), profiles: ["pdfa-3a"])
        try EInvoiceCommandTests.expectValid([file], profile: "en16931")
    }

    /// A file that claims PDF/UA-1 (alone, with PDF/A-3a, or as a Factur-X) keeps its claims
    /// when signed: the widget has a description (/TU) and a Form element in the structure
    /// tree, reached from the parent tree by its /StructParent; and the signature stays valid.
    @Test(arguments: [
        (["--pdf-standard", "ua-1"], ["pdfua-1"]),
        (["--pdf-standard", "ua-1,a-3a"], ["pdfua-1", "pdfa-3a"]),
        (["--format", "facturx", "--pdf-standard", "ua-1"], ["pdfua-1", "pdfa-3a"]),
    ])
    func aSignedAccessibleFileKeepsItsClaims(options: [String], profiles: [String]) throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        let result = try invoi(
            [
                "render", EInvoiceCommandTests.golden("einvoice-credit-note"), "-o", "ua.pdf", "--sign",
                keys.path("rsa.p12"),
            ]
                + options, in: directory, password: SigningKeys.password)
        #expect(result.status == 0, "\(result.standardError)")
        let file = directory.url.appendingPathComponent("ua.pdf")
        try expectValid(file, trust: keys.path("rsa.pem"), profiles: profiles)
        let pdf = try Data(contentsOf: file)
        let end = try #require(pdf.range(of: Data("%%EOF".utf8), options: .backwards, in: 0..<(pdf.count - 8)))
        let update = String(decoding: pdf[end.upperBound...], as: UTF8.self)
        #expect(update.contains("/TU (Digital signature)"), "\(update)")
        #expect(update.contains("/S /Form"), "\(update)")
        #expect(update.contains("/Type /OBJR"), "\(update)")
        #expect(update.contains("/StructParent "), "\(update)")
        #expect(update.contains("/ParentTreeNextKey "), "\(update)")
    }

    /// A CA bundle given as the chain: only the certificates that chain the signer's go into
    /// the signature (a Factur-X stays within PDF/A's string limit), and a note says how many
    /// were left out.
    @Test func aCABundleAsTheChainKeepsOnlyTheSignersChain() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        let system = "/etc/ssl/certs/ca-certificates.crt"
        var bundle = (try? String(contentsOfFile: system, encoding: .utf8)) ?? ""
        if !bundle.contains("BEGIN CERTIFICATE") {
            // No system bundle: 120 unrelated roots of its own.
            let made = try Tools.execute(
                URL(fileURLWithPath: "/bin/bash"),
                [
                    "-c",
                    "for i in $(seq 120); do openssl req -x509 -nodes -newkey ec -pkeyopt ec_paramgen_curve:P-256 "
                        + "-keyout /dev/null -subj \"/CN=Root $i\" -days 30 2>/dev/null; done",
                ], in: directory.url)
            bundle = String(decoding: made.standardOutput, as: UTF8.self)
        }
        let unrelated = bundle.components(separatedBy: "-----BEGIN CERTIFICATE-----").count - 1
        #expect(unrelated > 100)
        // The signer's CA in the middle of the bundle, as a careless concatenation would put it.
        let ca = try String(contentsOfFile: keys.path("ca.pem"), encoding: .utf8)
        try directory.write(bundle + "\n" + ca + bundle, to: "chain.pem")
        let result = try invoi(
            [
                "render", EInvoiceCommandTests.golden("einvoice-credit-note"), "--format", "facturx", "-o", "fx.pdf",
                "--sign-key", keys.path("leaf.key"), "--sign-cert", keys.path("leaf.pem"), "--sign-chain", "chain.pem",
            ], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "invoi: note: \(unrelated) of the certificates given do not chain the signer's certificate and are "
                    + "left out of the signature ("),
            "\(result.standardError)")
        #expect(result.standardError.contains("and \(unrelated - 3) more)"), "\(result.standardError)")
        let file = directory.url.appendingPathComponent("fx.pdf")
        try expectValid(file, trust: keys.path("ca.pem"), profiles: ["pdfa-3a"])
        let cms = try signedData(of: Data(contentsOf: file))
        // The leaf and its CA, nothing else.
        #expect(cms.components(separatedBy: "d.certificate:").count - 1 == 2, "\(cms)")
        #expect(cms.contains("CN=Test CA"))
    }

    /// A chain that does chain the signer but is larger than a PDF string may hold is refused
    /// before anything is written.
    @Test func aSignatureTooLargeForAPDFStringIsRefused() throws {
        let directory = try TemporaryDirectory()
        let script = """
            set -e
            ec() { openssl req -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:P-256 -keyout "$1.key" -subj "/CN=$1" 2>/dev/null; }
            openssl req -x509 -nodes -newkey ec -pkeyopt ec_paramgen_curve:P-256 -keyout root.key -out root.pem \\
              -subj /CN=root -days 30 2>/dev/null
            issuer=root
            # Three intermediate CAs, each with 11,000 bytes of an extension of no meaning.
            for name in one two three; do
              printf 'basicConstraints=critical,CA:true\\nkeyUsage=keyCertSign\\n1.2.3.4=ASN1:UTF8String:%s\\n' \\
                "$(head -c 11000 /dev/zero | tr '\\0' x)" > "$name.ext"
              ec "$name" | openssl x509 -req -CA "$issuer.pem" -CAkey "$issuer.key" -CAcreateserial -days 30 \\
                -extfile "$name.ext" -out "$name.pem" 2>/dev/null
              issuer=$name
            done
            printf 'keyUsage=digitalSignature\\n' > signer.ext
            ec signer | openssl x509 -req -CA three.pem -CAkey three.key -CAcreateserial -days 30 \\
              -extfile signer.ext -out signer.pem 2>/dev/null
            cat three.pem two.pem one.pem root.pem > chain.pem
            rm -f ./*.ext ./*.srl
            """
        let made = try Tools.execute(URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: directory.url)
        #expect(made.status == 0, "\(String(decoding: made.standardError, as: UTF8.self))")
        let before = try directory.entries()
        let result = try invoi(
            [
                "render", Self.sample, "-o", "out.pdf", "--sign-key", "signer.key", "--sign-cert", "signer.pem",
                "--sign-chain", "chain.pem",
            ], in: directory, epoch: Int(Date().timeIntervalSince1970))
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains("signer.pem: a signature with 5 certificates"), "\(result.standardError)")
        #expect(result.standardError.contains("more than the 32767 a PDF string may hold"), "\(result.standardError)")
        #expect(try directory.entries() == before)
    }

    /// The certificate is checked at the signing time the signature records (/M, here
    /// SOURCE_DATE_EPOCH's), not at the clock's.
    @Test func theCertificateIsCheckedAtTheSigningTime() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        // Valid from today: a signature dated 1970 would say it was made before the certificate.
        let early = try invoi(
            [
                "render", Self.sample, "-o", "early.pdf", "--sign-key", keys.path("new.key"), "--sign-cert",
                keys.path("new.pem"),
            ],
            in: directory, epoch: 0)
        #expect(early.status == 65, "\(early.standardError)")
        for part in [
            "new.pem: the certificate of",
            "not at 1970-01-01 00:00:00 UTC, the signing time the signature would record",
            "(the signing time is SOURCE_DATE_EPOCH's)",
        ] {
            #expect(early.standardError.contains(part), "\(part) in \(early.standardError)")
        }
        #expect(try directory.entries().isEmpty)
        // Expired by the clock, valid (2020 to 2021) at the signing time: signed, dated then.
        let then = try invoi(
            [
                "render", Self.sample, "-o", "then.pdf", "--sign-key", keys.path("expired.key"), "--sign-cert",
                keys.path("expired.pem"),
            ], in: directory, epoch: 1_590_969_600)
        #expect(then.status == 0, "\(then.standardError)")
        let pdf = try Data(contentsOf: directory.url.appendingPathComponent("then.pdf"))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/M (D:20200601000000+00'00')"))
        #expect(try pdfsig(directory.url.appendingPathComponent("then.pdf")).contains("Signature is Valid."))
    }

    @Test func oneChangedByteOrALaterPageChangeIsFound() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        let result = try invoi(
            ["render", Self.sample, "-o", "signed.pdf", "--sign", keys.path("rsa.p12")], in: directory,
            password: SigningKeys.password)
        #expect(result.status == 0, "\(result.standardError)")
        let signed = try [UInt8](Data(contentsOf: directory.url.appendingPathComponent("signed.pdf")))

        // A byte of the header's binary comment (inside the first signed range) flipped.
        var flipped = signed
        flipped[11] ^= 0x01
        let tampered = directory.url.appendingPathComponent("tampered.pdf")
        try Data(flipped).write(to: tampered)
        let report = try pdfsig(tampered)
        #expect(!report.contains("Signature is Valid."), "\(report)")
        #expect(report.contains("Signature is Invalid") || report.contains("Digest Mismatch"), "\(report)")
        let tamperedCheck = try check(tampered, trust: keys.path("rsa.pem"))
        #expect(tamperedCheck.status == 1)
        #expect(tamperedCheck.report.contains("SIG-INTACT"), "\(tamperedCheck.report)")

        // A later incremental update that gives the first page another media box.
        let text = String(decoding: signed, as: UTF8.self)
        let page = try #require(text.ranges(of: " 0 obj\n<< /Type /Page ").last)
        let number = try #require(text[..<page.lowerBound].split(whereSeparator: \.isNewline).last)
        let end = try #require(text[page.upperBound...].range(of: "\nendobj\n"))
        let body = text[page.upperBound..<end.lowerBound].replacingOccurrences(
            of: "/MediaBox [0 0 595.28 841.89]", with: "/MediaBox [0 0 400 400]")
        #expect(body.contains("/MediaBox [0 0 400 400]"))
        let startxref = try #require(text.ranges(of: "startxref\n").last)
        let previous = text[startxref.upperBound...].prefix { $0.isNumber }
        let trailer = try #require(text.ranges(of: "trailer\n").last)
        let trailerBody = text[trailer.upperBound...].prefix { $0 != "\n" }
        var update = "\(number) 0 obj\n<< /Type /Page \(body)\nendobj\n"
        let objectOffset = signed.count
        let xref = objectOffset + update.utf8.count
        let offset = String(objectOffset)
        update += "xref\n\(number) 1\n" + String(repeating: "0", count: 10 - offset.count) + offset + " 00000 n \n"
        update +=
            "trailer\n"
            + trailerBody.replacingOccurrences(
                of: #"/Prev \d+"#, with: "/Prev \(previous)", options: .regularExpression)
        update += "\nstartxref\n\(xref)\n%%EOF\n"
        let changed = directory.url.appendingPathComponent("changed.pdf")
        try Data(signed + Array(update.utf8)).write(to: changed)
        let changedReport = try pdfsig(changed)
        #expect(!changedReport.contains("Total document signed"), "\(changedReport)")
        let changedCheck = try check(changed, trust: keys.path("rsa.pem"))
        #expect(changedCheck.status == 1, "\(changedCheck.report)")
        #expect(changedCheck.report.contains("SIG-MODIFIED"), "\(changedCheck.report)")
    }

    /// The signed page looks as the unsigned one, pixel for pixel, except in the footer band,
    /// where a signed document says it is signed.
    @Test func theSignedPageLooksLikeTheUnsigned() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        for (name, golden) in [("sample", Self.sample), ("hebrew", EInvoiceCommandTests.golden("he-tax-invoice"))] {
            #expect(try invoi(["render", golden, "-o", "\(name)-plain.pdf"], in: directory).status == 0)
            let signed = try invoi(
                ["render", golden, "-o", "\(name)-signed.pdf", "--sign", keys.path("rsa.p12")], in: directory,
                password: SigningKeys.password)
            #expect(signed.status == 0, "\(signed.standardError)")
            let plain = try PortablePixmap(rendering: directory.url.appendingPathComponent("\(name)-plain.pdf"))
            let other = try PortablePixmap(rendering: directory.url.appendingPathComponent("\(name)-signed.pdf"))
            #expect(plain.width == other.width && plain.height == other.height)
            // The footer band, left out: the page's bottom 120 points (the footer and the
            // margin below it, with room for a line more).
            let rows = 0..<(plain.height - 120)
            #expect(plain.rows(rows) == other.rows(rows), "\(name): the pages differ above the footer")
            #expect(plain.rows(rows).contains { $0 != 0xFF }, "\(name): the page is blank")
        }
    }

    @Test func batchesAndJSONLinesSignEveryFile() throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        let invoices = ["sample", "de-partial-paid", "he-tax-invoice"].map(EInvoiceCommandTests.golden)
        let batch = try invoi(
            ["render"] + invoices + ["--out-dir", "batch", "--jobs", "2", "--sign", keys.path("rsa.p12")],
            in: directory, password: SigningKeys.password)
        #expect(batch.status == 0, "\(batch.standardError)")
        let files = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("batch").path)
        #expect(files.count == 3)
        for file in files {
            let report = try pdfsig(directory.url.appendingPathComponent("batch/\(file)"))
            #expect(report.contains("Signature is Valid.") && report.contains("Total document signed"), "\(file)")
        }
        // Two invoices of a JSON Lines stream.
        let lines = try invoices.prefix(2).map { path in
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let object = try JSONSerialization.jsonObject(with: data)
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        try directory.write(lines.joined(separator: "\n") + "\n", to: "invoices.jsonl")
        let stream = try invoi(
            ["render", "--jsonl", "invoices.jsonl", "--out-dir", "lines", "--sign", keys.path("rsa.p12")],
            in: directory, password: SigningKeys.password)
        #expect(stream.status == 0, "\(stream.standardError)")
        let streamed = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("lines").path)
        #expect(streamed.count == 2)
        for file in streamed {
            #expect(try pdfsig(directory.url.appendingPathComponent("lines/\(file)")).contains("Signature is Valid."))
        }
        // The key is read once, before any invoice: a wrong password is one error, no file.
        let refused = try invoi(
            ["render"] + invoices + ["--out-dir", "refused", "--sign", keys.path("rsa.p12")], in: directory,
            password: "wrong")
        #expect(refused.status == 65)
        #expect(refused.errorLines.count == 1, "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("refused").path))
    }

    /// (signing options, password, exit status, what the message must say)
    static let refusals: [([String], String?, Int32, [String])] = [
        (["--sign", "rsa.p12"], "wrong", 65, ["rsa.p12", "password does not open it"]),
        (["--sign", "missing.p12"], "secret", 66, ["missing.p12", "cannot be read", "No such file"]),
        (["--sign", "rsa.pem"], "secret", 65, ["rsa.pem", "not a PKCS#12 keystore"]),
        (["--sign", "."], "secret", 66, ["cannot be read", "a directory"]),
        (["--sign-key", "ec256.key", "--sign-cert", "rsa.pem"], nil, 65, ["ec256.key", "does not belong", "rsa.pem"]),
        (
            ["--sign-key", "expired.key", "--sign-cert", "expired.pem"], nil, 65,
            ["expired.pem", "2020-01-01 00:00:00 UTC", "2021-01-01 00:00:00 UTC"]
        ),
        (
            ["--sign-key", "future.key", "--sign-cert", "future.pem"], nil, 65,
            ["future.pem", "2099-01-01 00:00:00 UTC", "2100-01-01 00:00:00 UTC"]
        ),
        (["--sign-key", "ca.key", "--sign-cert", "ca.pem"], nil, 65, ["ca.pem", "keyCertSign", "digitalSignature"]),
        (["--sign-key", "rsa1024.key", "--sign-cert", "rsa1024.pem"], nil, 65, ["RSA key of 1024 bits"]),
        (["--sign-key", "encrypted.key", "--sign-cert", "rsa.pem"], nil, 65, ["encrypted", "INVOI_SIGN_PASSWORD"]),
        (["--sign-key", "encrypted.key", "--sign-cert", "rsa.pem"], "wrong", 65, ["password does not open it"]),
        (["--sign", "rsa.p12", "--format", "png"], "secret", 64, ["--format pdf or facturx"]),
        (["--sign-key", "rsa.key"], nil, 64, ["--sign-key and --sign-cert go together"]),
        (["--sign", "rsa.p12", "--sign-key", "rsa.key", "--sign-cert", "rsa.pem"], "secret", 64, ["not both"]),
        (["--sign-chain", "ca.pem"], nil, 64, ["--sign-chain is for signing"]),
    ]

    @Test(arguments: refusals)
    func aKeyThatCannotSignIsRefusedAndNothingIsWritten(
        options: [String], password: String?, status: Int32, message: [String]
    ) throws {
        let keys = try keys()
        let directory = try TemporaryDirectory()
        try directory.write("an earlier file", to: "out.pdf")
        // Key files are named relative to the keys' directory.
        let known = Set([
            "rsa.p12", "rsa.pem", "rsa.key", "ec256.key", "expired.key", "expired.pem", "future.key",
            "future.pem", "ca.key", "ca.pem", "rsa1024.key", "rsa1024.pem", "encrypted.key", "missing.p12", ".",
        ])
        let arguments = options.map { known.contains($0) ? keys.path($0) : $0 }
        let result = try invoi(["render", Self.sample, "-o", "out.pdf"] + arguments, in: directory, password: password)
        #expect(result.status == status, "\(result.standardError)")
        for part in message { #expect(result.standardError.contains(part), "\(part) in \(result.standardError)") }
        #expect(try directory.contents(of: "out.pdf") == "an earlier file")
        #expect(try directory.entries() == ["out.pdf"])
    }

    @Test func aKeystoreWithTwoKeysIsRefused() throws {
        let keys = try keys()
        let python = try Tools.execute(Self.checker, ["--python"])
        let interpreter = String(decoding: python.standardOutput, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let keystore = try keys.makeKeystoreWithTwoKeys(python: interpreter)
        let directory = try TemporaryDirectory()
        let result = try invoi(
            ["render", Self.sample, "-o", "out.pdf", "--sign", keystore], in: directory, password: "")
        #expect(result.status == 65)
        #expect(result.standardError.contains("holds 2 private keys"), "\(result.standardError)")
        #expect(try directory.entries().isEmpty)
    }
}

/// A page rasterised by pdftoppm (72 dpi, grey), as rows of bytes.
struct PortablePixmap {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init(rendering pdf: URL) throws {
        let data = try Tools.execute(
            URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-r", "72", "-gray", "-f", "1", "-l", "1", pdf.path]
        ).standardOutput
        // "P5\n<width> <height>\n255\n" then the pixels.
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while index < data.count, data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            var value = 0
            while index < data.count, (0x30...0x39).contains(data[index]) {
                value = value * 10 + Int(data[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        width = fields[0]
        height = fields[1]
        pixels = [UInt8](data.suffix(width * height))
        guard data.starts(with: Data("P5".utf8)), pixels.count == width * height else {
            throw SigningKeysError(description: "pdftoppm did not write a grey page for \(pdf.path)")
        }
    }

    func rows(_ range: Range<Int>) -> ArraySlice<UInt8> {
        pixels[(range.lowerBound * width)..<(range.upperBound * width)]
    }
}
