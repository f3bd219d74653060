import Foundation
import InvoiModel
import InvoiRender

/// A received file read as `invoi render FILE` reads it (`InvoiceInput`): by its content, XML
/// through the e-invoice reader, a PDF through the e-invoice it embeds.
enum ReceivedFile {
    /// Why a file was not read.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static let input = InvoiceInput(decoder: InvoiceDecoder(today: CalendarDate(iso: "2026-03-12")!))

    static func read(_ bytes: [UInt8], name: String) throws -> Invoice {
        guard InvoiceInput.kind(of: Data(bytes)) != .json else {
            throw Unreadable(description: "\(name): neither XML nor a PDF")
        }
        do {
            return try input.read(Data(bytes), file: name).invoice
        } catch let error as InvoiceDecodingError {
            throw Unreadable(description: error.diagnostics.map { "\($0)" }.joined(separator: "; "))
        } catch {
            throw Unreadable(description: "\(name): \(error)")
        }
    }
}
