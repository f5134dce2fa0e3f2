import StrataModel

/// Draws backdrop layers (`BackdropDraw`) for the renderer. At a capture's first draw it
/// reads what has been drawn behind it: the frame's target and every open group's over
/// it, averaged into blocks small enough that the Gaussian needs at most ~3 sigma / 3
/// taps a side (backdrop-downsample.frag), blurred along x then y (backdrop-blur.frag).
/// Each draw then puts the blurred capture, saturated and tinted, into its rounded
/// shape on the target being drawn (backdrop.frag). Captures live until the frame ends;
/// their textures are kept by size for the next frames.
final class BackdropPass {
    struct DownsampleUniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let source, origin, factor: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            source = p.uniformLocation("u_source")
            origin = p.uniformLocation("u_origin")
            factor = p.uniformLocation("u_factor")
        }
    }

    struct BlurUniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let source, direction, sigma, taps: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            source = p.uniformLocation("u_source")
            direction = p.uniformLocation("u_direction")
            sigma = p.uniformLocation("u_sigma")
            taps = p.uniformLocation("u_taps")
        }
    }

    struct MaterialUniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let shape: ShapeUniforms
        let capture, captureOrigin, factor, saturation, tint, opacity: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            shape = ShapeUniforms(p)
            capture = p.uniformLocation("u_capture")
            captureOrigin = p.uniformLocation("u_captureOrigin")
            factor = p.uniformLocation("u_factor")
            saturation = p.uniformLocation("u_saturation")
            tint = p.uniformLocation("u_tint")
            opacity = p.uniformLocation("u_opacity")
        }
    }

    private let gl: GLFunctions
    private let downsampleProgram: Program<DownsampleUniforms>
    private let blurProgram: Program<BlurUniforms>
    /// backdrop.frag, with continuous corners compiled in or not (`ProgramVariants`).
    private let materialPrograms: ProgramVariants<MaterialUniforms>
    /// This frame's blurred captures by index in the draw list, and their block size.
    private var captured: [Int: (target: RenderTarget, factor: Int)] = [:]
    private var free: [Size2: [RenderTarget]] = [:]
    private var used: [(Size2, RenderTarget)] = []

    private struct Size2: Hashable { var width: Int, height: Int }

    init(gl: GLFunctions, shaders: ShaderSource) throws {
        self.gl = gl
        downsampleProgram = try Program(gl: gl, fragment: "backdrop-downsample.frag", source: shaders)
        blurProgram = try Program(gl: gl, fragment: "backdrop-blur.frag", source: shaders)
        materialPrograms = ProgramVariants(gl: gl, fragment: "backdrop.frag", source: shaders)
        _ = try materialPrograms.program([])
    }

    deinit { deleteTargets() }

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
    func draw(_ d: BackdropDraw, captures: [BackdropCapture], stack: [RenderTarget], in frame: FrameContext) throws {
        // Its own programs and viewports: the frame sets its next program afresh.
        frame.forgetProgram()
        let (width, height) = (frame.width, frame.height)
        guard captures.indices.contains(d.capture), let current = stack.last else { return }
        let c = captures[d.capture]
        guard c.width > 0 && c.height > 0 else { return }
        if captured[d.capture] == nil { captured[d.capture] = try capture(c, stack: stack) }
        guard let (blurred, factor) = captured[d.capture] else { return }

        gl.bindFramebuffer(GLConstant.framebuffer, current.framebuffer)
        gl.viewport(0, 0, GLsizei(width), GLsizei(height))
        gl.enable(GLConstant.blend)
        func draw(_ defines: [String], _ visibility: DrawVisibility) throws {
            let materialProgram = try materialPrograms.program(defines)
            let u = materialProgram.uniforms
            gl.useProgram(materialProgram.id)
            gl.uniform2f(u.viewport, GLfloat(width), GLfloat(height))
            gl.set(u.quad, d.quad)
            gl.set(u.shape, d.shape)
            gl.uniform2f(u.captureOrigin, GLfloat(c.x), GLfloat(c.y))
            gl.uniform1f(u.factor, GLfloat(factor))
            gl.uniform1f(u.saturation, GLfloat(d.material.saturation))
            gl.set(u.tint, d.material.tint)
            gl.uniform1f(u.opacity, GLfloat(d.opacity))
            gl.bind(texture: blurred.texture, to: u.capture)
            gl.drawQuad(visibility)
        }
        // A list with a backdrop is drawn whole (`FrameDamage`): no scissor to keep.
        if let split = ContinuousCornerSplit.pieces(of: d.shape, drawnAs: d.quad, in: frame, .whole) {
            if split.corners != .hidden { try draw(["CONTINUOUS_CORNERS"], split.corners) }
            if split.sides != .hidden { try draw(["CONTINUOUS_SIDES"], split.sides) }
        } else {
            try draw(d.shape.cornerDefines, .whole)
        }
        frame.forgetProgram()
    }

    private func capture(_ c: BackdropCapture, stack: [RenderTarget]) throws -> (RenderTarget, Int) {
        let f = BackdropPass.blockFactor(sigma: c.sigma)
        let size = Size2(width: (c.width + f - 1) / f, height: (c.height + f - 1) / f)
        let a = try target(size), b = try target(size)
        let whole = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        gl.viewport(0, 0, GLsizei(size.width), GLsizei(size.height))

        let down = downsampleProgram.uniforms
        gl.useProgram(downsampleProgram.id)
        gl.uniform2f(down.viewport, GLfloat(size.width), GLfloat(size.height))
        gl.set(down.quad, Quad(matrix: .identity, rect: whole))
        gl.uniform2f(down.origin, GLfloat(c.x), GLfloat(c.y))
        gl.uniform1i(down.factor, GLint(f))
        gl.bindFramebuffer(GLConstant.framebuffer, a.framebuffer)
        for (i, layer) in stack.enumerated() {
            // The frame replaces the capture's old texels; open groups go over it.
            if i == 0 { gl.disable(GLConstant.blend) } else { gl.enable(GLConstant.blend) }
            gl.bind(texture: layer.texture, to: down.source)
            gl.drawQuad()
        }

        gl.disable(GLConstant.blend)
        let blur = blurProgram.uniforms
        gl.useProgram(blurProgram.id)
        gl.uniform2f(blur.viewport, GLfloat(size.width), GLfloat(size.height))
        gl.set(blur.quad, Quad(matrix: .identity, rect: whole))
        let sigma = c.sigma / Double(f)
        gl.uniform1f(blur.sigma, GLfloat(sigma))
        gl.uniform1i(blur.taps, GLint((3 * sigma).rounded(.up)))
        for (source, destination, direction) in [(a, b, (1, 0)), (b, a, (0, 1))] {
            gl.bindFramebuffer(GLConstant.framebuffer, destination.framebuffer)
            gl.uniform2f(blur.direction, GLfloat(direction.0), GLfloat(direction.1))
            gl.bind(texture: source.texture, to: blur.source)
            gl.drawQuad()
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
}
