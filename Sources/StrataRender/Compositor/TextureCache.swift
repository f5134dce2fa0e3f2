import StrataModel

/// One GL texture per distinct `Image` and per distinct gradient, uploaded once and
/// reused across frames. Past `capacity` entries of a kind the cache starts over, which
/// bounds memory when an animation makes a new bitmap every frame.
final class TextureCache {
    private let gl: GLFunctions
    private var entries: [UInt64: GLuint] = [:]
    private var ramps: [[GradientStop]: GLuint] = [:]
    private let capacity = 256

    init(gl: GLFunctions) { self.gl = gl }

    deinit {
        for (_, t) in entries { var id = t; gl.deleteTextures(1, &id) }
        for (_, t) in ramps { var id = t; gl.deleteTextures(1, &id) }
    }

    func ramp(for stops: [GradientStop]) -> GLuint {
        if let t = ramps[stops] { return t }
        if ramps.count >= capacity {
            for (_, t) in ramps { var id = t; gl.deleteTextures(1, &id) }
            ramps = [:]
        }
        var tex: GLuint = 0
        gl.genTextures(1, &tex)
        gl.bindTexture(GLConstant.texture2D, tex)
        gl.pixelStorei(GLConstant.unpackAlignment, 4)
        GradientRamp.texels(stops).withUnsafeBytes {
            gl.texImage2D(GLConstant.texture2D, 0, GLConstant.rgba32f, GLsizei(GradientRamp.width), 1, 0,
                          GLConstant.rgba, GLConstant.float, $0.baseAddress)
        }
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.linear)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.linear)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        ramps[stops] = tex
        return tex
    }

    func texture(for image: Image) -> GLuint {
        if let t = entries[image.identity] { return t }
        if entries.count >= capacity {
            for (_, t) in entries { var id = t; gl.deleteTextures(1, &id) }
            entries = [:]
        }
        var tex: GLuint = 0
        gl.genTextures(1, &tex)
        gl.bindTexture(GLConstant.texture2D, tex)
        gl.pixelStorei(GLConstant.unpackAlignment, 1)
        image.pixels.withUnsafeBytes {
            gl.texImage2D(GLConstant.texture2D, 0, GLConstant.rgba8, GLsizei(image.width), GLsizei(image.height), 0,
                          GLConstant.rgba, GLConstant.unsignedByte, $0.baseAddress)
        }
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.linear)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.linear)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        entries[image.identity] = tex
        return tex
    }
}
