import StrataModel

/// Layer draws drawn analytically: layer.frag computes the rounded rectangle's signed
/// distance and fills it with the background, a gradient (a cached ramp) or contents (a
/// cached texture), then the border. Each combination the draws need is one variant of
/// the shader (`LayerVariant`), linked the first time it is drawn. Contents are any
/// premultiplied `Image`: a layer whose drawing is rasterized on the CPU is drawn here
/// as `Fill.contents`, as a layer's bitmap is.
final class LayerPass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let shape: ShapeUniforms
        let borderWidth, borderColor, background, opacity: GLint
        let gradientStart, gradientEnd, ramp, contents: GLint
        let contentsFrame, contentsSource, sliceX, sliceY: GLint
        let contentsOther, fadeWeight: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            shape = ShapeUniforms(p)
            borderWidth = p.uniformLocation("u_borderWidth")
            borderColor = p.uniformLocation("u_borderColor")
            background = p.uniformLocation("u_background")
            opacity = p.uniformLocation("u_opacity")
            gradientStart = p.uniformLocation("u_gradientStart")
            gradientEnd = p.uniformLocation("u_gradientEnd")
            ramp = p.uniformLocation("u_ramp")
            contents = p.uniformLocation("u_contents")
            contentsFrame = p.uniformLocation("u_contentsFrame")
            contentsSource = p.uniformLocation("u_contentsSource")
            sliceX = p.uniformLocation("u_sliceX")
            sliceY = p.uniformLocation("u_sliceY")
            contentsOther = p.uniformLocation("u_contentsOther")
            fadeWeight = p.uniformLocation("u_fadeWeight")
        }
    }

    private let gl: GLFunctions
    private let shaders: ShaderSource
    /// Gradient ramps and contents textures, kept across frames (the renderer's).
    private let textures: TextureCache
    private var programs: [LayerVariant: Program<Uniforms>] = [:]

    init(gl: GLFunctions, shaders: ShaderSource, textures: TextureCache) throws {
        self.gl = gl
        self.shaders = shaders
        self.textures = textures
        // Linked now so a broken shader file fails at start-up, not mid-replay.
        _ = try program(for: LayerVariant(background: true, fill: .none, border: true))
    }

    func program(for v: LayerVariant) throws -> Program<Uniforms> {
        if let p = programs[v] { return p }
        let p = try Program<Uniforms>(gl: gl, fragment: "layer.frag", source: shaders, defines: v.defines)
        programs[v] = p
        return p
    }

    /// Draws `d` in the frame with its variant's program; continuous corners split
    /// (`ContinuousCornerSplit`, its pieces scissored in turn) unless `splits` is false: a
    /// caller with a scissor of its own to keep.
    func draw(_ d: LayerDraw, _ visibility: DrawVisibility, splits: Bool = true, in frame: FrameContext) throws {
        let variant = LayerVariant(d)
        if splits, variant.continuousCorners, let split = ContinuousCornerSplit.pieces(of: d.shape, drawnAs: d.quad, in: frame, visibility) {
            var sides = variant
            sides.continuousCorners = false
            sides.continuousSides = true
            for (v, part) in [(variant, split.corners), (sides, split.sides)] where part != .hidden {
                let p = try program(for: v)
                frame.use(p)
                draw(d, with: p, part)
            }
            return
        }
        let p = try program(for: variant)
        frame.use(p)
        draw(d, with: p, visibility)
    }

    /// Draws `d` with `p`, already current (the backing store pass rasterizes with it
    /// into a target of its own).
    func draw(_ d: LayerDraw, with p: Program<Uniforms>, _ visibility: DrawVisibility) {
        let u = p.uniforms
        gl.set(u.quad, d.quad)
        gl.set(u.shape, d.shape)
        if let bg = d.backgroundColor { gl.set(u.background, bg) }
        if d.borderWidth > 0 {
            gl.uniform1f(u.borderWidth, GLfloat(d.borderWidth))
            gl.set(u.borderColor, d.borderColor)
        }
        gl.uniform1f(u.opacity, GLfloat(d.opacity))
        switch d.fill {
        case .none:
            break
        case let .gradient(_, start, end, stops):
            gl.uniform2f(u.gradientStart, GLfloat(start.x), GLfloat(start.y))
            gl.uniform2f(u.gradientEnd, GLfloat(end.x), GLfloat(end.y))
            gl.bind(texture: textures.ramp(for: stops), to: u.ramp)
        case .contents(let c):
            // Both textures made and set up first: that binds each on the active unit.
            let image = textures.texture(for: c.image, minification: c.minification, magnification: c.magnification)
            let other = c.fade.map { fade in
                // Nothing to fade from or to samples a transparent texel: the image alone, weighted.
                fade.other.map { textures.texture(for: $0, minification: c.minification, magnification: c.magnification) } ?? textures.clear
            }
            gl.bind(texture: image, to: u.contents)
            gl.set(u.contentsFrame, c.frame)
            gl.set(u.contentsSource, c.source)
            for (location, s) in [(u.sliceX, c.sliceX), (u.sliceY, c.sliceY)] {
                gl.uniform4f(location, GLfloat(s.d0), GLfloat(s.d1), GLfloat(s.s0), GLfloat(s.s1))
            }
            if let fade = c.fade, let other {
                gl.uniform1f(u.fadeWeight, GLfloat(fade.weight))
                gl.bind(texture: other, to: u.contentsOther, unit: 1)
            }
        }
        gl.drawQuad(visibility)
    }
}
