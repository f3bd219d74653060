// qpdf's declarations and a pointer type per function invoi calls: no `link`, the library is
// opened with dlopen on the first Factur-X (LibQPDF.swift), so that every other run of invoi does
// not load libqpdf, libstdc++, GnuTLS and libjpeg at start.
#include <qpdf/qpdf-c.h>

typedef __typeof__(qpdf_cleanup) *invoi_qpdf_cleanup_t;
typedef __typeof__(qpdf_force_pdf_version) *invoi_qpdf_force_pdf_version_t;
typedef __typeof__(qpdf_get_buffer) *invoi_qpdf_get_buffer_t;
typedef __typeof__(qpdf_get_buffer_length) *invoi_qpdf_get_buffer_length_t;
typedef __typeof__(qpdf_get_error) *invoi_qpdf_get_error_t;
typedef __typeof__(qpdf_get_error_full_text) *invoi_qpdf_get_error_full_text_t;
typedef __typeof__(qpdf_get_num_pages) *invoi_qpdf_get_num_pages_t;
typedef __typeof__(qpdf_get_page_n) *invoi_qpdf_get_page_n_t;
typedef __typeof__(qpdf_get_root) *invoi_qpdf_get_root_t;
typedef __typeof__(qpdf_get_trailer) *invoi_qpdf_get_trailer_t;
typedef __typeof__(qpdf_has_error) *invoi_qpdf_has_error_t;
typedef __typeof__(qpdf_init) *invoi_qpdf_init_t;
typedef __typeof__(qpdf_init_write_memory) *invoi_qpdf_init_write_memory_t;
typedef __typeof__(qpdf_is_encrypted) *invoi_qpdf_is_encrypted_t;
typedef __typeof__(qpdf_make_indirect_object) *invoi_qpdf_make_indirect_object_t;
typedef __typeof__(qpdf_more_warnings) *invoi_qpdf_more_warnings_t;
typedef __typeof__(qpdf_next_warning) *invoi_qpdf_next_warning_t;
typedef __typeof__(qpdf_oh_append_item) *invoi_qpdf_oh_append_item_t;
typedef __typeof__(qpdf_oh_begin_dict_key_iter) *invoi_qpdf_oh_begin_dict_key_iter_t;
typedef __typeof__(qpdf_oh_dict_more_keys) *invoi_qpdf_oh_dict_more_keys_t;
typedef __typeof__(qpdf_oh_dict_next_key) *invoi_qpdf_oh_dict_next_key_t;
typedef __typeof__(qpdf_oh_get_array_item) *invoi_qpdf_oh_get_array_item_t;
typedef __typeof__(qpdf_oh_get_array_n_items) *invoi_qpdf_oh_get_array_n_items_t;
typedef __typeof__(qpdf_oh_get_binary_utf8_value) *invoi_qpdf_oh_get_binary_utf8_value_t;
typedef __typeof__(qpdf_oh_get_dict) *invoi_qpdf_oh_get_dict_t;
typedef __typeof__(qpdf_oh_get_int_value) *invoi_qpdf_oh_get_int_value_t;
typedef __typeof__(qpdf_oh_get_key) *invoi_qpdf_oh_get_key_t;
typedef __typeof__(qpdf_oh_get_object_id) *invoi_qpdf_oh_get_object_id_t;
typedef __typeof__(qpdf_oh_has_key) *invoi_qpdf_oh_has_key_t;
typedef __typeof__(qpdf_oh_is_array) *invoi_qpdf_oh_is_array_t;
typedef __typeof__(qpdf_oh_is_dictionary) *invoi_qpdf_oh_is_dictionary_t;
typedef __typeof__(qpdf_oh_is_indirect) *invoi_qpdf_oh_is_indirect_t;
typedef __typeof__(qpdf_oh_is_integer) *invoi_qpdf_oh_is_integer_t;
typedef __typeof__(qpdf_oh_is_stream) *invoi_qpdf_oh_is_stream_t;
typedef __typeof__(qpdf_oh_is_string) *invoi_qpdf_oh_is_string_t;
typedef __typeof__(qpdf_oh_new_dictionary) *invoi_qpdf_oh_new_dictionary_t;
typedef __typeof__(qpdf_oh_new_integer) *invoi_qpdf_oh_new_integer_t;
typedef __typeof__(qpdf_oh_new_name) *invoi_qpdf_oh_new_name_t;
typedef __typeof__(qpdf_oh_new_null) *invoi_qpdf_oh_new_null_t;
typedef __typeof__(qpdf_oh_new_stream) *invoi_qpdf_oh_new_stream_t;
typedef __typeof__(qpdf_oh_new_unicode_string) *invoi_qpdf_oh_new_unicode_string_t;
typedef __typeof__(qpdf_oh_parse) *invoi_qpdf_oh_parse_t;
typedef __typeof__(qpdf_oh_release) *invoi_qpdf_oh_release_t;
typedef __typeof__(qpdf_oh_replace_key) *invoi_qpdf_oh_replace_key_t;
typedef __typeof__(qpdf_oh_replace_stream_data) *invoi_qpdf_oh_replace_stream_data_t;
typedef __typeof__(qpdf_oh_wrap_in_array) *invoi_qpdf_oh_wrap_in_array_t;
typedef __typeof__(qpdf_read_memory) *invoi_qpdf_read_memory_t;
typedef __typeof__(qpdf_set_attempt_recovery) *invoi_qpdf_set_attempt_recovery_t;
typedef __typeof__(qpdf_set_deterministic_ID) *invoi_qpdf_set_deterministic_ID_t;
typedef __typeof__(qpdf_set_suppress_warnings) *invoi_qpdf_set_suppress_warnings_t;
typedef __typeof__(qpdf_silence_errors) *invoi_qpdf_silence_errors_t;
typedef __typeof__(qpdf_write) *invoi_qpdf_write_t;
