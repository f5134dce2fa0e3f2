#version 330 core
// A run of coincident copies of one layer (StackDraw): u_count times its shadow, then
// its fill, blended over the pixels below in one pass. Each copy's two fragments were
// drawn once, alone, into u_shadow and u_fill, so they are the bytes the blend would
// take; the blend is applied here as llvmpipe's 8-bit blend does it. A pixel one copy
// leaves unchanged stays so for the rest (each copy is the same monotone step), so the
// loop stops there. Written with blending off, over the pixel rectangle the run covers.

out vec4 fragColor;

uniform sampler2D u_below;   // the target before the run, same pixels
uniform sampler2D u_shadow;  // one copy's shadow alone, over transparent black
uniform sampler2D u_fill;    // one copy's fill alone, over transparent black
uniform int u_count;

vec4 bytes(vec4 texel) { return floor(texel * 255.0 + 0.5); }

// ONE, ONE_MINUS_SRC_ALPHA on 8-bit values: dst's product divided by 255 as llvmpipe
// does, t / 255 ~ (t + t / 256 + 128) / 256 (Blinn), the sum saturated.
vec4 blend(vec4 src, vec4 dst) {
    ivec4 t = ivec4(dst) * (255 - int(src.a));
    return min(src + vec4((t + (t >> 8) + 128) >> 8), 255.0);
}

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    vec4 dst = bytes(texelFetch(u_below, pixel, 0));
    vec4 shadow = bytes(texelFetch(u_shadow, pixel, 0));
    vec4 fill = bytes(texelFetch(u_fill, pixel, 0));
    for (int i = 0; i < u_count; i++) {
        vec4 next = blend(fill, blend(shadow, dst));
        if (next == dst) break;
        dst = next;
    }
    fragColor = dst / 255.0;
}
