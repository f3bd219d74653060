import CQPDF
import Glibc

/// qpdf's C API, opened with dlopen on the first Factur-X rather than linked: linking it
/// loaded libqpdf, libstdc++, GnuTLS and libjpeg at every start of invoi (6 MB more resident
/// for a plain PDF). Each member is the C function of that name in camel case (`qpdfOhNewName` is
/// `qpdf_oh_new_name`), with the header's type;
/// the library is opened once per process and never closed.
final class LibQPDF: @unchecked Sendable {
    /// The soname of Debian 12's libqpdf29 (qpdf 11); the unversioned name of the -dev package after it.
    static let sonames = ["libqpdf.so.29", "libqpdf.so"]

    /// Opened at the first use by any thread (a lazy static is initialised once, atomically).
    static let loaded: Result<LibQPDF, FacturXError> = load()

    let qpdfCleanup: invoi_qpdf_cleanup_t
    let qpdfForcePdfVersion: invoi_qpdf_force_pdf_version_t
    let qpdfGetBuffer: invoi_qpdf_get_buffer_t
    let qpdfGetBufferLength: invoi_qpdf_get_buffer_length_t
    let qpdfGetError: invoi_qpdf_get_error_t
    let qpdfGetErrorFullText: invoi_qpdf_get_error_full_text_t
    let qpdfGetNumPages: invoi_qpdf_get_num_pages_t
    let qpdfGetPageN: invoi_qpdf_get_page_n_t
    let qpdfGetRoot: invoi_qpdf_get_root_t
    let qpdfGetTrailer: invoi_qpdf_get_trailer_t
    let qpdfHasError: invoi_qpdf_has_error_t
    let qpdfInit: invoi_qpdf_init_t
    let qpdfInitWriteMemory: invoi_qpdf_init_write_memory_t
    let qpdfIsEncrypted: invoi_qpdf_is_encrypted_t
    let qpdfMakeIndirectObject: invoi_qpdf_make_indirect_object_t
    let qpdfMoreWarnings: invoi_qpdf_more_warnings_t
    let qpdfNextWarning: invoi_qpdf_next_warning_t
    let qpdfOhAppendItem: invoi_qpdf_oh_append_item_t
    let qpdfOhBeginDictKeyIter: invoi_qpdf_oh_begin_dict_key_iter_t
    let qpdfOhDictMoreKeys: invoi_qpdf_oh_dict_more_keys_t
    let qpdfOhDictNextKey: invoi_qpdf_oh_dict_next_key_t
    let qpdfOhGetArrayItem: invoi_qpdf_oh_get_array_item_t
    let qpdfOhGetArrayNItems: invoi_qpdf_oh_get_array_n_items_t
    let qpdfOhGetBinaryUtf8Value: invoi_qpdf_oh_get_binary_utf8_value_t
    let qpdfOhGetDict: invoi_qpdf_oh_get_dict_t
    let qpdfOhGetIntValue: invoi_qpdf_oh_get_int_value_t
    let qpdfOhGetKey: invoi_qpdf_oh_get_key_t
    let qpdfOhGetName: invoi_qpdf_oh_get_name_t
    let qpdfOhGetObjectId: invoi_qpdf_oh_get_object_id_t
    let qpdfOhGetStreamData: invoi_qpdf_oh_get_stream_data_t
    let qpdfOhHasKey: invoi_qpdf_oh_has_key_t
    let qpdfOhIsArray: invoi_qpdf_oh_is_array_t
    let qpdfOhIsDictionary: invoi_qpdf_oh_is_dictionary_t
    let qpdfOhIsIndirect: invoi_qpdf_oh_is_indirect_t
    let qpdfOhIsInteger: invoi_qpdf_oh_is_integer_t
    let qpdfOhIsName: invoi_qpdf_oh_is_name_t
    let qpdfOhIsNameAndEquals: invoi_qpdf_oh_is_name_and_equals_t
    let qpdfOhIsStream: invoi_qpdf_oh_is_stream_t
    let qpdfOhIsString: invoi_qpdf_oh_is_string_t
    let qpdfOhNewDictionary: invoi_qpdf_oh_new_dictionary_t
    let qpdfOhNewInteger: invoi_qpdf_oh_new_integer_t
    let qpdfOhNewName: invoi_qpdf_oh_new_name_t
    let qpdfOhNewNull: invoi_qpdf_oh_new_null_t
    let qpdfOhNewStream: invoi_qpdf_oh_new_stream_t
    let qpdfOhNewUnicodeString: invoi_qpdf_oh_new_unicode_string_t
    let qpdfOhParse: invoi_qpdf_oh_parse_t
    let qpdfOhRelease: invoi_qpdf_oh_release_t
    let qpdfOhReplaceKey: invoi_qpdf_oh_replace_key_t
    let qpdfOhReplaceStreamData: invoi_qpdf_oh_replace_stream_data_t
    let qpdfOhWrapInArray: invoi_qpdf_oh_wrap_in_array_t
    let qpdfReadMemory: invoi_qpdf_read_memory_t
    let qpdfSetAttemptRecovery: invoi_qpdf_set_attempt_recovery_t
    let qpdfSetDeterministicID: invoi_qpdf_set_deterministic_ID_t
    let qpdfSetNewlineBeforeEndstream: invoi_qpdf_set_newline_before_endstream_t
    let qpdfSetSuppressWarnings: invoi_qpdf_set_suppress_warnings_t
    let qpdfSilenceErrors: invoi_qpdf_silence_errors_t
    let qpdfWrite: invoi_qpdf_write_t

    private init(symbol: (String) -> UnsafeMutableRawPointer?) throws(FacturXError) {
        func function<T>(_ name: String, as type: T.Type) throws(FacturXError) -> T {
            guard let address = symbol(name) else {
                throw .libraryUnavailable("libqpdf has no \(name); qpdf 11 or later is needed")
            }
            return unsafeBitCast(address, to: type)
        }
        qpdfCleanup = try function("qpdf_cleanup", as: invoi_qpdf_cleanup_t.self)
        qpdfForcePdfVersion = try function("qpdf_force_pdf_version", as: invoi_qpdf_force_pdf_version_t.self)
        qpdfGetBuffer = try function("qpdf_get_buffer", as: invoi_qpdf_get_buffer_t.self)
        qpdfGetBufferLength = try function("qpdf_get_buffer_length", as: invoi_qpdf_get_buffer_length_t.self)
        qpdfGetError = try function("qpdf_get_error", as: invoi_qpdf_get_error_t.self)
        qpdfGetErrorFullText = try function("qpdf_get_error_full_text", as: invoi_qpdf_get_error_full_text_t.self)
        qpdfGetNumPages = try function("qpdf_get_num_pages", as: invoi_qpdf_get_num_pages_t.self)
        qpdfGetPageN = try function("qpdf_get_page_n", as: invoi_qpdf_get_page_n_t.self)
        qpdfGetRoot = try function("qpdf_get_root", as: invoi_qpdf_get_root_t.self)
        qpdfGetTrailer = try function("qpdf_get_trailer", as: invoi_qpdf_get_trailer_t.self)
        qpdfHasError = try function("qpdf_has_error", as: invoi_qpdf_has_error_t.self)
        qpdfInit = try function("qpdf_init", as: invoi_qpdf_init_t.self)
        qpdfInitWriteMemory = try function("qpdf_init_write_memory", as: invoi_qpdf_init_write_memory_t.self)
        qpdfIsEncrypted = try function("qpdf_is_encrypted", as: invoi_qpdf_is_encrypted_t.self)
        qpdfMakeIndirectObject = try function(
            "qpdf_make_indirect_object", as: invoi_qpdf_make_indirect_object_t.self)
        qpdfMoreWarnings = try function("qpdf_more_warnings", as: invoi_qpdf_more_warnings_t.self)
        qpdfNextWarning = try function("qpdf_next_warning", as: invoi_qpdf_next_warning_t.self)
        qpdfOhAppendItem = try function("qpdf_oh_append_item", as: invoi_qpdf_oh_append_item_t.self)
        qpdfOhBeginDictKeyIter = try function(
            "qpdf_oh_begin_dict_key_iter", as: invoi_qpdf_oh_begin_dict_key_iter_t.self)
        qpdfOhDictMoreKeys = try function("qpdf_oh_dict_more_keys", as: invoi_qpdf_oh_dict_more_keys_t.self)
        qpdfOhDictNextKey = try function("qpdf_oh_dict_next_key", as: invoi_qpdf_oh_dict_next_key_t.self)
        qpdfOhGetArrayItem = try function("qpdf_oh_get_array_item", as: invoi_qpdf_oh_get_array_item_t.self)
        qpdfOhGetArrayNItems = try function(
            "qpdf_oh_get_array_n_items", as: invoi_qpdf_oh_get_array_n_items_t.self)
        qpdfOhGetBinaryUtf8Value = try function(
            "qpdf_oh_get_binary_utf8_value", as: invoi_qpdf_oh_get_binary_utf8_value_t.self)
        qpdfOhGetDict = try function("qpdf_oh_get_dict", as: invoi_qpdf_oh_get_dict_t.self)
        qpdfOhGetIntValue = try function("qpdf_oh_get_int_value", as: invoi_qpdf_oh_get_int_value_t.self)
        qpdfOhGetKey = try function("qpdf_oh_get_key", as: invoi_qpdf_oh_get_key_t.self)
        qpdfOhGetName = try function("qpdf_oh_get_name", as: invoi_qpdf_oh_get_name_t.self)
        qpdfOhGetObjectId = try function("qpdf_oh_get_object_id", as: invoi_qpdf_oh_get_object_id_t.self)
        qpdfOhGetStreamData = try function("qpdf_oh_get_stream_data", as: invoi_qpdf_oh_get_stream_data_t.self)
        qpdfOhHasKey = try function("qpdf_oh_has_key", as: invoi_qpdf_oh_has_key_t.self)
        qpdfOhIsArray = try function("qpdf_oh_is_array", as: invoi_qpdf_oh_is_array_t.self)
        qpdfOhIsDictionary = try function("qpdf_oh_is_dictionary", as: invoi_qpdf_oh_is_dictionary_t.self)
        qpdfOhIsIndirect = try function("qpdf_oh_is_indirect", as: invoi_qpdf_oh_is_indirect_t.self)
        qpdfOhIsInteger = try function("qpdf_oh_is_integer", as: invoi_qpdf_oh_is_integer_t.self)
        qpdfOhIsName = try function("qpdf_oh_is_name", as: invoi_qpdf_oh_is_name_t.self)
        qpdfOhIsNameAndEquals = try function(
            "qpdf_oh_is_name_and_equals", as: invoi_qpdf_oh_is_name_and_equals_t.self)
        qpdfOhIsStream = try function("qpdf_oh_is_stream", as: invoi_qpdf_oh_is_stream_t.self)
        qpdfOhIsString = try function("qpdf_oh_is_string", as: invoi_qpdf_oh_is_string_t.self)
        qpdfOhNewDictionary = try function("qpdf_oh_new_dictionary", as: invoi_qpdf_oh_new_dictionary_t.self)
        qpdfOhNewInteger = try function("qpdf_oh_new_integer", as: invoi_qpdf_oh_new_integer_t.self)
        qpdfOhNewName = try function("qpdf_oh_new_name", as: invoi_qpdf_oh_new_name_t.self)
        qpdfOhNewNull = try function("qpdf_oh_new_null", as: invoi_qpdf_oh_new_null_t.self)
        qpdfOhNewStream = try function("qpdf_oh_new_stream", as: invoi_qpdf_oh_new_stream_t.self)
        qpdfOhNewUnicodeString = try function(
            "qpdf_oh_new_unicode_string", as: invoi_qpdf_oh_new_unicode_string_t.self)
        qpdfOhParse = try function("qpdf_oh_parse", as: invoi_qpdf_oh_parse_t.self)
        qpdfOhRelease = try function("qpdf_oh_release", as: invoi_qpdf_oh_release_t.self)
        qpdfOhReplaceKey = try function("qpdf_oh_replace_key", as: invoi_qpdf_oh_replace_key_t.self)
        qpdfOhReplaceStreamData = try function(
            "qpdf_oh_replace_stream_data", as: invoi_qpdf_oh_replace_stream_data_t.self)
        qpdfOhWrapInArray = try function("qpdf_oh_wrap_in_array", as: invoi_qpdf_oh_wrap_in_array_t.self)
        qpdfReadMemory = try function("qpdf_read_memory", as: invoi_qpdf_read_memory_t.self)
        qpdfSetAttemptRecovery = try function(
            "qpdf_set_attempt_recovery", as: invoi_qpdf_set_attempt_recovery_t.self)
        qpdfSetDeterministicID = try function(
            "qpdf_set_deterministic_ID", as: invoi_qpdf_set_deterministic_ID_t.self)
        qpdfSetNewlineBeforeEndstream = try function(
            "qpdf_set_newline_before_endstream", as: invoi_qpdf_set_newline_before_endstream_t.self)
        qpdfSetSuppressWarnings = try function(
            "qpdf_set_suppress_warnings", as: invoi_qpdf_set_suppress_warnings_t.self)
        qpdfSilenceErrors = try function("qpdf_silence_errors", as: invoi_qpdf_silence_errors_t.self)
        qpdfWrite = try function("qpdf_write", as: invoi_qpdf_write_t.self)
    }

    private static func load() -> Result<LibQPDF, FacturXError> {
        var reasons: [String] = []
        for soname in sonames {
            guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? "\(soname): not found")
                continue
            }
            do throws(FacturXError) {
                return .success(try LibQPDF { dlsym(handle, $0) })
            } catch {
                dlclose(handle)
                return .failure(error)
            }
        }
        return .failure(
            .libraryUnavailable("Factur-X needs qpdf's library (install libqpdf29): " + reasons.joined(separator: "; "))
        )
    }
}
