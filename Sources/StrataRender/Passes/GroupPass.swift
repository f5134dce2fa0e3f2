import StrataModel

/// Groups (`beginGroup` ... `endGroup`): a layer's subtree drawn into an offscreen target
/// of its own (`RenderTargets`), put back by composite.frag at the group's opacity,
/// clipped to the layer's rounded bounds when it masks to them.
final class GroupPass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let shape: ShapeUniforms
        let group, opacity, masked: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            shape = ShapeUniforms(p)
            group = p.uniformLocation("u_group")
            opacity = p.uniformLocation("u_opacity")
            masked = p.uniformLocation("u_masked")
        }
    }

    private let gl: GLFunctions
    private let program: Program<Uniforms>

    init(gl: GLFunctions, shaders: ShaderSource) throws {
        self.gl = gl
        program = try Program(gl: gl, fragment: "composite.frag", source: shaders)
    }

    /// Composites the group drawn into `source` onto the bound target.
    func draw(_ c: GroupComposite, source: RenderTarget, in frame: FrameContext) {
        frame.use(program)
        let u = program.uniforms
        if let mask = c.mask {
            gl.set(u.quad, mask.quad)
            gl.set(u.shape, mask.shape)
            gl.uniform1i(u.masked, 1)
        } else {
            gl.set(u.quad, Quad(matrix: .identity, rect: Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))))
            gl.uniform1i(u.masked, 0)
        }
        gl.uniform1f(u.opacity, GLfloat(c.opacity))
        gl.bind(texture: source.texture, to: u.group)
        gl.drawQuad()
    }
}
