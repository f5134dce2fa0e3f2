import StrataModel

/// Draws backdrop layers (`BackdropDraw`) for the renderer. At a capture's first draw it
/// reads what has been drawn behind it: the frame's target and every open group's over
/// it, averaged into blocks small enough that the Gaussian needs at most ~3 sigma / 3
/// taps a side (backdrop-downsample.frag), blurred along x then y (backdrop-blur.frag).
/// Each draw then puts the blurred capture, saturated and tinted, into its rounded
/// shape on the target being drawn (backdrop.frag). Captures live until the frame ends;
/// their textures are kept by size for the next frames.
final class BackdropPass {
    private let gl: GLFunctions
    private let downsampleProgram: ShaderProgram
    private let blurProgram: ShaderProgram
    private let materialProgram: ShaderProgram
    /// This frame's blurred captures by index in the draw list, and their block size.
    private var captured: [Int: (target: RenderTarget, factor: Int)] = [:]
    private var free: [Size2: [RenderTarget]] = [:]
    private var used: [(Size2, RenderTarget)] = []

    private struct Size2: Hashable { var width: Int, height: Int }

    init(gl: GLFunctions, shaders: ShaderSource) throws {
        self.gl = gl
        downsampleProgram = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "backdrop-downsample.frag", source: shaders)
        blurProgram = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "backdrop-blur.frag", source: shaders)
        materialProgram = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "backdrop.frag", source: shaders)
    }

    /// Source pixels per capture texel: the largest power of two within sigma / 3, so
    /// the blur keeps at least 3 texels of sigma (and at most ~6: 19 taps a side) and the
    /// blocks stay far narrower. Sigma is at most the frame's side, so 1024 is never short.
    static func blockFactor(sigma: Double) -> Int {
        var f = 1
        while f < 1024 && Double(f * 2) * 3 <= sigma { f *= 2 }
        return f
    }

    /// Forgets last frame's captures; their textures wait for reuse.
    func beginFrame() {
        captured = [:]
        for (size, t) in used { free[size, default: []].append(t) }
        used = []
        if free.values.reduce(0, { $0 + $1.count }) > 16 { deleteTargets() }
    }

    /// Deletes every texture it holds (the renderer's context is current).
    func deleteTargets() {
        (free.values.joined() + used.map(\.1)).forEach { $0.delete(gl) }
        free = [:]
        used = []
        captured = [:]
    }

    /// Draws `d` onto `stack.last` (already bound), capturing first if its capture is
    /// not yet taken. Leaves that target bound, the frame's viewport and blending on.
    func draw(_ d: BackdropDraw, captures: [BackdropCapture], stack: [RenderTarget], width: Int, height: Int) throws {
        guard captures.indices.contains(d.capture), let current = stack.last else { return }
        let c = captures[d.capture]
        guard c.width > 0 && c.height > 0 else { return }
        if captured[d.capture] == nil { captured[d.capture] = try capture(c, stack: stack) }
        guard let (blurred, factor) = captured[d.capture] else { return }

        gl.bindFramebuffer(GLConstant.framebuffer, current.framebuffer)
        gl.viewport(0, 0, GLsizei(width), GLsizei(height))
        gl.enable(GLConstant.blend)
        let p = materialProgram
        gl.useProgram(p.id)
        gl.uniform2f(p.location("u_viewport"), GLfloat(width), GLfloat(height))
        setQuad(p, d.quad.matrix, d.quad.rect)
        let s = d.shape.rect
        gl.uniform4f(p.location("u_shape"), GLfloat(s.minX), GLfloat(s.minY), GLfloat(s.width), GLfloat(s.height))
        gl.uniform1f(p.location("u_radius"), GLfloat(d.shape.cornerRadius))
        gl.uniform2f(p.location("u_captureOrigin"), GLfloat(c.x), GLfloat(c.y))
        gl.uniform1f(p.location("u_factor"), GLfloat(factor))
        gl.uniform1f(p.location("u_saturation"), GLfloat(d.material.saturation))
        let t = d.material.tint.premultiplied
        gl.uniform4f(p.location("u_tint"), GLfloat(t.r), GLfloat(t.g), GLfloat(t.b), GLfloat(t.a))
        gl.uniform1f(p.location("u_opacity"), GLfloat(d.opacity))
        bindTexture(blurred, to: p, "u_capture")
        gl.drawArrays(GLConstant.triangleStrip, 0, 4)
    }

    private func capture(_ c: BackdropCapture, stack: [RenderTarget]) throws -> (RenderTarget, Int) {
        let f = BackdropPass.blockFactor(sigma: c.sigma)
        let size = Size2(width: (c.width + f - 1) / f, height: (c.height + f - 1) / f)
        let a = try target(size), b = try target(size)
        let whole = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        gl.viewport(0, 0, GLsizei(size.width), GLsizei(size.height))

        var p = downsampleProgram
        gl.useProgram(p.id)
        gl.uniform2f(p.location("u_viewport"), GLfloat(size.width), GLfloat(size.height))
        setQuad(p, .identity, whole)
        gl.uniform2f(p.location("u_origin"), GLfloat(c.x), GLfloat(c.y))
        gl.uniform1i(p.location("u_factor"), GLint(f))
        gl.bindFramebuffer(GLConstant.framebuffer, a.framebuffer)
        for (i, layer) in stack.enumerated() {
            // The frame replaces the capture's old texels; open groups go over it.
            if i == 0 { gl.disable(GLConstant.blend) } else { gl.enable(GLConstant.blend) }
            bindTexture(layer, to: p, "u_source")
            gl.drawArrays(GLConstant.triangleStrip, 0, 4)
        }

        gl.disable(GLConstant.blend)
        p = blurProgram
        gl.useProgram(p.id)
        gl.uniform2f(p.location("u_viewport"), GLfloat(size.width), GLfloat(size.height))
        setQuad(p, .identity, whole)
        let sigma = c.sigma / Double(f)
        gl.uniform1f(p.location("u_sigma"), GLfloat(sigma))
        gl.uniform1i(p.location("u_taps"), GLint((3 * sigma).rounded(.up)))
        for (source, destination, direction) in [(a, b, (1, 0)), (b, a, (0, 1))] {
            gl.bindFramebuffer(GLConstant.framebuffer, destination.framebuffer)
            gl.uniform2f(p.location("u_direction"), GLfloat(direction.0), GLfloat(direction.1))
            bindTexture(source, to: p, "u_source")
            gl.drawArrays(GLConstant.triangleStrip, 0, 4)
        }
        gl.enable(GLConstant.blend)
        return (a, f)
    }

    /// A pooled target of `size`, filtered (the material samples it bilinearly).
    private func target(_ size: Size2) throws -> RenderTarget {
        let t = try free[size]?.popLast() ?? RenderTarget(gl: gl, width: size.width, height: size.height, filtered: true)
        used.append((size, t))
        return t
    }

    private func setQuad(_ p: ShaderProgram, _ matrix: Transform3D, _ r: Rect) {
        var m = matrix.elements.map { GLfloat($0) }
        gl.uniformMatrix4fv(p.location("u_matrix"), 1, 0, &m)
        gl.uniform4f(p.location("u_rect"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
    }

    private func bindTexture(_ t: RenderTarget, to p: ShaderProgram, _ name: String) {
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, t.texture)
        gl.uniform1i(p.location(name), 0)
    }
}
