// See jpeg_codec.h. One decompressor per call: JPEG decoding is per image, never per
// frame, so nothing is pooled.
#include "jpeg_codec.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct strata_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    // Warnings that mean the data was cut short or damaged: libjpeg goes on with grey,
    // which would draw a half-grey photo without a word; they are errors here.
    int corrupt;
    char message[JMSG_LENGTH_MAX];
};

static void on_error(j_common_ptr info) {
    struct strata_jpeg_error *e = (struct strata_jpeg_error *)info->err;
    (*info->err->format_message)(info, e->message);
    longjmp(e->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    struct strata_jpeg_error *e = (struct strata_jpeg_error *)info->err;
    // level -1: a warning (corrupt data, premature end); higher levels are trace output.
    if (level < 0 && !e->corrupt) {
        e->corrupt = 1;
        (*info->err->format_message)(info, e->message);
    }
}

static void set_message(char *error, size_t length, const char *text) {
    if (length == 0) return;
    snprintf(error, length, "%s", text);
}

static void prepare(struct jpeg_decompress_struct *info, struct strata_jpeg_error *err) {
    memset(err, 0, sizeof(*err));
    info->err = jpeg_std_error(&err->base);
    err->base.error_exit = on_error;
    err->base.emit_message = on_message;
}

// Reads the header and, given `pixels`, the scans too: one body, so both calls catch
// libjpeg's longjmp in the frame that set it.
static int run(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height, uint8_t *pixels,
               char *error, size_t error_length) {
    struct jpeg_decompress_struct info;
    struct strata_jpeg_error err;
    prepare(&info, &err);
    if (setjmp(err.jump)) {
        set_message(error, error_length, err.message);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    int ok = !err.corrupt;
    if (ok && !pixels) {
        *width = info.image_width;
        *height = info.image_height;
    } else if (ok && (info.image_width != *width || info.image_height != *height)) {
        snprintf(err.message, sizeof err.message, "the JPEG's size changed between its header and its decoding");
        ok = 0;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    if (ok && pixels) {
        // libjpeg-turbo writes RGBA with an opaque alpha itself; CMYK comes out as CMYK.
        info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
        // The decoder's most exact path: islow DCT and fancy upsampling, so a file decodes
        // to the same bytes on every machine libjpeg-turbo runs on.
        info.dct_method = JDCT_ISLOW;
        info.do_fancy_upsampling = TRUE;
        jpeg_start_decompress(&info);
        size_t stride = (size_t)*width * 4;
        while (!err.corrupt && info.output_scanline < info.output_height) {
            JSAMPROW row = pixels + (size_t)info.output_scanline * stride;
            jpeg_read_scanlines(&info, &row, 1);
        }
        if (!err.corrupt) jpeg_finish_decompress(&info);
        ok = !err.corrupt;
    }
    if (!ok) set_message(error, error_length, err.message);
    jpeg_destroy_decompress(&info);
    if (!ok) return 1;
    if (pixels && cmyk) {
        // Adobe's CMYK JPEGs (all that photo tools write) store the inks inverted: each
        // byte is already 255 - ink, so the colour is that times the inverted black.
        size_t n = (size_t)*width * *height;
        for (size_t i = 0; i < n; i++) {
            uint8_t *p = pixels + i * 4;
            unsigned k = p[3];
            p[0] = (uint8_t)((p[0] * k + 127) / 255);
            p[1] = (uint8_t)((p[1] * k + 127) / 255);
            p[2] = (uint8_t)((p[2] * k + 127) / 255);
            p[3] = 255;
        }
    }
    return 0;
}

int strata_jpeg_header(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                       char *error, size_t error_length) {
    if (length < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        set_message(error, error_length, "not a JPEG file (no SOI marker)");
        return 1;
    }
    return run(data, length, width, height, NULL, error, error_length);
}

int strata_jpeg_decode(const uint8_t *data, size_t length, uint32_t width, uint32_t height,
                       uint8_t *pixels, char *error, size_t error_length) {
    return run(data, length, &width, &height, pixels, error, error_length);
}
