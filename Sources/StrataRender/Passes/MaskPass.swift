import StrataModel

/// CALayer.mask (`endMask`): the masked layer's drawing and its mask's, each rendered
/// alone into a group of its own (`RenderTargets`), are put back by mask.frag as the
/// first times the second's alpha, at the layer's opacity.
final class MaskPass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let group, mask, opacity: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            group = p.uniformLocation("u_group")
            mask = p.uniformLocation("u_mask")
            opacity = p.uniformLocation("u_opacity")
        }
    }

    private let gl: GLFunctions
    /// Linked the first time a frame has a mask.
    private let program: LazyProgram<Uniforms>

    init(gl: GLFunctions, shaders: ShaderSource) {
        self.gl = gl
        program = LazyProgram(gl: gl, fragment: "mask.frag", source: shaders)
    }

    /// Composites `content` masked by `mask` over the whole frame onto the bound target.
    func draw(content: RenderTarget, mask: RenderTarget, opacity: Double, in frame: FrameContext) throws {
        let p = try program.linked()
        frame.use(p)
        let u = p.uniforms
        gl.set(u.quad, Quad(matrix: .identity, rect: Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))))
        gl.uniform1f(u.opacity, GLfloat(opacity))
        // The mask on unit 1, then the group on unit 0, which every other pass binds to.
        gl.activeTexture(GLConstant.texture0 + 1)
        gl.bindTexture(GLConstant.texture2D, mask.texture)
        gl.uniform1i(u.mask, 1)
        gl.bind(texture: content.texture, to: u.group)
        gl.drawQuad()
    }
}
