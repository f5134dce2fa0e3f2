import StrataModel

/// floor.vert's one uniform.
struct ViewportUniforms: UniformSet {
    let viewport: GLint
    init(_ p: ShaderProgram) { viewport = p.uniformLocation("u_viewport") }
}

/// The bench's floor under a frame of many small layers (`@_spi(Bench)`, not API; no
/// frame uses it): the layer draws of a list loaded once into a buffer, then drawn as
/// one indexed call into a target of its own, so that timing `draw` and the wait after
/// it measures GL alone, per triangle, with no draw list, culling or upload. Three
/// programs: `trivial` (floor.vert/floor.frag: corners already in pixels, one constant
/// color), `trivialPixel` (the same with each quad shrunk to one pixel at its first
/// corner: the triangles' cost without their pixels) and `layerBatch` (layer.vert/
/// layer.frag's INSTANCED variant with the corners `LayerBatch` writes, which is what a
/// frame's batch costs GL). The other two steps of a batch, writing
/// its corners and uploading them, are here too, to be timed apart on the same list.
@_spi(Bench) public final class RasterFloor {
    public enum Program: String, CaseIterable, Sendable { case trivial, trivialPixel = "trivial-1px", layerBatch = "layer-batch" }

    private let renderer: Renderer
    private var gl: GLFunctions { renderer.gl }
    private let target: RenderTarget
    private let width: Int, height: Int
    private var trivialProgram: StrataRender.Program<ViewportUniforms>?
    private var vertexArray: GLuint = 0, vertexBuffer: GLuint = 0, indexBuffer: GLuint = 0
    /// The corners `write` made, as the renderer writes a batch's.
    private let corners = LayerBatch.Corners()
    private var loaded: (program: GLuint, viewport: GLint, indices: Int)?

    public init(renderer: Renderer, width: Int, height: Int) throws {
        self.renderer = renderer
        self.width = width; self.height = height
        try renderer.surface.makeCurrent()
        target = try RenderTarget(gl: renderer.gl, width: width, height: height)
    }

    deinit {
        try? renderer.surface.makeCurrent()
        target.delete(gl)
        if vertexBuffer != 0 { gl.deleteBuffers(1, &vertexBuffer) }
        if indexBuffer != 0 { gl.deleteBuffers(1, &indexBuffer) }
        if vertexArray != 0 { gl.deleteVertexArrays(1, &vertexArray) }
    }

    /// The batchable layer draws of the list (`LayerBatch.canBatch`), all of them.
    public static func batchableCount(_ list: DrawList) -> Int {
        list.commands.reduce(0) { n, c in if case .layer(let d) = c, LayerBatch.canBatch(d) { return n + 1 }; return n }
    }

    /// Writes the corners of the list's batchable layer draws into `corners`, as the
    /// renderer writes a batch's (`LayerBatch.Corners`), into storage kept across calls.
    public func write(_ list: DrawList) {
        corners.removeAll()
        for case .layer(let d) in list.commands where LayerBatch.canBatch(d) { corners.append(d) }
    }

    /// Uploads `corners` as the renderer uploads a batch (a stream buffer, respecified).
    public func upload() throws {
        try renderer.surface.makeCurrent()
        prepareBuffers()
        gl.bindBuffer(GLConstant.arrayBuffer, vertexBuffer)
        let bytes = corners.bytes
        gl.bufferData(GLConstant.arrayBuffer, bytes.count, bytes.baseAddress, GLConstant.streamDraw)
    }

    /// Loads the list's batchable layer draws for `program`, once: `draw` then draws them.
    public func load(_ list: DrawList, program: Program) throws {
        try renderer.surface.makeCurrent()
        prepareBuffers()
        write(list)
        let count = corners.count / (4 * LayerBatch.floatsPerVertex)
        guard let first = list.commands.lazy.compactMap({ c -> LayerDraw? in
            if case .layer(let d) = c, LayerBatch.canBatch(d) { return d }
            return nil
        }).first else { loaded = nil; return }
        // A vertex array of its own per load: the programs read different attributes.
        if vertexArray != 0 { gl.deleteVertexArrays(1, &vertexArray) }
        gl.genVertexArrays(1, &vertexArray)
        gl.bindVertexArray(vertexArray)
        gl.bindBuffer(GLConstant.arrayBuffer, vertexBuffer)
        let float = MemoryLayout<GLfloat>.size
        let p: (id: GLuint, viewport: GLint)
        switch program {
        case .layerBatch:
            var variant = LayerVariant(first)
            variant.instanced = true
            let batch = try renderer.layers.program(for: variant)
            p = (batch.id, batch.uniforms.viewport)
            let bytes = corners.bytes
            gl.bufferData(GLConstant.arrayBuffer, bytes.count, bytes.baseAddress, GLConstant.staticDraw)
            LayerBatch.describeAttributes(gl)
        case .trivial, .trivialPixel:
            if trivialProgram == nil {
                trivialProgram = try StrataRender.Program(gl: gl, vertex: "floor.vert", fragment: "floor.frag", source: renderer.shaders)
            }
            p = (trivialProgram!.id, trivialProgram!.uniforms.viewport)
            // Each corner where layer.vert puts it: the unit square over the quad's rect,
            // through the draw's matrix, divided by w.
            var pixels: [GLfloat] = []
            pixels.reserveCapacity(count * 8)
            for case .layer(let d) in list.commands where LayerBatch.canBatch(d) {
                let r = d.quad.rect, m = d.quad.matrix
                func pixel(_ x: Double, _ y: Double) -> (x: GLfloat, y: GLfloat) {
                    let w = x * m.m14 + y * m.m24 + m.m44
                    return (GLfloat((x * m.m11 + y * m.m21 + m.m41) / w), GLfloat((x * m.m12 + y * m.m22 + m.m42) / w))
                }
                let first = pixel(r.minX, r.minY)
                for (u, v) in LayerBatch.corners {
                    let p = program == .trivialPixel ? (x: first.x + u, y: first.y + v)
                        : pixel(r.minX + Double(u) * r.width, r.minY + Double(v) * r.height)
                    pixels.append(p.x)
                    pixels.append(p.y)
                }
            }
            pixels.withUnsafeBytes { gl.bufferData(GLConstant.arrayBuffer, $0.count, $0.baseAddress, GLConstant.staticDraw) }
            gl.vertexAttribPointer(0, 2, GLConstant.float, 0, GLsizei(2 * float), nil)
            gl.enableVertexAttribArray(0)
        }
        gl.bindBuffer(GLConstant.elementArrayBuffer, indexBuffer)
        LayerBatch.indices(count: count).withUnsafeBytes {
            gl.bufferData(GLConstant.elementArrayBuffer, $0.count, $0.baseAddress, GLConstant.staticDraw)
        }
        loaded = (p.id, p.viewport, count * LayerBatch.triangles.count)
    }

    /// Clears the floor's target to white and draws what `load` loaded, blending as a
    /// frame does, in one call; returns before GL has finished (`Renderer.finish` waits).
    public func draw() throws {
        try renderer.surface.makeCurrent()
        gl.bindFramebuffer(GLConstant.framebuffer, target.framebuffer)
        gl.viewport(0, 0, GLsizei(width), GLsizei(height))
        gl.disable(GLConstant.scissorTest)
        gl.enable(GLConstant.blend)
        gl.blendFunc(GLConstant.one, GLConstant.oneMinusSrcAlpha)
        gl.clearColor(1, 1, 1, 1)
        gl.clear(GLConstant.colorBufferBit)
        guard let (program, viewport, indices) = loaded else { return }
        gl.useProgram(program)
        gl.uniform2f(viewport, GLfloat(width), GLfloat(height))
        gl.bindVertexArray(vertexArray)
        gl.drawElements(GLConstant.triangles, GLsizei(indices), GLConstant.unsignedInt, nil)
        let error = gl.getError()
        if error != GLConstant.noError { throw RenderError.glError(error, "drawing the raster floor") }
    }

    private func prepareBuffers() {
        guard vertexBuffer == 0 else { return }
        gl.genBuffers(1, &vertexBuffer)
        gl.genBuffers(1, &indexBuffer)
    }
}
