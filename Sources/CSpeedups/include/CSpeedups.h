#ifndef INVOI_C_SPEEDUPS_H
#define INVOI_C_SPEEDUPS_H

#include <stdarg.h>
#include <stddef.h>

/// Formats one number as glibc's vsnprintf would, for the formats Cairo's PDF writer uses
/// ("%d", "%ld", "%u", "%lu", "%010ld", "%02x", "%04x", "%04X", "%f", "%.18f", "%.*f" with a
/// precision up to 18); -1, having written nothing, for any other format or value (infinities,
/// NaN, magnitudes from 2^63, another rounding mode or decimal point), which glibc then formats.
int invoi_format_number(char *buffer, size_t size, const char *format, va_list arguments);

/// glibc's __vsnprintf_chk with `invoi_format_number` in front when the speedup is on.
int invoi_vsnprintf_chk(char *buffer, size_t size, int flag, size_t capacity, const char *format, va_list arguments);

/// Whether an INVOI_SPEEDUPS value (NULL: unset) turns on the speedup `name` (in lower case),
/// by the rules of Swift's `Speedups(setting:)`.
int invoi_speedup_is_on(const char *setting, const char *name);

/// FreeType's FT_Load_Sfnt_Table for the faces registered here, served from the font's bytes
/// (FontTables.c); `bytes` must stay mapped until the face is unregistered.
void invoi_font_tables_register(void *face, const unsigned char *bytes, size_t count, long index);
void invoi_font_tables_unregister(void *face);

/// FT_Load_Sfnt_Table as invoi answers it (FreeType's own answers whatever is not registered).
int invoi_load_sfnt_table(void *face, unsigned long tag, long offset, unsigned char *buffer, unsigned long *length);

/// FreeType's own FT_Load_Sfnt_Table, and whether a registered face's `tag` is read from its
/// bytes (1) rather than by FreeType (0): for the tests.
int invoi_freetype_load_sfnt_table(void *face, unsigned long tag, long offset, unsigned char *buffer,
                                   unsigned long *length);
int invoi_font_tables_serves(void *face, unsigned long tag);

#endif
