import StrataModel
import StrataText

/// Issues a `DrawList` through GL into an RGBA8 framebuffer object of the frame's size,
/// and reads it back top-down. Never draws to the default framebuffer: llvmpipe's fast
/// path there differs by one from other surfaces, and every surface must give the same
/// bytes. Blending is premultiplied (ONE, ONE_MINUS_SRC_ALPHA) for color and alpha.
public final class Renderer {
    public let surface: RenderSurface
    let gl: GLFunctions
    /// layer.frag variants, compiled on first use: see the defines in the shader.
    private var layerPrograms: [LayerVariant: ShaderProgram] = [:]
    let shaders: ShaderSource
    let shadowProgram: ShaderProgram
    private let shadowMaskProgram: ShaderProgram
    /// Shadow masks by shape, kept across frames (see shadow-mask.frag).
    var shadowMasks: [ShadowMaskKey: RenderTarget] = [:]
    private let compositeProgram: ShaderProgram
    /// curl.frag, compiled the first time a page curl is drawn.
    private var curlProgram: ShaderProgram?
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private let textures: TextureCache
    /// Layers' backing stores by content, kept across frames (Renderer+BackingStore.swift).
    let backingStores: BackingStoreCache
    var backingProgram: ShaderProgram?
    /// Target 0 is the frame; the rest are offscreen groups, reused across frames.
    var targets: [RenderTarget] = []
    private var targetWidth = 0, targetHeight = 0
    /// Every text draw's glyphs, rasterised once into one atlas kept across frames.
    let glyphAtlas = GlyphAtlas()
    private var textProgram: ShaderProgram?
    private var atlasTexture: GLuint = 0
    private var atlasUploadedVersion = -1
    private var textVertexArray: GLuint = 0
    private var textVertexBuffer: GLuint = 0
    /// Shape layers' rasters and their program, made the first time one is drawn (ShapePass.swift).
    var shapePass: ShapePass?
    /// Backdrop layers' captures and materials, made the first time one is drawn.
    private var backdropPass: BackdropPass?
    /// Skips what opaque draws paint over and what lies off the frame (`OcclusionCulling`);
    /// off only to check that culling changes no byte.
    var cullsHiddenDraws = true { didSet { lastRendered = nil } }
    /// Issues runs of layer draws as one draw call (`LayerBatch`); off only to check
    /// that batching changes no byte.
    var batchesLayerDraws = true { didSet { lastRendered = nil } }
    private var batchVertexArray: GLuint = 0
    private var batchBuffer: GLuint = 0
    /// Every batch's triangles, as corner indices, for up to `batchIndexCapacity` draws.
    private var batchIndexBuffer: GLuint = 0
    private var batchIndexCapacity = 0
    /// The corners of the batch being drawn, kept so frames after the first allocate nothing.
    private let batchCorners = LayerBatch.Corners()
    /// Draws a run of coincident copies in one pass (`StackDraw`). The pass blends as
    /// llvmpipe rounds, so another GL draws every copy; off also to check that the pass
    /// gives the bytes drawing every copy gives.
    var drawsStacksInOnePass = true { didSet { lastRendered = nil } }
    /// stack.frag, compiled the first time a stack is drawn, and what it reads: the
    /// pixels below the run, one copy's shadow, one copy's fill (each the frame's size).
    var stackProgram: ShaderProgram?
    var stackTargets: [RenderTarget] = []
    /// The last frame `render` drew, with its list.
    private var lastRendered: (list: DrawList, image: Image)?

    public init(surface: RenderSurface, shaders: ShaderSource = .embedded) throws {
        self.surface = surface
        try surface.makeCurrent()
        gl = surface.gl
        self.shaders = shaders
        shadowProgram = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "shadow.frag", source: shaders)
        shadowMaskProgram = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "shadow-mask.frag", source: shaders)
        compositeProgram = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "composite.frag", source: shaders)
        textures = TextureCache(gl: gl)
        backingStores = BackingStoreCache(gl: gl)
        drawsStacksInOnePass = rendererDescription.hasPrefix("llvmpipe")
        // Compiled now so a broken shader file fails at start-up, not mid-replay.
        _ = try layerProgram(for: LayerVariant(background: true, fill: .none, border: true))

        gl.genVertexArrays(1, &vertexArray)
        gl.bindVertexArray(vertexArray)
        gl.genBuffers(1, &vertexBuffer)
        gl.bindBuffer(GLConstant.arrayBuffer, vertexBuffer)
        let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        corners.withUnsafeBytes { gl.bufferData(GLConstant.arrayBuffer, $0.count, $0.baseAddress, GLConstant.staticDraw) }
        gl.vertexAttribPointer(0, 2, GLConstant.float, 0, 0, nil)
        gl.enableVertexAttribArray(0)
    }

    deinit {
        try? surface.makeCurrent()
        targets.forEach { $0.delete(gl) }
        stackTargets.forEach { $0.delete(gl) }
        shadowMasks.values.forEach { $0.delete(gl) }
        gl.deleteBuffers(1, &vertexBuffer)
        gl.deleteVertexArrays(1, &vertexArray)
        if batchBuffer != 0 { gl.deleteBuffers(1, &batchBuffer) }
        if batchIndexBuffer != 0 { gl.deleteBuffers(1, &batchIndexBuffer) }
        if batchVertexArray != 0 { gl.deleteVertexArrays(1, &batchVertexArray) }
        deleteTextResources()
        backdropPass?.deleteTargets()
    }

    /// The GL implementation's own description, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var rendererDescription: String {
        let s = [GLConstant.renderer, GLConstant.version].map { name -> String in
            gl.getString(name).map { String(cString: $0) } ?? "?"
        }
        return s.joined(separator: ", ")
    }

    /// Builds the draw list of `root` and renders it; returns the frame, top-down. A list
    /// equal to the last one `render` drew gives that frame back undrawn, as Core Animation
    /// composites nothing when nothing changed: a replay's still frames cost a draw list.
    public func render(layer root: Layer, pixelWidth: Int, pixelHeight: Int, scale: Double) throws -> Image {
        try validateSize(pixelWidth, pixelHeight)
        let list = try DrawListBuilder(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale).build(root: root)
        if let last = lastRendered, last.list == list {
            noteFontFiles(list)
            reusedFrameCount += 1
            return last.image
        }
        lastRendered = nil
        try draw(list)
        let image = try readPixels()
        lastRendered = (list, image)
        return image
    }

    /// Frames `render` gave back without drawing (their list equalled the last one's).
    public private(set) var reusedFrameCount = 0

    /// The font files whose glyphs the frames since `forgetFontFilesDrawn()` drew
    /// (`Renderer+FontFiles`): a trace's own fonts, for its references' manifest.
    public internal(set) var fontFilesDrawn: Set<String> = []

    /// Draws the list into the frame target (left bound for `readPixels` or a blit).
    public func draw(_ list: DrawList) throws {
        try validateSize(list.pixelWidth, list.pixelHeight)
        noteFontFiles(list)
        try surface.makeCurrent()
        try prepareTargets(width: list.pixelWidth, height: list.pixelHeight)
        gl.bindVertexArray(vertexArray)
        try prepareShadowMasks(list)
        try prepareBackingStores(list)
        try prepareShapes(list)
        let texts = prepareText(list)
        var textIndex = 0
        backdropPass?.beginFrame()
        gl.viewport(0, 0, GLsizei(list.pixelWidth), GLsizei(list.pixelHeight))
        gl.disable(GLConstant.depthTest)
        gl.disable(GLConstant.cullFace)
        gl.disable(GLConstant.dither)
        gl.disable(GLConstant.scissorTest)
        gl.enable(GLConstant.blend)
        gl.blendFunc(GLConstant.one, GLConstant.oneMinusSrcAlpha)

        var depth = 0
        bind(target: 0, clear: list.clearColor)
        var current: ShaderProgram?
        func use(_ p: ShaderProgram) {
            if current !== p {
                gl.useProgram(p.id)
                gl.uniform2f(p.location("u_viewport"), GLfloat(list.pixelWidth), GLfloat(list.pixelHeight))
                current = p
            }
        }
        let visibility = cullsHiddenDraws ? OcclusionCulling.visibility(of: list)
            : [DrawVisibility](repeating: .whole, count: list.commands.count)
        // By index, not by element: a batch skips the commands it drew without copying them.
        var next = 0
        while next < list.commands.count {
            let index = next
            next += 1
            switch list.commands[index] {
            case .layer(let d):
                if visibility[index] == .hidden { continue }
                if d.hasBackingStore {
                    let p = try backingShader()
                    use(p)
                    drawBackingStore(d, program: p)
                    continue
                }
                if batchesLayerDraws, visibility[index] == .whole, LayerBatch.canBatch(d) {
                    let (end, count) = collectBatch(list, from: index, LayerVariant(d), visibility)
                    if count >= LayerBatch.minimumCount {
                        var variant = LayerVariant(d)
                        variant.instanced = true
                        use(try layerProgram(for: variant))
                        drawBatch(count: count)
                        next = end
                        continue
                    }
                }
                let p = try layerProgram(for: LayerVariant(d))
                use(p)
                drawLayer(d, program: p, visibility[index])
            case .shadow(let d):
                if visibility[index] == .hidden { continue }
                use(shadowProgram)
                drawShadow(d, visibility[index])
            case .stack(let d):
                if visibility[index] == .hidden { continue }
                if drawsStacksInOnePass {
                    try drawStack(d, target: targets[depth], visibility[index],
                                  width: list.pixelWidth, height: list.pixelHeight)
                    current = nil
                    continue
                }
                for _ in 0..<d.count {
                    if let shadow = d.shadow {
                        use(shadowProgram)
                        drawShadow(shadow, .whole)
                    }
                    try drawWhole(d.layer, using: use)
                }
            case .beginGroup:
                depth += 1
                try ensureTarget(depth)
                bind(target: depth, clear: .clear)
            case .endGroup(let composite):
                let source = targets[depth]
                depth -= 1
                bind(target: depth, clear: nil)
                if let curl = composite.curl {
                    let p = try curlShader()
                    use(p)
                    drawCurl(curl, opacity: composite.opacity, source: source)
                } else {
                    use(compositeProgram)
                    drawComposite(composite, source: source, width: list.pixelWidth, height: list.pixelHeight)
                }
            case .shape(let d):
                drawShape(d, using: use)
            case .text(let d):
                let p = try textShader()
                use(p)
                drawText(d, texts[textIndex], program: p)
                textIndex += 1
            case .backdrop(let d):
                if backdropPass == nil { backdropPass = try BackdropPass(gl: gl, shaders: shaders) }
                try backdropPass?.draw(d, captures: list.backdropCaptures, stack: Array(targets[0...depth]),
                                       width: list.pixelWidth, height: list.pixelHeight)
                current = nil
            }
        }
        let error = gl.getError()
        if error != GLConstant.noError { throw RenderError.glError(error, "drawing the frame") }
    }

    /// Reads the frame target back, rows top-down, premultiplied RGBA.
    public func readPixels() throws -> Image {
        let w = targetWidth, h = targetHeight
        gl.bindFramebuffer(GLConstant.readFramebuffer, targets[0].framebuffer)
        gl.pixelStorei(GLConstant.packAlignment, 1)
        // glReadPixels writes every byte, so the buffer is not cleared first (at 1920x1280
        // that is 10 MB a frame of stores for nothing).
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            gl.readPixels(0, 0, GLsizei(w), GLsizei(h), GLConstant.rgba, GLConstant.unsignedByte, buffer.baseAddress)
            initialized = w * h * 4
        }
        let error = gl.getError()
        if error != GLConstant.noError { throw RenderError.glError(error, "reading the frame back") }
        return Image(width: w, height: h, pixels: pixels)
    }

    /// Waits until GL has finished drawing (for timing the draw apart from readback).
    public func finish() { gl.finish() }

    /// The frame target's framebuffer, for a window to blit from.
    public var frameFramebuffer: GLuint? { targets.first?.framebuffer }

    // MARK: Targets

    private func prepareTargets(width: Int, height: Int) throws {
        if width != targetWidth || height != targetHeight {
            targets.forEach { $0.delete(gl) }
            targets = []
            stackTargets.forEach { $0.delete(gl) }
            stackTargets = []
            targetWidth = width; targetHeight = height
        }
        try ensureTarget(0)
    }

    private func ensureTarget(_ index: Int) throws {
        while targets.count <= index {
            targets.append(try RenderTarget(gl: gl, width: targetWidth, height: targetHeight))
        }
    }

    private func bind(target index: Int, clear: Color?) {
        gl.bindFramebuffer(GLConstant.framebuffer, targets[index].framebuffer)
        if let c = clear {
            let p = c.premultiplied
            gl.clearColor(GLfloat(p.r), GLfloat(p.g), GLfloat(p.b), GLfloat(p.a))
            gl.clear(GLConstant.colorBufferBit)
        }
    }

    // MARK: Draws

    func setQuad(_ p: ShaderProgram, _ quad: Quad) {
        // On the stack, not in an array: a frame of many layers makes one per draw.
        let t = quad.matrix
        var m = SIMD16<GLfloat>(GLfloat(t.m11), GLfloat(t.m12), GLfloat(t.m13), GLfloat(t.m14),
                                GLfloat(t.m21), GLfloat(t.m22), GLfloat(t.m23), GLfloat(t.m24),
                                GLfloat(t.m31), GLfloat(t.m32), GLfloat(t.m33), GLfloat(t.m34),
                                GLfloat(t.m41), GLfloat(t.m42), GLfloat(t.m43), GLfloat(t.m44))
        withUnsafeBytes(of: &m) { gl.uniformMatrix4fv(p.location("u_matrix"), 1, 0, $0.bindMemory(to: GLfloat.self).baseAddress) }
        let r = quad.rect
        gl.uniform4f(p.location("u_rect"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
    }

    private func setShape(_ p: ShaderProgram, _ shape: RoundedRect) {
        let r = shape.rect
        gl.uniform4f(p.location("u_shape"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
        gl.uniform1f(p.location("u_radius"), GLfloat(shape.cornerRadius))
    }

    func setColor(_ location: GLint, _ c: Color?) {
        let p = (c ?? .clear).premultiplied
        gl.uniform4f(location, GLfloat(p.r), GLfloat(p.g), GLfloat(p.b), GLfloat(p.a))
    }

    func layerProgram(for v: LayerVariant) throws -> ShaderProgram {
        if let p = layerPrograms[v] { return p }
        let p = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "layer.frag", source: shaders, defines: v.defines)
        layerPrograms[v] = p
        return p
    }

    func drawLayer(_ d: LayerDraw, program p: ShaderProgram, _ visibility: DrawVisibility) {
        setQuad(p, d.quad)
        setShape(p, d.shape)
        if let bg = d.backgroundColor { setColor(p.location("u_background"), bg) }
        if d.borderWidth > 0 {
            gl.uniform1f(p.location("u_borderWidth"), GLfloat(d.borderWidth))
            setColor(p.location("u_borderColor"), d.borderColor)
        }
        gl.uniform1f(p.location("u_opacity"), GLfloat(d.opacity))
        switch d.fill {
        case .none:
            break
        case let .gradient(_, start, end, stops):
            gl.uniform2f(p.location("u_gradientStart"), GLfloat(start.x), GLfloat(start.y))
            gl.uniform2f(p.location("u_gradientEnd"), GLfloat(end.x), GLfloat(end.y))
            gl.activeTexture(GLConstant.texture0)
            gl.bindTexture(GLConstant.texture2D, textures.ramp(for: stops))
            gl.uniform1i(p.location("u_ramp"), 0)
        case .contents(let image, _):
            gl.activeTexture(GLConstant.texture0)
            gl.bindTexture(GLConstant.texture2D, textures.texture(for: image))
            gl.uniform1i(p.location("u_contents"), 0)
        }
        drawQuad(visibility)
    }

    /// Puts the corners of the run of batchable draws of `variant` from `start` into
    /// `batchCorners`, skipping hidden ones; the run ends at a draw of another kind or one cut
    /// into pieces. Returns the index after the run and the draws in it.
    private func collectBatch(_ list: DrawList, from start: Int, _ variant: LayerVariant,
                              _ visibility: [DrawVisibility]) -> (end: Int, count: Int) {
        batchCorners.removeAll()
        var end = start, count = 0
        while end < list.commands.count, case .layer(let d) = list.commands[end], LayerBatch.canBatch(d),
              LayerVariant(d) == variant {
            if case .pieces = visibility[end] { break }
            if visibility[end] == .whole {
                batchCorners.append(d)
                count += 1
            }
            end += 1
        }
        return (end, count)
    }

    /// The draws in `batchCorners`, in one indexed call (see `LayerBatch`).
    private func drawBatch(count: Int) {
        if batchVertexArray == 0 {
            gl.genVertexArrays(1, &batchVertexArray)
            gl.bindVertexArray(batchVertexArray)
            gl.genBuffers(1, &batchBuffer)
            gl.bindBuffer(GLConstant.arrayBuffer, batchBuffer)
            let float = MemoryLayout<GLfloat>.size, stride = GLsizei(LayerBatch.floatsPerVertex * float)
            gl.vertexAttribPointer(0, 2, GLConstant.float, 0, stride, nil)
            gl.enableVertexAttribArray(0)
            // Locations 1...9: the matrix's four columns, then five vec4s (see layer.vert).
            for location in 1...9 {
                gl.vertexAttribPointer(GLuint(location), 4, GLConstant.float, 0, stride,
                                       UnsafeRawPointer(bitPattern: (2 + (location - 1) * 4) * float))
                gl.enableVertexAttribArray(GLuint(location))
            }
            gl.genBuffers(1, &batchIndexBuffer)
        }
        gl.bindVertexArray(batchVertexArray)
        if count > batchIndexCapacity {
            // Kept across frames: the indices of a run depend only on its length.
            let n = max(count, 2 * batchIndexCapacity)
            gl.bindBuffer(GLConstant.elementArrayBuffer, batchIndexBuffer)  // the vertex array's, from now on
            LayerBatch.indices(count: n).withUnsafeBytes {
                gl.bufferData(GLConstant.elementArrayBuffer, $0.count, $0.baseAddress, GLConstant.staticDraw)
            }
            batchIndexCapacity = n
        }
        gl.bindBuffer(GLConstant.arrayBuffer, batchBuffer)
        let corners = batchCorners.bytes
        gl.bufferData(GLConstant.arrayBuffer, corners.count, corners.baseAddress, GLConstant.streamDraw)
        gl.drawElements(GLConstant.triangles, GLsizei(count * LayerBatch.triangles.count), GLConstant.unsignedInt, nil)
        gl.bindVertexArray(vertexArray)
    }

    /// The unit quad, whole or once per rectangle left to draw (see `OcclusionCulling`).
    func drawQuad(_ visibility: DrawVisibility) {
        guard case .pieces(let pieces) = visibility else {
            gl.drawArrays(GLConstant.triangleStrip, 0, 4)
            return
        }
        gl.enable(GLConstant.scissorTest)
        for r in pieces {
            gl.scissor(GLint(r.x0), GLint(r.y0), GLsizei(r.x1 - r.x0), GLsizei(r.y1 - r.y0))
            gl.drawArrays(GLConstant.triangleStrip, 0, 4)
        }
        gl.disable(GLConstant.scissorTest)
    }

    /// Renders the masks this frame needs and the cache lacks, before the frame starts.
    private func prepareShadowMasks(_ list: DrawList) throws {
        var missing: [ShadowMaskKey] = []
        for command in list.commands {
            let shadow: ShadowDraw
            switch command {
            case .shadow(let d): shadow = d
            case .stack(let s) where s.shadow != nil: shadow = s.shadow!
            default: continue
            }
            let key = ShadowMaskKey(shadow)
            if shadowMasks[key] == nil && !missing.contains(key) { missing.append(key) }
        }
        guard !missing.isEmpty else { return }
        if shadowMasks.count + missing.count > 256 {
            shadowMasks.values.forEach { $0.delete(gl) }
            shadowMasks = [:]
        }
        gl.disable(GLConstant.blend)
        gl.useProgram(shadowMaskProgram.id)
        let p = shadowMaskProgram
        for key in missing {
            let (tw, th) = key.texelSize
            let target = try RenderTarget(gl: gl, width: tw, height: th, filtered: true)
            gl.bindFramebuffer(GLConstant.framebuffer, target.framebuffer)
            gl.viewport(0, 0, GLsizei(tw), GLsizei(th))
            let extent = key.extent
            let sigma = Double(key.sigma) / 64
            // The mask's own space: the shape at (3 sigma, 3 sigma), texels over the extent.
            gl.uniform2f(p.location("u_viewport"), GLfloat(tw), GLfloat(th))
            setQuad(p, Quad(matrix: .makeScale(Double(tw) / extent.width, Double(th) / extent.height, 1),
                            rect: Rect(origin: .zero, size: extent)))
            setShape(p, RoundedRect(rect: Rect(x: 3 * sigma, y: 3 * sigma, width: Double(key.width) / 64,
                                               height: Double(key.height) / 64),
                                    cornerRadius: Double(key.radius) / 64))
            gl.uniform1f(p.location("u_sigma"), GLfloat(sigma))
            gl.drawArrays(GLConstant.triangleStrip, 0, 4)
            shadowMasks[key] = target
        }
        gl.enable(GLConstant.blend)
    }

    func drawShadow(_ d: ShadowDraw, _ visibility: DrawVisibility) {
        let p = shadowProgram
        let key = ShadowMaskKey(d)
        guard let mask = shadowMasks[key] else { return }
        setQuad(p, d.quad)
        let s = 3 * d.sigma, extent = key.extent
        gl.uniform4f(p.location("u_maskRect"), GLfloat(d.shape.rect.minX - s), GLfloat(d.shape.rect.minY - s),
                     GLfloat(extent.width), GLfloat(extent.height))
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, mask.texture)
        gl.uniform1i(p.location("u_mask"), 0)
        let o = d.occluder ?? .zero
        gl.uniform4f(p.location("u_occluder"), GLfloat(o.minX), GLfloat(o.minY), GLfloat(o.width), GLfloat(o.height))
        setColor(p.location("u_color"), d.color)
        drawQuad(visibility)
    }

    private func drawComposite(_ c: GroupComposite, source: RenderTarget, width: Int, height: Int) {
        let p = compositeProgram
        if let mask = c.mask {
            setQuad(p, mask.quad)
            setShape(p, mask.shape)
            gl.uniform1i(p.location("u_masked"), 1)
        } else {
            setQuad(p, Quad(matrix: .identity, rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height))))
            gl.uniform1i(p.location("u_masked"), 0)
        }
        gl.uniform1f(p.location("u_opacity"), GLfloat(c.opacity))
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, source.texture)
        gl.uniform1i(p.location("u_group"), 0)
        gl.drawArrays(GLConstant.triangleStrip, 0, 4)
    }

    private func curlShader() throws -> ShaderProgram {
        if let p = curlProgram { return p }
        let p = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "curl.frag", source: shaders)
        curlProgram = p
        return p
    }

    private func drawCurl(_ c: PageCurlDraw, opacity: Double, source: RenderTarget) {
        guard let p = curlProgram else { return }
        setQuad(p, c.quad)
        let r = c.page
        gl.uniform4f(p.location("u_page"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
        gl.uniform2f(p.location("u_corner"), GLfloat(c.corner.x), GLfloat(c.corner.y))
        gl.uniform2f(p.location("u_direction"), GLfloat(c.direction.x), GLfloat(c.direction.y))
        gl.uniform1f(p.location("u_distance"), GLfloat(c.distance))
        gl.uniform1f(p.location("u_radius"), GLfloat(c.radius))
        gl.uniform1f(p.location("u_opacity"), GLfloat(opacity))
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, source.texture)
        gl.uniform1i(p.location("u_group"), 0)
        gl.drawArrays(GLConstant.triangleStrip, 0, 4)
    }
}


/// Which parts of layer.frag a draw needs; each combination is its own compiled program.
struct LayerVariant: Hashable {
    enum FillKind: Hashable { case none, axial, radial, conic, contents, contentsClipped }
    var background: Bool
    var fill: FillKind
    var border: Bool
    /// A batch's program: the per-draw values as attributes (`LayerBatch`).
    var instanced = false

    init(background: Bool, fill: FillKind, border: Bool) {
        self.background = background; self.fill = fill; self.border = border
    }

    init(_ d: LayerDraw) {
        background = (d.backgroundColor?.alpha ?? 0) > 0
        border = d.borderWidth > 0 && d.borderColor.alpha > 0
        switch d.fill {
        case .none: fill = .none
        case .gradient(let type, _, _, _): fill = type == .axial ? .axial : type == .radial ? .radial : .conic
        case .contents(_, let clipped): fill = clipped ? .contentsClipped : .contents
        }
    }

    var defines: [String] {
        var d: [String] = []
        if background { d.append("BACKGROUND") }
        switch fill {
        case .none: break
        case .axial: d.append("FILL_AXIAL")
        case .radial: d.append("FILL_RADIAL")
        case .conic: d.append("FILL_CONIC")
        case .contents: d.append("FILL_CONTENTS")
        case .contentsClipped: d += ["FILL_CONTENTS", "CONTENTS_CLIPPED"]
        }
        if border { d.append("BORDER") }
        if instanced { d.append("INSTANCED") }
        return d
    }
}

// MARK: Text

/// GL names the shared GLConstant table does not list yet.
private enum TextGL {
    static let r8: GLint = 0x8229
    static let red: GLenum = 0x1903
    static let triangles: GLenum = 0x0004
}

extension Renderer {
    /// Puts every glyph of the frame in the atlas before the frame starts, so the atlas
    /// is uploaded at most once per frame; the quads of each text draw, in order.
    private func prepareText(_ list: DrawList) -> [[GlyphQuad]] {
        var runs: [[PlacedGlyph]] = []
        for case .text(let d) in list.commands { runs.append(d.glyphs) }
        guard !runs.isEmpty else { return [] }
        let quads = glyphAtlas.quads(for: runs)
        uploadAtlas()
        return quads
    }

    private func textShader() throws -> ShaderProgram {
        if let p = textProgram { return p }
        let p = try ShaderProgram(gl: gl, vertex: "text.vert", fragment: "text.frag", source: shaders)
        textProgram = p
        return p
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
        guard glyphAtlas.version != atlasUploadedVersion else { return }
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, atlasTexture)
        gl.pixelStorei(GLConstant.unpackAlignment, 1)
        glyphAtlas.coverage.withUnsafeBytes {
            gl.texImage2D(GLConstant.texture2D, 0, TextGL.r8, GLsizei(glyphAtlas.width), GLsizei(glyphAtlas.height), 0,
                          TextGL.red, GLConstant.unsignedByte, $0.baseAddress)
        }
        atlasUploadedVersion = glyphAtlas.version
    }

    private func drawText(_ d: TextDraw, _ quads: [GlyphQuad], program p: ShaderProgram) {
        guard !quads.isEmpty else { return }
        if textVertexArray == 0 {
            gl.genVertexArrays(1, &textVertexArray)
            gl.bindVertexArray(textVertexArray)
            gl.genBuffers(1, &textVertexBuffer)
            gl.bindBuffer(GLConstant.arrayBuffer, textVertexBuffer)
            // Position, texel within the glyph, the glyph's atlas rectangle: 8 floats.
            gl.vertexAttribPointer(0, 2, GLConstant.float, 0, 32, nil)
            gl.enableVertexAttribArray(0)
            gl.vertexAttribPointer(1, 2, GLConstant.float, 0, 32, UnsafeRawPointer(bitPattern: 8))
            gl.enableVertexAttribArray(1)
            gl.vertexAttribPointer(2, 4, GLConstant.float, 0, 32, UnsafeRawPointer(bitPattern: 16))
            gl.enableVertexAttribArray(2)
        }
        var vertices: [GLfloat] = []
        vertices.reserveCapacity(quads.count * 48)
        for q in quads {
            let (x0, y0, x1, y1) = (GLfloat(q.x0), GLfloat(q.y0), GLfloat(q.x1), GLfloat(q.y1))
            let (w, h) = (GLfloat(q.atlasWidth), GLfloat(q.atlasHeight))
            let glyph = [GLfloat(q.atlasX), GLfloat(q.atlasY), w, h]
            for (x, y, tx, ty) in [(x0, y0, 0, 0), (x1, y0, w, 0), (x0, y1, 0, h),
                                   (x1, y0, w, 0), (x1, y1, w, h), (x0, y1, 0, h)] as [(GLfloat, GLfloat, GLfloat, GLfloat)] {
                vertices += [x, y, tx, ty]
                vertices += glyph
            }
        }
        gl.bindVertexArray(textVertexArray)
        gl.bindBuffer(GLConstant.arrayBuffer, textVertexBuffer)
        vertices.withUnsafeBytes { gl.bufferData(GLConstant.arrayBuffer, $0.count, $0.baseAddress, GLConstant.streamDraw) }

        var m = d.rasterToPixels.elements.map { GLfloat($0) }
        gl.uniformMatrix4fv(p.location("u_matrix"), 1, 0, &m)
        gl.uniform4f(p.location("u_rasterToLocal"), GLfloat(d.rasterOffset.x), GLfloat(d.rasterOffset.y),
                     GLfloat(d.scale), 0)
        let c = d.color.premultiplied
        gl.uniform4f(p.location("u_color"), GLfloat(c.r), GLfloat(c.g), GLfloat(c.b), GLfloat(c.a))
        gl.uniform1f(p.location("u_opacity"), GLfloat(d.opacity))
        if let clip = d.clip {
            gl.uniform1i(p.location("u_clipped"), 1)
            let r = clip.rect
            gl.uniform4f(p.location("u_shape"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
            gl.uniform1f(p.location("u_radius"), GLfloat(clip.cornerRadius))
        } else {
            gl.uniform1i(p.location("u_clipped"), 0)
        }
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, atlasTexture)
        gl.uniform1i(p.location("u_atlas"), 0)
        gl.uniform1i(p.location("u_onPixelGrid"), d.isOnPixelGrid ? 1 : 0)
        gl.drawArrays(TextGL.triangles, 0, GLsizei(quads.count * 6))
        gl.bindVertexArray(vertexArray)
    }

    private func deleteTextResources() {
        if atlasTexture != 0 { gl.deleteTextures(1, &atlasTexture) }
        if textVertexBuffer != 0 { gl.deleteBuffers(1, &textVertexBuffer) }
        if textVertexArray != 0 { gl.deleteVertexArrays(1, &textVertexArray) }
    }
}
