#ifndef STRATA_JPEG_CODEC_H
#define STRATA_JPEG_CODEC_H
// JPEG files read with libjpeg-turbo (the libjpeg API, Debian's libjpeg62-turbo-dev).
// libjpeg reports errors by longjmp, which Swift cannot catch: these two calls catch them
// here and hand back the library's own message. Pixels cross this interface as `Image`
// holds them: RGBA8, top-down, opaque (a JPEG has no alpha), so premultiplied as they are.
#include <stddef.h>
#include <stdint.h>

// Reads the markers up to the first frame header only, so the caller can refuse a size
// before allocating anything of it. Returns 0 on success, else writes a message.
int strata_jpeg_header(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                       char *error, size_t error_length);

// Decodes a JPEG of the size strata_jpeg_header read into `pixels` (width * height * 4
// bytes). Greyscale, YCbCr, RGB and CMYK/YCCK (Adobe's inverted CMYK) files are taken.
// A file that ends before its last scan is an error (libjpeg would fill it with grey).
int strata_jpeg_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height,
                       uint8_t *pixels, char *error, size_t error_length);

#endif
