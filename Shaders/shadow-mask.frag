#version 330 core
// The shadow of a rounded rectangle blurred by a gaussian, in closed form: along x the
// blurred edge is an erf; along y a few samples of the gaussian integrate the rest
// (Evan Wallace's method). No blur pass. It renders a shadow's mask once, at a few
// texels per sigma, into a small texture that shadow.frag then stretches over the
// shadow quad: a blur that wide has no detail a bilinear lookup would lose, and every
// layer with the same size, radius and blur shares one mask across frames.

in vec2 v_local;
out vec4 fragColor;

uniform vec4 u_shape;     // the casting shape, already offset: x, y, width, height
uniform vec4 u_radii;     // its corner radii, per corner (prelude.glsl)
uniform float u_cornerCurve;  // 1: continuous corners
uniform float u_sigma;    // gaussian standard deviation in points (= shadowRadius)

const float PI = 3.14159265358979;

#include "prelude.glsl"

float gaussian(float x, float sigma) {
    return exp(-(x * x) / (2.0 * sigma * sigma)) / (sqrt(2.0 * PI) * sigma);
}

// Abramowitz-Stegun approximation of erf, accurate to ~5e-4: plenty for 8-bit output.
vec2 erfApprox(vec2 x) {
    vec2 s = sign(x), a = abs(x);
    vec2 t = 1.0 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a;
    t *= t;
    return s - s / (t * t);
}

// Half the width of the row at height y of a rounded box at a corner of this radius.
float rowHalfWidth(float y, float radius, vec2 halfSize) {
    if (u_cornerCurve > 0.5 && radius > 0.0) {
        return halfSize.x - radius * continuousCornerInset((halfSize.y - abs(y)) / radius);
    }
    float delta = min(halfSize.y - radius - abs(y), 0.0);
    return halfSize.x - radius + sqrt(max(0.0, radius * radius - delta * delta));
}

// Blurred coverage along x of the row at height y of a rounded box: its left and right
// ends bent by the corners on that side.
float blurredRow(float x, float y, float sigma, vec4 radii, vec2 halfSize) {
    float left = rowHalfWidth(y, y < 0.0 ? radii.x : radii.w, halfSize);
    float right = rowHalfWidth(y, y < 0.0 ? radii.y : radii.z, halfSize);
    vec2 integral = 0.5 + 0.5 * erfApprox((x + vec2(-right, left)) * (sqrt(0.5) / sigma));
    return integral.y - integral.x;
}

void main() {
    vec2 halfSize = u_shape.zw * 0.5;
    vec2 p = v_local - u_shape.xy - halfSize;
    vec4 radii = min(u_radii, vec4(min(halfSize.x, halfSize.y)));
    float sigma = max(u_sigma, 0.25);

    // Only the rows within 3 sigma of p contribute.
    float low = p.y - halfSize.y, high = p.y + halfSize.y;
    float start = clamp(-3.0 * sigma, low, high);
    float end = clamp(3.0 * sigma, low, high);
    float step = (end - start) / 4.0;
    float y = start + step * 0.5;
    float value = 0.0;
    for (int i = 0; i < 4; i++) {
        value += blurredRow(p.x, p.y - y, sigma, radii, halfSize) * gaussian(y, sigma) * step;
        y += step;
    }
    fragColor = vec4(clamp(value, 0.0, 1.0));
}
