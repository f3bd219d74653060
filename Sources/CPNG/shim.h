#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libpng reports errors with longjmp, which must not cross Swift frames: every libpng
// call that can fail is made here, in C, under one setjmp.

#define INVOI_PNG_OK 0
/// The bytes ended before the image did.
#define INVOI_PNG_TRUNCATED 1
/// libpng refused the file (a bad CRC, chunk or compressed stream).
#define INVOI_PNG_INVALID 2
#define INVOI_PNG_NO_MEMORY 3
/// Not `width` × `height` pixels of 8-bit RGB or RGBA after the transformations.
#define INVOI_PNG_UNEXPECTED_LAYOUT 4

struct invoi_png_source {
    const unsigned char *bytes;
    size_t count;
    size_t offset;
    volatile int truncated;
};

static inline void invoi_png_read_bytes(png_structp png, png_bytep out, size_t count) {
    struct invoi_png_source *source = (struct invoi_png_source *)png_get_io_ptr(png);
    if (count > source->count - source->offset) {
        source->truncated = 1;
        png_error(png, "truncated");
    }
    memcpy(out, source->bytes + source->offset, count);
    source->offset += count;
}

static inline void invoi_png_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

// Warnings are not errors (libpng goes on with the image), and nothing is printed.
static inline void invoi_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Decodes the PNG in `bytes` into `rgba` (`width` × `height` × 4 bytes, the size its IHDR
/// gives): every colour type, depth, palette and tRNS becomes 8-bit R, G, B and A (255 when
/// the image has no alpha channel, which `has_alpha` then says), with the transformations
/// Cairo's PNG reader applies, so that pixels come out as they did when Cairo decoded logos.
/// No gamma or colour-profile correction. Returns an INVOI_PNG_ status.
static inline int invoi_png_read_rgba(const unsigned char *bytes, size_t count, png_uint_32 width, png_uint_32 height,
                                      unsigned char *rgba, int *has_alpha) {
    struct invoi_png_source source = {bytes, count, 0, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, invoi_png_error, invoi_png_warning);
    if (png == NULL) return INVOI_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return INVOI_PNG_NO_MEMORY;
    }
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return source.truncated ? INVOI_PNG_TRUNCATED : INVOI_PNG_INVALID;
    }
    png_set_read_fn(png, &source, invoi_png_read_bytes);
    png_read_info(png, info);

    png_uint_32 file_width, file_height;
    int depth, color_type, interlace;
    png_get_IHDR(png, info, &file_width, &file_height, &depth, &color_type, &interlace, NULL, NULL);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    // The high byte of each 16-bit sample, as Cairo keeps it.
    if (depth == 16) png_set_strip_16(png);
    if (depth < 8) png_set_packing(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (interlace != PNG_INTERLACE_NONE) png_set_interlace_handling(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    png_get_IHDR(png, info, &file_width, &file_height, &depth, &color_type, &interlace, NULL, NULL);
    if (depth != 8 || (color_type != PNG_COLOR_TYPE_RGB && color_type != PNG_COLOR_TYPE_RGB_ALPHA)
        || file_width != width || file_height != height || png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_destroy_read_struct(&png, &info, NULL);
        return INVOI_PNG_UNEXPECTED_LAYOUT;
    }
    *has_alpha = color_type == PNG_COLOR_TYPE_RGB_ALPHA;

    rows = (png_bytep *)malloc(sizeof(png_bytep) * (height > 0 ? height : 1));
    if (rows == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        return INVOI_PNG_NO_MEMORY;
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, info);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return INVOI_PNG_OK;
}
