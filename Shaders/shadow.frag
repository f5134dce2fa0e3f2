#version 330 core
// A layer's shadow: its cached mask (see shadow-mask.frag) stretched over the shadow
// quad, times the shadow color. Premultiplied.

in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_mask;  // coverage of the blurred shape, over u_maskRect
uniform vec4 u_maskRect;   // x, y, width, height in local points (the shape grown by 3 sigma)
uniform vec4 u_color;      // premultiplied, shadowOpacity folded in
uniform vec4 u_occluder;   // x, y, width, height hidden under the opaque layer; width 0 for none

void main() {
    // Under an opaque layer the shadow is never seen: skip the lookup and the blend.
    if (u_occluder.z > 0.0 && all(greaterThan(v_local, u_occluder.xy))
            && all(lessThan(v_local, u_occluder.xy + u_occluder.zw))) {
        discard;
    }
    vec2 uv = (v_local - u_maskRect.xy) / u_maskRect.zw;
    // Beyond 3 sigma the shadow is below 1/255; the mask ends there.
    float inside = step(0.0, uv.x) * step(uv.x, 1.0) * step(0.0, uv.y) * step(uv.y, 1.0);
    fragColor = u_color * texture(u_mask, uv).a * inside;
}
