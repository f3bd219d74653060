import CQPDF

/// One qpdf document: its handle and the input bytes, which qpdf reads in place for as long
/// as the document lives. `deinit` frees both; qpdf_cleanup frees every object handle.
struct QPDFSession: ~Copyable {
    /// qpdf's functions, from the library opened on the first conversion.
    let api: LibQPDF
    let handle: qpdf_data
    private let input: UnsafeMutableBufferPointer<CChar>
    /// The Type 2 CIDFonts `read` found without a /CIDToGIDMap, which PDF/A requires and
    /// Cairo leaves out (its subsets number glyphs by CID, so the map is /Identity).
    private(set) var cidFontsWithoutGlyphMap: [qpdf_oh] = []
    /// The image streams `read` found with an /Interpolate entry, which PDF/A allows only
    /// as false (Cairo writes true for a logo it smooths).
    private(set) var interpolatedImages: [qpdf_oh] = []

    init(pdf: [UInt8]) throws(FacturXError) {
        let api = try LibQPDF.loaded.get()
        guard let handle = api.qpdfInit() else { throw .conversionFailed("qpdf could not start a document") }
        self.api = api
        self.handle = handle
        input = .allocate(capacity: max(pdf.count, 1))
        pdf.withUnsafeBytes { bytes in
            _ = UnsafeMutableRawBufferPointer(input).initializeMemory(as: UInt8.self, from: bytes)
        }
        // Errors are read with qpdf_has_error, never printed to the caller's stderr.
        api.qpdfSilenceErrors(handle)
        api.qpdfSetSuppressWarnings(handle, QPDF_TRUE)
    }

    deinit {
        var data: qpdf_data? = handle
        api.qpdfCleanup(&data)
        input.deallocate()
    }

    /// Parses the input. Recovery is off: the input is a PDF invoi has just written, so a
    /// file qpdf would have to rebuild is a damaged one, not one to repair silently.
    mutating func read(byteCount: Int) throws(FacturXError) {
        if let problem = parse(byteCount: byteCount, named: "invoice.pdf") { throw .unreadablePDF(problem) }
        if api.qpdfIsEncrypted(handle) != QPDF_FALSE { throw .encryptedPDF }
        // A page tree qpdf cannot walk is damage found late; it belongs with the read.
        _ = api.qpdfGetNumPages(handle)
        if api.qpdfHasError(handle) != QPDF_FALSE { throw .unreadablePDF(errorText()) }
        try visitEveryObject()
    }

    /// Resolves every object the document reaches from its trailer. Without recovery qpdf
    /// reads an object that is not where the cross-reference table says as null, with only a
    /// warning; one the document uses is damage. Cairo 1.16 lists objects it never writes
    /// (offset 15, the first object's), but nothing refers to them: their warnings, which
    /// come when the writer reads the whole table, are dropped.
    private mutating func visitEveryObject() throws(FacturXError) {
        discardWarnings()
        cidFontsWithoutGlyphMap = []
        interpolatedImages = []
        var visited = Set<Int32>()
        var pending = [api.qpdfGetTrailer(handle)]
        while let object = pending.popLast() {
            if api.qpdfOhIsIndirect(handle, object) != QPDF_FALSE {
                guard visited.insert(api.qpdfOhGetObjectId(handle, object)).inserted else { continue }
            }
            if api.qpdfOhIsStream(handle, object) != QPDF_FALSE {
                let dictionary = api.qpdfOhGetDict(handle, object)
                if api.qpdfOhHasKey(handle, dictionary, "/Interpolate") != QPDF_FALSE {
                    interpolatedImages.append(dictionary)
                }
                pending.append(dictionary)
            } else if isArray(object) {
                pending += arrayItems(object)
            } else if isDictionary(object) {
                if isName(value("/Subtype", in: object), "/CIDFontType2"),
                    api.qpdfOhHasKey(handle, object, "/CIDToGIDMap") == QPDF_FALSE
                {
                    cidFontsWithoutGlyphMap.append(object)
                }
                // The key iterator is the document's, so the keys are taken before the values.
                var keys: [String] = []
                api.qpdfOhBeginDictKeyIter(handle, object)
                while api.qpdfOhDictMoreKeys(handle) != QPDF_FALSE {
                    if let key = api.qpdfOhDictNextKey(handle) { keys.append(String(cString: key)) }
                }
                pending += keys.map { value($0, in: object) }
            }
        }
        if api.qpdfHasError(handle) != QPDF_FALSE { throw .unreadablePDF(errorText()) }
        if api.qpdfMoreWarnings(handle) != QPDF_FALSE, let warning = api.qpdfNextWarning(handle),
            let text = api.qpdfGetErrorFullText(handle, warning)
        {
            throw .unreadablePDF(String(cString: text))
        }
    }

    /// Parses the input without recovery (a file qpdf would have to rebuild is refused, not
    /// read as qpdf guesses it); qpdf's message when it cannot, which names the object and
    /// offset and starts with `name`.
    func parse(byteCount: Int, named name: String) -> String? {
        api.qpdfSetAttemptRecovery(handle, QPDF_FALSE)
        let code = api.qpdfReadMemory(handle, name, input.baseAddress, UInt64(byteCount), nil)
        if code & QPDF_ERRORS != 0 || api.qpdfHasError(handle) != QPDF_FALSE { return errorText() }
        return nil
    }

    private func discardWarnings() {
        while api.qpdfMoreWarnings(handle) != QPDF_FALSE { _ = api.qpdfNextWarning(handle) }
    }

    /// Throws the error the calls since the last check left, if any.
    func check() throws(FacturXError) {
        if api.qpdfHasError(handle) != QPDF_FALSE { throw .conversionFailed(errorText()) }
    }

    func errorText() -> String {
        guard let error = api.qpdfGetError(handle), let text = api.qpdfGetErrorFullText(handle, error) else {
            return "qpdf reported an error without a message"
        }
        return String(cString: text)
    }

    // MARK: Objects

    func parse(_ text: String) -> qpdf_oh { api.qpdfOhParse(handle, text) }
    func name(_ name: String) -> qpdf_oh { api.qpdfOhNewName(handle, name) }
    func integer(_ value: Int) -> qpdf_oh { api.qpdfOhNewInteger(handle, Int64(value)) }
    /// A text string: PDFDocEncoding when it can be, else UTF-16BE with a byte order mark.
    func text(_ value: String) -> qpdf_oh { api.qpdfOhNewUnicodeString(handle, value) }
    func indirect(_ object: qpdf_oh) -> qpdf_oh { api.qpdfMakeIndirectObject(handle, object) }

    func set(_ key: String, _ value: qpdf_oh, in dictionary: qpdf_oh) {
        api.qpdfOhReplaceKey(handle, dictionary, key, value)
    }

    func value(_ key: String, in dictionary: qpdf_oh) -> qpdf_oh { api.qpdfOhGetKey(handle, dictionary, key) }
    func isDictionary(_ object: qpdf_oh) -> Bool { api.qpdfOhIsDictionary(handle, object) != QPDF_FALSE }
    func isArray(_ object: qpdf_oh) -> Bool { api.qpdfOhIsArray(handle, object) != QPDF_FALSE }
    func isName(_ object: qpdf_oh, _ name: String) -> Bool {
        api.qpdfOhIsNameAndEquals(handle, object, name) != QPDF_FALSE
    }

    /// The text of a string object as UTF-8, or nil for anything else.
    func string(_ object: qpdf_oh) -> String? {
        guard api.qpdfOhIsString(handle, object) != QPDF_FALSE else { return nil }
        var length = 0
        guard let bytes = api.qpdfOhGetBinaryUtf8Value(handle, object, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    func integerValue(_ object: qpdf_oh) -> Int? {
        guard api.qpdfOhIsInteger(handle, object) != QPDF_FALSE else { return nil }
        return Int(api.qpdfOhGetIntValue(handle, object))
    }

    func arrayItems(_ array: qpdf_oh) -> [qpdf_oh] {
        (0..<Int(api.qpdfOhGetArrayNItems(handle, array))).map {
            api.qpdfOhGetArrayItem(handle, array, Int32($0))
        }
    }

    /// A new indirect stream holding `data` unfiltered (the writer compresses it, except a
    /// /Metadata stream, which qpdf always writes uncompressed), with `entries` in its dictionary.
    func stream(_ data: [UInt8], _ entries: [(String, qpdf_oh)]) -> qpdf_oh {
        let stream = api.qpdfOhNewStream(handle)
        let null = api.qpdfOhNewNull(handle)
        data.withUnsafeBufferPointer {
            api.qpdfOhReplaceStreamData(handle, stream, $0.baseAddress, $0.count, null, null)
        }
        let dictionary = api.qpdfOhGetDict(handle, stream)
        for (key, value) in entries { set(key, value, in: dictionary) }
        return stream
    }

    // MARK: Writing

    /// The document as PDF `version`, with an /ID computed from its content (same content,
    /// same bytes), streams as they were.
    func write(version: String) throws(FacturXError) -> [UInt8] {
        guard api.qpdfInitWriteMemory(handle) & QPDF_ERRORS == 0 else { throw .conversionFailed(errorText()) }
        api.qpdfSetDeterministicID(handle, QPDF_TRUE)
        // PDF/A wants an end-of-line marker before every `endstream`.
        api.qpdfSetNewlineBeforeEndstream(handle, QPDF_TRUE)
        api.qpdfForcePdfVersion(handle, version)
        let code = api.qpdfWrite(handle)
        if code & QPDF_ERRORS != 0 || api.qpdfHasError(handle) != QPDF_FALSE { throw .conversionFailed(errorText()) }
        let length = api.qpdfGetBufferLength(handle)
        guard let buffer = api.qpdfGetBuffer(handle) else { throw .conversionFailed("qpdf wrote no output") }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }
}
