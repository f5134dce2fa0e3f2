#version 330 core
// One pass of the separable Gaussian of a backdrop capture: run along x, then along y.
// Weights are exp(-i^2 / 2 sigma^2), normalised over the taps within 3 sigma, so a
// backdrop of one colour stays exactly that colour.

out vec4 fragColor;

uniform sampler2D u_source;  // the capture, premultiplied
uniform vec2 u_direction;    // (1, 0) or (0, 1)
uniform float u_sigma;       // in capture texels
uniform int u_taps;          // taps each side: ceil(3 sigma)

void main() {
    ivec2 last = textureSize(u_source, 0) - 1;
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int i = -u_taps; i <= u_taps; i++) {
        float w = u_sigma > 0.0 ? exp(-float(i * i) / (2.0 * u_sigma * u_sigma)) : 1.0;
        sum += w * texelFetch(u_source, clamp(p + i * ivec2(u_direction), ivec2(0), last), 0);
        total += w;
    }
    fragColor = sum / total;
}
