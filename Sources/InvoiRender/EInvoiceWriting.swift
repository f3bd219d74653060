import Foundation
import InvoiCairo
import InvoiDocument
import InvoiEInvoice
import InvoiFacturX
import InvoiModel
import InvoiSpeedups

/// An e-invoice format and the profile it is written in: the syntax of its XML, and for
/// Factur-X the conformance level its PDF declares.
public struct EInvoiceTarget: Hashable, Sendable {
    public let syntax: EInvoiceSyntax
    public let profile: EInvoiceProfile
    /// Factur-X's conformance level; nil for plain XML.
    let facturXLevel: FacturXConformance?

    /// nil for a page format; throws `EInvoiceTargetError` when `profile` is not written in `format`.
    public init?(format: OutputFormat, profile: EInvoiceProfile?) throws(EInvoiceTargetError) {
        switch format {
        case .cii, .facturx: syntax = .cii
        case .ubl: syntax = .ubl
        case .pdf, .png, .svg, .txt, .ops, .json:
            if let profile { throw EInvoiceTargetError(format: format, profile: profile) }
            return nil
        }
        let profile = profile ?? syntax.defaultProfile
        guard syntax.accepts(profile) else { throw EInvoiceTargetError(format: format, profile: profile) }
        if format == .facturx {
            guard let level = profile.facturXConformanceLevel.flatMap(FacturXConformance.init(rawValue:)) else {
                throw EInvoiceTargetError(format: format, profile: profile)
            }
            facturXLevel = level
        } else {
            facturXLevel = nil
        }
        self.profile = profile
    }

    /// The profiles `format` can be written in.
    public static func profiles(of format: OutputFormat) -> [EInvoiceProfile] {
        EInvoiceProfile.allCases.filter { (try? EInvoiceTarget(format: format, profile: $0)) != nil }
    }
}

/// A `--profile` that `--format` is not written in.
public struct EInvoiceTargetError: Error, Hashable, Sendable, CustomStringConvertible {
    public let format: OutputFormat
    public let profile: EInvoiceProfile

    public var description: String {
        let profiles = EInvoiceTarget.profiles(of: format).map(\.rawValue)
        guard !profiles.isEmpty else {
            return "--profile is for the e-invoice formats (cii, ubl, facturx), not \(format.rawValue)"
        }
        return "\(format.rawValue) is not written in the \(profile.rawValue) profile; use "
            + profiles.joined(separator: ", ")
            + (format == .facturx && profile == .xrechnung ? " (an XRechnung is sent as --format cii or ubl)" : "")
    }
}

extension Renderer {
    /// Everything that keeps `invoice` from being written as `settings` asks, by JSON path;
    /// empty for a page format. Checked before anything is written.
    public func eInvoiceProblems(
        of invoice: Invoice, settings: RenderSettings
    ) throws(EInvoiceTargetError)
        -> [EInvoiceProblem]
    {
        guard let target = try EInvoiceTarget(format: settings.format, profile: settings.profile) else { return [] }
        return EInvoiceRequirements(profile: target.profile, syntax: target.syntax).problems(of: invoice)
    }

    /// Writes the XML, or the visible PDF made PDF/A-3 with the CII inside, into `target`'s
    /// one file. The XML and the page take their amounts from the same `InvoiceTotals`.
    func writeEInvoice(
        _ invoice: Invoice, settings: RenderSettings, to target: any OutputTarget
    ) throws
        -> [Unicode.Scalar]
    {
        guard let einvoice = try EInvoiceTarget(format: settings.format, profile: settings.profile) else { return [] }
        var pdfSettings = settings
        pdfSettings.format = .pdf
        if let level = einvoice.facturXLevel, settings.output.isTagged {
            // Written as the pages stream out, the PDF/A parts with them. The XML is made once the
            // last page is written (the pages' memory free again) and compressed as it is made
            // (a Factur-X is CII), never held whole; whether it can be made is known first.
            let problems = EInvoiceRequirements(profile: einvoice.profile, syntax: .cii).problems(of: invoice)
            guard problems.isEmpty else { throw EInvoiceRefusal(problems: problems) }
            let profile = einvoice.profile
            let makeXML: @Sendable () throws -> FacturXConverter.EmbeddedXML = {
                guard let packing = PiecewiseDeflate() else { throw BackendError("facturx: no zlib for the XML") }
                var size = 0
                var isPacked = true
                try CIIWriter(profile: profile).write(invoice) { piece in
                    size += piece.count
                    isPacked = isPacked && packing.append(piece)
                }
                guard isPacked, packing.finish() else { throw BackendError("facturx: the XML could not be compressed") }
                return .compressed(zlib: packing.output, size: size)
            }
            let creator = settings.output.creator
            let (_, uncovered) = try drawPages(of: invoice, settings: pdfSettings, to: target) { document in
                try Self.archive(
                    metadata: archivalMetadata(document, settings: settings, level: .a), embedding: makeXML,
                    conformance: level, creator: creator)
            }
            return uncovered
        }
        if einvoice.facturXLevel == nil, einvoice.syntax == .cii {
            // Written as it is made: a long invoice's XML is never held whole. The output is opened
            // with the first piece, once the invoice was found writable.
            var sink: (any ByteSink)?
            var failure: (any Error)?
            try CIIWriter(profile: einvoice.profile).write(invoice) { piece in
                guard failure == nil else { return }
                do {
                    if sink == nil { sink = try target.sink(forPage: nil, of: 1) }
                    try sink?.write(piece)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return []
        }
        let xml =
            switch einvoice.syntax {
            case .cii: try CIIWriter(profile: einvoice.profile).write(invoice)
            case .ubl: try UBLWriter(profile: einvoice.profile).write(invoice)
            }
        guard let level = einvoice.facturXLevel else {
            try target.sink(forPage: nil, of: 1).write(xml)
            return []
        }
        let page = MemoryTarget()
        let (document, uncovered) = try drawPages(of: invoice, settings: pdfSettings, to: page)
        guard case .document(let pdf) = page.output else {
            throw BackendError("the PDF backend wrote pages instead of one document")
        }
        let facturX = try FacturXConverter.makeFacturX(
            fromPDF: [UInt8](pdf), embedding: xml, conformance: level,
            metadata: archivalMetadata(document, settings: settings, level: settings.output.isTagged ? .a : .b))
        try target.sink(forPage: nil, of: 1).write(facturX)
        return uncovered
    }

    /// A plain invoice as PDF/A-3 at `level` (`--pdf-standard a-3b` or `a-3a`): drawn whole,
    /// then converted as Factur-X is, with nothing embedded.
    func writeArchival(
        _ invoice: Invoice, level: PDFALevel, settings: RenderSettings, to target: any OutputTarget
    ) throws -> [Unicode.Scalar] {
        var pdfSettings = settings
        // PDF/A-3a is a tagged file.
        if level == .a { pdfSettings.output.isTagged = true }
        if pdfSettings.output.isTagged {
            let creator = settings.output.creator
            let (_, uncovered) = try drawPages(of: invoice, settings: pdfSettings, to: target) { document in
                try Self.archive(
                    metadata: archivalMetadata(document, settings: pdfSettings, level: level), embedding: nil,
                    conformance: nil, creator: creator)
            }
            return uncovered
        }
        let page = MemoryTarget()
        let (document, uncovered) = try drawPages(of: invoice, settings: pdfSettings, to: page)
        guard case .document(let pdf) = page.output else {
            throw BackendError("the PDF backend wrote pages instead of one document")
        }
        let archival = try FacturXConverter.makeArchival(
            fromPDF: [UInt8](pdf), metadata: archivalMetadata(document, settings: pdfSettings, level: level))
        try target.sink(forPage: nil, of: 1).write(archival)
        return uncovered
    }

    /// The PDF backend's form of the PDF/A parts: Info and the output intent now, the rest (the
    /// XML made by `makeXML`, the packet and ID that digest it) once the last page is written.
    private static func archive(
        metadata: FacturXMetadata, embedding makeXML: (@Sendable () throws -> FacturXConverter.EmbeddedXML)?,
        conformance: FacturXConformance?, creator: String
    ) throws -> PDFArchive {
        let producer = PDFBackend.producer
        let now = try FacturXConverter.parts(
            embedding: nil, conformance: nil, metadata: metadata, producer: producer, creator: creator)
        return PDFArchive(
            information: now.information.map { PDFArchive.InformationEntry(key: $0.key, text: $0.text) },
            colorProfile: now.colorProfile, outputCondition: now.outputCondition,
            attachmentName: makeXML == nil ? nil : FacturXConverter.attachmentName
        ) {
            let parts = try FacturXConverter.parts(
                embedding: makeXML?(), conformance: conformance, metadata: metadata, producer: producer,
                creator: creator)
            return PDFArchive.Ending(
                metadataPacket: parts.metadataPacket,
                attachment: parts.attachment.map {
                    PDFAttachment(
                        name: $0.name, contents: $0.contents, size: $0.size, mediaType: $0.mediaType,
                        description: $0.description, relationship: $0.relationship,
                        modificationDate: $0.modificationDate)
                }, documentID: parts.documentID)
        }
    }

    /// What the PDF/A conversion writes into the Info dictionary and the XMP.
    private func archivalMetadata(
        _ document: DocumentMetadata, settings: RenderSettings, level: PDFALevel
    ) -> FacturXMetadata {
        var metadata = FacturXMetadata(
            title: document.title, author: document.author,
            subject: document.subject.isEmpty ? nil : document.subject,
            creationDate: settings.creationDate ?? Date(), language: document.language)
        metadata.level = level
        metadata.claimsPDFUA = settings.output.claimsPDFUA
        return metadata
    }
}
