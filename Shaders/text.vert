#version 330 core
// Glyph quads of one text draw, many per draw call: positions in the text's raster
// space (pixels at the output scale, see TextPass), taken to output pixels by
// u_matrix (the identity when the text sits square on the pixel grid; the layer's
// matrix, perspective included, otherwise), then to clip space.

layout(location = 0) in vec2 a_position;  // raster pixels
layout(location = 1) in vec2 a_texel;     // texels from the glyph rectangle's corner
layout(location = 2) in vec4 a_glyph;     // the glyph's atlas rectangle: x, y, width, height

uniform mat4 u_matrix;          // raster pixels -> output pixels, y down
uniform vec2 u_viewport;        // output size in pixels
uniform vec4 u_rasterToLocal;   // local point = (raster - xy) / z: for the clip shape

out vec2 v_texel;
flat out vec4 v_glyph;
out vec2 v_local;

#include "prelude.glsl"

void main() {
    v_texel = a_texel;
    v_glyph = a_glyph;
    v_local = (a_position - u_rasterToLocal.xy) / u_rasterToLocal.z;
    vec4 p = u_matrix * vec4(a_position, 0.0, 1.0);
    gl_Position = pixelsToClip(p, u_viewport);
}
