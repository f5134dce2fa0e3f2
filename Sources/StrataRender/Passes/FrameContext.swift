/// What the passes drawing one frame share: GL, the output's size in pixels, and the
/// program in use, so a run of draws of one program sets it and its viewport once.
final class FrameContext {
    let gl: GLFunctions
    let width: Int, height: Int
    /// The unit quad's vertex array, which every pass but text and batches draws; a pass
    /// that binds another binds this one back.
    let unitQuad: GLuint
    private var current: GLuint = 0

    init(gl: GLFunctions, width: Int, height: Int, unitQuad: GLuint) {
        self.gl = gl
        self.width = width; self.height = height
        self.unitQuad = unitQuad
    }

    /// Makes `p` current with the frame's viewport, unless it already is.
    func use<U>(_ p: Program<U>) {
        guard current != p.id else { return }
        gl.useProgram(p.id)
        gl.uniform2f(p.uniforms.viewport, GLfloat(width), GLfloat(height))
        current = p.id
    }

    /// After a pass issued programs, viewports or targets of its own: the next `use`
    /// sets everything again.
    func forgetProgram() { current = 0 }
}
