import StrataModel

/// A run of layer draws issued as one draw call: consecutive in the list, the same
/// layer.frag variant, and no texture to bind (a solid background and/or a border), so
/// nothing but per-draw values differs between them. Each draw's values, which otherwise
/// go up as uniforms one call at a time, become attributes of its quad's four corners
/// (`layer.vert` and `layer.frag` under INSTANCED), and its two triangles are the ones the
/// unit quad's strip makes, (0 1 2) and (2 1 3), indexed: the same numbers reach the same
/// arithmetic, and GL draws triangles in order, so every pixel blends as before. A table
/// of 500 cells costs one draw call, not 500 times eight uniform uploads and a draw. Not
/// GL instancing: llvmpipe runs its vertex pipeline once per instance, which costs about a
/// microsecond each; an indexed draw runs it once for the run.
struct LayerBatch {
    /// Floats per instance: the matrix (16), the quad's rect (4), the shape (4), radius,
    /// border width and opacity (4, one spare), background and border color (4 + 4).
    static let floatsPerInstance = 36
    /// Floats per corner: its unit-square position (a_corner), then the draw's values.
    static let floatsPerVertex = 2 + floatsPerInstance
    /// The unit quad's corners, in the strip's order (the one `Renderer` draws a quad in).
    static let corners: [(GLfloat, GLfloat)] = [(0, 0), (1, 0), (0, 1), (1, 1)]
    /// A draw's two triangles, as corner indices: the strip's, in its order and winding.
    static let triangles: [UInt32] = [0, 1, 2, 2, 1, 3]
    /// Shorter runs are drawn one by one: a batch costs a buffer upload of its own.
    static let minimumCount = 2

    /// True when the draw can be part of a batch: no gradient ramp or contents texture.
    static func canBatch(_ d: LayerDraw) -> Bool {
        // A draw from a backing store samples its texture (BackingStorePass).
        if d.hasBackingStore { return false }
        // Its values hold one circular radius (layer.frag's INSTANCED).
        if !d.shape.isUniform { return false }
        if case .none = d.fill { return true }
        return false
    }

    /// The draw's four corners, each its position in the unit square and the draw's values
    /// in the attribute order of layer.vert, added to `data`.
    static func append(_ d: LayerDraw, to data: inout [GLfloat]) {
        let at = data.count
        data.append(contentsOf: repeatElement(0, count: 4 * floatsPerVertex))
        data.withUnsafeMutableBufferPointer { writeCorners(d, to: $0.baseAddress! + at) }
    }

    /// The draw's four corners written at `out` (`4 * floatsPerVertex` floats): its values
    /// once, then copied after each corner's position.
    static func writeCorners(_ d: LayerDraw, to out: UnsafeMutablePointer<GLfloat>) {
        write(d, to: out + 2)
        for (i, c) in corners.enumerated() {
            let v = out + i * floatsPerVertex
            v[0] = c.0
            v[1] = c.1
            if i > 0 { (v + 2).update(from: out + 2, count: floatsPerInstance) }
        }
    }

    /// The corners of a batch, written in place (`writeCorners`) into storage kept from
    /// frame to frame and grown by doubling: no capacity check per value, nothing zeroed
    /// first, no array to access exclusively per draw.
    final class Corners {
        private var storage: UnsafeMutablePointer<GLfloat>
        private var capacity: Int
        /// Floats written since `removeAll`.
        private(set) var count = 0

        init() {
            capacity = 64 * 4 * LayerBatch.floatsPerVertex
            storage = .allocate(capacity: capacity)
        }

        deinit { storage.deallocate() }

        func removeAll() { count = 0 }

        func append(_ d: LayerDraw) {
            let n = 4 * LayerBatch.floatsPerVertex
            if count + n > capacity {
                let grown = UnsafeMutablePointer<GLfloat>.allocate(capacity: 2 * capacity)
                grown.moveInitialize(from: storage, count: count)
                storage.deallocate()
                storage = grown
                capacity *= 2
            }
            LayerBatch.writeCorners(d, to: storage + count)
            count += n
        }

        /// What was written, as bytes (valid until the next `append`).
        var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count * MemoryLayout<GLfloat>.size) }

        /// What was written, as floats (for tests).
        var values: [GLfloat] { Array(UnsafeBufferPointer(start: storage, count: count)) }
    }

    /// Points the bound vertex array's attributes at the bound buffer's corners: the
    /// unit-square position, then the matrix's four columns and five vec4s (locations
    /// 1...9, see layer.vert).
    static func describeAttributes(_ gl: GLFunctions) {
        let float = MemoryLayout<GLfloat>.size, stride = GLsizei(floatsPerVertex * float)
        gl.vertexAttribPointer(0, 2, GLConstant.float, 0, stride, nil)
        gl.enableVertexAttribArray(0)
        for location in 1...9 {
            gl.vertexAttribPointer(GLuint(location), 4, GLConstant.float, 0, stride,
                                   UnsafeRawPointer(bitPattern: (2 + (location - 1) * 4) * float))
            gl.enableVertexAttribArray(GLuint(location))
        }
    }

    /// The indices of `count` draws' triangles (draw i's corners are 4i...4i+3).
    static func indices(count: Int) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(count * triangles.count)
        for i in 0..<count { for t in triangles { out.append(UInt32(4 * i) + t) } }
        return out
    }

    /// The draw's instance written at `out` (`floatsPerInstance` floats): stores, no
    /// capacity check per value.
    static func write(_ d: LayerDraw, to out: UnsafeMutablePointer<GLfloat>) {
        let t = d.quad.matrix, r = d.quad.rect, s = d.shape.rect
        let background = (d.backgroundColor ?? .clear).premultiplied, border = d.borderColor.premultiplied
        let values: (SIMD16<Float>, SIMD16<Float>, SIMD4<Float>) = (
            SIMD16(Float(t.m11), Float(t.m12), Float(t.m13), Float(t.m14), Float(t.m21), Float(t.m22), Float(t.m23), Float(t.m24),
                   Float(t.m31), Float(t.m32), Float(t.m33), Float(t.m34), Float(t.m41), Float(t.m42), Float(t.m43), Float(t.m44)),
            SIMD16(Float(r.minX), Float(r.minY), Float(r.width), Float(r.height), Float(s.minX), Float(s.minY), Float(s.width), Float(s.height),
                   Float(d.shape.cornerRadius), Float(d.borderWidth), Float(d.opacity), 0,
                   Float(background.r), Float(background.g), Float(background.b), Float(background.a)),
            SIMD4(Float(border.r), Float(border.g), Float(border.b), Float(border.a)))
        withUnsafeBytes(of: values) { out.update(from: $0.bindMemory(to: GLfloat.self).baseAddress!, count: floatsPerInstance) }
    }
}
