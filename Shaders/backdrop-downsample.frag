#version 330 core
// A backdrop capture's first pass: each texel is the average of a factor x factor block
// of one target behind the layer. The blur runs on these smaller texels (Core Animation
// also blurs backdrops at a reduced scale): a wide Gaussian needs few taps, and the box
// average is far narrower than the Gaussian that follows, so it barely shows.
// Several targets (the frame, then open groups) are drawn one over the other.

out vec4 fragColor;

uniform sampler2D u_source;  // a render target of the frame's size, premultiplied
uniform vec2 u_origin;       // the capture's first pixel in the source (whole numbers)
uniform int u_factor;        // source pixels per capture texel, each way

void main() {
    ivec2 last = textureSize(u_source, 0) - 1;
    ivec2 base = ivec2(u_origin) + ivec2(gl_FragCoord.xy) * u_factor;
    vec4 sum = vec4(0.0);
    for (int y = 0; y < u_factor; y++) {
        for (int x = 0; x < u_factor; x++) {
            // Past the frame's edge the edge pixel repeats, as CA's blur extends edges.
            sum += texelFetch(u_source, clamp(base + ivec2(x, y), ivec2(0), last), 0);
        }
    }
    fragColor = sum / float(u_factor * u_factor);
}
