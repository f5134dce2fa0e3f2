import StrataModel
import StrataShapes

/// Shape layers' rasters (see `ShapeDraw`): each geometry rasterized by Cairo the first
/// frame it appears, uploaded as a two-channel texture (fill and stroke coverage), and kept
/// across frames while its key holds, so an unchanged shape is never rasterized again and
/// a colour or opacity animation only draws. Past `texelBudget` texels, the rasters
/// longest unused are dropped (never one the frame being drawn uses): a path animating
/// every frame cannot grow memory without bound.
final class ShapePass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let coverage, coverageRect, fill, stroke, opacity: GLint
        let shape: ShapeUniforms
        let toLocalX, toLocalY: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            coverage = p.uniformLocation("u_coverage")
            coverageRect = p.uniformLocation("u_coverageRect")
            fill = p.uniformLocation("u_fill")
            stroke = p.uniformLocation("u_stroke")
            opacity = p.uniformLocation("u_opacity")
            shape = ShapeUniforms(p)
            toLocalX = p.uniformLocation("u_toLocalX")
            toLocalY = p.uniformLocation("u_toLocalY")
        }
    }

    private let gl: GLFunctions
    /// shape.frag, each variant linked the first time a draw needs it (`ProgramVariants`:
    /// on the pixel grid, clipped, continuous corners).
    private let programs: ProgramVariants<Uniforms>
    private let rasters: TexelBudgetCache<ShapeRasterKey, GLuint>
    /// Rasterizations since the pass was made (for tests: a still shape costs none).
    private(set) var rasterizedCount = 0

    init(gl: GLFunctions, shaders: ShaderSource, texelBudget: Int = 8 << 20) throws {
        self.gl = gl
        rasters = TexelBudgetCache(texelBudget: texelBudget) { var t = $0; gl.deleteTextures(1, &t) }
        programs = ProgramVariants(gl: gl, fragment: "shape.frag", source: shaders)
    }

    /// Rasters kept (for tests).
    var count: Int { rasters.count }

    /// Rasterizes and uploads what the frame's shape draws need and the cache lacks.
    func prepare(_ list: DrawList) {
        rasters.beginFrame()
        for case .shape(let d) in list.commands where rasters.value(for: d.key) == nil {
            guard let coverage = ShapeRasterizer.rasterize(d.key.geometry, toRaster: d.key.toRaster,
                                                           width: d.key.width, height: d.key.height) else { continue }
            rasterizedCount += 1
            rasters.insert(upload(coverage), texels: coverage.width * coverage.height, for: d.key)
        }
    }

    /// Draws `d` in the frame; nothing when its raster failed.
    func draw(_ d: ShapeDraw, in frame: FrameContext) throws {
        guard let texture = rasters.value(for: d.key) else { return }
        let p = try programs.program((d.isOnPixelGrid ? ["ON_PIXEL_GRID"] : []) + (d.clip.map { ["CLIPPED"] + $0.shape.cornerDefines } ?? []))
        frame.use(p)
        let u = p.uniforms
        gl.set(u.quad, d.quad)
        gl.set(u.coverageRect, d.quad.rect)
        gl.set(u.fill, d.fillColor)
        gl.set(u.stroke, d.strokeColor)
        gl.uniform1f(u.opacity, GLfloat(d.opacity))
        // masksToBounds: the path cut to the layer's rounded bounds, in the shader.
        if let clip = d.clip {
            let t = clip.quadToLocal
            gl.set(u.shape, clip.shape)
            gl.uniform4f(u.toLocalX, GLfloat(t.m11), GLfloat(t.m21), GLfloat(t.m41), 0)
            gl.uniform4f(u.toLocalY, GLfloat(t.m12), GLfloat(t.m22), GLfloat(t.m42), 0)
        }
        gl.bind(texture: texture, to: u.coverage)
        gl.drawQuad()
    }

    /// An RG8 texture of the coverage, bilinear (read texel for texel on the pixel grid).
    private func upload(_ c: ShapeCoverage) -> GLuint {
        var tex: GLuint = 0
        gl.genTextures(1, &tex)
        gl.bindTexture(GLConstant.texture2D, tex)
        gl.pixelStorei(GLConstant.unpackAlignment, 1)
        c.texels.withUnsafeBytes {
            gl.texImage2D(GLConstant.texture2D, 0, ShapeGL.rg8, GLsizei(c.width), GLsizei(c.height), 0,
                          ShapeGL.rg, GLConstant.unsignedByte, $0.baseAddress)
        }
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.linear)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.linear)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        return tex
    }
}

/// GL names the shared GLConstant table does not list.
private enum ShapeGL {
    static let rg8: GLint = 0x822B
    static let rg: GLenum = 0x8227
}
