#version 330 core
// The rasterization floor's fragment (see floor.vert): one constant, opaque color.

out vec4 fragColor;

void main() {
    fragColor = vec4(0.2, 0.4, 0.6, 1.0);
}
