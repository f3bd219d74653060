// Cairo 1.16 writes every number of a PDF (coordinates, object numbers, offsets, marked-content
// ids, glyph codes) through glibc's snprintf, one call a number, about 1,850 calls a one-page
// invoice at 1,000 instructions each: a tenth of a batch invoice's instructions. invoi defines
// __snprintf_chk, which Cairo calls (it is built with _FORTIFY_SOURCE) and which the dynamic
// linker finds in the executable before glibc's. The formats Cairo uses are written here with
// integer arithmetic, exactly as glibc writes them (the fixed-point value rounded half to even
// from the double's exact binary value, glibc's rule in the default rounding mode); every other
// format, and every value or state this code does not cover, goes to glibc unchanged.
// NumberFormattingTests compares the two on millions of values and every format.

#include "CSpeedups.h"
#include "Switch.h"

#include <fenv.h>
#include <langinfo.h>
#include <stdint.h>
#include <string.h>

extern int __vsnprintf_chk(char *, size_t, int, size_t, const char *, va_list);
extern void __chk_fail(void) __attribute__((noreturn));

enum kind { NONE, INT, LONG, UNSIGNED, UNSIGNED_LONG, LONG_WIDTH_10, HEX_2, HEX_4, HEX_4_UPPER, FIXED_6, FIXED_18, FIXED_GIVEN };

static enum kind classify(const char *format) {
    if (format[0] != '%') return NONE;
    const char *f = format + 1;
    switch (f[0]) {
    case 'd': return f[1] == 0 ? INT : NONE;
    case 'u': return f[1] == 0 ? UNSIGNED : NONE;
    case 'f': return f[1] == 0 ? FIXED_6 : NONE;
    case 'l':
        if (f[1] == 0 || f[2] != 0) return NONE;
        return f[1] == 'd' ? LONG : f[1] == 'u' ? UNSIGNED_LONG : NONE;
    case '.':
        if (strcmp(f, ".18f") == 0) return FIXED_18;
        if (strcmp(f, ".*f") == 0) return FIXED_GIVEN;
        return NONE;
    case '0':
        if (strcmp(f, "010ld") == 0) return LONG_WIDTH_10;
        if (strcmp(f, "02x") == 0) return HEX_2;
        if (strcmp(f, "04x") == 0) return HEX_4;
        if (strcmp(f, "04X") == 0) return HEX_4_UPPER;
        return NONE;
    default: return NONE;
    }
}

/// snprintf's contract: the whole length returned, at most size - 1 bytes and a NUL written.
static int deliver(char *buffer, size_t size, const char *text, size_t length) {
    if (size > 0) {
        size_t count = length < size - 1 ? length : size - 1;
        memcpy(buffer, text, count);
        buffer[count] = 0;
    }
    return (int)length;
}

/// `magnitude` in decimal, `negative` with a minus sign first, padded with zeros after the sign
/// to at least `width` characters (the 0 flag).
static size_t decimal(char *out, uint64_t magnitude, int negative, int width) {
    char digits[24];
    int count = 0;
    do {
        digits[count++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    char *o = out;
    if (negative) *o++ = '-';
    for (int pad = width - negative - count; pad > 0; pad--) *o++ = '0';
    while (count) *o++ = digits[--count];
    return (size_t)(o - out);
}

static size_t hexadecimal(char *out, unsigned value, int width, const char *alphabet) {
    char digits[16];
    int count = 0;
    do {
        digits[count++] = alphabet[value & 15];
        value >>= 4;
    } while (value);
    char *o = out;
    for (int pad = width - count; pad > 0; pad--) *o++ = '0';
    while (count) *o++ = digits[--count];
    return (size_t)(o - out);
}

static const uint64_t powersOf10[19] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
    1000000000000000000ULL,
};

/// `value` with `precision` digits after the point; 0 when it is not covered here.
static size_t fixed(char *out, double value, int precision) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    int negative = (int)(bits >> 63);
    int exponentField = (int)((bits >> 52) & 0x7FF);
    uint64_t fraction = bits & ((1ULL << 52) - 1);
    if (exponentField == 0x7FF) return 0;  // infinity, NaN
    uint64_t mantissa = exponentField ? fraction | (1ULL << 52) : fraction;
    int exponent = exponentField ? exponentField - 1075 : -1074;
    // value = mantissa × 2^exponent; scaled = round-half-even(|value| × 10^precision).
    unsigned __int128 scaled;
    uint64_t scale = powersOf10[precision];
    if (exponent >= 0) {
        if (exponent > 10) return 0;  // 2^63 and more
        scaled = (unsigned __int128)(mantissa << exponent) * scale;
    } else {
        int shift = -exponent;
        unsigned __int128 product = (unsigned __int128)mantissa * scale;  // < 2^113
        if (shift >= 120) {
            scaled = 0;  // below half a unit of the last digit
        } else {
            scaled = product >> shift;
            unsigned __int128 rest = product & (((unsigned __int128)1 << shift) - 1);
            unsigned __int128 half = (unsigned __int128)1 << (shift - 1);
            if (rest > half || (rest == half && (scaled & 1))) scaled += 1;
        }
    }
    uint64_t whole = (uint64_t)(scaled / scale);
    uint64_t part = (uint64_t)(scaled % scale);
    char *o = out + decimal(out, whole, negative, 0);
    if (precision > 0) {
        *o++ = '.';
        for (int digit = precision - 1; digit >= 0; digit--) {
            o[digit] = (char)('0' + part % 10);
            part /= 10;
        }
        o += precision;
    }
    return (size_t)(o - out);
}

int invoi_format_number(char *buffer, size_t size, const char *format, va_list arguments) {
    enum kind kind = classify(format);
    if (kind == NONE) return -1;
    char text[64];
    size_t length = 0;
    switch (kind) {
    case INT: {
        int value = va_arg(arguments, int);
        length = decimal(text, value < 0 ? -(uint64_t)(int64_t)value : (uint64_t)value, value < 0, 0);
        break;
    }
    case LONG:
    case LONG_WIDTH_10: {
        long value = va_arg(arguments, long);
        length = decimal(text, value < 0 ? -(uint64_t)value : (uint64_t)value, value < 0, kind == LONG ? 0 : 10);
        break;
    }
    case UNSIGNED: length = decimal(text, va_arg(arguments, unsigned), 0, 0); break;
    case UNSIGNED_LONG: length = decimal(text, va_arg(arguments, unsigned long), 0, 0); break;
    case HEX_2: length = hexadecimal(text, va_arg(arguments, unsigned), 2, "0123456789abcdef"); break;
    case HEX_4: length = hexadecimal(text, va_arg(arguments, unsigned), 4, "0123456789abcdef"); break;
    case HEX_4_UPPER: length = hexadecimal(text, va_arg(arguments, unsigned), 4, "0123456789ABCDEF"); break;
    case FIXED_6:
    case FIXED_18:
    case FIXED_GIVEN: {
        int precision = kind == FIXED_6 ? 6 : kind == FIXED_18 ? 18 : va_arg(arguments, int);
        if (precision < 0) precision = 6;  // a negative precision is taken as none
        double value = va_arg(arguments, double);
        const char *point = nl_langinfo(RADIXCHAR);
        if (precision > 18 || point[0] != '.' || point[1] != 0 || fegetround() != FE_TONEAREST) return -1;
        length = fixed(text, value, precision);
        if (length == 0) return -1;
        break;
    }
    case NONE: return -1;
    }
    return deliver(buffer, size, text, length);
}

static int enabled = -1;

int invoi_vsnprintf_chk(char *buffer, size_t size, int flag, size_t capacity, const char *format, va_list arguments) {
    if (invoi_speedup_is_enabled(&enabled, "numberformatting")) {
        if (size > capacity) __chk_fail();
        va_list copy;
        va_copy(copy, arguments);
        int length = invoi_format_number(buffer, size, format, copy);
        va_end(copy);
        if (length >= 0) return length;
    }
    return __vsnprintf_chk(buffer, size, flag, capacity, format, arguments);
}

int __snprintf_chk(char *buffer, size_t size, int flag, size_t capacity, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int length = invoi_vsnprintf_chk(buffer, size, flag, capacity, format, arguments);
    va_end(arguments);
    return length;
}
