import StrataModel
import StrataShapes

/// Shape layers' rasters (see `ShapeDraw`): each geometry rasterized by Cairo the first
/// frame it appears, uploaded as a two-channel texture (fill and stroke coverage), and kept
/// across frames while its key holds, so an unchanged shape is never rasterized again and
/// a colour or opacity animation only draws. Past `texelBudget` texels, the rasters
/// longest unused are dropped (never one the frame being drawn uses): a path animating
/// every frame cannot grow memory without bound.
final class ShapePass {
    private let gl: GLFunctions
    private let program: ShaderProgram
    private let rasters: TexelBudgetCache<ShapeRasterKey, GLuint>
    /// Rasterizations since the pass was made (for tests: a still shape costs none).
    private(set) var rasterizedCount = 0

    init(gl: GLFunctions, shaders: ShaderSource, texelBudget: Int = 8 << 20) throws {
        self.gl = gl
        rasters = TexelBudgetCache(texelBudget: texelBudget) { var t = $0; gl.deleteTextures(1, &t) }
        program = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "shape.frag", source: shaders)
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

    /// Draws `d` with the program `use` makes current; nothing when its raster failed.
    func draw(_ d: ShapeDraw, using use: (ShaderProgram) -> Void, setQuad: (ShaderProgram, Quad) -> Void) {
        guard let texture = rasters.value(for: d.key) else { return }
        let p = program
        use(p)
        setQuad(p, d.quad)
        let r = d.quad.rect
        gl.uniform4f(p.location("u_coverageRect"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
        gl.uniform1i(p.location("u_onPixelGrid"), d.isOnPixelGrid ? 1 : 0)
        let f = d.fillColor.premultiplied, s = d.strokeColor.premultiplied
        gl.uniform4f(p.location("u_fill"), GLfloat(f.r), GLfloat(f.g), GLfloat(f.b), GLfloat(f.a))
        gl.uniform4f(p.location("u_stroke"), GLfloat(s.r), GLfloat(s.g), GLfloat(s.b), GLfloat(s.a))
        gl.uniform1f(p.location("u_opacity"), GLfloat(d.opacity))
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, texture)
        gl.uniform1i(p.location("u_coverage"), 0)
        gl.drawArrays(GLConstant.triangleStrip, 0, 4)
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

extension Renderer {
    /// The shape pass, made the first time a frame has a shape draw.
    func prepareShapes(_ list: DrawList) throws {
        guard list.commands.contains(where: { if case .shape = $0 { return true } else { return false } }) else { return }
        if shapePass == nil { shapePass = try ShapePass(gl: gl, shaders: shaders) }
        shapePass?.prepare(list)
    }

    func drawShape(_ d: ShapeDraw, using use: (ShaderProgram) -> Void) {
        shapePass?.draw(d, using: use, setQuad: setQuad)
    }
}
