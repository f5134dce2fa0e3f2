import StrataModel

/// One GL texture per distinct `Image` and per distinct gradient, uploaded once and
/// reused across frames. Past `capacity` entries of a kind the cache starts over, which
/// bounds memory when an animation makes a new bitmap every frame.
final class TextureCache {
    private let gl: GLFunctions
    private var entries: [UInt64: GLuint] = [:]
    /// The filters each contents texture was last set to, and whether it has mipmaps.
    private var sampling: [GLuint: (min: GLint, mag: GLint, mipmapped: Bool)] = [:]
    private var ramps: [[GradientStop]: GLuint] = [:]
    private let capacity = 256

    init(gl: GLFunctions) { self.gl = gl }

    /// A 1x1 transparent texture: what a cross-fade from or to nothing mixes with.
    var clear: GLuint {
        if let t = clearTexture { return t }
        var texel: [UInt8] = [0, 0, 0, 0]
        let t = makeTexture(width: 1, height: 1, format: GLConstant.rgba8, type: GLConstant.unsignedByte, data: &texel)
        clearTexture = t
        return t
    }
    private var clearTexture: GLuint?

    deinit {
        if let id = clearTexture { var t = id; gl.deleteTextures(1, &t) }
        for (_, t) in entries { var id = t; gl.deleteTextures(1, &id) }
        for (_, t) in ramps { var id = t; gl.deleteTextures(1, &id) }
    }

    func ramp(for stops: [GradientStop]) -> GLuint {
        if let t = ramps[stops] { return t }
        if ramps.count >= capacity {
            for (_, t) in ramps { var id = t; gl.deleteTextures(1, &id) }
            ramps = [:]
        }
        let texels = GradientRamp.texels(stops)
        let tex = texels.withUnsafeBytes {
            makeTexture(width: GradientRamp.width, height: 1, format: GLConstant.rgba32f, type: GLConstant.float, data: $0.baseAddress)
        }
        ramps[stops] = tex
        return tex
    }

    func texture(for image: Image) -> GLuint {
        if let t = entries[image.identity] { return t }
        if entries.count >= capacity {
            for (_, t) in entries { var id = t; gl.deleteTextures(1, &id) }
            entries = [:]
            sampling = [:]
        }
        let tex = image.pixels.withUnsafeBytes {
            makeTexture(width: image.width, height: image.height, format: GLConstant.rgba8, type: GLConstant.unsignedByte, data: $0.baseAddress)
        }
        entries[image.identity] = tex
        return tex
    }

    /// The contents texture of `image`, set to sample with the layer's filters (CALayer's
    /// `minificationFilter`/`magnificationFilter`); its mipmaps are made the first time a
    /// layer asks for trilinear.
    func texture(for image: Image, minification: ContentsFilter, magnification: ContentsFilter) -> GLuint {
        let tex = texture(for: image)
        let min: GLint, mag: GLint = magnification == .nearest ? GLConstant.nearest : GLConstant.linear
        switch minification {
        case .linear: min = GLConstant.linear
        case .nearest: min = GLConstant.nearest
        case .trilinear: min = GLConstant.linearMipmapLinear
        }
        var state = sampling[tex] ?? (GLConstant.linear, GLConstant.linear, false)
        guard state.min != min || state.mag != mag else { return tex }
        gl.bindTexture(GLConstant.texture2D, tex)
        if min == GLConstant.linearMipmapLinear && !state.mipmapped {
            gl.generateMipmap(GLConstant.texture2D)
            state.mipmapped = true
        }
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, min)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, mag)
        state.min = min; state.mag = mag
        sampling[tex] = state
        return tex
    }

    /// A bilinear, edge-clamped RGBA texture from tightly packed rows.
    private func makeTexture(width: Int, height: Int, format: GLint, type: GLenum, data: UnsafeRawPointer?) -> GLuint {
        var tex: GLuint = 0
        gl.genTextures(1, &tex)
        gl.bindTexture(GLConstant.texture2D, tex)
        gl.pixelStorei(GLConstant.unpackAlignment, 1)
        gl.texImage2D(GLConstant.texture2D, 0, format, GLsizei(width), GLsizei(height), 0, GLConstant.rgba, type, data)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.linear)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.linear)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        return tex
    }
}
