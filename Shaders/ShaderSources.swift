// Gives the render library the GLSL files of this folder, embedded at build time.
public enum ShaderSources {
    /// File name -> source text, for every shader in Shaders/ and the prelude they include.
    public static let embedded: [String: String] = [
        "layer.vert": String(decoding: PackageResources.layer_vert, as: UTF8.self),
        "layer.frag": String(decoding: PackageResources.layer_frag, as: UTF8.self),
        "shadow.frag": String(decoding: PackageResources.shadow_frag, as: UTF8.self),
        "shadow-mask.frag": String(decoding: PackageResources.shadow_mask_frag, as: UTF8.self),
        "composite.frag": String(decoding: PackageResources.composite_frag, as: UTF8.self),
        "text.vert": String(decoding: PackageResources.text_vert, as: UTF8.self),
        "text.frag": String(decoding: PackageResources.text_frag, as: UTF8.self),
        "curl.frag": String(decoding: PackageResources.curl_frag, as: UTF8.self),
        "backdrop-downsample.frag": String(decoding: PackageResources.backdrop_downsample_frag, as: UTF8.self),
        "backdrop-blur.frag": String(decoding: PackageResources.backdrop_blur_frag, as: UTF8.self),
        "backdrop.frag": String(decoding: PackageResources.backdrop_frag, as: UTF8.self),
        "backing.frag": String(decoding: PackageResources.backing_frag, as: UTF8.self),
        "stack.frag": String(decoding: PackageResources.stack_frag, as: UTF8.self),
        "floor.vert": String(decoding: PackageResources.floor_vert, as: UTF8.self),
        "floor.frag": String(decoding: PackageResources.floor_frag, as: UTF8.self),
        "shape.frag": String(decoding: PackageResources.shape_frag, as: UTF8.self),
        "mask.frag": String(decoding: PackageResources.mask_frag, as: UTF8.self),
        "prelude.glsl": String(decoding: PackageResources.prelude_glsl, as: UTF8.self),
    ]
}
