import StrataModel

/// A program's uniforms as one value: each uniform's location, resolved once when the
/// program links, so a draw sets values and never looks a name up.
protocol UniformSet {
    /// The output's size in pixels; every vertex shader reads it (layer.vert, text.vert).
    var viewport: GLint { get }
    init(_ program: ShaderProgram)
}

/// A linked program and its typed uniforms: what each pass draws with.
final class Program<Uniforms: UniformSet> {
    let shader: ShaderProgram
    let uniforms: Uniforms

    init(gl: GLFunctions, vertex: String = "layer.vert", fragment: String, source: ShaderSource,
         defines: [String] = []) throws {
        shader = try ShaderProgram(gl: gl, vertex: vertex, fragment: fragment, source: source, defines: defines)
        uniforms = Uniforms(shader)
    }

    var id: GLuint { shader.id }
}

/// A program linked the first time a pass draws with it: a renderer that never draws a
/// page curl never compiles curl.frag.
final class LazyProgram<Uniforms: UniformSet> {
    private let gl: GLFunctions
    private let vertex, fragment: String
    private let source: ShaderSource
    private var program: Program<Uniforms>?

    init(gl: GLFunctions, vertex: String = "layer.vert", fragment: String, source: ShaderSource) {
        self.gl = gl
        self.vertex = vertex; self.fragment = fragment
        self.source = source
    }

    func linked() throws -> Program<Uniforms> {
        if let p = program { return p }
        let p = try Program<Uniforms>(gl: gl, vertex: vertex, fragment: fragment, source: source)
        program = p
        return p
    }
}

/// layer.vert's uniforms, which every program drawn on the unit quad has: the quad's
/// matrix to output pixels and its rectangle in local points.
struct QuadUniforms {
    let viewport, matrix, rect: GLint

    init(_ p: ShaderProgram) {
        viewport = p.uniformLocation("u_viewport")
        matrix = p.uniformLocation("u_matrix")
        rect = p.uniformLocation("u_rect")
    }
}

/// The set of a program drawn with layer.vert: its viewport is the quad's.
protocol QuadProgramUniforms: UniformSet {
    var quad: QuadUniforms { get }
}

extension QuadProgramUniforms {
    var viewport: GLint { quad.viewport }
}

/// A rounded rectangle's uniforms (`u_shape`; `u_radii`, per corner, and `u_cornerCurve`,
/// as prelude.glsl's `roundedRectDistance` takes them), as several fragment shaders name them.
struct ShapeUniforms {
    let shape, radii, cornerCurve: GLint

    init(_ p: ShaderProgram) {
        shape = p.uniformLocation("u_shape")
        radii = p.uniformLocation("u_radii")
        cornerCurve = p.uniformLocation("u_cornerCurve")
    }
}

/// Setting typed values: the conversions to GL's floats, written once.
extension GLFunctions {
    func set(_ u: QuadUniforms, _ quad: Quad) {
        set(u.matrix, quad.matrix)
        set(u.rect, quad.rect)
    }

    func set(_ location: GLint, _ t: Transform3D) {
        // On the stack, not in an array: a frame of many layers makes one per draw.
        var m = SIMD16<GLfloat>(GLfloat(t.m11), GLfloat(t.m12), GLfloat(t.m13), GLfloat(t.m14),
                                GLfloat(t.m21), GLfloat(t.m22), GLfloat(t.m23), GLfloat(t.m24),
                                GLfloat(t.m31), GLfloat(t.m32), GLfloat(t.m33), GLfloat(t.m34),
                                GLfloat(t.m41), GLfloat(t.m42), GLfloat(t.m43), GLfloat(t.m44))
        withUnsafeBytes(of: &m) { uniformMatrix4fv(location, 1, 0, $0.bindMemory(to: GLfloat.self).baseAddress) }
    }

    /// x, y, width, height.
    func set(_ location: GLint, _ r: Rect) {
        uniform4f(location, GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
    }

    func set(_ u: ShapeUniforms, _ shape: RoundedRect) {
        set(u.shape, shape.rect)
        let r = shape.radii
        uniform4f(u.radii, GLfloat(r.0), GLfloat(r.1), GLfloat(r.2), GLfloat(r.3))
        uniform1f(u.cornerCurve, shape.curve == .continuous ? 1 : 0)
    }

    /// Premultiplied; nil is transparent.
    func set(_ location: GLint, _ c: Color?) {
        let p = (c ?? .clear).premultiplied
        uniform4f(location, GLfloat(p.r), GLfloat(p.g), GLfloat(p.b), GLfloat(p.a))
    }

    /// `texture` on `unit` (0 unless a draw reads two), which the sampler at `location` reads.
    func bind(texture: GLuint, to location: GLint, unit: Int = 0) {
        activeTexture(GLConstant.texture0 + GLenum(unit))
        bindTexture(GLConstant.texture2D, texture)
        uniform1i(location, GLint(unit))
        if unit != 0 { activeTexture(GLConstant.texture0) }
    }

    /// The unit quad (bound by the renderer), whole or once per rectangle left to draw
    /// (see `OcclusionCulling`).
    func drawQuad(_ visibility: DrawVisibility = .whole) {
        guard case .pieces(let pieces) = visibility else {
            drawArrays(GLConstant.triangleStrip, 0, 4)
            return
        }
        enable(GLConstant.scissorTest)
        for r in pieces {
            scissor(GLint(r.x0), GLint(r.y0), GLsizei(r.x1 - r.x0), GLsizei(r.y1 - r.y0))
            drawArrays(GLConstant.triangleStrip, 0, 4)
        }
        disable(GLConstant.scissorTest)
    }
}
