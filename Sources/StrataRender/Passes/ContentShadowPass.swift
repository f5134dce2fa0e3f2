import StrataModel

/// The shadow of a group's alpha (`ContentShadow`), drawn when the group closes, before
/// it is put back: the group's pixels over the shadow's region (its draws grown by 3
/// sigma) averaged into blocks within sigma / 3 (backdrop-downsample.frag), blurred along
/// x then y (backdrop-blur.frag, the blocks' own width taken out of sigma), and stretched
/// moved by the offset over the target below, tinted (shadow.frag reads the alpha).
/// Its two targets are kept by size for the next shadows.
final class ContentShadowPass {
    private let gl: GLFunctions
    private let downsampleProgram: Program<BackdropPass.DownsampleUniforms>
    private let blurProgram: Program<BackdropPass.BlurUniforms>
    private let program: Program<ShadowPass.Uniforms>
    private var targets: [Size2: (RenderTarget, RenderTarget)] = [:]

    private struct Size2: Hashable { var width: Int, height: Int }

    init(gl: GLFunctions, shaders: ShaderSource) throws {
        self.gl = gl
        downsampleProgram = try Program(gl: gl, fragment: "backdrop-downsample.frag", source: shaders)
        blurProgram = try Program(gl: gl, fragment: "backdrop-blur.frag", source: shaders)
        program = try Program(gl: gl, fragment: "shadow.frag", source: shaders)
    }

    deinit { targets.values.forEach { $0.0.delete(gl); $0.1.delete(gl) } }

    /// Draws the shadow of the group in `source` onto `current` (bound again after),
    /// with the frame's viewport and blending on.
    func draw(_ s: ContentShadow, source: RenderTarget, onto current: RenderTarget, in frame: FrameContext) throws {
        frame.forgetProgram()
        defer { frame.forgetProgram() }
        // Three sigma round the drawn pixels; past the frame the downsample repeats its edge.
        let reach = Int((3 * s.sigma).rounded(.up)) + 1
        let x0 = s.region.x0 - reach, y0 = s.region.y0 - reach
        let f = BackdropPass.blockFactor(sigma: s.sigma)
        let size = Size2(width: (s.region.x1 - s.region.x0 + 2 * reach + f - 1) / f,
                         height: (s.region.y1 - s.region.y0 + 2 * reach + f - 1) / f)
        let (a, b) = try pair(size)
        let whole = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        gl.disable(GLConstant.blend)
        gl.viewport(0, 0, GLsizei(size.width), GLsizei(size.height))

        let down = downsampleProgram.uniforms
        gl.useProgram(downsampleProgram.id)
        gl.uniform2f(down.viewport, GLfloat(size.width), GLfloat(size.height))
        gl.set(down.quad, Quad(matrix: .identity, rect: whole))
        gl.uniform2f(down.origin, GLfloat(x0), GLfloat(y0))
        gl.uniform1i(down.factor, GLint(f))
        gl.bindFramebuffer(GLConstant.framebuffer, a.framebuffer)
        gl.bind(texture: source.texture, to: down.source)
        gl.drawQuad()

        // The blocks already spread each pixel over f (variance f^2 / 12 pixels).
        let sigma = (max(0, s.sigma * s.sigma - Double(f * f) / 12)).squareRoot() / Double(f)
        let blur = blurProgram.uniforms
        gl.useProgram(blurProgram.id)
        gl.uniform2f(blur.viewport, GLfloat(size.width), GLfloat(size.height))
        gl.set(blur.quad, Quad(matrix: .identity, rect: whole))
        gl.uniform1f(blur.sigma, GLfloat(sigma))
        gl.uniform1i(blur.taps, GLint((3 * sigma).rounded(.up)))
        for (from, to, direction) in [(a, b, (1, 0)), (b, a, (0, 1))] {
            gl.bindFramebuffer(GLConstant.framebuffer, to.framebuffer)
            gl.uniform2f(blur.direction, GLfloat(direction.0), GLfloat(direction.1))
            gl.bind(texture: from.texture, to: blur.source)
            gl.drawQuad()
        }

        gl.bindFramebuffer(GLConstant.framebuffer, current.framebuffer)
        gl.viewport(0, 0, GLsizei(frame.width), GLsizei(frame.height))
        gl.enable(GLConstant.blend)
        frame.use(program)
        let u = program.uniforms
        let covered = Rect(x: Double(x0) + s.offset.x, y: Double(y0) + s.offset.y,
                           width: Double(size.width * f), height: Double(size.height * f))
        gl.set(u.quad, Quad(matrix: .identity, rect: covered))
        gl.set(u.maskRect, covered)
        gl.bind(texture: a.texture, to: u.mask)
        gl.set(u.occluder, Rect.zero)
        gl.set(u.color, s.color)
        gl.drawQuad()
    }

    /// The two targets of `size`, filtered (the shadow samples the blur bilinearly);
    /// past 8 sizes the kept ones go.
    private func pair(_ size: Size2) throws -> (RenderTarget, RenderTarget) {
        if let p = targets[size] { return p }
        if targets.count >= 8 {
            targets.values.forEach { $0.0.delete(gl); $0.1.delete(gl) }
            targets = [:]
        }
        let p = (try RenderTarget(gl: gl, width: size.width, height: size.height, filtered: true),
                 try RenderTarget(gl: gl, width: size.width, height: size.height, filtered: true))
        targets[size] = p
        return p
    }
}
