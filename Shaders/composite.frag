#version 330 core
// Puts an offscreen group back: its pixels at this fragment, times the group opacity,
// clipped to the mask shape when the group came from masksToBounds (compiled with
// MASKED; without it the mask's code is left out, as llvmpipe would run it for every
// pixel: ProgramVariants.swift).

in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_group;  // same size and orientation as the target
uniform float u_opacity;
uniform vec4 u_shape;
uniform vec4 u_radii;        // per corner (prelude.glsl)
uniform float u_cornerCurve;  // 1: continuous

#include "prelude.glsl"

void main() {
    vec4 color = texelFetch(u_group, ivec2(gl_FragCoord.xy), 0) * u_opacity;
#ifdef MASKED
    {
        vec2 size = u_shape.zw;
        float d = roundedRectDistance(v_local - u_shape.xy - size * 0.5, size * 0.5, u_radii, u_cornerCurve);
        float pixel = max(length(vec2(dFdx(d), dFdy(d))), 1e-4);
        color *= clamp(0.5 - d / pixel, 0.0, 1.0);
    }
#endif
    fragColor = color;
}
