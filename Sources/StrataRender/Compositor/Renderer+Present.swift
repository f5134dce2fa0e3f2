/// Showing a frame in a window: the frame stays in the renderer's framebuffer object
/// (drawn exactly as offscreen) and is copied to the window by a blit.
extension Renderer {
    /// Blits the last drawn frame (`frameWidth` x `frameHeight`, rows top-down in the
    /// frame target) into the current context's default framebuffer, flipped so it is
    /// upright there (GL's window origin is bottom-left), stretched to
    /// `drawableWidth` x `drawableHeight` if those differ. Call the surface's swap next.
    public func present(frameWidth: Int, frameHeight: Int, drawableWidth: Int, drawableHeight: Int) throws {
        guard let source = frameFramebuffer else { return }
        try surface.makeCurrent()
        let gl = surface.gl
        gl.bindFramebuffer(GLConstant.readFramebuffer, source)
        gl.bindFramebuffer(GLConstant.drawFramebuffer, 0)
        gl.disable(GLConstant.scissorTest)
        let exact = frameWidth == drawableWidth && frameHeight == drawableHeight
        if !exact {
            gl.viewport(0, 0, GLsizei(drawableWidth), GLsizei(drawableHeight))
            gl.clearColor(0, 0, 0, 1)
            gl.clear(GLConstant.colorBufferBit)
        }
        gl.blitFramebuffer(0, 0, GLint(frameWidth), GLint(frameHeight),
                           0, GLint(drawableHeight), GLint(drawableWidth), 0,
                           GLConstant.colorBufferBit, GLenum(exact ? GLConstant.nearest : GLConstant.linear))
        gl.bindFramebuffer(GLConstant.framebuffer, 0)
        let error = gl.getError()
        if error != GLConstant.noError { throw RenderError.glError(error, "presenting the frame to the window") }
    }
}
