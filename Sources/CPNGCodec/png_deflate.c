// PNG written and read with libdeflate: the chunks (signature, IHDR, one IDAT, IEND) are
// laid out here, the image data is one zlib stream from libdeflate, which is 2-3x faster
// than zlib at the same level for a smaller file, or from ISA-L's igzip, about 6x
// libdeflate's level 1 on UI frames (its hashing skips through the long runs of equal
// bytes filtered frames are mostly made of) for a file a third larger. Reading takes the
// 8-bit RGB/RGBA files every frame and reference is; anything else (palettes, grey, 16 bits, interlacing,
// tRNS, a damaged file) goes to libpng, which also words every error.
#include "libpng_codec.h"
#include "png_codec.h"
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };

static inline uint32_t read32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void write32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

// ---- encoders, reused: allocating a compressor costs more than deflating a small frame,
// and fresh multi-megabyte buffers each frame cost page faults ----

struct encoder {
    int deflater, level;
    struct libdeflate_compressor *compressor;  // STRATA_PNG_LIBDEFLATE
    uint8_t *isal_buffer;                      // STRATA_PNG_ISAL's hash tables (none at level 0)
    size_t isal_buffer_size;
    uint8_t *filtered, *deflated;  // the filtered rows, and room for their zlib stream
    size_t filtered_capacity, deflated_capacity;
};

enum { POOL_SIZE = 4 };
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct encoder *pool[POOL_SIZE];
static int pool_count;

static void free_encoder(struct encoder *e) {
    if (!e) return;
    libdeflate_free_compressor(e->compressor);
    free(e->isal_buffer);
    free(e->filtered);
    free(e->deflated);
    free(e);
}

// ISA-L's levels: 0, 1 and 3 (2 is not one of them).
static int isal_level(int level) { return level <= 1 ? level : 3; }

static struct encoder *take_encoder(int deflater, int level) {
    pthread_mutex_lock(&pool_lock);
    for (int i = 0; i < pool_count; i++) {
        if (pool[i]->deflater != deflater || pool[i]->level != level) continue;
        struct encoder *e = pool[i];
        pool[i] = pool[--pool_count];
        pthread_mutex_unlock(&pool_lock);
        return e;
    }
    pthread_mutex_unlock(&pool_lock);
    struct encoder *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->deflater = deflater;
    e->level = level;
    if (deflater == STRATA_PNG_ISAL) {
        int l = isal_level(level);
        e->isal_buffer_size = l == 0 ? 0 : l == 1 ? ISAL_DEF_LVL1_DEFAULT : ISAL_DEF_LVL3_DEFAULT;
        if (e->isal_buffer_size && !(e->isal_buffer = malloc(e->isal_buffer_size))) { free(e); return NULL; }
    } else {
        e->compressor = libdeflate_alloc_compressor(level);
        if (!e->compressor) { free(e); return NULL; }
    }
    return e;
}

static void return_encoder(struct encoder *e) {
    pthread_mutex_lock(&pool_lock);
    if (pool_count < POOL_SIZE) {
        pool[pool_count++] = e;
        e = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    free_encoder(e);
}

// Grows *buffer to at least `size` bytes; 0 when memory ran out (the old buffer is kept).
static int reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (*capacity >= size) return 1;
    uint8_t *grown = malloc(size ? size : 1);
    if (!grown) return 0;
    free(*buffer);
    *buffer = grown;
    *capacity = size;
    return 1;
}

// ---- alpha: frames are premultiplied in memory, straight in the file ----

static void unpremultiply_row(const uint8_t *src, uint8_t *dst, uint32_t width) {
    for (uint32_t x = 0; x < width; x++, src += 4, dst += 4) {
        unsigned a = src[3];
        if (a == 255) { memcpy(dst, src, 4); continue; }
        if (a == 0) { dst[0] = dst[1] = dst[2] = dst[3] = 0; continue; }
        for (int c = 0; c < 3; c++) {
            unsigned v = (src[c] * 255u + a / 2) / a;
            dst[c] = (uint8_t)(v > 255 ? 255 : v);
        }
        dst[3] = (uint8_t)a;
    }
}

// 1 when every pixel of the row is opaque: its bytes are the file's as they are.
static int row_is_opaque(const uint8_t *row, uint32_t width) {
    uint32_t all = 0xff;
    for (uint32_t x = 0; x < width; x++) all &= row[4 * x + 3];
    return all == 0xff;
}

static void premultiply_pixels(uint8_t *p, size_t count) {
    const uint64_t opaque = 0xFF000000FF000000ull;
    size_t i = 0;
    while (i < count) {
        // Four opaque pixels (the common case) are two 64-bit loads and one test.
        if (i + 4 <= count) {
            uint64_t first, second;
            memcpy(&first, p, 8);
            memcpy(&second, p + 8, 8);
            if ((first & second & opaque) == opaque) { i += 4; p += 16; continue; }
        }
        unsigned a = p[3];
        if (a != 255)
            for (int c = 0; c < 3; c++) p[c] = (uint8_t)((p[c] * a + 127) / 255);
        i++;
        p += 4;
    }
}

// ---- filters (PNG spec, section 9) ----

static inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

// Filters one row of `n` bytes into out[1...] with out[0] = type; `prev` is the row above
// (zeros for the first).
static void filter_row(int type, const uint8_t *row, const uint8_t *prev, size_t n, unsigned bpp, uint8_t *out) {
    out[0] = (uint8_t)type;
    out++;
    switch (type) {
    case 0: memcpy(out, row, n); break;
    case 1:
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(row[i] - (i >= bpp ? row[i - bpp] : 0));
        break;
    case 2:
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(row[i] - prev[i]);
        break;
    case 3:
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(row[i] - (((i >= bpp ? row[i - bpp] : 0) + prev[i]) >> 1));
        break;
    default:
        for (size_t i = 0; i < n; i++)
            out[i] = (uint8_t)(row[i] - paeth(i >= bpp ? row[i - bpp] : 0, prev[i], i >= bpp ? prev[i - bpp] : 0));
        break;
    }
}

// libpng's heuristic: the filter whose bytes, read as signed, have the smallest absolute sum.
static size_t filtered_cost(const uint8_t *out, size_t n) {
    size_t sum = 0;
    for (size_t i = 1; i <= n; i++) sum += out[i] < 128 ? out[i] : 256 - out[i];
    return sum;
}

static void unfilter_row(uint8_t type, uint8_t *row, const uint8_t *prev, size_t n, unsigned bpp) {
    switch (type) {
    case 0: break;
    case 1:
        for (size_t i = bpp; i < n; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        break;
    case 2:
        for (size_t i = 0; i < n; i++) row[i] = (uint8_t)(row[i] + prev[i]);
        break;
    case 3:
        for (size_t i = 0; i < n; i++) row[i] = (uint8_t)(row[i] + (((i >= bpp ? row[i - bpp] : 0) + prev[i]) >> 1));
        break;
    default:
        for (size_t i = 0; i < n; i++)
            row[i] = (uint8_t)(row[i] + paeth(i >= bpp ? row[i - bpp] : 0, prev[i], i >= bpp ? prev[i - bpp] : 0));
        break;
    }
}

// ---- encoding ----

static uint8_t *put_chunk(uint8_t *p, const char type[4], const uint8_t *data, uint32_t length) {
    write32(p, length);
    memcpy(p + 4, type, 4);
    if (data && length) memcpy(p + 8, data, length);
    write32(p + 8 + length, libdeflate_crc32(0, p + 4, 4 + (size_t)length));
    return p + 12 + length;
}

static int fail(char *error, size_t error_length, const char *message) {
    snprintf(error, error_length, "%s", message);
    return 1;
}

// The zlib stream of `in` from ISA-L into `out` (`capacity` bytes); its length, or 0 when
// it did not fit.
static size_t isal_compress(struct encoder *e, const uint8_t *in, size_t length, uint8_t *out, size_t capacity) {
    struct isal_zstream stream;
    isal_deflate_stateless_init(&stream);
    stream.level = (uint32_t)isal_level(e->level);
    stream.level_buf = e->isal_buffer;
    stream.level_buf_size = (uint32_t)e->isal_buffer_size;
    stream.gzip_flag = IGZIP_ZLIB;
    stream.end_of_stream = 1;
    stream.flush = NO_FLUSH;
    stream.next_in = (uint8_t *)in;
    stream.avail_in = (uint32_t)length;
    stream.next_out = out;
    stream.avail_out = (uint32_t)(capacity > UINT32_MAX ? UINT32_MAX : capacity);
    if (isal_deflate_stateless(&stream) != COMP_OK || stream.internal_state.state != ZSTATE_END) return 0;
    return stream.total_out;
}

static int deflate_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int deflater, int level, int filter,
                          uint8_t **out, size_t *out_length, char *error, size_t error_length) {
    const size_t n = (size_t)width * 4, stride = n + 1, filtered_size = stride * height;
    // Straight-alpha copies of rows that are not opaque: this one and the one above.
    // Opaque rows (every row of a frame with a background) are filtered from `rgba`.
    uint8_t *rows = calloc(2, n ? n : 1);
    // Adaptive filtering tries each filter on a row of its own.
    uint8_t *trial = filter == STRATA_PNG_FILTER_ADAPTIVE ? malloc(5 * stride) : NULL;
    struct encoder *encoder = take_encoder(deflater, level);
    uint8_t *png = NULL;
    int status = 1;
    if (!rows || !encoder || (filter == STRATA_PNG_FILTER_ADAPTIVE && !trial)
        || !reserve(&encoder->filtered, &encoder->filtered_capacity, filtered_size)) {
        fail(error, error_length, "out of memory while encoding PNG");
        goto done;
    }
    uint8_t *filtered = encoder->filtered;
    const uint8_t *prev = rows + n;  // zeros above the first row
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = rgba + (size_t)y * n, *row = source;
        if (!row_is_opaque(source, width)) {
            uint8_t *copy = rows + (y & 1) * n;
            if (copy == prev) copy = rows + ((y + 1) & 1) * n;
            unpremultiply_row(source, copy, width);
            row = copy;
        }
        uint8_t *dst = filtered + (size_t)y * stride;
        if (filter != STRATA_PNG_FILTER_ADAPTIVE) {
            filter_row(filter, row, prev, n, 4, dst);
        } else {
            int best = 0;
            size_t best_cost = SIZE_MAX;
            for (int type = 0; type < 5; type++) {
                filter_row(type, row, prev, n, 4, trial + type * stride);
                size_t cost = filtered_cost(trial + type * stride, n);
                if (cost < best_cost) { best_cost = cost; best = type; }
            }
            memcpy(dst, trial + best * stride, stride);
        }
        prev = row;
    }
    size_t bound = libdeflate_zlib_compress_bound(NULL, filtered_size);
    if (bound > 0x7fffffffu - 64) { fail(error, error_length, "image too large for a PNG written in one IDAT chunk"); goto done; }
    if (!reserve(&encoder->deflated, &encoder->deflated_capacity, bound)) {
        fail(error, error_length, "out of memory while encoding PNG");
        goto done;
    }
    // ISA-L stores what does not compress in blocks no larger than libdeflate's (noise
    // up to 21 MB measured inside this bound).
    size_t z = deflater == STRATA_PNG_ISAL
        ? isal_compress(encoder, filtered, filtered_size, encoder->deflated, bound)
        : libdeflate_zlib_compress(encoder->compressor, filtered, filtered_size, encoder->deflated, bound);
    if (z == 0) {
        fail(error, error_length, deflater == STRATA_PNG_ISAL ? "ISA-L could not compress the image" : "libdeflate could not compress the image");
        goto done;
    }
    // Signature, IHDR, IDAT around the stream, IEND: the file at its exact size.
    *out_length = 8 + 25 + 12 + z + 12;
    png = malloc(*out_length);
    if (!png) { fail(error, error_length, "out of memory while encoding PNG"); goto done; }
    memcpy(png, signature, 8);
    uint8_t header[13];
    write32(header, width);
    write32(header + 4, height);
    header[8] = 8;   // bits per channel
    header[9] = 6;   // RGBA
    header[10] = 0;  // deflate
    header[11] = 0;  // adaptive filtering (per-row filter types)
    header[12] = 0;  // not interlaced
    uint8_t *p = put_chunk(png + 8, "IHDR", header, 13);
    p = put_chunk(p, "IDAT", encoder->deflated, (uint32_t)z);
    put_chunk(p, "IEND", NULL, 0);
    *out = png;
    png = NULL;
    status = 0;
done:
    if (encoder) return_encoder(encoder);
    free(rows);
    free(trial);
    free(png);
    return status;
}

int strata_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                      int deflater, int strategy,
                      uint8_t **out, size_t *out_length, char *error, size_t error_length) {
    if (deflater == STRATA_PNG_LIBDEFLATE || deflater == STRATA_PNG_ISAL)
        return deflate_encode(rgba, width, height, deflater, level, filter, out, out_length, error, error_length);
    size_t bytes = (size_t)width * height * 4;
    uint8_t *straight = malloc(bytes ? bytes : 1);
    if (!straight) return fail(error, error_length, "out of memory while encoding PNG");
    for (uint32_t y = 0; y < height; y++)
        unpremultiply_row(rgba + (size_t)y * width * 4, straight + (size_t)y * width * 4, width);
    int status = strata_libpng_encode(straight, width, height, level, filter, strategy, out, out_length, error, error_length);
    free(straight);
    return status;
}

// ---- decoding ----

int strata_png_header(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                      char *error, size_t error_length) {
    if (length < 8 || memcmp(data, signature, 8) != 0) return fail(error, error_length, "not a PNG file (bad signature)");
    if (length < 8 + 25) return fail(error, error_length, "file ends before the PNG does (truncated)");
    if (read32(data + 8) != 13 || memcmp(data + 12, "IHDR", 4) != 0)
        return fail(error, error_length, "no IHDR chunk at the start of the file");
    if (libdeflate_crc32(0, data + 12, 17) != read32(data + 29)) return fail(error, error_length, "IHDR: CRC error");
    uint32_t w = read32(data + 16), h = read32(data + 20);
    if (w == 0 || h == 0 || w > 0x7fffffffu || h > 0x7fffffffu) {
        snprintf(error, error_length, "invalid image size %ux%u in IHDR", w, h);
        return 1;
    }
    *width = w;
    *height = h;
    return 0;
}

// 0 when the file was read; nonzero when libpng must take it (a kind of PNG not read
// here, or something wrong, which libpng will then word).
static int libdeflate_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *pixels,
                             size_t capacity) {
    const uint8_t *ihdr = data + 16;
    unsigned channels = ihdr[9] == 6 ? 4 : ihdr[9] == 2 ? 3 : 0;
    if (ihdr[8] != 8 || channels == 0 || ihdr[10] != 0 || ihdr[11] != 0 || ihdr[12] != 0) return 1;

    // Walk the chunks: IDATs (consecutive) up to IEND, CRCs of the critical ones checked.
    const uint8_t *first_idat = NULL;
    size_t idat_count = 0, idat_bytes = 0, offset = 33;
    int idat_ended = 0, ended = 0;
    while (!ended) {
        if (length - offset < 12) return 1;
        uint32_t chunk = read32(data + offset);
        const uint8_t *type = data + offset + 4;
        if (chunk > 0x7fffffffu || length - offset - 12 < chunk) return 1;
        int critical = !(type[0] & 0x20);
        if (critical && libdeflate_crc32(0, type, 4 + (size_t)chunk) != read32(type + 4 + chunk)) return 1;
        if (memcmp(type, "IDAT", 4) == 0) {
            if (idat_ended) return 1;
            if (!first_idat) first_idat = type + 4;
            idat_count++;
            idat_bytes += chunk;
        } else {
            if (first_idat) idat_ended = 1;
            if (memcmp(type, "IEND", 4) == 0) ended = 1;
            else if (memcmp(type, "tRNS", 4) == 0) return 1;  // a colour key: libpng's transform
            else if (critical && memcmp(type, "PLTE", 4) != 0) return 1;
        }
        offset += 12 + (size_t)chunk;
    }
    if (!first_idat) return 1;

    const size_t n = (size_t)width * channels, stride = n + 1, filtered_size = stride * height;
    uint8_t *joined = NULL;
    const uint8_t *stream = first_idat;
    if (idat_count > 1) {
        joined = malloc(idat_bytes);
        if (!joined) return 1;
        size_t at = 0;
        for (const uint8_t *c = first_idat - 8; memcmp(c + 4, "IDAT", 4) == 0; c += 12 + read32(c)) {
            memcpy(joined + at, c + 8, read32(c));
            at += read32(c);
        }
        stream = joined;
    }
    // RGBA rows are inflated straight into the pixels (the caller leaves a byte a row to
    // spare for the filter bytes) and moved down into place as they are unfiltered; RGB
    // rows need a buffer of their own.
    const int in_place = channels == 4 && capacity >= filtered_size;
    uint8_t *filtered = in_place ? pixels : malloc(filtered_size);
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    int status = 1;
    size_t used = 0;
    if (filtered && decompressor
        && libdeflate_zlib_decompress_ex(decompressor, stream, idat_bytes, filtered, filtered_size, &used, NULL)
               == LIBDEFLATE_SUCCESS) {  // exactly filtered_size bytes, or libpng words what is wrong
        status = 0;
        static const uint8_t zeros[4 * 4096] = { 0 };
        uint8_t *prev_alloc = n > sizeof zeros ? calloc(1, n) : NULL;
        const uint8_t *prev = n > sizeof zeros ? prev_alloc : zeros;
        if (n > sizeof zeros && !prev_alloc) status = 1;
        for (uint32_t y = 0; y < height && status == 0; y++) {
            uint8_t *row = filtered + (size_t)y * stride;
            if (row[0] > 4) { status = 1; break; }
            unfilter_row(row[0], row + 1, prev, n, channels);
            uint8_t *dst = pixels + (size_t)y * width * 4;
            if (channels == 4) {
                // dst ends before the next row's bytes begin, and the row above (prev,
                // still straight) is left alone: it is premultiplied once this one no
                // longer needs it.
                memmove(dst, row + 1, n);
                if (y > 0) premultiply_pixels(dst - n, width);
                if (y + 1 == height) premultiply_pixels(dst, width);
                prev = dst;
            } else {
                prev = row + 1;
                for (uint32_t x = 0; x < width; x++) {
                    memcpy(dst + 4 * x, row + 1 + 3 * x, 3);
                    dst[4 * x + 3] = 255;
                }
            }
        }
        free(prev_alloc);
    }
    libdeflate_free_decompressor(decompressor);
    if (!in_place) free(filtered);
    free(joined);
    return status;
}

// The bytes the image's rows take once inflated (filter bytes included, Adam7's passes
// summed), from IHDR; 0 when IHDR says something libpng will word.
static size_t inflated_size(const uint8_t *ihdr, uint32_t width, uint32_t height) {
    unsigned depth = ihdr[8], color = ihdr[9], interlace = ihdr[12];
    unsigned channels = color == 0 ? 1 : color == 2 ? 3 : color == 3 ? 1 : color == 4 ? 2 : color == 6 ? 4 : 0;
    if (channels == 0 || depth == 0 || depth > 16) return 0;
    const size_t bits = (size_t)channels * depth;
    static const unsigned adam7[7][4] = { {0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2} };
    if (interlace == 0) return (size_t)height * (1 + ((size_t)width * bits + 7) / 8);
    size_t total = 0;
    for (int p = 0; p < 7; p++) {
        size_t pw = width > adam7[p][0] ? (width - adam7[p][0] + adam7[p][2] - 1) / adam7[p][2] : 0;
        size_t ph = height > adam7[p][1] ? (height - adam7[p][1] + adam7[p][3] - 1) / adam7[p][3] : 0;
        if (pw && ph) total += ph * (1 + (pw * bits + 7) / 8);
    }
    return total;
}

// 1 when the IDAT stream inflates to more than the image's rows: libpng would inflate all
// of it (a 48x32 image with 4 MB of deflated zeros after its rows took 12 s), libdeflate
// stops as soon as its buffer of exactly the image's size is full. 0 otherwise, or when
// the chunks are malformed (libpng words that).
static int stream_past_end(const uint8_t *data, size_t length, uint32_t width, uint32_t height) {
    size_t expected = inflated_size(data + 16, width, height), idat_bytes = 0, offset = 33;
    if (expected == 0) return 0;
    for (size_t at = 33; length - at >= 12;) {
        uint32_t chunk = read32(data + at);
        if (chunk > length - at - 12) return 0;
        if (memcmp(data + at + 4, "IDAT", 4) == 0) idat_bytes += chunk;
        if (memcmp(data + at + 4, "IEND", 4) == 0) break;
        at += 12 + (size_t)chunk;
    }
    uint8_t *stream = malloc(idat_bytes ? idat_bytes : 1), *out = malloc(expected);
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    int past = 0;
    if (stream && out && d) {
        size_t at = 0;
        while (length - offset >= 12) {
            uint32_t chunk = read32(data + offset);
            if (chunk > length - offset - 12) break;
            if (memcmp(data + offset + 4, "IDAT", 4) == 0) { memcpy(stream + at, data + offset + 8, chunk); at += chunk; }
            if (memcmp(data + offset + 4, "IEND", 4) == 0) break;
            offset += 12 + (size_t)chunk;
        }
        size_t used = 0;
        past = libdeflate_zlib_decompress_ex(d, stream, at, out, expected, NULL, &used) == LIBDEFLATE_INSUFFICIENT_SPACE;
    }
    libdeflate_free_decompressor(d);
    free(stream);
    free(out);
    return past;
}

int strata_png_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *pixels,
                      size_t capacity, char *error, size_t error_length) {
    uint32_t w, h;
    if (strata_png_header(data, length, &w, &h, error, error_length)) return 1;
    if (w != width || h != height) return fail(error, error_length, "image size differs from its header");
    if (libdeflate_decode(data, length, width, height, pixels, capacity) == 0) return 0;
    if (stream_past_end(data, length, width, height)) {
        snprintf(error, error_length, "the compressed image data goes on past the end of the %ux%u image (damaged, or made to be slow to read)", width, height);
        return 1;
    }
    if (strata_libpng_decode(data, length, width, height, pixels, error, error_length)) return 1;
    premultiply_pixels(pixels, (size_t)width * height);
    return 0;
}
