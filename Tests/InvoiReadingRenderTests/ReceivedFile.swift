import Foundation
import InvoiModel
import InvoiReading

/// A received file read as `invoi render FILE` reads it: by its content, XML through the
/// e-invoice reader, a PDF through its embedded e-invoice.
enum ReceivedFile {
    /// Why a file was not read.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ bytes: [UInt8], name: String) throws -> Invoice {
        switch EInvoiceReader.kind(of: bytes) {
        case .xml:
            do {
                return try EInvoiceReader().read(xml: bytes)
            } catch {
                throw Unreadable(description: "\(name): \(Self.describe(error))")
            }
        case .pdf:
            return try readPDF(bytes, name: name)
        case .json:
            throw Unreadable(description: "\(name): neither XML nor a PDF")
        }
    }

    static func readPDF(_ bytes: [UInt8], name: String) throws -> Invoice {
        throw Unreadable(description: "\(name): the PDF attachment reader is not in this build yet")
    }

    static func describe(_ error: EInvoiceReadingError) -> String {
        var text = error.message
        if !error.path.isEmpty { text += " at \(error.path)" }
        if let line = error.line { text += " (line \(line)\(error.column.map { ", column \($0)" } ?? ""))" }
        return text
    }
}
