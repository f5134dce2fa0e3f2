// What several shaders share, written once. Not a shader of its own: a shader takes it
// with the line `#include "prelude.glsl"`, which the loader (ShaderSource in
// Sources/StrataRender/GL/ShaderProgram.swift) replaces with this text, embedded or
// from `--shaders DIR` alike. Compiler messages about these lines name source string 1.

// Signed distance to a rounded rectangle centred at the origin: negative inside.
float roundedRectDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// Output pixels (y down, perspective in w) to clip space. Pixel row 0 goes to the
// bottom of GL's framebuffer, which is the first row glReadPixels returns: frames read
// back top-down with no flip. z is 0: layers are ordered by the compositor, not by a
// depth buffer. For vertex shaders (layer.vert, text.vert).
vec4 pixelsToClip(vec4 p, vec2 viewport) {
    return vec4(p.x * 2.0 / viewport.x - p.w, p.y * 2.0 / viewport.y - p.w, 0.0, p.w);
}
