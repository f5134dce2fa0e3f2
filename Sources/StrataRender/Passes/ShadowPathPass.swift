import StrataModel
import StrataShapes

/// Shadow paths (`ShadowPathDraw`): before the frame, each mask the frame needs and the
/// cache lacks is rasterized by Cairo (the path's non-zero fill coverage), uploaded, and
/// blurred along x then y by backdrop-blur.frag into a bilinear target kept by key within
/// a texel budget; in the frame shadow.frag stretches it over the draw's quad, tinted.
/// Made with the first frame that has a shadow path.
final class ShadowPathPass {
    private let gl: GLFunctions
    private let program: Program<ShadowPass.Uniforms>
    private let blurProgram: Program<BackdropPass.BlurUniforms>
    private let masks: TexelBudgetCache<ShadowPathKey, RenderTarget>
    /// Masks made since the pass was made (for tests: a still shadow costs none).
    private(set) var madeCount = 0

    init(gl: GLFunctions, shaders: ShaderSource, texelBudget: Int = 8 << 20) throws {
        self.gl = gl
        program = try Program(gl: gl, fragment: "shadow.frag", source: shaders)
        blurProgram = try Program(gl: gl, fragment: "backdrop-blur.frag", source: shaders)
        masks = TexelBudgetCache(texelBudget: texelBudget) { $0.delete(gl) }
    }

    /// Makes the masks the frame needs and the cache lacks. Leaves blending on and some
    /// framebuffer bound: the frame binds its own next.
    func prepare(_ list: DrawList) throws {
        masks.beginFrame()
        var blending = true
        defer { if !blending { gl.enable(GLConstant.blend) } }
        for case .shadowPath(let d) in list.commands where masks.value(for: d.key) == nil {
            guard let coverage = ShapeRasterizer.rasterize(d.key.geometry, toRaster: d.key.toRaster,
                                                           width: d.key.width, height: d.key.height) else { continue }
            if blending { gl.disable(GLConstant.blend); blending = false }
            masks.insert(try blurred(coverage, sigma: d.key.sigma), texels: coverage.width * coverage.height, for: d.key)
            madeCount += 1
        }
    }

    func draw(_ d: ShadowPathDraw, _ visibility: DrawVisibility, in frame: FrameContext) {
        guard let mask = masks.value(for: d.key) else { return }
        frame.use(program)
        let u = program.uniforms
        gl.set(u.quad, d.quad)
        gl.set(u.maskRect, d.maskRect)
        gl.bind(texture: mask.texture, to: u.mask)
        gl.set(u.occluder, Rect.zero)
        gl.set(u.color, d.color)
        gl.drawQuad(visibility)
    }

    /// The coverage (fill in its first channel) blurred by a Gaussian of `sigma` texels,
    /// in the alpha of a bilinear target of its size.
    private func blurred(_ c: ShapeCoverage, sigma: Double) throws -> RenderTarget {
        var source: GLuint = 0
        gl.genTextures(1, &source)
        defer { gl.deleteTextures(1, &source) }
        gl.bindTexture(GLConstant.texture2D, source)
        gl.pixelStorei(GLConstant.unpackAlignment, 1)
        c.texels.withUnsafeBytes {
            gl.texImage2D(GLConstant.texture2D, 0, ShadowPathGL.rg8, GLsizei(c.width), GLsizei(c.height), 0,
                          ShadowPathGL.rg, GLConstant.unsignedByte, $0.baseAddress)
        }
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.nearest)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.nearest)
        // The blur reads alpha: the fill's coverage is in red.
        gl.texParameteri(GLConstant.texture2D, ShadowPathGL.swizzleA, ShadowPathGL.red)

        let across = try RenderTarget(gl: gl, width: c.width, height: c.height)
        defer { across.delete(gl) }
        let mask = try RenderTarget(gl: gl, width: c.width, height: c.height, filtered: true)
        // Cairo's coverage is already a box average over each texel (variance 1/12).
        let s = (max(0, sigma * sigma - 1.0 / 12)).squareRoot()
        let u = blurProgram.uniforms
        gl.useProgram(blurProgram.id)
        gl.viewport(0, 0, GLsizei(c.width), GLsizei(c.height))
        gl.uniform2f(u.viewport, GLfloat(c.width), GLfloat(c.height))
        gl.set(u.quad, Quad(matrix: .identity, rect: Rect(x: 0, y: 0, width: Double(c.width), height: Double(c.height))))
        gl.uniform1f(u.sigma, GLfloat(s))
        gl.uniform1i(u.taps, GLint((3 * s).rounded(.up)))
        for (texture, destination, direction) in [(source, across, (1, 0)), (across.texture, mask, (0, 1))] {
            gl.bindFramebuffer(GLConstant.framebuffer, destination.framebuffer)
            gl.uniform2f(u.direction, GLfloat(direction.0), GLfloat(direction.1))
            gl.bind(texture: texture, to: u.source)
            gl.drawQuad()
        }
        return mask
    }
}

/// GL names the shared GLConstant table does not list.
private enum ShadowPathGL {
    static let rg8: GLint = 0x822B
    static let rg: GLenum = 0x8227
    static let swizzleA: GLenum = 0x8E45
    static let red: GLint = 0x1903
}
