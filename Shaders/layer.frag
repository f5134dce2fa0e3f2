#version 330 core
// A layer's own pixels: background, then gradient or contents over it, clipped to the
// rounded bounds, then the border inside the edge over everything. Premultiplied.
//
// Compiled in variants: the renderer puts #defines after the #version line, so a solid
// rectangle pays for nothing but its edge (llvmpipe runs every instruction on every
// pixel; dead branches still cost). The defines:
//   BACKGROUND             draw u_background
//   FILL_AXIAL / FILL_RADIAL / FILL_CONIC   a gradient, looked up in its color ramp
//   FILL_CONTENTS          the u_contents texture placed by its gravity (u_contentsFrame),
//                          cropped (u_contentsSource) and nine-sliced (u_sliceX/Y);
//                          CONTENTS_CLIPPED: cut to the corners; CONTENTS_FADE: a
//                          cross-fade, u_contentsOther mixed in by 1 - u_fadeWeight
//   BORDER                 the border
//   INSTANCED              a batch of layers in one draw (see layer.vert)

in vec2 v_local;
out vec4 fragColor;

#ifdef INSTANCED
// One layer of a batch (see layer.vert): the same values, per layer.
flat in vec4 v_shape;
flat in vec4 v_params;
flat in vec4 v_background;
flat in vec4 v_borderColor;
#define u_shape v_shape
// A batch holds only shapes with one circular radius (LayerBatch.canBatch).
#define u_radii vec4(v_params.x)
#define u_cornerCurve 0.0
#define u_borderWidth v_params.y
#define u_opacity v_params.z
#define u_background v_background
#define u_borderColor v_borderColor
#else
uniform vec4 u_shape;           // bounds: x, y, width, height (points)
uniform vec4 u_radii;           // corner radii (points), per corner (prelude.glsl)
uniform float u_cornerCurve;    // 1: continuous corners
uniform float u_borderWidth;
uniform vec4 u_borderColor;
uniform vec4 u_background;
uniform float u_opacity;
#endif
uniform vec2 u_gradientStart;   // unit coordinates of the bounds
uniform vec2 u_gradientEnd;
uniform sampler2D u_ramp;       // the gradient's stops, interpolated into 256 texels
uniform sampler2D u_contents;
uniform vec4 u_contentsFrame;   // where the image lands: unit coordinates of the bounds
uniform vec4 u_contentsSource;  // the part of the texture drawn (contentsRect)
uniform vec4 u_sliceX;          // the nine-slice along x: d0, d1 (frame units), s0, s1 (source units)
uniform vec4 u_sliceY;
uniform sampler2D u_contentsOther;  // CONTENTS_FADE: the bitmap faded from (or to)
uniform float u_fadeWeight;         // how much of u_contents the mix holds

#include "prelude.glsl"

// Coverage of a pixel by the inside of a distance field. The field's screen-space
// gradient turns points into pixels, so the edge stays about one pixel wide at any
// scale or perspective.
float coverage(float d) {
    float pixel = max(length(vec2(dFdx(d), dFdy(d))), 1e-4);
    return clamp(0.5 - d / pixel, 0.0, 1.0);
}

#if defined(FILL_AXIAL) || defined(FILL_RADIAL) || defined(FILL_CONIC)
#define FILL_GRADIENT
// Texel i holds the color at t = i / 255; the offsets land t = 0 and 1 on texel centers.
vec4 gradientColor(float t) {
    return texture(u_ramp, vec2((clamp(t, 0.0, 1.0) * 255.0 + 0.5) / 256.0, 0.5));
}
#endif

#ifdef FILL_CONTENTS
// contentsCenter along one axis: the ends keep their size, the middle stretches
// (ContentsDraw.Slice.source(at:) is the same map in Swift).
float sliceAxis(float t, vec4 s) {
    if (t < s.x) return t / max(s.x, 1e-6) * s.z;
    if (t > s.y) return s.w + (t - s.y) / max(1.0 - s.y, 1e-6) * (1.0 - s.w);
    return s.z + (t - s.x) / max(s.y - s.x, 1e-6) * (s.w - s.z);
}
#endif

void main() {
    vec2 size = u_shape.zw;
    vec2 p = v_local - u_shape.xy - size * 0.5;
    float inside = coverage(roundedRectDistance(p, size * 0.5, u_radii, u_cornerCurve));
    vec4 color = vec4(0.0);

#ifdef BACKGROUND
    color = u_background * inside;
#endif

#ifdef FILL_GRADIENT
    // Gradients run in points, so iso-lines are perpendicular on screen as in Core Graphics.
    vec2 start = u_gradientStart * size, end = u_gradientEnd * size;
    vec2 q = v_local - u_shape.xy;
#if defined(FILL_AXIAL)
    vec2 axis = end - start;
    float t = dot(q - start, axis) / max(dot(axis, axis), 1e-6);
#elif defined(FILL_RADIAL)
    float t = length((q - start) / max(abs(end - start), vec2(1e-6)));
#else
    vec2 dir = end - start, v = q - start;
    float t = fract((atan(v.y, v.x) - atan(dir.y, dir.x)) / 6.28318530718);
#endif
    vec4 g = gradientColor(t) * inside;
    color = g + color * (1.0 - g.a);
#endif

#ifdef FILL_CONTENTS
    vec2 t = ((v_local - u_shape.xy) / size - u_contentsFrame.xy) / u_contentsFrame.zw;
    vec2 uv = u_contentsSource.xy + vec2(sliceAxis(t.x, u_sliceX), sliceAxis(t.y, u_sliceY)) * u_contentsSource.zw;
    // The frame's own edge, anti-aliased; it may lie outside the bounds.
    vec2 frameSize = u_contentsFrame.zw * size;
    vec2 q = v_local - u_shape.xy - u_contentsFrame.xy * size - frameSize * 0.5;
    float clip = coverage(roundedRectDistance(q, frameSize * 0.5, 0.0));
#ifdef CONTENTS_CLIPPED
    clip *= inside;
#endif
    vec4 c = texture(u_contents, uv);
#ifdef CONTENTS_FADE
    // Premultiplied texels mixed, as Core Animation cross-fades contents.
    c = mix(texture(u_contentsOther, uv), c, u_fadeWeight);
#endif
    c *= clip;
    color = c + color * (1.0 - c.a);
#endif

#ifdef BORDER
    float innerD = roundedRectDistance(p, size * 0.5 - u_borderWidth, max(u_radii - u_borderWidth, 0.0), u_cornerCurve);
    vec4 b = u_borderColor * inside * (1.0 - coverage(innerD));
    color = b + color * (1.0 - b.a);
#endif

    fragColor = color * u_opacity;
}
