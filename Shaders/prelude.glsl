// What several shaders share, written once. Not a shader of its own: a shader takes it
// with the line `#include "prelude.glsl"`, which the loader (ShaderSource in
// Sources/StrataRender/GL/ShaderProgram.swift) replaces with this text, embedded or
// from `--shaders DIR` alike. Compiler messages about these lines name source string 1.

// Signed distance to a rounded rectangle centred at the origin: negative inside.
float roundedRectDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}
