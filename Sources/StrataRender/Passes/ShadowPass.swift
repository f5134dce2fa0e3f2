import StrataModel

/// Shadows: before the frame, shadow-mask.frag renders the analytic Gaussian of each
/// rounded rectangle the frame casts and the cache lacks (sigma = shadowRadius) into a
/// small mask texture per (size, radius, blur); in the frame shadow.frag stretches the
/// mask over the shadow's quad in the layer's plane, skipping what an opaque layer covers.
final class ShadowPass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let maskRect, mask, occluder, color: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            maskRect = p.uniformLocation("u_maskRect")
            mask = p.uniformLocation("u_mask")
            occluder = p.uniformLocation("u_occluder")
            color = p.uniformLocation("u_color")
        }
    }

    struct MaskUniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let shape: ShapeUniforms
        let sigma: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            shape = ShapeUniforms(p)
            sigma = p.uniformLocation("u_sigma")
        }
    }

    private let gl: GLFunctions
    private let program: Program<Uniforms>
    private let maskProgram: Program<MaskUniforms>
    /// The masks, kept across frames (the renderer's).
    private let masks: ShadowMaskCache

    init(gl: GLFunctions, shaders: ShaderSource, masks: ShadowMaskCache) throws {
        self.gl = gl
        self.masks = masks
        program = try Program(gl: gl, fragment: "shadow.frag", source: shaders)
        maskProgram = try Program(gl: gl, fragment: "shadow-mask.frag", source: shaders)
    }

    /// Renders the masks the frame needs and the cache lacks.
    func prepare(_ list: DrawList) throws {
        var missing: [ShadowMaskKey] = []
        for command in list.commands {
            let shadow: ShadowDraw
            switch command {
            case .shadow(let d): shadow = d
            case .stack(let s) where s.shadow != nil: shadow = s.shadow!
            default: continue
            }
            let key = ShadowMaskKey(shadow)
            if masks[key] == nil && !missing.contains(key) { missing.append(key) }
        }
        guard !missing.isEmpty else { return }
        masks.reserve(missing.count)
        gl.disable(GLConstant.blend)
        gl.useProgram(maskProgram.id)
        let u = maskProgram.uniforms
        for key in missing {
            let (tw, th) = key.texelSize
            let target = try RenderTarget(gl: gl, width: tw, height: th, filtered: true)
            gl.bindFramebuffer(GLConstant.framebuffer, target.framebuffer)
            gl.viewport(0, 0, GLsizei(tw), GLsizei(th))
            let extent = key.extent
            let sigma = Double(key.sigma) / 64
            // The mask's own space: the shape at (3 sigma, 3 sigma), texels over the extent.
            gl.uniform2f(u.viewport, GLfloat(tw), GLfloat(th))
            gl.set(u.quad, Quad(matrix: .makeScale(Double(tw) / extent.width, Double(th) / extent.height, 1),
                                rect: Rect(origin: .zero, size: extent)))
            gl.set(u.shape, RoundedRect(rect: Rect(x: 3 * sigma, y: 3 * sigma, width: Double(key.width) / 64,
                                                   height: Double(key.height) / 64),
                                        cornerRadius: Double(key.radius) / 64, corners: key.corners, curve: key.curve))
            gl.uniform1f(u.sigma, GLfloat(sigma))
            gl.drawQuad()
            masks.insert(target, for: key)
        }
        gl.enable(GLConstant.blend)
    }

    func draw(_ d: ShadowDraw, _ visibility: DrawVisibility, in frame: FrameContext) {
        frame.use(program)
        let key = ShadowMaskKey(d)
        guard let mask = masks[key] else { return }
        let u = program.uniforms
        gl.set(u.quad, d.quad)
        let s = 3 * d.sigma, extent = key.extent
        gl.uniform4f(u.maskRect, GLfloat(d.shape.rect.minX - s), GLfloat(d.shape.rect.minY - s),
                     GLfloat(extent.width), GLfloat(extent.height))
        gl.bind(texture: mask.texture, to: u.mask)
        gl.set(u.occluder, d.occluder ?? .zero)
        gl.set(u.color, d.color)
        gl.drawQuad(visibility)
    }
}
