#version 330 core
// Puts a masked layer's group back (CALayer.mask): its pixels at this fragment times
// the alpha of the mask's group there, times the layer's opacity. Both groups are the
// frame's size and orientation, so a texel is this fragment's pixel.

in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_group;  // the masked layer: content, border, sublayers (premultiplied)
uniform sampler2D u_mask;   // the mask layer and its sublayers, drawn alone
uniform float u_opacity;

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy);
    fragColor = texelFetch(u_group, texel, 0) * (texelFetch(u_mask, texel, 0).a * u_opacity);
}
