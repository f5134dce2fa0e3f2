#version 330 core
// A page curl (PageCurlLayer, UIKit's partialCurl): the layer's content, rendered flat
// into an offscreen group, bent over a cylinder lying on the page. Everything is
// computed in the layer's local points:
//   x = how far a point is past the fold line, toward the lifted corner.
// Beyond the fold the paper wraps around a cylinder of radius r touching the page
// along the fold; an arc length s of paper past the fold lands at x = r sin(s / r),
// height r (1 - cos(s / r)); paper longer than half the circumference (s > pi r) lies
// back over the page face down, at x = pi r - s. Looking straight down, a point sees up
// to three layers of paper, top first:
//   the back of the paper: on the flap (x <= 0) or the top of the roll (0 < x < r),
//   the front of the roll (0 <= x < r),
//   the flat page (x < 0).
// The arc length tells where in the flat page each layer's color comes from:
// source = p + (s - x) * direction.

in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_group;    // the flat page; texel (i, j) is output pixel (i, j)
uniform mat4 u_matrix;        // local points -> output pixels, as layer.vert's
uniform vec4 u_page;          // the page: x, y, width, height (points)
uniform vec2 u_corner;        // the lifted corner (points)
uniform vec2 u_direction;     // unit vector from the fold toward the lifted corner
uniform float u_distance;     // how far the fold has moved in from the corner (points)
uniform float u_radius;       // the roll's radius (points)
uniform float u_opacity;

const float PI = 3.14159265358979;

// Bilinear read of the flat page at a local point. Groups are read texel for texel
// elsewhere; here the source points fall between texels, so filter by hand.
vec4 flatPage(vec2 p) {
    vec4 q = u_matrix * vec4(p, 0.0, 1.0);
    vec2 pixel = q.xy / q.w - 0.5;
    vec2 base = floor(pixel);
    vec2 f = pixel - base;
    ivec2 last = textureSize(u_group, 0) - 1;
    ivec2 i0 = clamp(ivec2(base), ivec2(0), last);
    ivec2 i1 = clamp(ivec2(base) + 1, ivec2(0), last);
    vec4 a = texelFetch(u_group, i0, 0);
    vec4 b = texelFetch(u_group, ivec2(i1.x, i0.y), 0);
    vec4 c = texelFetch(u_group, ivec2(i0.x, i1.y), 0);
    vec4 d = texelFetch(u_group, i1, 0);
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}

// Signed distance from a local point to the page's edge: negative inside.
float pageDistance(vec2 p) {
    vec2 h = u_page.zw * 0.5;
    vec2 q = abs(p - u_page.xy - h) - h;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0);
}

// How much of the pixel a distance field covers (negative inside), the field's
// screen-space gradient giving the pixel's size, as layer.frag does.
float coverage(float d) {
    float pixel = max(length(vec2(dFdx(d), dFdy(d))), 1e-4);
    return clamp(0.5 - d / pixel, 0.0, 1.0);
}

// The back of the paper: the printed side shows through faintly, mirrored, on paper
// that is nearly white (premultiplied in, premultiplied out).
vec4 backOfPaper(vec4 c) {
    return vec4(c.rgb * 0.16 + vec3(0.93) * c.a * 0.84, c.a);
}

void main() {
    vec2 p = v_local;
    vec2 dir = u_direction;
    float r = u_radius;
    float x = dot(p - u_corner, dir) + u_distance;
    float u = clamp(x / r, -1.0, 1.0);
    // Every candidate is computed unconditionally: their edges' anti-aliasing takes
    // screen-space derivatives, which need every fragment of a quad to run them.

    // Top: the back of the paper (flap, or the upper half of the roll).
    float sTop = x <= 0.0 ? PI * r - x : r * (PI - asin(u));
    vec2 top = p + (sTop - x) * dir;
    // Middle: the front of the roll.
    float sMid = r * asin(max(u, 0.0));
    vec2 mid = p + (sMid - x) * dir;

    float onRoll = coverage(x - r);        // inside the roll's silhouette (x < r)
    float lying = coverage(x);             // the page still lying flat (x < 0)
    float topCover = coverage(pageDistance(top)) * onRoll;
    float midCover = coverage(pageDistance(mid)) * onRoll * (1.0 - lying);
    float flatCover = coverage(pageDistance(p)) * lying;

    // Light from the viewer: a surface tilted by the angle phi = s / r gets cos(phi);
    // the paper is never darker than 55% (the room is lit), and the back of the roll
    // catches a highlight just past its top.
    float phiTop = sTop / r, phiMid = sMid / r;
    float lightTop = 0.80 + 0.20 * abs(cos(min(phiTop, PI)))
        + 0.10 * exp(-pow((phiTop - 0.78 * PI) / 0.18, 2.0));
    float lightMid = 0.55 + 0.45 * cos(phiMid);

    vec4 color = backOfPaper(flatPage(top)) * vec4(vec3(lightTop), 1.0) * topCover;
    vec4 m = flatPage(mid) * vec4(vec3(lightMid), 1.0) * midCover;
    color += m * (1.0 - color.a);

    // The flap and the roll shade the flat page next to them: darkest along the flap's
    // edge and under the roll, fading over about a third of the radius.
    float flapEdge = max(pageDistance(top), 0.0);
    float shade = 0.22 * exp(-flapEdge / (0.35 * r)) * step(x, 0.0);
    vec4 f = flatPage(p) * flatCover;
    f.rgb *= 1.0 - max(shade, 0.18 * smoothstep(-0.6 * r, 0.0, x));
    color += f * (1.0 - color.a);

    // The roll's shadow on what the lifted paper uncovered (x > 0), where the roll
    // exists (its top at arc length pi r / 2 is on the page).
    vec2 rollTop = p + (0.5 * PI * r - x) * dir;
    float rollThere = coverage(pageDistance(rollTop));
    float shadow = 0.32 * rollThere * (1.0 - smoothstep(0.6 * r, 1.9 * r, x)) * step(0.0, x);
    color += vec4(0.0, 0.0, 0.0, shadow) * (1.0 - color.a);

    fragColor = color * u_opacity;
}
