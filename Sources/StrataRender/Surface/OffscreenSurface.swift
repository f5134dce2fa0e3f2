/// A surface that needs no display (EGL or OSMesa), the kind replay, `strata render` and
/// the tests draw on. Its description says which backend and driver it ended up on, e.g.
/// `egl (surfaceless): llvmpipe (LLVM 15.0.6, 256 bits), 4.5 (Core Profile) Mesa 22.3.6`,
/// because with `auto` that is a run-time choice worth reporting.
public protocol OffscreenSurface: RenderSurface, CustomStringConvertible {
    var backend: GLBackend { get }
}

extension GLFunctions {
    /// "GL_RENDERER, GL_VERSION" of the current context.
    func rendererSummary() -> String {
        func string(_ name: GLenum) -> String {
            getString(name).map { String(cString: $0) } ?? "unknown"
        }
        return "\(string(GLConstant.renderer)), \(string(GLConstant.version))"
    }
}
