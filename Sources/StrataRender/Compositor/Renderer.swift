import StrataModel
import StrataText

/// Issues a `DrawList` through GL into an RGBA8 framebuffer object of the frame's size,
/// and reads it back top-down. Never draws to the default framebuffer: llvmpipe's fast
/// path there differs by one from other surfaces, and every surface must give the same
/// bytes. Blending is premultiplied (ONE, ONE_MINUS_SRC_ALPHA) for color and alpha.
///
/// The renderer orders the passes and owns the targets and the caches; each kind of draw
/// is one pass (Sources/StrataRender/Passes) with its own programs and typed uniforms.
public final class Renderer {
    public let surface: RenderSurface
    let gl: GLFunctions
    let shaders: ShaderSource
    /// The frame, open groups and scratch targets, reused across frames.
    let targets: RenderTargets
    private var unitQuad: GLuint = 0
    private var unitQuadBuffer: GLuint = 0

    // Caches, kept across frames.
    private let textures: TextureCache
    /// Layers' backing stores by content.
    let backingStores: BackingStoreCache
    /// Shadow masks by shape (see shadow-mask.frag).
    private let shadowMasks: ShadowMaskCache
    /// Every text draw's glyphs, rasterised once into one atlas.
    let glyphAtlas = GlyphAtlas()

    // Passes, one per kind of draw.
    let layers: LayerPass
    private let batches: LayerBatchPass
    private let stores: BackingStorePass
    private let shadows: ShadowPass
    private let stacks: StackPass
    private let groups: GroupPass
    private let curls: PageCurlPass
    private let masks: MaskPass
    private let texts: TextPass
    /// Made the first time a backdrop layer is drawn (three programs).
    private var backdrops: BackdropPass?
    /// Made the first time a frame has a shape layer (its rasters are kept in it).
    var shapePass: ShapePass?
    /// Made the first time a frame has a shadow path (its masks are kept in it).
    var shadowPathPass: ShadowPathPass?
    /// Made the first time a group casts the shadow of its alpha.
    private var contentShadows: ContentShadowPass?

    /// Skips what opaque draws paint over and what lies off the frame (`OcclusionCulling`),
    /// and draws masked groups only inside their mask (`GroupClipping`); off only to check
    /// that culling changes no byte.
    var cullsHiddenDraws = true { didSet { forgetLastFrame() } }
    /// Issues runs of layer draws as one draw call (`LayerBatch`); off only to check
    /// that batching changes no byte.
    var batchesLayerDraws = true { didSet { forgetLastFrame() } }
    /// Draws a run of coincident copies in one pass (`StackDraw`). The pass blends as
    /// llvmpipe rounds, so another GL draws every copy; off also to check that the pass
    /// gives the bytes drawing every copy gives.
    var drawsStacksInOnePass = true { didSet { forgetLastFrame() } }
    /// The list the frame target holds, drawn by `render`, and its pixels once read back.
    private var lastList: DrawList?
    private var lastImage: Image?

    public init(surface: RenderSurface, shaders: ShaderSource = .embedded) throws {
        self.surface = surface
        try surface.makeCurrent()
        gl = surface.gl
        self.shaders = shaders
        targets = RenderTargets(gl: gl)
        textures = TextureCache(gl: gl)
        backingStores = BackingStoreCache(gl: gl)
        shadowMasks = ShadowMaskCache(gl: gl)
        layers = try LayerPass(gl: gl, shaders: shaders, textures: textures)
        batches = LayerBatchPass(gl: gl, layers: layers)
        stores = BackingStorePass(gl: gl, shaders: shaders, layers: layers, stores: backingStores)
        shadows = try ShadowPass(gl: gl, shaders: shaders, masks: shadowMasks)
        stacks = StackPass(gl: gl, shaders: shaders, layers: layers, backingStores: stores, shadows: shadows)
        groups = try GroupPass(gl: gl, shaders: shaders)
        curls = PageCurlPass(gl: gl, shaders: shaders)
        masks = MaskPass(gl: gl, shaders: shaders)
        texts = TextPass(gl: gl, shaders: shaders, atlas: glyphAtlas)
        drawsStacksInOnePass = rendererDescription.hasPrefix("llvmpipe")

        gl.genVertexArrays(1, &unitQuad)
        gl.bindVertexArray(unitQuad)
        gl.genBuffers(1, &unitQuadBuffer)
        gl.bindBuffer(GLConstant.arrayBuffer, unitQuadBuffer)
        let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        corners.withUnsafeBytes { gl.bufferData(GLConstant.arrayBuffer, $0.count, $0.baseAddress, GLConstant.staticDraw) }
        gl.vertexAttribPointer(0, 2, GLConstant.float, 0, 0, nil)
        gl.enableVertexAttribArray(0)
    }

    deinit {
        // Current while the passes and caches, released after this, delete their GL objects.
        try? surface.makeCurrent()
        targets.deleteAll()
        gl.deleteBuffers(1, &unitQuadBuffer)
        gl.deleteVertexArrays(1, &unitQuad)
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
        try FrameDrawingLock.drawing {
            let drawn = try renderFrame(root, pixelWidth, pixelHeight, scale)
            if !drawn, let image = lastImage { return image }
            let image = try readPixels()
            lastImage = image
            return image
        }
    }

    /// The same frame as `render(layer:pixelWidth:pixelHeight:scale:)`, not read back but
    /// shown: blitted into the current context's default framebuffer (`present`), as a
    /// window shows it. Call the surface's swap next.
    public func render(layer root: Layer, pixelWidth: Int, pixelHeight: Int, scale: Double,
                       presentingTo drawable: (width: Int, height: Int)) throws {
        try FrameDrawingLock.drawing {
            try renderFrame(root, pixelWidth, pixelHeight, scale)
            try present(frameWidth: pixelWidth, frameHeight: pixelHeight,
                        drawableWidth: drawable.width, drawableHeight: drawable.height)
        }
    }

    /// Draws the frame of `root` into the frame target unless the target holds it
    /// already; true when it drew.
    @discardableResult
    private func renderFrame(_ root: Layer, _ pixelWidth: Int, _ pixelHeight: Int, _ scale: Double) throws -> Bool {
        try validateSize(pixelWidth, pixelHeight)
        let list = try DrawListBuilder(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale).build(root: root)
        if let last = lastList, last == list {
            noteFontFiles(list)
            reusedFrameCount += 1
            return false
        }
        let drawn = try draw(list, over: lastList.map { ($0, lastReach, lastHidden) })
        lastList = list
        return drawn
    }

    private func forgetLastFrame() {
        lastList = nil
        lastImage = nil
    }

    /// Frames `render` gave back without drawing (their list equalled the last one's).
    public private(set) var reusedFrameCount = 0
    /// Frames whose list differed from the last only where nothing shows (`FrameDamage`:
    /// hidden draws, text placing the same glyphs, text off the frame), given back undrawn.
    public private(set) var unchangedFrameCount = 0

    /// What each command of the last list drawn could write, and which it left out as
    /// hidden (`FrameDamage`).
    private var lastReach: [PixelRect?] = []
    private var lastHidden: [Bool] = []
    /// Draws only the damage over the frame the target holds (`FrameDamage`); off only to
    /// check that it changes no byte.
    var redrawsOnlyDamage = true { didSet { forgetLastFrame() } }
    /// Puts opacity groups back only where they hold something (`GroupExtent`); off only
    /// to check that it changes no byte.
    var compositesOnlyGroupExtents = true { didSet { forgetLastFrame() } }
    /// Frames drawn only where they differed from the one before (`FrameDamage`).
    public private(set) var partialFrameCount = 0

    /// The font files whose glyphs the frames since `forgetFontFilesDrawn()` drew
    /// (`Renderer+FontFiles`): a trace's own fonts, for its references' manifest.
    public internal(set) var fontFilesDrawn: Set<String> = []

    /// Draws the list into the frame target (left bound for `readPixels` or a blit):
    /// the caches the frame needs filled first, then each command by its pass, in order.
    public func draw(_ list: DrawList) throws {
        try FrameDrawingLock.drawing { try draw(list, over: nil) }
    }

    /// `draw`, over `last` (the list the frame target holds, its reach and hidden draws)
    /// when given: then only the damage is cleared and drawn (`FrameDamage`), and with
    /// none the frame is left as it is: false.
    @discardableResult
    private func draw(_ list: DrawList, over last: (list: DrawList, reach: [PixelRect?], hidden: [Bool])?) throws -> Bool {
        try validateSize(list.pixelWidth, list.pixelHeight)
        noteFontFiles(list)
        try surface.makeCurrent()
        // The caches below draw into targets of their own, never scissored.
        gl.disable(GLConstant.scissorTest)
        gl.bindVertexArray(unitQuad)
        try shadows.prepare(list)
        try stores.prepare(list)
        if list.commands.contains(where: { if case .shape = $0 { true } else { false } }) {
            if shapePass == nil { shapePass = try ShapePass(gl: gl, shaders: shaders) }
            shapePass?.prepare(list)
        }
        if list.commands.contains(where: { if case .shadowPath = $0 { true } else { false } }) {
            if shadowPathPass == nil { shadowPathPass = try ShadowPathPass(gl: gl, shaders: shaders) }
            try shadowPathPass?.prepare(list)
        }
        texts.prepare(list)
        let whole = PixelRect(x0: 0, y0: 0, x1: list.pixelWidth, y1: list.pixelHeight)
        let reach = FrameDamage.reach(of: list) { texts.pixelBounds(ofDraw: $0, $1, frame: whole) }
        var visibility = cullsHiddenDraws ? OcclusionCulling.visibility(of: list)
            : [DrawVisibility](repeating: .whole, count: list.commands.count)
        let hidden = visibility.map { $0 == .hidden }
        let damage = redrawsOnlyDamage ? last.flatMap { FrameDamage.damage(from: $0.list, $0.reach, $0.hidden, to: list, reach, hidden) } : nil
        (lastReach, lastHidden) = (reach, hidden)
        if let d = damage, d.isEmpty {
            unchangedFrameCount += 1
            return false
        }
        forgetLastFrame()
        if damage != nil { partialFrameCount += 1 }
        backdrops?.beginFrame()
        gl.viewport(0, 0, GLsizei(list.pixelWidth), GLsizei(list.pixelHeight))
        gl.disable(GLConstant.depthTest)
        gl.disable(GLConstant.cullFace)
        gl.disable(GLConstant.dither)
        gl.disable(GLConstant.scissorTest)
        gl.enable(GLConstant.blend)
        gl.blendFunc(GLConstant.one, GLConstant.oneMinusSrcAlpha)
        try targets.beginFrame(width: list.pixelWidth, height: list.pixelHeight, clear: list.clearColor, only: damage)

        let frame = FrameContext(gl: gl, width: list.pixelWidth, height: list.pixelHeight, unitQuad: unitQuad)
        let groupClips = GroupClipping.clip(list, &visibility, reach: reach, masks: cullsHiddenDraws, within: damage)
        let extents = compositesOnlyGroupExtents ? GroupExtent.extents(of: list, reach: reach) : [:]
        // By index, not by element: a batch skips the commands it drew without copying them.
        var next = 0
        while next < list.commands.count {
            let index = next
            next += 1
            let seen = visibility[index]
            if let d = damage {
                // Passes that scissor a draw's pieces turn the scissor off after: every
                // command is cut to the damage again (a group's clear too).
                gl.enable(GLConstant.scissorTest)
                gl.scissor(GLint(d.x0), GLint(d.y0), GLsizei(d.x1 - d.x0), GLsizei(d.y1 - d.y0))
            }
            switch list.commands[index] {
            case .layer(let d):
                if seen == .hidden { continue }
                if d.hasBackingStore {
                    try stores.draw(d, in: frame)
                } else if batchesLayerDraws, seen == .whole, LayerBatch.canBatch(d),
                          let end = try batches.draw(list, from: index, visibility, in: frame) {
                    next = end
                } else {
                    try layers.draw(d, seen, in: frame)
                }
            case .shadow(let d):
                if seen != .hidden { shadows.draw(d, seen, in: frame) }
            case .shadowPath(let d):
                if seen != .hidden { shadowPathPass?.draw(d, seen, in: frame) }
            case .stack(let d):
                if seen != .hidden {
                    try stacks.draw(d, seen, onePass: drawsStacksInOnePass, targets: targets, in: frame)
                }
            case .beginGroup:
                try targets.pushGroup(clearing: groupClips[index])
            case .endGroup(let composite):
                let source = targets.popGroup()
                if let shadow = composite.shadow {
                    if contentShadows == nil { contentShadows = try ContentShadowPass(gl: gl, shaders: shaders) }
                    try contentShadows?.draw(shadow, source: source, onto: targets.current, in: frame)
                    // The group holds nothing outside its draws' region: putting back the
                    // rest would change no byte, so it is left out (a group per shadow).
                    let r = shadow.region
                    gl.enable(GLConstant.scissorTest)
                    gl.scissor(GLint(r.x0), GLint(r.y0), GLsizei(r.x1 - r.x0), GLsizei(r.y1 - r.y0))
                }
                defer { if composite.shadow != nil { gl.disable(GLConstant.scissorTest) } }
                if let curl = composite.curl {
                    try curls.draw(curl, opacity: composite.opacity, source: source, in: frame)
                } else {
                    try groups.draw(composite, source: source, extent: extents[index], within: damage, in: frame)
                }
            case .endMask(let opacity):
                let mask = targets.popGroup(), content = targets.popGroup()
                try masks.draw(content: content, mask: mask, opacity: opacity, in: frame)
            case .shape(let d):
                if seen != .hidden { try shapePass?.draw(d, in: frame) }
            case .text(let d):
                if seen == .hidden { texts.skip() } else { try texts.draw(d, in: frame) }
            case .backdrop(let d):
                if backdrops == nil { backdrops = try BackdropPass(gl: gl, shaders: shaders) }
                try backdrops?.draw(d, captures: list.backdropCaptures, stack: targets.open, in: frame)
            }
        }
        gl.disable(GLConstant.scissorTest)
        let error = gl.getError()
        if error != GLConstant.noError { throw RenderError.glError(error, "drawing the frame") }
        return true
    }
}
