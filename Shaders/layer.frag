#version 330 core
// A layer's own pixels: background, then gradient or contents over it, clipped to the
// rounded bounds, then the border inside the edge over everything. Premultiplied.

in vec2 v_local;
out vec4 fragColor;

uniform vec4 u_shape;           // bounds: x, y, width, height (points)
uniform float u_radius;         // corner radius (points)
uniform float u_borderWidth;
uniform vec4 u_borderColor;
uniform vec4 u_background;
uniform int u_fillKind;         // 0 none, 1 axial, 2 radial, 3 conic, 4 contents, 5 contents clipped to the corners
uniform vec2 u_gradientStart;   // unit coordinates of the bounds
uniform vec2 u_gradientEnd;
uniform int u_stopCount;        // 1...8
uniform float u_stopLocations[8];
uniform vec4 u_stopColors[8];
uniform sampler2D u_contents;
uniform float u_opacity;

// Signed distance to a rounded rectangle centred at the origin: negative inside.
float roundedRectDistance(vec2 p, vec2 halfSize, float radius) {
    vec2 q = abs(p) - halfSize + radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// Coverage of a pixel by the inside of a distance field. The field's screen-space
// gradient turns points into pixels, so the edge stays about one pixel wide at any
// scale or perspective.
float coverage(float d) {
    float pixel = max(length(vec2(dFdx(d), dFdy(d))), 1e-4);
    return clamp(0.5 - d / pixel, 0.0, 1.0);
}

vec4 gradientColor(float t) {
    t = clamp(t, 0.0, 1.0);
    vec4 color = u_stopColors[0];
    for (int i = 1; i < 8; i++) {
        if (i >= u_stopCount) break;
        float a = u_stopLocations[i - 1], b = u_stopLocations[i];
        if (t >= b) { color = u_stopColors[i]; continue; }
        if (t > a) color = mix(u_stopColors[i - 1], u_stopColors[i], (t - a) / max(b - a, 1e-6));
        break;
    }
    return color;
}

void main() {
    vec2 size = u_shape.zw;
    vec2 p = v_local - u_shape.xy - size * 0.5;
    float d = roundedRectDistance(p, size * 0.5, u_radius);
    float inside = coverage(d);

    vec4 color = u_background * inside;

    if (u_fillKind >= 1 && u_fillKind <= 3) {
        // Gradients run in points, so iso-lines are perpendicular on screen as in Core Graphics.
        vec2 start = u_gradientStart * size, end = u_gradientEnd * size;
        vec2 q = v_local - u_shape.xy;
        float t;
        if (u_fillKind == 1) {
            vec2 axis = end - start;
            t = dot(q - start, axis) / max(dot(axis, axis), 1e-6);
        } else if (u_fillKind == 2) {
            t = length((q - start) / max(abs(end - start), vec2(1e-6)));
        } else {
            vec2 dir = end - start, v = q - start;
            t = fract((atan(v.y, v.x) - atan(dir.y, dir.x)) / 6.28318530718);
        }
        vec4 g = gradientColor(t) * inside;
        color = g + color * (1.0 - g.a);
    } else if (u_fillKind >= 4) {
        vec2 uv = (v_local - u_shape.xy) / size;
        float clip = u_fillKind == 5 ? inside : coverage(roundedRectDistance(p, size * 0.5, 0.0));
        vec4 c = texture(u_contents, uv) * clip;
        color = c + color * (1.0 - c.a);
    }

    if (u_borderWidth > 0.0) {
        float innerD = roundedRectDistance(p, size * 0.5 - u_borderWidth, max(u_radius - u_borderWidth, 0.0));
        vec4 b = u_borderColor * inside * (1.0 - coverage(innerD));
        color = b + color * (1.0 - b.a);
    }

    fragColor = color * u_opacity;
}
