#version 330 core
// A run of coincident copies of one layer (StackDraw): u_count times its shadow
// (shadow.frag) then its backing store (backing.frag), blended in one pass, all but the
// last copy's fill, which backing.frag draws over it after. An 8-bit target rounds
// every blend, so each copy is applied here as that blend does it, on the pixels below
// read back (u_below); a pixel that one copy leaves unchanged stays so for the rest
// (each step is the same monotone function of the pixel), so the loop stops there.
// Writes the result with blending off.

in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_below;   // the target's pixels before the stack, same coordinates
uniform int u_count;
uniform int u_hasShadow;
// The shadow, as shadow.frag takes it.
uniform sampler2D u_mask;
uniform vec4 u_maskRect;
uniform vec4 u_color;
uniform vec4 u_occluder;
// The layer, as backing.frag takes it.
uniform sampler2D u_store;
uniform vec4 u_storeRect;
uniform float u_opacity;

// A fragment's color as the target stores it, 0...255: as llvmpipe converts it, times
// 255/256 in single precision, then to the nearest 1/256, ties to even (0.3 gives 76).
vec4 stored(vec4 c) { return roundEven(clamp(c, 0.0, 1.0) * (255.0 / 256.0) * 256.0); }

// ONE, ONE_MINUS_SRC_ALPHA on 8-bit values: dst's product divided by 255 as llvmpipe
// does, t / 255 ~ (t + t / 256 + 128) / 256 (Blinn), the sum saturated.
vec4 blend(vec4 src, vec4 dst) {
    ivec4 t = ivec4(dst) * (255 - int(src.a));
    return min(src + vec4((t + (t >> 8) + 128) >> 8), 255.0);
}

bool within(vec2 p, vec4 r) { return all(greaterThanEqual(p, r.xy)) && all(lessThanEqual(p, r.xy + r.zw)); }

void main() {
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    vec4 dst = floor(texelFetch(u_below, pixel, 0) * 255.0 + 0.5);

    bool shadowed = u_hasShadow != 0
        && !(u_occluder.z > 0.0 && all(greaterThan(v_local, u_occluder.xy))
             && all(lessThan(v_local, u_occluder.xy + u_occluder.zw)));
    vec4 shadow = vec4(0.0);
    if (shadowed) {
        vec2 uv = (v_local - u_maskRect.xy) / u_maskRect.zw;
        float inside = step(0.0, uv.x) * step(uv.x, 1.0) * step(0.0, uv.y) * step(uv.y, 1.0);
        shadow = stored(u_color * texture(u_mask, uv).a * inside);
    }
    bool filled = within(v_local, u_storeRect);
    vec4 fill = filled ? stored(texture(u_store, (v_local - u_storeRect.xy) / u_storeRect.zw) * u_opacity) : vec4(0.0);

    for (int i = 1; i < u_count; i++) {
        vec4 next = dst;
        if (shadowed) next = blend(shadow, next);
        if (filled) next = blend(fill, next);
        if (next == dst) break;
        dst = next;
    }
    // The last copy's shadow; its fill is drawn by backing.frag itself, so the top copy,
    // all that shows inside the shape, is sampled exactly as a layer alone would be.
    if (shadowed) dst = blend(shadow, dst);
    fragColor = dst / 255.0;
}
