import StrataModel
import StrataText

/// GL names the shared GLConstant table does not list yet.
private enum TextGL {
    static let r8: GLint = 0x8229
    static let red: GLenum = 0x1903
}

/// Text: the draw list already holds each text layer's glyphs, laid out and placed.
/// Before the frame the glyphs the shared atlas lacks are rasterised into it and the
/// atlas is uploaded, at most once a frame; each text draw is then its glyph quads in
/// one call (text.vert/text.frag).
final class TextPass {
    struct Uniforms: UniformSet {
        let viewport, matrix, rasterToLocal: GLint
        let shape: ShapeUniforms
        let atlas, color, opacity: GLint

        init(_ p: ShaderProgram) {
            viewport = p.uniformLocation("u_viewport")
            matrix = p.uniformLocation("u_matrix")
            rasterToLocal = p.uniformLocation("u_rasterToLocal")
            shape = ShapeUniforms(p)
            atlas = p.uniformLocation("u_atlas")
            color = p.uniformLocation("u_color")
            opacity = p.uniformLocation("u_opacity")
        }
    }

    private let gl: GLFunctions
    /// Every text draw's glyphs, rasterised once into one atlas kept across frames (the renderer's).
    private let atlas: GlyphAtlas
    /// text.vert/text.frag, each variant linked the first time text needs it
    /// (`ProgramVariants`: on the pixel grid, clipped, continuous corners).
    private let programs: ProgramVariants<Uniforms>
    private var atlasTexture: GLuint = 0
    private var atlasUploadedVersion = -1
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    /// The frame's glyph quads, one array per text draw in order, and the next to draw.
    private var quads: [[GlyphQuad]] = []
    private var nextDraw = 0

    init(gl: GLFunctions, shaders: ShaderSource, atlas: GlyphAtlas) {
        self.gl = gl
        programs = ProgramVariants(gl: gl, vertex: "text.vert", fragment: "text.frag", source: shaders)
        self.atlas = atlas
    }

    deinit {
        if atlasTexture != 0 { gl.deleteTextures(1, &atlasTexture) }
        if vertexBuffer != 0 { gl.deleteBuffers(1, &vertexBuffer) }
        if vertexArray != 0 { gl.deleteVertexArrays(1, &vertexArray) }
    }

    /// Puts every glyph of the frame in the atlas and uploads it.
    func prepare(_ list: DrawList) {
        var runs: [[PlacedGlyph]] = []
        for case .text(let d) in list.commands { runs.append(d.glyphs) }
        nextDraw = 0
        guard !runs.isEmpty else { quads = []; return }
        quads = atlas.quads(for: runs)
        uploadAtlas()
    }

    /// The pixels the frame's `index`-th text draw (`d`) can write, after `prepare`: its
    /// glyphs' quads taken through its raster-to-pixel matrix (`FrameDamage`); nil when unknown.
    func pixelBounds(ofDraw index: Int, _ d: TextDraw, frame: PixelRect) -> PixelRect? {
        guard quads.indices.contains(index) else { return nil }
        let glyphs = quads[index]
        guard var x0 = glyphs.first?.x0, var y0 = glyphs.first?.y0, var x1 = glyphs.first?.x1, var y1 = glyphs.first?.y1 else {
            return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        }
        for q in glyphs {
            x0 = min(x0, q.x0); y0 = min(y0, q.y0); x1 = max(x1, q.x1); y1 = max(y1, q.y1)
        }
        return OcclusionCulling.bounds(of: Quad(matrix: d.rasterToPixels, rect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)), in: frame)
    }

    /// Passes over the frame's next text draw, which shows nothing (`GroupClipping`).
    func skip() { nextDraw += 1 }

    /// Draws the frame's next text draw, `d`.
    func draw(_ d: TextDraw, in frame: FrameContext) throws {
        let p = try programs.program((d.isOnPixelGrid ? ["ON_PIXEL_GRID"] : []) + (d.clip.map { ["CLIPPED"] + $0.cornerDefines } ?? []))
        frame.use(p)
        let index = nextDraw
        nextDraw += 1
        guard quads.indices.contains(index), !quads[index].isEmpty else { return }
        let glyphs = quads[index]
        if vertexArray == 0 {
            gl.genVertexArrays(1, &vertexArray)
            gl.bindVertexArray(vertexArray)
            gl.genBuffers(1, &vertexBuffer)
            gl.bindBuffer(GLConstant.arrayBuffer, vertexBuffer)
            // Position, texel within the glyph, the glyph's atlas rectangle: 8 floats.
            gl.vertexAttribPointer(0, 2, GLConstant.float, 0, 32, nil)
            gl.enableVertexAttribArray(0)
            gl.vertexAttribPointer(1, 2, GLConstant.float, 0, 32, UnsafeRawPointer(bitPattern: 8))
            gl.enableVertexAttribArray(1)
            gl.vertexAttribPointer(2, 4, GLConstant.float, 0, 32, UnsafeRawPointer(bitPattern: 16))
            gl.enableVertexAttribArray(2)
        }
        var vertices: [GLfloat] = []
        vertices.reserveCapacity(glyphs.count * 48)
        for q in glyphs {
            let (x0, y0, x1, y1) = (GLfloat(q.x0), GLfloat(q.y0), GLfloat(q.x1), GLfloat(q.y1))
            let (w, h) = (GLfloat(q.atlasWidth), GLfloat(q.atlasHeight))
            let glyph = [GLfloat(q.atlasX), GLfloat(q.atlasY), w, h]
            for (x, y, tx, ty) in [(x0, y0, 0, 0), (x1, y0, w, 0), (x0, y1, 0, h),
                                   (x1, y0, w, 0), (x1, y1, w, h), (x0, y1, 0, h)] as [(GLfloat, GLfloat, GLfloat, GLfloat)] {
                vertices += [x, y, tx, ty]
                vertices += glyph
            }
        }
        gl.bindVertexArray(vertexArray)
        gl.bindBuffer(GLConstant.arrayBuffer, vertexBuffer)
        vertices.withUnsafeBytes { gl.bufferData(GLConstant.arrayBuffer, $0.count, $0.baseAddress, GLConstant.streamDraw) }

        let u = p.uniforms
        gl.set(u.matrix, d.rasterToPixels)
        gl.uniform4f(u.rasterToLocal, GLfloat(d.rasterOffset.x), GLfloat(d.rasterOffset.y), GLfloat(d.scale), 0)
        gl.set(u.color, d.color)
        gl.uniform1f(u.opacity, GLfloat(d.opacity))
        if let clip = d.clip { gl.set(u.shape, clip) }
        gl.bind(texture: atlasTexture, to: u.atlas)
        gl.drawArrays(GLConstant.triangles, 0, GLsizei(glyphs.count * 6))
        gl.bindVertexArray(frame.unitQuad)
    }


    private func uploadAtlas() {
        if atlasTexture == 0 {
            gl.genTextures(1, &atlasTexture)
            gl.bindTexture(GLConstant.texture2D, atlasTexture)
            // text.frag reads texels itself (texelFetch); no filtering, no mipmaps.
            gl.texParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.nearest)
            gl.texParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.nearest)
            gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
            gl.texParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        }
        guard atlas.version != atlasUploadedVersion else { return }
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, atlasTexture)
        gl.pixelStorei(GLConstant.unpackAlignment, 1)
        atlas.coverage.withUnsafeBytes {
            gl.texImage2D(GLConstant.texture2D, 0, TextGL.r8, GLsizei(atlas.width), GLsizei(atlas.height), 0,
                          TextGL.red, GLConstant.unsignedByte, $0.baseAddress)
        }
        atlasUploadedVersion = atlas.version
    }
}
