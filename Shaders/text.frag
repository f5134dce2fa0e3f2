#version 330 core
// Text: glyph coverage from the shared atlas times the text color and opacity.
// Premultiplied. On the pixel grid each fragment reads its one texel; transformed, it
// interpolates four. The filtering is done here, in texels counted from the glyph's own
// corner, so a glyph gives the same pixels wherever the atlas happened to put it.
// masksToBounds cuts the glyphs to the layer's rounded bounds, anti-aliased as
// layer.frag's edges. Compiled in variants (ProgramVariants.swift): ON_PIXEL_GRID,
// CLIPPED, CONTINUOUS_CORNERS.

in vec2 v_texel;
flat in vec4 v_glyph;
in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_atlas;  // single channel: coverage in .r
uniform vec4 u_color;       // premultiplied text color
uniform float u_opacity;
uniform vec4 u_shape;       // clip bounds: x, y, width, height (local points)
uniform vec4 u_radii;        // per corner (prelude.glsl)
uniform float u_cornerCurve;  // 1: continuous

float texel(ivec2 t) {
    if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, ivec2(v_glyph.zw)))) return 0.0;
    return texelFetch(u_atlas, ivec2(v_glyph.xy) + t, 0).r;
}

#include "prelude.glsl"

void main() {
    float coverage;
#ifdef ON_PIXEL_GRID
    coverage = texel(ivec2(floor(v_texel)));
#else
    {
        vec2 p = v_texel - 0.5;
        vec2 f = fract(p);
        ivec2 i = ivec2(floor(p));
        coverage = mix(mix(texel(i), texel(i + ivec2(1, 0)), f.x),
                       mix(texel(i + ivec2(0, 1)), texel(i + ivec2(1, 1)), f.x), f.y);
    }
#endif
#ifdef CLIPPED
    {
        vec2 size = u_shape.zw;
        float d = roundedRectDistance(v_local - u_shape.xy - size * 0.5, size * 0.5, u_radii, u_cornerCurve);
        float pixel = max(length(vec2(dFdx(d), dFdy(d))), 1e-4);
        coverage *= clamp(0.5 - d / pixel, 0.0, 1.0);
    }
#endif
    fragColor = u_color * (coverage * u_opacity);
}
