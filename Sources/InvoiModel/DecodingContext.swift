import Foundation
import InvoiCharacters

/// Collects one file's diagnostics while its fields are read, and reads the basic value
/// kinds (text, exact numbers, dates) with messages that name what was found instead.
struct DecodingContext {
    let file: String
    /// Where relative paths in the invoice (the logo) start; nil: decided from `file`.
    let baseDirectory: String?
    /// The first `listedLimit` errors and warnings, in source order.
    private var listed: [Diagnostic] = []
    private var errorCount = 0
    private var warningCount = 0

    /// How many errors, and how many warnings, one file lists: 200,000 unknown fields
    /// would otherwise print megabytes. The rest are counted in one closing line each.
    static let listedLimit = 50
    /// The longest text field, in UTF-8 bytes.
    static let maximumTextSize = 1 << 20

    init(file: String, baseDirectory: String? = nil) {
        self.file = file
        self.baseDirectory = baseDirectory
    }

    /// The listed diagnostics, then a count of those left out.
    var diagnostics: [Diagnostic] {
        var all = listed
        if errorCount > Self.listedLimit {
            all.append(omitted(errorCount - Self.listedLimit, severity: .error, noun: "error"))
        }
        if warningCount > Self.listedLimit {
            all.append(omitted(warningCount - Self.listedLimit, severity: .warning, noun: "warning"))
        }
        return all
    }

    var hasErrors: Bool { errorCount > 0 }
    var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// `message` is only made for the diagnostics that are listed.
    mutating func error(_ path: String, _ message: @autoclosure () -> String, at position: SourcePosition? = nil) {
        errorCount += 1
        guard errorCount <= Self.listedLimit else { return }
        listed.append(
            Diagnostic(
                severity: .error, file: file, path: path, message: message(),
                line: position?.line, column: position?.column))
    }

    mutating func warning(_ path: String, _ message: @autoclosure () -> String) {
        warningCount += 1
        guard warningCount <= Self.listedLimit else { return }
        listed.append(Diagnostic(severity: .warning, file: file, path: path, message: message()))
    }

    /// Adds the diagnostics of `later` (the same file, read apart) as if they had been
    /// reported here: the listed ones while there is room, the rest counted.
    mutating func append(_ later: DecodingContext) {
        var listedErrors = 0
        var listedWarnings = 0
        for diagnostic in later.listed {
            switch diagnostic.severity {
            case .error:
                listedErrors += 1
                errorCount += 1
                if errorCount <= Self.listedLimit { listed.append(diagnostic) }
            case .warning:
                listedWarnings += 1
                warningCount += 1
                if warningCount <= Self.listedLimit { listed.append(diagnostic) }
            }
        }
        errorCount += later.errorCount - listedErrors
        warningCount += later.warningCount - listedWarnings
    }

    private func omitted(_ count: Int, severity: Diagnostic.Severity, noun: String) -> Diagnostic {
        Diagnostic(
            severity: severity, file: file,
            message: "\(count) more \(noun)\(count == 1 ? "" : "s") not listed (the first \(Self.listedLimit) are)")
    }

    // MARK: - Value kinds

    /// A text field, cleaned of control characters; nil (with an error) for another type.
    mutating func text(_ node: JSONNode, path: String) -> String? {
        guard case .string(let raw) = node.value else {
            let hint = if case .number = node.value { "; put it in double quotes" } else { "" }
            error(path, "expected a string, got \(Self.describe(node))\(hint)")
            return nil
        }
        guard raw.utf8.count <= Self.maximumTextSize else {
            error(
                path,
                "the text is \(Self.size(raw.utf8.count)) long; a text field holds at most \(Self.size(Self.maximumTextSize))"
            )
            return nil
        }
        let cleaned = TextSanitizer.clean(raw)
        if cleaned.removedCount > 0 {
            let what =
                cleaned.removedCount == 1
                ? "1 invisible control character" : "\(cleaned.removedCount) invisible control characters"
            warning(path, "removed \(what) (such as escape codes or bidi overrides) from the text")
        }
        if let first = cleaned.firstNoncharacter {
            let what =
                cleaned.replacedCount == 1
                ? "\(first.codePointName)" : "\(cleaned.replacedCount) noncharacters such as \(first.codePointName)"
            warning(
                path,
                "replaced \(what) with U+FFFD REPLACEMENT CHARACTER: noncharacters are not text and no font or file format shows them"
            )
        }
        return cleaned.text
    }

    /// An identifier field (an invoice or account number, a phone number, an email address):
    /// a text field that also refuses bidi controls and marks, other invisible format
    /// characters and digits other than ASCII 0–9 — each one an error naming the code point,
    /// because what the reader sees must be what is stored.
    mutating func identifier(_ node: JSONNode, path: String) -> String? {
        if case .string(let raw) = node.value, raw.utf8.count <= Self.maximumTextSize,
            raw.utf8.contains(where: { $0 >= 0x80 || $0 < 0x20 })
        {
            var refused = false
            for (offset, scalar) in raw.unicodeScalars.enumerated() {
                guard let problem = scalar.identifierProblem else { continue }
                refused = true
                error(path, Self.identifierMessage(scalar, problem, at: offset + 1))
            }
            if refused { return nil }
        }
        return text(node, path: path)
    }

    /// An account number or a BIC. A BIC is Latin letters and digits only; an account number
    /// takes no letter of a right-to-left script, which would turn the digit groups after it
    /// round wherever the number is shown as plain text (an e-mail, a bank's form), and would
    /// make an IBAN no IBAN. Other scripts stay: a Japanese account reads `普通 1234567`.
    mutating func bankIdentifier(_ node: JSONNode, path: String, latinOnly: Bool) -> String? {
        guard let text = identifier(node, path: path) else { return nil }
        let refused = text.unicodeScalars.enumerated().first { _, scalar in
            latinOnly ? scalar.value >= 0x80 : scalar.isOfRightToLeftScript
        }
        if let (offset, scalar) = refused {
            let rule =
                latinOnly
                ? "a BIC, which is written in Latin letters and digits"
                : "an account number, whose digit groups a right-to-left letter would turn round; put the bank's name in bankName"
            error(path, "\(scalar.codePointName) (character \(offset + 1)) is not allowed in \(rule)")
            return nil
        }
        return text
    }

    private static func identifierMessage(
        _ scalar: Unicode.Scalar, _ problem: IdentifierCharacterProblem, at position: Int
    ) -> String {
        let found = "\(scalar.codePointName) (character \(position))"
        switch problem {
        case .bidiControl:
            return
                "\(found) is not allowed in an identifier: this invisible character can show its characters in another order than they are stored; remove it"
        case .invisible:
            return "\(found) is not allowed in an identifier: the reader cannot see it; remove it"
        case .lineBreak:
            return "\(found) is not allowed in an identifier, which is one line; remove it"
        case .nonASCIIDigit(let digit?) where (0...9).contains(digit):
            return "\(found) is not allowed in an identifier, which takes the digits 0–9 only; write \(digit)"
        case .nonASCIIDigit:
            return "\(found) is not allowed in an identifier, which takes the digits 0–9 only"
        }
    }

    /// An exact number within ±10^12; nil (with an error) otherwise.
    mutating func number(_ node: JSONNode, path: String) -> Decimal? {
        guard case .number(let text) = node.value else {
            var hint = ""
            if case .string(let string) = node.value,
                Decimal(string: string.trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX"))
                    != nil,
                string.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE ".contains($0)) })
            {
                hint = "; write the number without quotes"
            }
            error(path, "expected a number, got \(Self.describe(node))\(hint)")
            return nil
        }
        switch ExactNumber.decimal(from: text) {
        case .success(let value):
            return value
        case .failure(.beyondLimit):
            error(
                path,
                "\(Self.shortened(text)) is beyond the limit of ±1000000000000 (10^12) that invoi accepts for amounts")
        case .failure(.tooManyDigits):
            error(
                path,
                "\(Self.shortened(text)) has more than \(ExactNumber.maximumSignificantDigits) significant digits; invoi computes money exactly and cannot with that many — shorten it"
            )
        case .failure(.tooManyFractionDigits):
            error(
                path,
                "\(Self.shortened(text)) has more than \(ExactNumber.maximumFractionDigits) digits after the decimal point; shorten it"
            )
        }
        return nil
    }

    /// A `YYYY-MM-DD` date; `.empty` for "", nil (with an error) for anything else.
    mutating func date(_ node: JSONNode, path: String) -> DateField? {
        guard case .string(let text) = node.value else {
            error(path, "expected a date as a string \"YYYY-MM-DD\", got \(Self.describe(node))")
            return nil
        }
        if text.isEmpty { return .empty }
        if let date = CalendarDate(iso: text) { return .date(date) }
        error(path, Self.dateProblem(text))
        return nil
    }

    enum DateField {
        case empty
        case date(CalendarDate)
    }

    private static func dateProblem(_ text: String) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            text.allSatisfy({ $0 == "-" || ($0.isASCII && $0.isNumber) })
        else {
            return "expected a date as \"YYYY-MM-DD\" (e.g. \"2026-03-12\"), got \(DiagnosticText.quoted(text))"
        }
        guard CalendarDate.supportedYears.contains(year) else {
            return "\(DiagnosticText.quoted(text)) is not a real date: the year must be from 0001 to 9999"
        }
        guard (1...12).contains(month) else {
            return "\(DiagnosticText.quoted(text)) is not a real date: there is no month \(month)"
        }
        guard day > 0 else {
            return "\(DiagnosticText.quoted(text)) is not a real date: there is no day 0"
        }
        let days = CalendarDate.daysIn(month: month, year: year)
        return
            "\(DiagnosticText.quoted(text)) is not a real date: \(CalendarDate.englishMonthNames[month - 1]) \(year) has \(days) days, not \(day)"
    }

    /// How a found value is named in a message: `"two"`, `12`, `true`, `null`, `an array`.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text): DiagnosticText.quoted(text)
        case .number(let text): shortened(text)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `1 MiB`, `3.2 MiB`, `800 KiB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1 << 20 { return "\(bytes >> 10) KiB" }
        let mebibytes = Double(bytes) / Double(1 << 20)
        return mebibytes.rounded() == mebibytes ? "\(Int(mebibytes)) MiB" : String(format: "%.1f MiB", mebibytes)
    }

    static func shortened(_ text: String) -> String {
        text.count > DiagnosticText.quoteLimit ? String(text.prefix(DiagnosticText.quoteLimit - 1)) + "…" : text
    }
}
