import StrataModel

/// Backing stores (see `BackingStore`): rasterized before the frame, composited in it.
extension Renderer {
    /// Rasterizes the stores the frame uses and the cache lacks, each once, through the
    /// same layer.frag the analytic path uses, into store texels.
    func prepareBackingStores(_ list: DrawList) throws {
        backingStores.beginFrame()
        var missing: [(BackingStore, LayerDraw)] = []
        var seen = Set<BackingStoreKey>()
        for command in list.commands {
            let d: LayerDraw
            switch command {
            case .layer(let l) where l.hasBackingStore: d = l
            case .stack(let s): d = s.layer
            default: continue
            }
            guard let store = d.backingStore, backingStores.texture(for: store) == nil,
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
            let p = try layerProgram(for: LayerVariant(content))
            gl.useProgram(p.id)
            gl.uniform2f(p.location("u_viewport"), GLfloat(store.texelWidth), GLfloat(store.texelHeight))
            drawLayer(content, program: p, .whole)
            backingStores.insert(target, for: store)
        }
    }

    func backingShader() throws -> ShaderProgram {
        if let p = backingProgram { return p }
        let p = try ShaderProgram(gl: gl, vertex: "layer.vert", fragment: "backing.frag", source: shaders)
        backingProgram = p
        return p
    }

    /// The store as a quad over the texture's extent, through the layer's matrix.
    func drawBackingStore(_ d: LayerDraw, program p: ShaderProgram) {
        guard let store = d.backingStore, let texture = backingStores.texture(for: store) else { return }
        setQuad(p, Quad(matrix: d.quad.matrix, rect: store.rect))
        let r = store.rect
        gl.uniform4f(p.location("u_storeRect"), GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.width), GLfloat(r.height))
        gl.uniform1f(p.location("u_opacity"), GLfloat(d.opacity))
        gl.activeTexture(GLConstant.texture0)
        gl.bindTexture(GLConstant.texture2D, texture)
        gl.uniform1i(p.location("u_store"), 0)
        gl.drawArrays(GLConstant.triangleStrip, 0, 4)
    }
}
