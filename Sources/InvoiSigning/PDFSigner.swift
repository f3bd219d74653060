import Foundation
import InvoiPDFFile

/// Signs finished PDFs with one identity: a PAdES baseline B-B signature (ETSI EN 319 142-1)
/// in an incremental update appended to the file, whose bytes stay as they were.
///
/// The update holds an invisible signature field (a widget of zero size on the first page,
/// printable so that PDF/A holds, described by /TU, in the catalog's AcroForm with /SigFlags
/// 3), its signature dictionary (/Filter /Adobe.PPKLite, /SubFilter /ETSI.CAdES.detached, /M,
/// /ByteRange and /Contents: a detached CMS SignedData over every byte of the file but
/// /Contents' own value), the first page (/Tabs /S) and the catalog again, in a tagged file
/// the widget's `Form` element and parent-tree entry (`SignatureStructure`), and a
/// cross-reference section with /Prev. So a file that claims PDF/UA-1 or PDF/A keeps its claims.
public struct PDFSigner: Sendable {
    public let identity: SigningIdentity

    public init(identity: SigningIdentity) {
        self.identity = identity
    }

    /// `pdf` with the signature appended; `date` is the signature dictionary's /M, at which
    /// the certificate must be valid.
    public func sign(_ pdf: [UInt8], at date: Date) throws(SigningError) -> [UInt8] {
        try pdf + signatureUpdate(for: pdf, at: date)
    }

    /// What signing appends to `pdf`: an incremental update holding the signature. The signed
    /// file is `pdf` and then these bytes; `pdf` is not copied (a long invoice's file is held once).
    public func signatureUpdate(for pdf: [UInt8], at date: Date) throws(SigningError) -> [UInt8] {
        try identity.checkValidity(at: date)
        let revision = try PDFRevision(pdf)
        let catalog = try revision.catalog()
        let page = try revision.firstPage(of: catalog.dictionary)
        guard let size = revision.trailer["/Size"]?.integer, size > 0 else {
            throw .unsignablePDF("the trailer has no /Size")
        }
        let fieldNumber = size
        let signatureNumber = size + 1
        let fieldName = "Signature1"

        var pageDictionary = page.dictionary
        var annotations: [PDFValue] = []
        if let existing = try revision.resolved(pageDictionary["/Annots"]) {
            guard case .array(let items) = existing else {
                throw .unsignablePDF("the first page's /Annots is no array")
            }
            annotations = items
        }
        annotations.append(.reference(number: fieldNumber, generation: 0))
        pageDictionary["/Annots"] = .array(annotations)
        // Annotations in the order of the structure (PDF/UA-1, 7.18.3).
        if pageDictionary["/Tabs"] == nil { pageDictionary["/Tabs"] = .token(Array("/S".utf8)) }

        var objects: [(number: Int, body: [UInt8])] = []
        var catalogDictionary = catalog.dictionary
        let structure = try SignatureStructure(
            revision: revision, catalog: catalogDictionary, widget: fieldNumber, page: page.number,
            firstNumber: size + 2)
        if let root = structure?.inlineRoot { catalogDictionary["/StructTreeRoot"] = .dictionary(root) }
        let nextNumber = structure?.nextNumber ?? size + 2
        let field = PDFValue.reference(number: fieldNumber, generation: 0)
        let signatureFlags = PDFValue.token(Array("3".utf8))
        if let form = catalogDictionary["/AcroForm"], let reference = form.reference {
            guard var dictionary = try revision.object(reference.number).dictionary else {
                throw .unsignablePDF("the catalog's /AcroForm is no dictionary")
            }
            try Self.add(field, to: &dictionary, revision: revision, flags: signatureFlags)
            objects.append((reference.number, dictionary.bytes))
        } else {
            var dictionary = catalogDictionary["/AcroForm"]?.dictionary ?? PDFDictionary()
            try Self.add(field, to: &dictionary, revision: revision, flags: signatureFlags)
            catalogDictionary["/AcroForm"] = .dictionary(dictionary)
        }
        // /SubFilter /ETSI.CAdES.detached is PDF 2.0's, declared for PDF 1.7 by the ESIC
        // extension (ETSI EN 319 142-1, 5.4); an older header is raised by the catalog's /Version.
        if let version = revision.headerVersion, version.major == 1, version.minor < 7,
            catalogDictionary["/Version"] == nil
        {
            catalogDictionary["/Version"] = .token(Array("/1.7".utf8))
        }
        if catalogDictionary["/Extensions"] == nil {
            catalogDictionary["/Extensions"] = .dictionary(
                PDFDictionary(entries: [
                    (
                        "/ESIC",
                        .dictionary(
                            PDFDictionary(entries: [
                                ("/BaseVersion", .token(Array("/1.7".utf8))),
                                ("/ExtensionLevel", .token(Array("2".utf8))),
                            ]))
                    )
                ]))
        }
        objects.append((catalog.number, catalogDictionary.bytes))
        objects.append((page.number, pageDictionary.bytes))
        objects += structure?.objects ?? []
        // /TU: the field's description, which assistive technology reads (PDF/UA-1, 7.18.1).
        var widget =
            "<< /Type /Annot /Subtype /Widget /FT /Sig /T (\(fieldName)) /TU (\(Self.fieldDescription)) "
            + "/F 4 /Rect [0 0 0 0] /P \(page.number) 0 R /V \(signatureNumber) 0 R"
        if let structure { widget += " /StructParent \(structure.structParent)" }
        objects.append((fieldNumber, Array((widget + " >>").utf8)))

        for attempt in 0..<Self.attempts {
            // The update's bytes; `base` is where they start in the signed file.
            let base = pdf.count
            var output: [UInt8] = []
            if pdf.last != 0x0A && pdf.last != 0x0D { output.append(0x0A) }
            var written: [Int: Int] = [:]
            for (number, body) in objects {
                written[number] = base + output.count
                output += Array("\(number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
            }
            // The signature dictionary, with room for the byte range and the CMS structure.
            let capacity = identity.signatureCapacity + attempt
            let byteRangeWidth = 48
            written[signatureNumber] = base + output.count
            output += Array(
                "\(signatureNumber) 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /M \(Self.pdfDate(date)) /ByteRange "
                    .utf8)
            let byteRangeStart = output.count
            output += [UInt8](repeating: 0x20, count: byteRangeWidth)
            output += Array(" /Contents ".utf8)
            let contentsStart = output.count
            output += [0x3C] + [UInt8](repeating: 0x30, count: capacity * 2) + [0x3E]
            let contentsEnd = output.count
            output += Array(" >>\nendobj\n".utf8)

            let crossReference = base + output.count
            output += Array(PDFCrossReferenceTable.section(written).utf8)
            var trailer = PDFDictionary()
            trailer["/Size"] = .token(Array(String(nextNumber).utf8))
            trailer["/Root"] = revision.trailer["/Root"]
            if let info = revision.trailer["/Info"] { trailer["/Info"] = info }
            if let identifier = revision.trailer["/ID"] { trailer["/ID"] = identifier }
            trailer["/Prev"] = .token(Array(String(revision.lastCrossReference).utf8))
            output += Array("trailer\n".utf8) + trailer.bytes + Array("\nstartxref\n\(crossReference)\n%%EOF\n".utf8)

            // In the signed file: everything but /Contents' hexadecimal string.
            let byteRange = Array(
                "[0 \(base + contentsStart) \(base + contentsEnd) \(output.count - contentsEnd)]".utf8)
            guard byteRange.count <= byteRangeWidth else { throw .unsignablePDF("the file is too large to sign") }
            output.replaceSubrange(byteRangeStart..<(byteRangeStart + byteRange.count), with: byteRange)

            let digest = try identity.digest(of: [
                (pdf, [0..<pdf.count]), (output, [0..<contentsStart, contentsEnd..<output.count]),
            ])
            let cms = try identity.cmsSignature(overDigest: digest)
            // /Contents is padded with zeros, and readers that strip the padding (veraPDF among
            // them) cut a structure that ends in a zero byte, one signature in 256. One more byte
            // of room moves the byte range, so the digest and the signature change.
            if cms.last == 0 { continue }
            guard cms.count <= capacity else {
                throw .signatureFailed("the signature takes \(cms.count) bytes, more than the \(capacity) set aside")
            }
            let hexDigits = Array("0123456789ABCDEF".utf8)
            var cursor = contentsStart + 1
            for byte in cms {
                output[cursor] = hexDigits[Int(byte >> 4)]
                output[cursor + 1] = hexDigits[Int(byte & 0x0F)]
                cursor += 2
            }
            return output
        }
        throw .signatureFailed("each of \(Self.attempts) signatures ended in a zero byte")
    }

    /// The signature field's description (/TU).
    static let fieldDescription = "Digital signature"

    /// How many signatures are made, at most, until one does not end in a zero byte (each does
    /// by chance, one in 256).
    private static let attempts = 8

    /// Adds `field` to the form's /Fields and sets /SigFlags (signatures exist, append only).
    private static func add(
        _ field: PDFValue, to form: inout PDFDictionary, revision: PDFRevision, flags: PDFValue
    ) throws(SigningError) {
        var fields: [PDFValue] = []
        if let existing = try revision.resolved(form["/Fields"]) {
            guard case .array(let items) = existing else { throw .unsignablePDF("the form's /Fields is no array") }
            fields = items
        }
        form["/Fields"] = .array(fields + [field])
        form["/SigFlags"] = flags
    }

    /// A PDF date string in UTC: `(D:20260312093000+00'00')`.
    static func pdfDate(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let fields = [
            (Int(parts.tm_year) + 1900, 4), (Int(parts.tm_mon) + 1, 2), (Int(parts.tm_mday), 2),
            (Int(parts.tm_hour), 2), (Int(parts.tm_min), 2), (Int(parts.tm_sec), 2),
        ]
        // Not String(format:): Foundation's formatter costs more than the rest of the update.
        let digits = fields.map { value, width in
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "(D:" + digits.joined() + "+00'00')"
    }
}
