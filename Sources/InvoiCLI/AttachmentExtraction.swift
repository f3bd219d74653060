import Foundation
import InvoiCharacters
import InvoiModel
import Synchronization

/// `--extract-attachments DIR`: the files a received invoice embeds (BG-24) written into DIR,
/// each under a name reduced to a safe base name, created atomically and never over a file
/// that is there (such a file is refused with an error). Nothing written is opened or run,
/// and an attachment's external address is never fetched. Shared by a batch's workers: two
/// attachments that would get the same name get distinct ones, with a warning.
final class AttachmentExtraction: Sendable {
    let directory: String
    /// The names this run has written, so that a second attachment of the same name gets `-2`.
    private let written = Mutex(Set<String>())

    /// The longest name written, in UTF-8 bytes (file systems allow 255).
    static let maximumNameLength = 120

    init(directory: String) {
        self.directory = directory
    }

    /// Creates the directory (and its parents) when missing.
    func prepare() throws(CLIFailure) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CLIFailure(
                .cannotCreate,
                "\(Diagnostic.printable(directory)): cannot create the directory for --extract-attachments "
                    + "(\(error.localizedDescription))")
        }
    }

    /// Writes the embedded attachments of `invoice` (from `file`) and says on standard error what
    /// was written; the worst status of the writes (73 when a file was refused).
    func extract(from invoice: Invoice, file: String, log: MessageLog) -> ExitStatus {
        let embedded = (invoice.received?.attachments ?? []).compactMap(\.embedded)
        guard !embedded.isEmpty else {
            log.info("\(file): no embedded attachments to extract")
            return .ok
        }
        var status = ExitStatus.ok
        for (index, attachment) in embedded.enumerated() {
            let base = Self.safeName(attachment.fileName, index: index + 1, mimeCode: attachment.mimeCode)
            let name = claim(base)
            if name != base {
                log.warning(
                    "\(file): another attachment extracted here is named \"\(base)\": writing \"\(name)\" instead")
            }
            let path = (directory as NSString).appendingPathComponent(name)
            do {
                try AtomicFile.writeNew(
                    Data(attachment.data), to: path,
                    existsHint: "the attachment \"\(name)\" is not extracted (nothing is overwritten); "
                        + "move the file away or extract into another directory")
                log.info("\(file): extracted \"\(name)\" (\(attachment.data.count) bytes) to \(path)")
            } catch {
                log.error("\(file): \(error.message)")
                status = max(status, error.status)
            }
        }
        return status
    }

    /// `name`, or `name-2`, `name-3`, … (before the extension) when this run wrote one of that name.
    private func claim(_ name: String) -> String {
        written.withLock { written in
            var candidate = name
            var number = 2
            while !written.insert(candidate).inserted {
                let stem = (name as NSString).deletingPathExtension
                let fileExtension = (name as NSString).pathExtension
                candidate = "\(stem)-\(number)" + (fileExtension.isEmpty ? "" : ".\(fileExtension)")
                number += 1
            }
            return candidate
        }
    }

    /// The attachment's file name reduced to a base name that stays in the directory and shows
    /// as stored: only what follows the last `/` or `\`, without control characters, bidi controls
    /// and marks, leading dots or white space, at most `maximumNameLength` bytes (the extension
    /// kept); `attachment-N` with an extension from its MIME code when nothing is left.
    static func safeName(_ fileName: String, index: Int, mimeCode: String) -> String {
        let last = fileName.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.last ?? ""
        var scalars = String.UnicodeScalarView()
        for scalar in last.unicodeScalars {
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            let isFormat = scalar.properties.generalCategory == .format  // bidi controls and marks, ZWJ, …
            let isNoncharacter = scalar.properties.isNoncharacterCodePoint
            let isLineSeparator = value == 0x2028 || value == 0x2029
            if !(isControl || isFormat || isNoncharacter || isLineSeparator) { scalars.append(scalar) }
        }
        var name = String(scalars).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        name = name.trimmingCharacters(in: .whitespaces)
        if name.utf8.count > maximumNameLength {
            let fileExtension = (name as NSString).pathExtension
            let kept = fileExtension.utf8.count < 16 && !fileExtension.isEmpty ? "." + fileExtension : ""
            var stem = Substring(kept.isEmpty ? name : (name as NSString).deletingPathExtension)
            while stem.utf8.count + kept.utf8.count > maximumNameLength { stem.removeLast() }
            name = String(stem) + kept
        }
        if name.isEmpty { name = "attachment-\(index).\(fileExtension(forMIMECode: mimeCode))" }
        return name
    }

    /// The extension for EN 16931's attachment MIME codes (BT-125's list), `bin` for others.
    static func fileExtension(forMIMECode code: String) -> String {
        switch code.lowercased() {
        case "application/pdf": "pdf"
        case "image/png": "png"
        case "image/jpeg": "jpg"
        case "text/csv": "csv"
        case "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx"
        case "application/vnd.oasis.opendocument.spreadsheet": "ods"
        case "text/xml", "application/xml": "xml"
        case "text/plain": "txt"
        default: "bin"
        }
    }
}
