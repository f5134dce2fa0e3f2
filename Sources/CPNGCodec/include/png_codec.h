#ifndef STRATA_PNG_CODEC_H
#define STRATA_PNG_CODEC_H
// libpng reports errors by longjmp, which Swift cannot catch; these two calls wrap it
// and report failures as a message instead.
#include <stddef.h>
#include <stdint.h>

// Filters for strata_png_encode: one fixed filter, or libpng's adaptive choice.
enum { STRATA_PNG_FILTER_NONE = 0, STRATA_PNG_FILTER_SUB = 1, STRATA_PNG_FILTER_UP = 2,
       STRATA_PNG_FILTER_PAETH = 4, STRATA_PNG_FILTER_ADAPTIVE = 5 };

// zlib strategies for strata_png_encode (zlib.h's values).
enum { STRATA_ZLIB_DEFAULT = 0, STRATA_ZLIB_FILTERED = 1, STRATA_ZLIB_HUFFMAN_ONLY = 2, STRATA_ZLIB_RLE = 3 };

// Encodes straight-alpha RGBA8 rows (top-down) as an RGBA PNG. On success returns 0 and
// a malloc'd buffer the caller frees; on failure writes a message to `error`.
int strata_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter, int strategy,
                      uint8_t **out, size_t *out_length, char *error, size_t error_length);

// Decodes any PNG into straight-alpha RGBA8, top-down, refusing images wider or taller
// than the limits before their pixels are allocated (libpng's user limits).
int strata_png_decode(const uint8_t *data, size_t length, uint32_t max_width, uint32_t max_height,
                      uint8_t **out, uint32_t *width, uint32_t *height, char *error, size_t error_length);

#endif
