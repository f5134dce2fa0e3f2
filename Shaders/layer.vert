#version 330 core
// One quad per draw: the unit square stretched over u_rect (local points), taken to
// output pixels by u_matrix (perspective included), then to clip space.

layout(location = 0) in vec2 a_corner;

#ifdef INSTANCED
// A run of layers in one draw (LayerBatch): each layer's values, which are otherwise
// uniforms, come as attributes of its quad's corners; the fragment shader's go on as
// flat varyings.
layout(location = 1) in mat4 a_matrix;      // locations 1-4
layout(location = 5) in vec4 a_rect;
layout(location = 6) in vec4 a_shape;
layout(location = 7) in vec4 a_params;      // corner radius, border width, opacity
layout(location = 8) in vec4 a_background;
layout(location = 9) in vec4 a_borderColor;
flat out vec4 v_shape;
flat out vec4 v_params;
flat out vec4 v_background;
flat out vec4 v_borderColor;
#define u_matrix a_matrix
#define u_rect a_rect
#else
uniform mat4 u_matrix;    // local points -> output pixels, y down
uniform vec4 u_rect;      // the quad: x, y, width, height in local points
#endif
uniform vec2 u_viewport;  // output size in pixels

out vec2 v_local;         // interpolated perspective-correctly, so shapes stay exact in 3D

#include "prelude.glsl"

void main() {
#ifdef INSTANCED
    v_shape = a_shape;
    v_params = a_params;
    v_background = a_background;
    v_borderColor = a_borderColor;
#endif
    v_local = u_rect.xy + a_corner * u_rect.zw;
    vec4 p = u_matrix * vec4(v_local, 0.0, 1.0);
    gl_Position = pixelsToClip(p, u_viewport);
}
