#version 330 core
// The rasterization floor (the bench's RasterFloor, never a frame): a corner already in
// output pixels, one attribute, no varyings: what llvmpipe costs per vertex and triangle
// when a shader costs nothing.

layout(location = 0) in vec2 a_position;  // output pixels, y down
uniform vec2 u_viewport;

void main() {
    gl_Position = vec4(a_position * 2.0 / u_viewport - 1.0, 0.0, 1.0);
}
