#version 330 core
// A backdrop layer's material over its rounded bounds: the blurred capture behind this
// pixel, saturated (feColorMatrix's saturate: Rec. 709 luminance kept), then the tint
// laid over it. The saturated colour is not clamped before the tint, as Material.apply
// says: strong saturation pushes a channel below 0 and the tint lifts it back.

in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_capture;   // blurred, premultiplied, sampled bilinearly
uniform vec2 u_captureOrigin;  // the capture's first output pixel
uniform float u_factor;        // output pixels per capture texel
uniform float u_saturation;
uniform vec4 u_tint;           // premultiplied
uniform float u_opacity;
uniform vec4 u_shape;
uniform vec4 u_radii;        // per corner (prelude.glsl)
uniform float u_cornerCurve;  // 1: continuous

#include "prelude.glsl"

void main() {
    vec2 texel = (gl_FragCoord.xy - u_captureOrigin) / u_factor;
    vec4 behind = texture(u_capture, texel / vec2(textureSize(u_capture, 0)));
    float grey = dot(behind.rgb, vec3(0.2126, 0.7152, 0.0722));
    vec3 saturated = vec3(grey) + u_saturation * (behind.rgb - vec3(grey));
    vec4 color = vec4(u_tint.rgb + (1.0 - u_tint.a) * saturated, u_tint.a + (1.0 - u_tint.a) * behind.a);

    vec2 size = u_shape.zw;
    float d = roundedRectDistance(v_local - u_shape.xy - size * 0.5, size * 0.5, u_radii, u_cornerCurve);
    float pixel = max(length(vec2(dFdx(d), dFdy(d))), 1e-4);
    fragColor = clamp(color, 0.0, 1.0) * clamp(0.5 - d / pixel, 0.0, 1.0) * u_opacity;
}
