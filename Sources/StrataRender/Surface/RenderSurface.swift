/// Something that owns a GL context: the OSMesa offscreen surface, the GLFW window, and
/// (once OSMesa is gone from Mesa) an EGL surfaceless one. The compositor only needs
/// the context current and the entry points; it always draws into its own framebuffer
/// object, so every surface yields the same bytes.
public protocol RenderSurface: AnyObject {
    /// Entry points resolved through this surface's get-proc-address.
    var gl: GLFunctions { get }
    /// Makes the context current on the calling thread.
    func makeCurrent() throws
}

/// The largest output side accepted, checked before anything is allocated.
public let maximumSurfaceSide = 16384

func validateSize(_ width: Int, _ height: Int) throws {
    guard width >= 1, height >= 1, width <= maximumSurfaceSide, height <= maximumSurfaceSide else {
        throw RenderError.sizeOutOfRange(width: width, height: height, limit: maximumSurfaceSide)
    }
}
