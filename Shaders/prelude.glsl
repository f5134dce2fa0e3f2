// What several shaders share, written once. Not a shader of its own: a shader takes it
// with the line `#include "prelude.glsl"`, which the loader (ShaderSource in
// Sources/StrataRender/GL/ShaderProgram.swift) replaces with this text, embedded or
// from `--shaders DIR` alike. Compiler messages about these lines name source string 1.

// Signed distance to a rounded rectangle centred at the origin: negative inside.
float roundedRectDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// Per-corner and continuous corners (CALayer's maskedCorners and cornerCurve). A shape's
// corners come as `radii`, 0 where a corner is square, in the order x: min x min y (top
// left), y: max x min y, z: max x max y, w: min x max y; `continuous` 1 bends them as
// UIKit's continuous curve, 0 as quarter circles.

// The continuous corner (Path+ContinuousCorners.swift, the same numbers): in a corner's
// frame, (u, v) = radii from the two sides meeting there, the corner at (0, 0) and the
// shape where both are large. From where it leaves the side at (e, 0), the curve is a
// cubic, a short line, and a middle cubic to the diagonal; the other half is the mirror.
const float CONTINUOUS_EXTENT = 1.52866483;
const vec2 CC_A0 = vec2(1.52866483, 0.0), CC_A1 = vec2(1.08849323, 0.0),
           CC_A2 = vec2(0.86840689, 0.0), CC_A3 = vec2(0.66993427, 0.06549600);
const vec2 CC_M0 = vec2(0.63149399, 0.07491100), CC_M1 = vec2(0.37282392, 0.16905899),
           CC_M2 = vec2(0.16905899, 0.37282392), CC_M3 = vec2(0.07491100, 0.63149399);

vec2 cubicAt(vec2 a, vec2 b, vec2 c, vec2 d, float t) {
    float s = 1.0 - t;
    return s * s * s * a + 3.0 * s * s * t * b + 3.0 * s * t * t * c + t * t * t * d;
}

vec2 cubicTangent(vec2 a, vec2 b, vec2 c, vec2 d, float t) {
    float s = 1.0 - t;
    return 3.0 * s * s * (b - a) + 6.0 * s * t * (c - b) + 3.0 * t * t * (d - c);
}

// Signed distance from q to a piece of the curve (t in [t0, t1]), positive on the side of
// the corner point: the nearest sample of six, polished by four Newton steps on
// (B(t) - q) . B'(t) = 0, the sign from the curve's normal there.
float cubicSignedDistance(vec2 q, vec2 a, vec2 b, vec2 c, vec2 d, float t0, float t1) {
    float best = t0, bestD = 1e9;
    for (int i = 0; i < 6; i++) {
        float t = mix(t0, t1, float(i) / 5.0);
        vec2 e = cubicAt(a, b, c, d, t) - q;
        float dd = dot(e, e);
        if (dd < bestD) { bestD = dd; best = t; }
    }
    for (int i = 0; i < 4; i++) {
        float s = 1.0 - best;
        vec2 e = cubicAt(a, b, c, d, best) - q;
        vec2 d1 = cubicTangent(a, b, c, d, best);
        vec2 d2 = 6.0 * s * (c - 2.0 * b + a) + 6.0 * best * (d - 2.0 * c + b);
        float f = dot(e, d1), fp = dot(d1, d1) + dot(e, d2);
        best = clamp(best - f / max(fp, 1e-6), t0, t1);
    }
    vec2 e = q - cubicAt(a, b, c, d, best), tangent = cubicTangent(a, b, c, d, best);
    // The curve runs from the side at v = 0 towards the diagonal: its left is outside.
    return sign(dot(e, vec2(-tangent.y, tangent.x))) * length(e);
}

// Signed distance in radii from the continuous corner's outline, negative inside (u, v
// large); exact near the outline, which is where coverage reads it.
float continuousCornerDistance(vec2 w) {
    // The corner is symmetric: the nearest point lies on the half on q's side.
    vec2 q = w.x >= w.y ? w : w.yx;
    float a = cubicSignedDistance(q, CC_A0, CC_A1, CC_A2, CC_A3, 0.0, 1.0);
    float m = cubicSignedDistance(q, CC_M0, CC_M1, CC_M2, CC_M3, 0.0, 0.5);
    vec2 line = CC_M0 - CC_A3;
    vec2 e = q - (CC_A3 + line * clamp(dot(q - CC_A3, line) / dot(line, line), 0.0, 1.0));
    float l = sign(dot(e, vec2(-line.y, line.x))) * length(e);
    float d = abs(a) < abs(m) ? a : m;
    d = abs(l) < abs(d) ? l : d;
    return d;
}

// The other coordinate of the point of a cubic piece whose coordinate `axis` is
// `target` (monotone along the piece): bisected.
float cubicCoordinateAt(vec2 a, vec2 b, vec2 c, vec2 d, int axis, float target) {
    float lo = 0.0, hi = 1.0;
    bool rising = d[axis] > a[axis];
    for (int i = 0; i < 24; i++) {
        float t = 0.5 * (lo + hi);
        if ((cubicAt(a, b, c, d, t)[axis] < target) == rising) lo = t; else hi = t;
    }
    return cubicAt(a, b, c, d, 0.5 * (lo + hi))[1 - axis];
}

// How far in from its side the continuous curve runs at v radii from the other side, in
// radii (0 from v = e on): a row of the shape's width, as shadow-mask.frag integrates it.
// The pieces by v: the cubic, the line, the middle, then the mirror of line and cubic.
float continuousCornerInset(float v) {
    if (v >= CONTINUOUS_EXTENT) return 0.0;
    if (v >= CC_A3.x) return cubicCoordinateAt(CC_A0.yx, CC_A1.yx, CC_A2.yx, CC_A3.yx, 1, v);
    if (v >= CC_M3.y) return mix(CC_M3.x, CC_A3.y, (v - CC_M3.y) / (CC_A3.x - CC_M3.y));
    if (v >= CC_M0.y) return cubicCoordinateAt(CC_M0, CC_M1, CC_M2, CC_M3, 1, v);
    if (v >= CC_A3.y) return mix(CC_A3.x, CC_M0.x, (v - CC_A3.y) / (CC_M0.y - CC_A3.y));
    return cubicCoordinateAt(CC_A0, CC_A1, CC_A2, CC_A3, 1, v);
}

// The radius of the corner whose quadrant p (centred coordinates) lies in.
float cornerRadiusAt(vec2 p, vec4 radii) {
    return p.x < 0.0 ? (p.y < 0.0 ? radii.x : radii.w) : (p.y < 0.0 ? radii.y : radii.z);
}

// Signed distance to a rounded rectangle with per-corner radii, circular or continuous.
float roundedRectDistance(vec2 p, vec2 halfSize, vec4 radii, float continuous) {
    float r = cornerRadiusAt(p, radii);
#if defined(CONTINUOUS_CORNERS) || defined(CONTINUOUS_SIDES)
    // Only in a program drawing continuous corners (ProgramVariants.swift: llvmpipe runs
    // a branch's code for every pixel, even when a uniform turns it off); the curve only
    // where a pixel can take it (CONTINUOUS_SIDES: away from the corners, the sides'
    // distance alone, ContinuousCornerSplit.swift).
    if (continuous > 0.5 && r > 0.0) {
        vec2 q = abs(p) - halfSize;
#ifdef CONTINUOUS_CORNERS
        vec2 w = -q / r;
        if (w.x < CONTINUOUS_EXTENT && w.y < CONTINUOUS_EXTENT) return continuousCornerDistance(w) * r;
#endif
        return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0);
    }
#endif
    return roundedRectDistance(p, halfSize, r);
}

// Output pixels (y down, perspective in w) to clip space. Pixel row 0 goes to the
// bottom of GL's framebuffer, which is the first row glReadPixels returns: frames read
// back top-down with no flip. z is 0: layers are ordered by the compositor, not by a
// depth buffer. For vertex shaders (layer.vert, text.vert).
vec4 pixelsToClip(vec4 p, vec2 viewport) {
    return vec4(p.x * 2.0 / viewport.x - p.w, p.y * 2.0 / viewport.y - p.w, 0.0, p.w);
}
