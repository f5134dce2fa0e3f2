#include "libpng_codec.h"
#include "png_codec.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

typedef struct {
    jmp_buf jump;
    char *error;
    size_t error_length;
    char warning[160];  // the last warning: libpng says why IHDR is invalid in a warning
} codec_state;

static void on_error(png_structp png, png_const_charp message) {
    codec_state *state = (codec_state *)png_get_error_ptr(png);
    if (state->warning[0])
        snprintf(state->error, state->error_length, "%s (%s)", message, state->warning);
    else
        snprintf(state->error, state->error_length, "%s", message);
    longjmp(state->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    codec_state *state = (codec_state *)png_get_error_ptr(png);
    snprintf(state->warning, sizeof state->warning, "%s", message);
}

typedef struct { uint8_t *data; size_t length, capacity; int failed; } growing_buffer;

static void write_bytes(png_structp png, png_bytep bytes, png_size_t count) {
    growing_buffer *b = (growing_buffer *)png_get_io_ptr(png);
    if (b->length + count > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 65536;
        while (capacity < b->length + count) capacity *= 2;
        uint8_t *grown = realloc(b->data, capacity);
        if (!grown) png_error(png, "out of memory while encoding PNG");
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, bytes, count);
    b->length += count;
}

static void flush_bytes(png_structp png) { (void)png; }

int strata_libpng_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter, int strategy,
                         uint8_t **out, size_t *out_length, char *error, size_t error_length) {
    codec_state state = { .error = error, .error_length = error_length };
    growing_buffer buffer = { 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) { snprintf(error, error_length, "libpng could not start"); return 1; }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        snprintf(error, error_length, "libpng could not start");
        return 1;
    }
    if (setjmp(state.jump)) {  // on_error has written the message
        png_destroy_write_struct(&png, &info);
        free(rows);
        free(buffer.data);
        return 1;
    }
    png_set_write_fn(png, &buffer, write_bytes, flush_bytes);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    int filters;
    switch (filter) {
    case STRATA_PNG_FILTER_NONE: filters = PNG_FILTER_NONE; break;
    case STRATA_PNG_FILTER_SUB: filters = PNG_FILTER_SUB; break;
    case STRATA_PNG_FILTER_UP: filters = PNG_FILTER_UP; break;
    case STRATA_PNG_FILTER_PAETH: filters = PNG_FILTER_PAETH; break;
    default: filters = PNG_ALL_FILTERS; break;
    }
    png_set_filter(png, 0, filters);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory while encoding PNG");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * width * 4);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(rows);
    *out = buffer.data;
    *out_length = buffer.length;
    return 0;
}

typedef struct { const uint8_t *data; size_t length, offset; } reading_buffer;

static void read_bytes(png_structp png, png_bytep bytes, png_size_t count) {
    reading_buffer *b = (reading_buffer *)png_get_io_ptr(png);
    if (b->offset + count > b->length) png_error(png, "file ends before the PNG does (truncated)");
    memcpy(bytes, b->data + b->offset, count);
    b->offset += count;
}

// Every chunk's length must fit in the file: libpng allocates (and clears) a chunk's
// declared length before reading it, so a damaged length in a 250-byte file cost 128 MiB
// and seconds per decode (found by make fuzz). Returns 0 when the chunks fit, up to IEND.
static int chunks_fit(const uint8_t *data, size_t length, char *error, size_t error_length) {
    size_t offset = 8;
    while (offset + 12 <= length) {
        uint32_t n = (uint32_t)data[offset] << 24 | (uint32_t)data[offset + 1] << 16 | (uint32_t)data[offset + 2] << 8 | data[offset + 3];
        if (n > length - offset - 12) {
            snprintf(error, error_length, "a chunk at byte %zu claims %u bytes, past the end of the file (truncated or damaged)", offset, n);
            return 1;
        }
        if (memcmp(data + offset + 4, "IEND", 4) == 0) return 0;
        offset += 12 + (size_t)n;
    }
    return 0;  // no IEND: libpng words that
}

int strata_libpng_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *pixels,
                         char *error, size_t error_length) {
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(error, error_length, "not a PNG file (bad signature)");
        return 1;
    }
    codec_state state = { .error = error, .error_length = error_length };
    if (chunks_fit(data, length, error, error_length)) return 1;
    reading_buffer source = { data, length, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) { snprintf(error, error_length, "libpng could not start"); return 1; }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(error, error_length, "libpng could not start");
        return 1;
    }
    if (setjmp(state.jump)) {  // on_error has written the message
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        return 1;
    }
    png_set_user_limits(png, width, height);
    png_set_read_fn(png, &source, read_bytes);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (w != width || h != height) png_error(png, "image size differs from its header");
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    rows = malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!rows) png_error(png, "out of memory while decoding PNG");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    return 0;
}
