import CQPDF

/// One qpdf document: its handle and the input bytes, which qpdf reads in place for as long
/// as the document lives. `deinit` frees both; qpdf_cleanup frees every object handle.
struct QPDFSession: ~Copyable {
    let handle: qpdf_data
    private let input: UnsafeMutableBufferPointer<CChar>

    init(pdf: [UInt8]) {
        handle = qpdf_init()
        input = .allocate(capacity: max(pdf.count, 1))
        pdf.withUnsafeBytes { bytes in
            _ = UnsafeMutableRawBufferPointer(input).initializeMemory(as: UInt8.self, from: bytes)
        }
        // Errors are read with qpdf_has_error, never printed to the caller's stderr.
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
    }

    deinit {
        var data: qpdf_data? = handle
        qpdf_cleanup(&data)
        input.deallocate()
    }

    /// Parses the input. Recovery is off: the input is a PDF invoi has just written, so a
    /// file qpdf would have to rebuild is a damaged one, not one to repair silently.
    func read(byteCount: Int) throws(FacturXError) {
        qpdf_set_attempt_recovery(handle, QPDF_FALSE)
        let code = qpdf_read_memory(handle, "invoice.pdf", input.baseAddress, UInt64(byteCount), nil)
        if code & QPDF_ERRORS != 0 || qpdf_has_error(handle) != QPDF_FALSE {
            throw .unreadablePDF(errorText())
        }
        if qpdf_is_encrypted(handle) != QPDF_FALSE { throw .encryptedPDF }
        // A page tree qpdf cannot walk is damage found late; it belongs with the read.
        _ = qpdf_get_num_pages(handle)
        if qpdf_has_error(handle) != QPDF_FALSE { throw .unreadablePDF(errorText()) }
        try visitEveryObject()
    }

    /// Resolves every object the document reaches from its trailer. Without recovery qpdf
    /// reads an object that is not where the cross-reference table says as null, with only a
    /// warning; one the document uses is damage. Cairo 1.16 lists objects it never writes
    /// (offset 15, the first object's), but nothing refers to them: their warnings, which
    /// come when the writer reads the whole table, are dropped.
    private func visitEveryObject() throws(FacturXError) {
        discardWarnings()
        var visited = Set<Int32>()
        var pending = [qpdf_get_trailer(handle)]
        while let object = pending.popLast() {
            if qpdf_oh_is_indirect(handle, object) != QPDF_FALSE {
                guard visited.insert(qpdf_oh_get_object_id(handle, object)).inserted else { continue }
            }
            if qpdf_oh_is_stream(handle, object) != QPDF_FALSE {
                pending.append(qpdf_oh_get_dict(handle, object))
            } else if isArray(object) {
                pending += arrayItems(object)
            } else if isDictionary(object) {
                // The key iterator is the document's, so the keys are taken before the values.
                var keys: [String] = []
                qpdf_oh_begin_dict_key_iter(handle, object)
                while qpdf_oh_dict_more_keys(handle) != QPDF_FALSE {
                    keys.append(String(cString: qpdf_oh_dict_next_key(handle)))
                }
                pending += keys.map { value($0, in: object) }
            }
        }
        if qpdf_has_error(handle) != QPDF_FALSE { throw .unreadablePDF(errorText()) }
        if qpdf_more_warnings(handle) != QPDF_FALSE, let warning = qpdf_next_warning(handle),
            let text = qpdf_get_error_full_text(handle, warning)
        {
            throw .unreadablePDF(String(cString: text))
        }
    }

    private func discardWarnings() {
        while qpdf_more_warnings(handle) != QPDF_FALSE { _ = qpdf_next_warning(handle) }
    }

    /// Throws the error the calls since the last check left, if any.
    func check() throws(FacturXError) {
        if qpdf_has_error(handle) != QPDF_FALSE { throw .conversionFailed(errorText()) }
    }

    private func errorText() -> String {
        guard let error = qpdf_get_error(handle), let text = qpdf_get_error_full_text(handle, error) else {
            return "qpdf reported an error without a message"
        }
        return String(cString: text)
    }

    // MARK: Objects

    func parse(_ text: String) -> qpdf_oh { qpdf_oh_parse(handle, text) }
    func name(_ name: String) -> qpdf_oh { qpdf_oh_new_name(handle, name) }
    func integer(_ value: Int) -> qpdf_oh { qpdf_oh_new_integer(handle, Int64(value)) }
    /// A text string: PDFDocEncoding when it can be, else UTF-16BE with a byte order mark.
    func text(_ value: String) -> qpdf_oh { qpdf_oh_new_unicode_string(handle, value) }
    func indirect(_ object: qpdf_oh) -> qpdf_oh { qpdf_make_indirect_object(handle, object) }

    func set(_ key: String, _ value: qpdf_oh, in dictionary: qpdf_oh) {
        qpdf_oh_replace_key(handle, dictionary, key, value)
    }

    func value(_ key: String, in dictionary: qpdf_oh) -> qpdf_oh { qpdf_oh_get_key(handle, dictionary, key) }
    func isDictionary(_ object: qpdf_oh) -> Bool { qpdf_oh_is_dictionary(handle, object) != QPDF_FALSE }
    func isArray(_ object: qpdf_oh) -> Bool { qpdf_oh_is_array(handle, object) != QPDF_FALSE }

    /// The text of a string object as UTF-8, or nil for anything else.
    func string(_ object: qpdf_oh) -> String? {
        guard qpdf_oh_is_string(handle, object) != QPDF_FALSE else { return nil }
        var length = 0
        guard let bytes = qpdf_oh_get_binary_utf8_value(handle, object, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    func integerValue(_ object: qpdf_oh) -> Int? {
        guard qpdf_oh_is_integer(handle, object) != QPDF_FALSE else { return nil }
        return Int(qpdf_oh_get_int_value(handle, object))
    }

    func arrayItems(_ array: qpdf_oh) -> [qpdf_oh] {
        (0..<Int(qpdf_oh_get_array_n_items(handle, array))).map { qpdf_oh_get_array_item(handle, array, Int32($0)) }
    }

    /// A new indirect stream holding `data` unfiltered (the writer compresses it, except a
    /// /Metadata stream, which qpdf always writes uncompressed), with `entries` in its dictionary.
    func stream(_ data: [UInt8], _ entries: [(String, qpdf_oh)]) -> qpdf_oh {
        let stream = qpdf_oh_new_stream(handle)
        let null = qpdf_oh_new_null(handle)
        data.withUnsafeBufferPointer {
            qpdf_oh_replace_stream_data(handle, stream, $0.baseAddress, $0.count, null, null)
        }
        let dictionary = qpdf_oh_get_dict(handle, stream)
        for (key, value) in entries { set(key, value, in: dictionary) }
        return stream
    }

    // MARK: Writing

    /// The document as PDF `version`, with an /ID computed from its content (same content,
    /// same bytes), streams as they were.
    func write(version: String) throws(FacturXError) -> [UInt8] {
        guard qpdf_init_write_memory(handle) & QPDF_ERRORS == 0 else { throw .conversionFailed(errorText()) }
        qpdf_set_deterministic_ID(handle, QPDF_TRUE)
        qpdf_force_pdf_version(handle, version)
        let code = qpdf_write(handle)
        if code & QPDF_ERRORS != 0 || qpdf_has_error(handle) != QPDF_FALSE { throw .conversionFailed(errorText()) }
        let length = qpdf_get_buffer_length(handle)
        guard let buffer = qpdf_get_buffer(handle) else { throw .conversionFailed("qpdf wrote no output") }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }
}
