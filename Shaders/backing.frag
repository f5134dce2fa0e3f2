#version 330 core
// A layer composited from its backing store: the texture its content was rasterized
// into (layer.frag, in store texels), sampled bilinearly through the layer's matrix, as
// a compositor draws a layer's tiles. The store's transparent rim makes the bilinear
// fade at the content's edge its anti-aliasing. Premultiplied.

in vec2 v_local;
out vec4 fragColor;

uniform sampler2D u_store;
uniform vec4 u_storeRect;   // the local rectangle the store covers: x, y, width, height
uniform float u_opacity;

void main() {
    fragColor = texture(u_store, (v_local - u_storeRect.xy) / u_storeRect.zw) * u_opacity;
}
