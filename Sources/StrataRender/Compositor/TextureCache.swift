import StrataModel

/// One GL texture per distinct `Image`, uploaded once and reused across frames while the
/// image lives; they are released with the renderer.
final class TextureCache {
    private let gl: GLFunctions
    private var entries: [UInt64: GLuint] = [:]

    init(gl: GLFunctions) { self.gl = gl }

    deinit {
        for (_, t) in entries { var id = t; gl.deleteTextures(1, &id) }
    }

    func texture(for image: Image) -> GLuint {
        if let t = entries[image.identity] { return t }
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
