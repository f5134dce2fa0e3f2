import StrataModel

/// Groups (`beginGroup` ... `endGroup`): a layer's subtree drawn into an offscreen target
/// of its own (`RenderTargets`), put back by composite.frag at the group's opacity,
/// clipped to the layer's rounded bounds when it masks to them.
final class GroupPass {
    struct Uniforms: QuadProgramUniforms {
        let quad: QuadUniforms
        let shape: ShapeUniforms
        let group, opacity: GLint

        init(_ p: ShaderProgram) {
            quad = QuadUniforms(p)
            shape = ShapeUniforms(p)
            group = p.uniformLocation("u_group")
            opacity = p.uniformLocation("u_opacity")
        }
    }

    private let gl: GLFunctions
    /// composite.frag, unmasked, and its masked variants (`ProgramVariants`).
    private let programs: ProgramVariants<Uniforms>

    init(gl: GLFunctions, shaders: ShaderSource) throws {
        self.gl = gl
        programs = ProgramVariants(gl: gl, fragment: "composite.frag", source: shaders)
        // Linked now so a broken shader file fails at start-up, not mid-replay.
        _ = try programs.program([])
    }

    /// Composites the group drawn into `source` onto the bound target; an unmasked group
    /// only over `extent` when given (`GroupExtent`: the target is transparent elsewhere).
    /// A mask with continuous corners is put back in two parts (`ContinuousCornerSplit`),
    /// each cut to `damage` when the frame draws only that (the scissor is the pieces').
    func draw(_ c: GroupComposite, source: RenderTarget, extent: PixelRect? = nil, within damage: PixelRect? = nil,
              in frame: FrameContext) throws {
        if c.mask == nil, let e = extent, e.isEmpty { return }
        if let mask = c.mask, c.shadow == nil,
           let split = ContinuousCornerSplit.pieces(of: mask.shape, drawnAs: mask.quad, in: frame, damage.map { .pieces([$0]) } ?? .whole) {
            if split.corners != .hidden { try draw(c, ["MASKED", "CONTINUOUS_CORNERS"], source: source, split.corners, in: frame) }
            if split.sides != .hidden { try draw(c, ["MASKED", "CONTINUOUS_SIDES"], source: source, split.sides, in: frame) }
            return
        }
        try draw(c, c.mask.map { ["MASKED"] + $0.shape.cornerDefines } ?? [], source: source, extent: extent, .whole, in: frame)
    }

    private func draw(_ c: GroupComposite, _ defines: [String], source: RenderTarget, extent: PixelRect? = nil,
                      _ visibility: DrawVisibility, in frame: FrameContext) throws {
        let program = try programs.program(defines)
        frame.use(program)
        let u = program.uniforms
        if let mask = c.mask {
            gl.set(u.quad, mask.quad)
            gl.set(u.shape, mask.shape)
        } else if let e = extent {
            gl.set(u.quad, Quad(matrix: .identity, rect: Rect(x: Double(e.x0), y: Double(e.y0), width: Double(e.x1 - e.x0),
                                                              height: Double(e.y1 - e.y0))))
        } else {
            gl.set(u.quad, Quad(matrix: .identity, rect: Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))))
        }
        gl.uniform1f(u.opacity, GLfloat(c.opacity))
        gl.bind(texture: source.texture, to: u.group)
        gl.drawQuad(visibility)
    }
}
