import Foundation
import InvoiDocument
import InvoiModel
import InvoiSigning

extension OutputFormat {
    /// Whether the format is a PDF, which a `PDFSigner` can sign (plain, or Factur-X).
    public var isSignable: Bool {
        switch self {
        case .pdf, .facturx: true
        case .png, .svg, .txt, .ops, .cii, .ubl, .json: false
        }
    }
}

extension Renderer {
    /// Renders `invoice` as `render(_:settings:to:)` does and, with a `signer`, signs the
    /// finished PDF (`settings.format` must be pdf or facturx) before a byte of it reaches
    /// `target`: the file is whole in memory first (once: the signature is an update written
    /// after it), so a render that fails to sign writes nothing. The signature's time is the
    /// document's creation date.
    public func render(
        _ invoice: Invoice, settings: RenderSettings, signedBy signer: PDFSigner?, to target: any OutputTarget
    ) throws -> [Unicode.Scalar] {
        guard let signer else { return try render(invoice, settings: settings, to: target) }
        guard settings.format.isSignable else {
            throw BackendError("\(settings.format.rawValue) cannot be signed; only pdf and facturx can")
        }
        var uncovered: [Unicode.Scalar] = []
        // The rendered bytes are let go of once copied out.
        let pdf: [UInt8] = try {
            let unsigned = MemoryTarget()
            uncovered = try render(invoice, settings: settings, to: unsigned)
            guard case .document(let data) = unsigned.output else {
                throw BackendError("the PDF backend wrote pages instead of one document")
            }
            return [UInt8](data)
        }()
        let update = try signer.signatureUpdate(for: pdf, at: settings.creationDate ?? Date())
        let sink = try target.sink(forPage: nil, of: 1)
        try sink.write(pdf)
        try sink.write(update)
        return uncovered
    }
}
