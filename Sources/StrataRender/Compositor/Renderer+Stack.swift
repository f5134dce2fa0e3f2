import StrataModel

/// Coincident copies of a layer (`StackDraw`) in one pass: the pixels below are copied
/// out, then stack.frag writes what the copies' blends leave there, but for the last
/// copy's fill, which the renderer draws after it as any layer's.
extension Renderer {
    func stackShader() throws -> ShaderProgram {
        if let p = stackProgram { return p }
        let p = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "stack.frag", source: shaders)
        stackProgram = p
        return p
    }

    /// Draws `s` but its last fill onto `target` (bound); leaves it bound with blending on.
    func drawStack(_ s: StackDraw, program p: ShaderProgram, target: RenderTarget, _ visibility: DrawVisibility,
                   width: Int, height: Int) throws {
        guard let store = s.layer.backingStore, let texture = backingStores.texture(for: store) else { return }
        if stackBelow == nil { stackBelow = try RenderTarget(gl: gl, width: width, height: height) }
        guard let below = stackBelow else { return }
        // Only the pixels the quad can reach are read: a frame-sized copy would cost a
        // full-screen pass per stack.
        let frame = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        var box = OcclusionCulling.bounds(of: s.quad, in: frame) ?? frame
        box = PixelRect(x0: max(0, box.x0), y0: max(0, box.y0), x1: min(width, box.x1), y1: min(height, box.y1))
        guard !box.isEmpty else { return }
        gl.bindFramebuffer(GLConstant.readFramebuffer, target.framebuffer)
        gl.bindFramebuffer(GLConstant.drawFramebuffer, below.framebuffer)
        gl.blitFramebuffer(GLint(box.x0), GLint(box.y0), GLint(box.x1), GLint(box.y1),
                           GLint(box.x0), GLint(box.y0), GLint(box.x1), GLint(box.y1),
                           GLConstant.colorBufferBit, GLenum(GLConstant.nearest))
        gl.bindFramebuffer(GLConstant.framebuffer, target.framebuffer)

        setQuad(p, s.quad)
        gl.uniform1i(p.location("u_count"), GLint(min(s.count, Int(Int32.max))))
        if let shadow = s.shadow, let mask = shadowMasks[ShadowMaskKey(shadow)] {
            let sigma3 = 3 * shadow.sigma, extent = ShadowMaskKey(shadow).extent
            gl.uniform1i(p.location("u_hasShadow"), 1)
            gl.uniform4f(p.location("u_maskRect"), GLfloat(shadow.shape.rect.minX - sigma3), GLfloat(shadow.shape.rect.minY - sigma3),
                         GLfloat(extent.width), GLfloat(extent.height))
            let o = shadow.occluder ?? .zero
            gl.uniform4f(p.location("u_occluder"), GLfloat(o.minX), GLfloat(o.minY), GLfloat(o.width), GLfloat(o.height))
            setColor(p.location("u_color"), shadow.color)
            gl.activeTexture(GLConstant.texture0 + 1)
            gl.bindTexture(GLConstant.texture2D, mask.texture)
            gl.uniform1i(p.location("u_mask"), 1)
        } else {
            gl.uniform1i(p.location("u_hasShadow"), 0)
        }
        let r = store.rect
        gl.uniform4f(p.location("u_storeRect"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
        gl.uniform1f(p.location("u_opacity"), GLfloat(s.layer.opacity))
        gl.activeTexture(GLConstant.texture0 + 2)
        gl.bindTexture(GLConstant.texture2D, texture)
        gl.uniform1i(p.location("u_store"), 2)
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, below.texture)
        gl.uniform1i(p.location("u_below"), 0)
        gl.disable(GLConstant.blend)
        drawQuad(visibility)
        // Again over the store's own quad, so that there the fill's texels are looked up
        // through the coordinates backing.frag interpolates, to the bit: the shape's
        // anti-aliased rim is where a rounding would show. Both passes read the pixels
        // as they were before the stack, so drawing a pixel twice changes nothing.
        if s.quad.rect != store.rect {
            setQuad(p, Quad(matrix: s.layer.quad.matrix, rect: store.rect))
            drawQuad(visibility)
        }
        gl.enable(GLConstant.blend)
    }
}
