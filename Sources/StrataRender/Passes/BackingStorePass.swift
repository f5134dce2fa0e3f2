import StrataModel

/// Layer draws from their backing stores (`BackingStore`): before the frame, each store
/// the frame uses and the cache lacks is rasterized once, through the layer pass's own
/// layer.frag, into store texels; in the frame backing.frag samples the store through
/// the layer's matrix, bilinearly, so edges under perspective fade over one texel.
final class BackingStorePass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let storeRect, opacity, store: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            storeRect = p.uniformLocation("u_storeRect")
            opacity = p.uniformLocation("u_opacity")
            store = p.uniformLocation("u_store")
        }
    }

    private let gl: GLFunctions
    private let layers: LayerPass
    /// The stores by content, kept across frames (the renderer's).
    private let stores: BackingStoreCache
    /// backing.frag, linked the first time a store is drawn.
    private let program: LazyProgram<Uniforms>

    init(gl: GLFunctions, shaders: ShaderSource, layers: LayerPass, stores: BackingStoreCache) {
        self.gl = gl
        program = LazyProgram(gl: gl, fragment: "backing.frag", source: shaders)
        self.layers = layers
        self.stores = stores
    }

    /// Rasterizes the stores the frame uses and the cache lacks, each once.
    func prepare(_ list: DrawList) throws {
        stores.beginFrame()
        var missing: [(BackingStore, LayerDraw)] = []
        var seen = Set<BackingStoreKey>()
        for command in list.commands {
            let d: LayerDraw
            switch command {
            case .layer(let l) where l.hasBackingStore: d = l
            case .stack(let s): d = s.layer
            default: continue
            }
            guard let store = d.backingStore, stores.texture(for: store) == nil,
                  seen.insert(store.key).inserted else { continue }
            missing.append((store, d))
        }
        guard !missing.isEmpty else { return }
        gl.enable(GLConstant.blend)
        gl.blendFunc(GLConstant.one, GLConstant.oneMinusSrcAlpha)
        for (store, d) in missing {
            let target = try RenderTarget(gl: gl, width: store.texelWidth, height: store.texelHeight, filtered: true)
            gl.bindFramebuffer(GLConstant.framebuffer, target.framebuffer)
            gl.viewport(0, 0, GLsizei(store.texelWidth), GLsizei(store.texelHeight))
            gl.clearColor(0, 0, 0, 0)
            gl.clear(GLConstant.colorBufferBit)
            var content = d
            content.quad = Quad(matrix: store.contentMatrix, rect: store.rect)
            content.opacity = 1
            content.backingStore = nil
            let p = try layers.program(for: LayerVariant(content))
            gl.useProgram(p.id)
            gl.uniform2f(p.uniforms.viewport, GLfloat(store.texelWidth), GLfloat(store.texelHeight))
            layers.draw(content, with: p, .whole)
            stores.insert(target, for: store)
        }
    }

    /// The store of `d` as a quad over the texture's extent, through the layer's matrix.
    func draw(_ d: LayerDraw, in frame: FrameContext) throws {
        let p = try program.linked()
        frame.use(p)
        guard let store = d.backingStore, let texture = stores.texture(for: store) else { return }
        let u = p.uniforms
        gl.set(u.quad, Quad(matrix: d.quad.matrix, rect: store.rect))
        gl.set(u.storeRect, store.rect)
        gl.uniform1f(u.opacity, GLfloat(d.opacity))
        gl.bind(texture: texture, to: u.store)
        gl.drawQuad()
    }
}
