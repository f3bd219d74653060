import Foundation
import InvoiFacturX

/// A received PDF's embedded files on arbitrary bytes (`PDFAttachments`, qpdf underneath): the
/// e-invoice found, or a typed refusal; never a crash, never more than the limits allow, and
/// the invoice found is one of the files listed.
enum PDFAttachmentTarget {
    /// Smaller than the reader's defaults, so that a run stays within libFuzzer's memory.
    static let limits = PDFAttachmentLimits(maximumFileSize: 1 << 20, maximumCount: 64)

    static func run(_ data: Data, show: ((String) -> Void)?) -> FuzzTarget.Verdict {
        let bytes = [UInt8](data)
        let listed: Result<[PDFEmbeddedFile], PDFAttachmentError> = Result { () throws(PDFAttachmentError) in
            try PDFAttachments.files(in: bytes, limits: limits)
        }
        if case .success(let files) = listed {
            show?(files.map { "\($0.name) (\($0.mimeType), \($0.data.count) bytes)" }.joined(separator: "\n"))
            FuzzCheck.require(files.count <= limits.maximumCount, "\(files.count) files listed")
            for file in files {
                FuzzCheck.require(file.data.count <= limits.maximumFileSize, "\(file.name): \(file.data.count) bytes")
            }
        }
        do throws(PDFAttachmentError) {
            let invoice = try PDFAttachments.eInvoice(in: bytes, limits: limits)
            show?("e-invoice: \(invoice.name)")
            FuzzCheck.require(invoice.data.count <= limits.maximumFileSize, "the invoice is over the limit")
            // What is picked is one of the files listed: the same reading of the same bytes.
            if case .success(let files) = listed {
                FuzzCheck.require(files.contains(invoice), "the invoice \(invoice.name) is not among the files listed")
            }
            return .accepted
        } catch {
            show?(error.description)
            if case .noEInvoice(let names) = error {
                FuzzCheck.require(names.count <= limits.maximumCount, "\(names.count) names in a refusal")
            }
            return .refused
        }
    }
}
