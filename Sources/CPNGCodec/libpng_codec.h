#ifndef STRATA_LIBPNG_CODEC_H
#define STRATA_LIBPNG_CODEC_H
// libpng's half of png_codec.h: straight-alpha pixels, errors as messages.
#include <stddef.h>
#include <stdint.h>

int strata_libpng_encode(const uint8_t *straight_rgba, uint32_t width, uint32_t height, int level, int filter,
                         int strategy, uint8_t **out, size_t *out_length, char *error, size_t error_length);

// Decodes into `straight_rgba` (width * height * 4 bytes); fails unless the file is that size.
int strata_libpng_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *straight_rgba,
                         char *error, size_t error_length);

#endif
