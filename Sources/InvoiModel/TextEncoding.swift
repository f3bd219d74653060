/// Checks that an input is UTF-8 text before it is parsed, so that a UTF-16 export or a
/// binary file gets a clear message instead of a confusing syntax error.
enum TextEncoding {
    struct Problem: Error {
        var message: String
        var position: SourcePosition?
    }

    /// The input's bytes without a UTF-8 byte order mark (which is accepted), or the problem.
    /// The bytes are looked at where they are: a copy of a 64 MiB input would double it.
    static func utf8Text(in data: UnsafeBufferPointer<UInt8>) -> Result<UnsafeBufferPointer<UInt8>, Problem> {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3)) }
        if let name = utf16Or32Name(bytes) {
            return .failure(
                Problem(
                    message:
                        "the file is encoded as \(name); invoi reads UTF-8 only — convert it, e.g. with iconv -f \(name) -t UTF-8"
                ))
        }
        if bytes.contains(0) {
            return .failure(
                Problem(message: "the file contains NUL bytes: it looks like binary data, not a JSON text file"))
        }
        var line = 1
        var column = 1
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return .success(bytes)
            case .error:
                return .failure(
                    Problem(
                        message:
                            "the file is not valid UTF-8 text (it may be binary, or in a legacy encoding such as Latin-1); save it as UTF-8",
                        position: SourcePosition(line: line, column: column)))
            }
        }
    }

    /// Recognises UTF-16 and UTF-32 by their byte order mark, or by the NUL bytes that
    /// ASCII text (JSON starts with ASCII) has in those encodings (RFC 4627 §3).
    private static func utf16Or32Name(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE" }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        guard bytes.count >= 2 else { return nil }
        if bytes.count >= 4 {
            if bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] != 0 { return "UTF-32BE" }
            if bytes[0] != 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0 { return "UTF-32LE" }
        }
        if bytes[0] == 0, bytes[1] != 0 { return "UTF-16BE" }
        if bytes[0] != 0, bytes[1] == 0 { return "UTF-16LE" }
        return nil
    }
}
