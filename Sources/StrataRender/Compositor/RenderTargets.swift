import StrataModel

/// The renderer's render targets, each the frame's size: target 0 is the frame, the
/// ones above it the groups open while drawing (`beginGroup` ... `endGroup`), and a few
/// scratch targets a pass may borrow (the stack pass's three). Kept across frames of one
/// size; a new size drops them all.
final class RenderTargets {
    private let gl: GLFunctions
    private var pool: [RenderTarget] = []
    private var scratchPool: [RenderTarget] = []
    private(set) var width = 0, height = 0
    /// How many groups are open.
    private(set) var depth = 0

    init(gl: GLFunctions) { self.gl = gl }

    func deleteAll() {
        pool.forEach { $0.delete(gl) }
        scratchPool.forEach { $0.delete(gl) }
        pool = []
        scratchPool = []
    }

    /// Starts a frame of `width` x `height`: the frame target bound and cleared, only
    /// within `damage` when given (the rest keeps the last frame: `FrameDamage`).
    func beginFrame(width: Int, height: Int, clear: Color, only damage: PixelRect? = nil) throws {
        if width != self.width || height != self.height {
            deleteAll()
            self.width = width; self.height = height
        }
        depth = 0
        self.damage = damage
        try ensure(0)
        guard let r = damage else { return bind(pool[0], clear: clear) }
        gl.enable(GLConstant.scissorTest)
        gl.scissor(GLint(r.x0), GLint(r.y0), GLsizei(r.x1 - r.x0), GLsizei(r.y1 - r.y0))
        bind(pool[0], clear: clear)
        gl.disable(GLConstant.scissorTest)
    }

    /// The pixels this frame draws, when only part of it (`FrameDamage`); a group opened
    /// then is cleared under the renderer's scissor, only there.
    private(set) var damage: PixelRect?

    /// The frame target, if a frame was drawn.
    var frame: RenderTarget? { pool.first }

    /// The target being drawn into.
    var current: RenderTarget { pool[depth] }

    /// The frame's target and every open group's over it, the current one last.
    var open: [RenderTarget] { Array(pool[0...depth]) }

    /// Opens a group: a transparent target over the current one, bound; only the pixels
    /// of `clearing` are cleared when given (`GroupClipping`: the rest is never read).
    func pushGroup(clearing pixels: PixelRect? = nil) throws {
        depth += 1
        try ensure(depth)
        guard let r = pixels else { return bind(pool[depth], clear: .clear) }
        gl.enable(GLConstant.scissorTest)
        gl.scissor(GLint(r.x0), GLint(r.y0), GLsizei(max(0, r.x1 - r.x0)), GLsizei(max(0, r.y1 - r.y0)))
        bind(pool[depth], clear: .clear)
        gl.disable(GLConstant.scissorTest)
    }

    /// Closes the current group and binds the one under it; returns the closed group's
    /// target, to be composited.
    func popGroup() -> RenderTarget {
        let source = pool[depth]
        depth -= 1
        bind(pool[depth], clear: nil)
        return source
    }

    /// `count` scratch targets of the frame's size, the same ones every call.
    func scratch(_ count: Int) throws -> [RenderTarget] {
        while scratchPool.count < count {
            scratchPool.append(try RenderTarget(gl: gl, width: width, height: height))
        }
        return Array(scratchPool.prefix(count))
    }

    private func ensure(_ index: Int) throws {
        while pool.count <= index { pool.append(try RenderTarget(gl: gl, width: width, height: height)) }
    }

    private func bind(_ target: RenderTarget, clear: Color?) {
        gl.bindFramebuffer(GLConstant.framebuffer, target.framebuffer)
        if let c = clear {
            let p = c.premultiplied
            gl.clearColor(GLfloat(p.r), GLfloat(p.g), GLfloat(p.b), GLfloat(p.a))
            gl.clear(GLConstant.colorBufferBit)
        }
    }
}
