import StrataModel

/// Runs of whole, untextured layer draws of one layer.frag variant issued as one indexed
/// draw (`LayerBatch`): each draw's values as attributes of its quad's corners, written
/// in place into storage kept across frames, with the `INSTANCED` variant of the layer
/// pass's program.
final class LayerBatchPass {
    private let gl: GLFunctions
    private let layers: LayerPass
    private var vertexArray: GLuint = 0
    private var buffer: GLuint = 0
    /// Every batch's triangles, as corner indices, for up to `indexCapacity` draws.
    private var indexBuffer: GLuint = 0
    private var indexCapacity = 0
    /// The corners of the batch being drawn, kept so frames after the first allocate nothing.
    private let corners = LayerBatch.Corners()

    init(gl: GLFunctions, layers: LayerPass) {
        self.gl = gl
        self.layers = layers
    }

    deinit {
        if buffer != 0 { gl.deleteBuffers(1, &buffer) }
        if indexBuffer != 0 { gl.deleteBuffers(1, &indexBuffer) }
        if vertexArray != 0 { gl.deleteVertexArrays(1, &vertexArray) }
    }

    /// Draws the run of batchable draws that starts at `start` (a whole, batchable layer
    /// draw) as one call and returns the index after it; nil when the run is too short
    /// to be worth a batch, and the draw at `start` is to be drawn alone.
    func draw(_ list: DrawList, from start: Int, _ visibility: [DrawVisibility], in frame: FrameContext) throws -> Int? {
        guard case .layer(let first) = list.commands[start] else { return nil }
        var variant = LayerVariant(first)
        let (end, count) = collect(list, from: start, variant, visibility)
        guard count >= LayerBatch.minimumCount else { return nil }
        variant.instanced = true
        frame.use(try layers.program(for: variant))
        draw(count: count, frame)
        return end
    }

    /// Puts the corners of the run of batchable draws of `variant` from `start` into
    /// `corners`, skipping hidden ones; the run ends at a draw of another kind or one cut
    /// into pieces. Returns the index after the run and the draws in it.
    private func collect(_ list: DrawList, from start: Int, _ variant: LayerVariant,
                         _ visibility: [DrawVisibility]) -> (end: Int, count: Int) {
        corners.removeAll()
        var end = start, count = 0
        while end < list.commands.count, case .layer(let d) = list.commands[end], LayerBatch.canBatch(d),
              LayerVariant(d) == variant {
            if case .pieces = visibility[end] { break }
            if visibility[end] == .whole {
                corners.append(d)
                count += 1
            }
            end += 1
        }
        return (end, count)
    }

    /// The draws in `corners`, in one indexed call.
    private func draw(count: Int, _ frame: FrameContext) {
        if vertexArray == 0 {
            gl.genVertexArrays(1, &vertexArray)
            gl.bindVertexArray(vertexArray)
            gl.genBuffers(1, &buffer)
            gl.bindBuffer(GLConstant.arrayBuffer, buffer)
            LayerBatch.describeAttributes(gl)
            gl.genBuffers(1, &indexBuffer)
        }
        gl.bindVertexArray(vertexArray)
        if count > indexCapacity {
            // Kept across frames: the indices of a run depend only on its length.
            let n = max(count, 2 * indexCapacity)
            gl.bindBuffer(GLConstant.elementArrayBuffer, indexBuffer)  // the vertex array's, from now on
            LayerBatch.indices(count: n).withUnsafeBytes {
                gl.bufferData(GLConstant.elementArrayBuffer, $0.count, $0.baseAddress, GLConstant.staticDraw)
            }
            indexCapacity = n
        }
        gl.bindBuffer(GLConstant.arrayBuffer, buffer)
        let bytes = corners.bytes
        gl.bufferData(GLConstant.arrayBuffer, bytes.count, bytes.baseAddress, GLConstant.streamDraw)
        gl.drawElements(GLConstant.triangles, GLsizei(count * LayerBatch.triangles.count), GLConstant.unsignedInt, nil)
        gl.bindVertexArray(frame.unitQuad)
    }
}
