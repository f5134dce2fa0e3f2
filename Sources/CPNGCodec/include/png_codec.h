#ifndef STRATA_PNG_CODEC_H
#define STRATA_PNG_CODEC_H
// PNG in C, where the per-byte work is: frames are written with libdeflate (PNG chunks
// written here, CRCs from libdeflate), and 8-bit RGB/RGBA files are read with libdeflate's
// zlib decompressor; libpng encodes on request (the zlib baseline) and reads every other
// kind of PNG, and its longjmp errors are turned into messages here, since Swift cannot
// catch them. Pixels cross this interface premultiplied, as `Image` holds them.
#include <stddef.h>
#include <stdint.h>

// Filters for strata_png_encode: one fixed filter, or the adaptive choice per row
// (libpng's heuristic: the smallest sum of absolute filtered bytes).
enum { STRATA_PNG_FILTER_NONE = 0, STRATA_PNG_FILTER_SUB = 1, STRATA_PNG_FILTER_UP = 2,
       STRATA_PNG_FILTER_PAETH = 4, STRATA_PNG_FILTER_ADAPTIVE = 5 };

// zlib strategies for the libpng encoder (zlib.h's values).
enum { STRATA_ZLIB_DEFAULT = 0, STRATA_ZLIB_FILTERED = 1, STRATA_ZLIB_HUFFMAN_ONLY = 2, STRATA_ZLIB_RLE = 3 };

// Who deflates: libdeflate, ISA-L's igzip (levels 0, 1 and 3 are its own; 2 is taken
// as 1 and above 3 as 3), or libpng with zlib and `strategy`.
enum { STRATA_PNG_LIBDEFLATE = 0, STRATA_PNG_LIBPNG = 1, STRATA_PNG_ISAL = 2 };

// Encodes premultiplied RGBA8 rows (top-down) as a straight-alpha RGBA PNG. On success
// returns 0 and a malloc'd buffer the caller frees; on failure writes a message to `error`.
int strata_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                      int deflater, int strategy,
                      uint8_t **out, size_t *out_length, char *error, size_t error_length);

// Reads the signature and IHDR only, so the caller can refuse a size before allocating.
int strata_png_header(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                      char *error, size_t error_length);

// Decodes any PNG of the size strata_png_header read into `pixels`: premultiplied RGBA8,
// top-down, width * height * 4 bytes. Given `capacity` >= height * (width * 4 + 1) bytes,
// an RGBA file is inflated in place, without a buffer of its own.
int strata_png_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *pixels,
                      size_t capacity, char *error, size_t error_length);

#endif
