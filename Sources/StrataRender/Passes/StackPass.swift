import StrataModel

/// Coincident copies of a layer (`StackDraw`). In one pass where the blend rounds as
/// llvmpipe's does: the pixels below the run are copied out, one copy's shadow and fill
/// are drawn alone into two scratch targets (the bytes the blend takes), and stack.frag
/// repeats the copy's two blends per pixel, stopping where a copy changes a pixel no
/// more. Elsewhere every copy is drawn, its shadow then its fill.
final class StackPass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let count, below, shadow, fill: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            count = p.uniformLocation("u_count")
            below = p.uniformLocation("u_below")
            shadow = p.uniformLocation("u_shadow")
            fill = p.uniformLocation("u_fill")
        }
    }

    private let gl: GLFunctions
    private let layers: LayerPass
    private let backingStores: BackingStorePass
    private let shadows: ShadowPass
    /// stack.frag, linked the first time a stack is drawn in one pass.
    private let program: LazyProgram<Uniforms>

    init(gl: GLFunctions, shaders: ShaderSource, layers: LayerPass, backingStores: BackingStorePass, shadows: ShadowPass) {
        self.gl = gl
        program = LazyProgram(gl: gl, fragment: "stack.frag", source: shaders)
        self.layers = layers
        self.backingStores = backingStores
        self.shadows = shadows
    }

    /// Draws `s` onto the current target, in one pass or copy by copy.
    func draw(_ s: StackDraw, _ visibility: DrawVisibility, onePass: Bool, targets: RenderTargets,
              in frame: FrameContext) throws {
        guard onePass else {
            for _ in 0..<s.count {
                if let shadow = s.shadow { shadows.draw(shadow, .whole, in: frame) }
                try drawWhole(s.layer, in: frame)
            }
            return
        }
        let target = targets.current
        // Only the pixels the run can reach are copied, cleared and drawn.
        let (width, height) = (frame.width, frame.height)
        let whole = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        var box = OcclusionCulling.bounds(of: s.quad, in: whole) ?? whole
        box = PixelRect(x0: max(0, box.x0), y0: max(0, box.y0), x1: min(width, box.x1), y1: min(height, box.y1))
        // Only the damage is drawn this frame (`FrameDamage`): the rest of the target is final.
        if let damage = targets.damage { box = box.intersection(damage) }
        guard !box.isEmpty else { return }
        let scratch = try targets.scratch(3)
        let (below, shadow, fill) = (scratch[0], scratch[1], scratch[2])

        gl.enable(GLConstant.scissorTest)
        gl.scissor(GLint(box.x0), GLint(box.y0), GLsizei(box.x1 - box.x0), GLsizei(box.y1 - box.y0))
        gl.bindFramebuffer(GLConstant.readFramebuffer, target.framebuffer)
        gl.bindFramebuffer(GLConstant.drawFramebuffer, below.framebuffer)
        gl.blitFramebuffer(GLint(box.x0), GLint(box.y0), GLint(box.x1), GLint(box.y1),
                           GLint(box.x0), GLint(box.y0), GLint(box.x1), GLint(box.y1),
                           GLConstant.colorBufferBit, GLenum(GLConstant.nearest))
        gl.clearColor(0, 0, 0, 0)
        // One copy's fragments over transparent black: blended onto zero, the bytes
        // they are, as the blend onto the target takes them.
        gl.bindFramebuffer(GLConstant.framebuffer, shadow.framebuffer)
        gl.clear(GLConstant.colorBufferBit)
        if let d = s.shadow { shadows.draw(d, .whole, in: frame) }
        gl.bindFramebuffer(GLConstant.framebuffer, fill.framebuffer)
        gl.clear(GLConstant.colorBufferBit)
        try drawWhole(s.layer, in: frame)
        gl.disable(GLConstant.scissorTest)

        gl.bindFramebuffer(GLConstant.framebuffer, target.framebuffer)
        let p = try program.linked()
        frame.use(p)
        let u = p.uniforms
        gl.set(u.quad, Quad(matrix: .identity, rect: Rect(x: Double(box.x0), y: Double(box.y0),
                                                          width: Double(box.x1 - box.x0), height: Double(box.y1 - box.y0))))
        gl.uniform1i(u.count, GLint(min(s.count, Int(Int32.max))))
        for (unit, (location, t)) in [(u.below, below), (u.shadow, shadow), (u.fill, fill)].enumerated() {
            gl.activeTexture(GLConstant.texture0 + GLenum(unit))
            gl.bindTexture(GLConstant.texture2D, t.texture)
            gl.uniform1i(location, GLint(unit))
        }
        gl.activeTexture(GLConstant.texture0)
        gl.disable(GLConstant.blend)
        gl.drawQuad(visibility)
        gl.enable(GLConstant.blend)
    }

    /// A copy's fill whole: from its backing store, or analytically.
    private func drawWhole(_ d: LayerDraw, in frame: FrameContext) throws {
        // Under the run's own scissor (or the damage's): drawn in one piece.
        if d.hasBackingStore { try backingStores.draw(d, in: frame) } else { try layers.draw(d, .whole, splits: false, in: frame) }
    }
}
