/// A surface that needs no display (EGL or OSMesa), the kind replay, `strata render` and
/// the tests draw on. Its description says which backend and driver it ended up on, e.g.
/// `egl (surfaceless): llvmpipe (LLVM 15.0.6, 256 bits), 4.5 (Core Profile) Mesa 22.3.6`,
/// because with `auto` that is a run-time choice worth reporting.
public protocol OffscreenSurface: RenderSurface, CustomStringConvertible {
    var backend: GLBackend { get }
    /// The implementation the context reports.
    var renderer: GLRendererInfo { get }
}

extension OffscreenSurface {
    public var backend: GLBackend { renderer.backend }
    public var description: String { renderer.description }
}

extension GLFunctions {
    /// GL_RENDERER and GL_VERSION of the current context.
    func rendererInfo(backend: GLBackend, platform: String) -> GLRendererInfo {
        func string(_ name: GLenum) -> String {
            getString(name).map { String(cString: $0) } ?? "unknown"
        }
        return GLRendererInfo(backend: backend, platform: platform,
                              renderer: string(GLConstant.renderer), version: string(GLConstant.version))
    }
}
