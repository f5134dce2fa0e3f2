#version 330 core
// A shape layer's path: its fill and stroke coverage (R and G of one texture, rasterized
// on the CPU by Cairo), each times its colour, the stroke over the fill as Core Animation
// draws them. Premultiplied.
//
// On the pixel grid the texture's texels are the output's pixels, read one to one; under
// perspective it was rasterized in the layer's plane with a transparent rim and is
// sampled bilinearly through the layer's matrix, as a backing store is. Compiled in
// variants (ProgramVariants.swift): ON_PIXEL_GRID, CLIPPED (masksToBounds: cut to the
// layer's rounded bounds), CONTINUOUS_CORNERS.

in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_coverage;
uniform vec4 u_coverageRect;   // the local rectangle the texture covers: x, y, width, height
// ON_PIXEL_GRID: v_local is in output pixels and texels are pixels.
uniform vec4 u_fill;           // premultiplied; 0 for none
uniform vec4 u_stroke;         // premultiplied; 0 for none
uniform float u_opacity;
uniform vec4 u_shape;          // the bounds: x, y, width, height (local points)
uniform vec4 u_radii;          // per corner (prelude.glsl)
uniform float u_cornerCurve;   // 1: continuous
uniform vec4 u_toLocalX;       // the quad's space -> local points, row by row (xyz)
uniform vec4 u_toLocalY;

#include "prelude.glsl"

void main() {
    vec2 c;
#ifdef ON_PIXEL_GRID
    {
        ivec2 size = textureSize(u_coverage, 0);
        ivec2 texel = clamp(ivec2(floor(v_local - u_coverageRect.xy)), ivec2(0), size - 1);
        c = texelFetch(u_coverage, texel, 0).rg;
    }
#else
    c = texture(u_coverage, (v_local - u_coverageRect.xy) / u_coverageRect.zw).rg;
#endif
    vec4 color = u_fill * c.r;
    color = u_stroke * c.g + color * (1.0 - u_stroke.a * c.g);
#ifdef CLIPPED
    {
        vec2 local = vec2(dot(u_toLocalX.xyz, vec3(v_local, 1.0)), dot(u_toLocalY.xyz, vec3(v_local, 1.0)));
        vec2 size = u_shape.zw;
        float d = roundedRectDistance(local - u_shape.xy - size * 0.5, size * 0.5, u_radii, u_cornerCurve);
        float pixel = max(length(vec2(dFdx(d), dFdy(d))), 1e-4);
        color *= clamp(0.5 - d / pixel, 0.0, 1.0);
    }
#endif
    fragColor = color * u_opacity;
}
