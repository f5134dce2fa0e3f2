import StrataModel

/// A `PageCurlLayer`'s group: instead of being composited flat, the page drawn into the
/// group's target is bent over a cylinder by curl.frag (partialCurl).
final class PageCurlPass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let group, page, corner, direction, distance, radius, opacity: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            group = p.uniformLocation("u_group")
            page = p.uniformLocation("u_page")
            corner = p.uniformLocation("u_corner")
            direction = p.uniformLocation("u_direction")
            distance = p.uniformLocation("u_distance")
            radius = p.uniformLocation("u_radius")
            opacity = p.uniformLocation("u_opacity")
        }
    }

    private let gl: GLFunctions
    /// curl.frag, linked the first time a page curl is drawn.
    private let program: LazyProgram<Uniforms>

    init(gl: GLFunctions, shaders: ShaderSource) {
        self.gl = gl
        program = LazyProgram(gl: gl, fragment: "curl.frag", source: shaders)
    }

    /// Draws the page in `source` curled as `c` says onto the bound target.
    func draw(_ c: PageCurlDraw, opacity: Double, source: RenderTarget, in frame: FrameContext) throws {
        let p = try program.linked()
        frame.use(p)
        let u = p.uniforms
        gl.set(u.quad, c.quad)
        gl.set(u.page, c.page)
        gl.uniform2f(u.corner, GLfloat(c.corner.x), GLfloat(c.corner.y))
        gl.uniform2f(u.direction, GLfloat(c.direction.x), GLfloat(c.direction.y))
        gl.uniform1f(u.distance, GLfloat(c.distance))
        gl.uniform1f(u.radius, GLfloat(c.radius))
        gl.uniform1f(u.opacity, GLfloat(opacity))
        gl.bind(texture: source.texture, to: u.group)
        gl.drawQuad()
    }
}
