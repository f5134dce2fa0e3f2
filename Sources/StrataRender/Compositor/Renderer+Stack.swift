import StrataModel

/// Coincident copies of a layer (`StackDraw`) in one pass: the pixels below the run are
/// copied out, one copy's shadow and fill are drawn alone into two scratch targets, and
/// stack.frag writes what the run's blends leave.
extension Renderer {
    func stackShader() throws -> ShaderProgram {
        if let p = stackProgram { return p }
        let p = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "stack.frag", source: shaders)
        stackProgram = p
        return p
    }

    /// A layer draw whole: from its backing store, or analytically.
    func drawWhole(_ d: LayerDraw, using use: (ShaderProgram) -> Void) throws {
        let p = d.hasBackingStore ? try backingShader() : try layerProgram(for: LayerVariant(d))
        use(p)
        if d.hasBackingStore { drawBackingStore(d, program: p) } else { drawLayer(d, program: p, .whole) }
    }

    /// Draws `s` onto `target`; leaves it bound with blending on and no program assumed.
    func drawStack(_ s: StackDraw, target: RenderTarget, _ visibility: DrawVisibility, width: Int, height: Int) throws {
        // Only the pixels the run can reach are copied, cleared and drawn.
        let frame = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        var box = OcclusionCulling.bounds(of: s.quad, in: frame) ?? frame
        box = PixelRect(x0: max(0, box.x0), y0: max(0, box.y0), x1: min(width, box.x1), y1: min(height, box.y1))
        guard !box.isEmpty else { return }
        while stackTargets.count < 3 { stackTargets.append(try RenderTarget(gl: gl, width: width, height: height)) }
        let (below, shadow, fill) = (stackTargets[0], stackTargets[1], stackTargets[2])

        gl.enable(GLConstant.scissorTest)
        gl.scissor(GLint(box.x0), GLint(box.y0), GLsizei(box.x1 - box.x0), GLsizei(box.y1 - box.y0))
        gl.bindFramebuffer(GLConstant.readFramebuffer, target.framebuffer)
        gl.bindFramebuffer(GLConstant.drawFramebuffer, below.framebuffer)
        gl.blitFramebuffer(GLint(box.x0), GLint(box.y0), GLint(box.x1), GLint(box.y1),
                           GLint(box.x0), GLint(box.y0), GLint(box.x1), GLint(box.y1),
                           GLConstant.colorBufferBit, GLenum(GLConstant.nearest))
        gl.clearColor(0, 0, 0, 0)
        func run(_ p: ShaderProgram) {
            gl.useProgram(p.id)
            gl.uniform2f(p.location("u_viewport"), GLfloat(width), GLfloat(height))
        }
        // One copy's fragments over transparent black: blended onto zero, the bytes
        // they are, as the blend onto the target takes them.
        gl.bindFramebuffer(GLConstant.framebuffer, shadow.framebuffer)
        gl.clear(GLConstant.colorBufferBit)
        if let d = s.shadow {
            run(shadowProgram)
            drawShadow(d, .whole)
        }
        gl.bindFramebuffer(GLConstant.framebuffer, fill.framebuffer)
        gl.clear(GLConstant.colorBufferBit)
        try drawWhole(s.layer, using: run)
        gl.disable(GLConstant.scissorTest)

        gl.bindFramebuffer(GLConstant.framebuffer, target.framebuffer)
        let p = try stackShader()
        run(p)
        setQuad(p, Quad(matrix: .identity, rect: Rect(x: Double(box.x0), y: Double(box.y0),
                                                     width: Double(box.x1 - box.x0), height: Double(box.y1 - box.y0))))
        gl.uniform1i(p.location("u_count"), GLint(min(s.count, Int(Int32.max))))
        for (unit, (name, t)) in [("u_below", below), ("u_shadow", shadow), ("u_fill", fill)].enumerated() {
            gl.activeTexture(GLConstant.texture0 + GLenum(unit))
            gl.bindTexture(GLConstant.texture2D, t.texture)
            gl.uniform1i(p.location(name), GLint(unit))
        }
        gl.activeTexture(GLConstant.texture0)
        gl.disable(GLConstant.blend)
        drawQuad(visibility)
        gl.enable(GLConstant.blend)
    }
}
