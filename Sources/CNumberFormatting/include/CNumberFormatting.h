#ifndef INVOI_NUMBER_FORMATTING_H
#define INVOI_NUMBER_FORMATTING_H

#include <stdarg.h>
#include <stddef.h>

/// Formats one number as glibc's vsnprintf would, for the formats Cairo's PDF writer uses
/// ("%d", "%ld", "%u", "%lu", "%010ld", "%02x", "%04x", "%04X", "%f", "%.18f", "%.*f" with a
/// precision up to 18); -1, having written nothing, for any other format or value (infinities,
/// NaN, magnitudes from 2^63, another rounding mode or decimal point), which glibc then formats.
int invoi_format_number(char *buffer, size_t size, const char *format, va_list arguments);

/// glibc's __vsnprintf_chk with `invoi_format_number` in front when the speedup is on.
int invoi_vsnprintf_chk(char *buffer, size_t size, int flag, size_t capacity, const char *format, va_list arguments);

/// Whether an INVOI_SPEEDUPS value (NULL: unset) turns the number formatting speedup on, by
/// the rules of Swift's `Speedups(setting:)`.
int invoi_number_formatting_is_on(const char *setting);

#endif
