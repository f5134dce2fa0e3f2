import StrataModel

/// A run of layer draws issued as one instanced draw call: consecutive in the list, the
/// same layer.frag variant, and no texture to bind (a solid background and/or a border),
/// so nothing but per-draw values differs between them. Each draw's values, which
/// otherwise go up as uniforms one call at a time, become one instance's attributes
/// (`layer.vert` and `layer.frag` under INSTANCED); the same numbers reach the same
/// arithmetic, and GL draws instances in order, so every pixel blends as before. A table
/// of 500 cells costs one draw call, not 500 times eight uniform uploads and a draw.
struct LayerBatch {
    /// Floats per instance: the matrix (16), the quad's rect (4), the shape (4), radius,
    /// border width and opacity (4, one spare), background and border color (4 + 4).
    static let floatsPerInstance = 36
    /// Shorter runs are drawn one by one: a batch costs a buffer upload of its own.
    static let minimumCount = 2

    /// True when the draw can be part of a batch: no gradient ramp or contents texture.
    static func canBatch(_ d: LayerDraw) -> Bool {
        // A draw from a backing store samples its texture (Renderer+BackingStore).
        if d.hasBackingStore { return false }
        if case .none = d.fill { return true }
        return false
    }

    /// The draw's values as its instance's floats, in the attribute order of layer.vert.
    static func append(_ d: LayerDraw, to data: inout [GLfloat]) {
        let t = d.quad.matrix, r = d.quad.rect, s = d.shape.rect
        let background = (d.backgroundColor ?? .clear).premultiplied, border = d.borderColor.premultiplied
        // Element by element: an array literal here could cost an allocation per layer.
        data.append(GLfloat(t.m11)); data.append(GLfloat(t.m12)); data.append(GLfloat(t.m13)); data.append(GLfloat(t.m14))
        data.append(GLfloat(t.m21)); data.append(GLfloat(t.m22)); data.append(GLfloat(t.m23)); data.append(GLfloat(t.m24))
        data.append(GLfloat(t.m31)); data.append(GLfloat(t.m32)); data.append(GLfloat(t.m33)); data.append(GLfloat(t.m34))
        data.append(GLfloat(t.m41)); data.append(GLfloat(t.m42)); data.append(GLfloat(t.m43)); data.append(GLfloat(t.m44))
        data.append(GLfloat(r.minX)); data.append(GLfloat(r.minY)); data.append(GLfloat(r.width)); data.append(GLfloat(r.height))
        data.append(GLfloat(s.minX)); data.append(GLfloat(s.minY)); data.append(GLfloat(s.width)); data.append(GLfloat(s.height))
        data.append(GLfloat(d.shape.cornerRadius)); data.append(GLfloat(d.borderWidth)); data.append(GLfloat(d.opacity)); data.append(GLfloat(0))
        data.append(GLfloat(background.r)); data.append(GLfloat(background.g)); data.append(GLfloat(background.b)); data.append(GLfloat(background.a))
        data.append(GLfloat(border.r)); data.append(GLfloat(border.g)); data.append(GLfloat(border.b)); data.append(GLfloat(border.a))
    }
}
