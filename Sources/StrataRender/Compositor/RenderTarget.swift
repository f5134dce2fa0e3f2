/// An RGBA8 texture with a framebuffer object around it: the frame, or an offscreen group.
struct RenderTarget {
    let framebuffer: GLuint
    let texture: GLuint

    /// `filtered` targets are sampled with bilinear filtering and clamped edges (shadow
    /// masks); the others are read texel for texel (frames and groups).
    init(gl: GLFunctions, width: Int, height: Int, filtered: Bool = false) throws {
        var tex: GLuint = 0
        gl.genTextures(1, &tex)
        gl.bindTexture(GLConstant.texture2D, tex)
        gl.texImage2D(GLConstant.texture2D, 0, GLConstant.rgba8, GLsizei(width), GLsizei(height), 0,
                      GLConstant.rgba, GLConstant.unsignedByte, nil)
        let filter = filtered ? GLConstant.linear : GLConstant.nearest
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, filter)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, filter)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        var fbo: GLuint = 0
        gl.genFramebuffers(1, &fbo)
        gl.bindFramebuffer(GLConstant.framebuffer, fbo)
        gl.framebufferTexture2D(GLConstant.framebuffer, GLConstant.colorAttachment0, GLConstant.texture2D, tex, 0)
        let status = gl.checkFramebufferStatus(GLConstant.framebuffer)
        guard status == GLConstant.framebufferComplete else {
            gl.deleteFramebuffers(1, &fbo)
            gl.deleteTextures(1, &tex)
            throw RenderError.framebufferIncomplete(status)
        }
        framebuffer = fbo
        texture = tex
    }

    func delete(_ gl: GLFunctions) {
        var f = framebuffer, t = texture
        gl.deleteFramebuffers(1, &f)
        gl.deleteTextures(1, &t)
    }
}
