import CGLFW
import StrataRender

/// A GL 3.3 core, forward-compatible context in a GLFW window. The compositor draws into
/// its own framebuffer object as on every surface; `Renderer.present` then blits that
/// frame to the window's default framebuffer, so the window shows the offscreen bytes.
///
/// GLFW on X11 loads libGL with dlopen itself; entry points come through
/// glfwGetProcAddress, so nothing links libGL. GLFW is main-thread only: create, use and
/// release a window surface on the main thread.
public final class GLFWWindowSurface: RenderSurface {
    public let gl: GLFunctions
    /// The GLFW window, for input callbacks and its user pointer.
    public let window: OpaquePointer

    nonisolated(unsafe) private static var liveWindows = 0

    /// Opens a window `width` x `height` screen coordinates in size (GLFW scales it to
    /// the monitor's content scale where the platform asks for it), not resizable.
    /// Throws `RenderError.contextCreationFailed` with GLFW's reason when there is no
    /// display or no suitable GL.
    /// How GLFW creates the window's context: the platform's own (GLX on X11, EGL on
    /// Wayland) or EGL (`--backend egl`).
    public enum ContextAPI: String, Sendable { case native, egl }

    /// `GLX`, `EGL`: how the context was made, as GLFW reports it.
    public var contextDescription: String {
        glfwGetWindowAttrib(window, GLFW_CONTEXT_CREATION_API) == GLFW_EGL_CONTEXT_API ? "EGL" : "GLX (the platform's own)"
    }

    public init(width: Int, height: Int, title: String, vsync: Bool = true, contextAPI: ContextAPI = .native) throws {
        guard glfwInit() == GLFW_TRUE else {
            throw RenderError.contextCreationFailed("GLFW could not initialise: \(GLFWWindowSurface.lastError() ?? "no reason given")")
        }
        glfwDefaultWindowHints()
        glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_COCOA_RETINA_FRAMEBUFFER, GLFW_TRUE)
        glfwWindowHint(GLFW_DEPTH_BITS, 0)
        glfwWindowHint(GLFW_STENCIL_BITS, 0)
        glfwWindowHint(GLFW_DOUBLEBUFFER, GLFW_TRUE)
        glfwWindowHint(GLFW_CONTEXT_CREATION_API, contextAPI == .egl ? GLFW_EGL_CONTEXT_API : GLFW_NATIVE_CONTEXT_API)
        guard let w = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let why = GLFWWindowSurface.lastError() ?? "no reason given"
            if GLFWWindowSurface.liveWindows == 0 { glfwTerminate() }
            throw RenderError.contextCreationFailed("GLFW could not open a GL 3.3 core window\(contextAPI == .egl ? " through EGL" : ""): \(why)")
        }
        window = w
        glfwMakeContextCurrent(w)
        do {
            gl = try GLFunctions { name in
                glfwGetProcAddress(name).map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
            }
        } catch {
            glfwDestroyWindow(w)
            if GLFWWindowSurface.liveWindows == 0 { glfwTerminate() }
            throw error
        }
        glfwSwapInterval(vsync ? 1 : 0)
        GLFWWindowSurface.liveWindows += 1
    }

    deinit {
        glfwDestroyWindow(window)
        GLFWWindowSurface.liveWindows -= 1
        if GLFWWindowSurface.liveWindows == 0 { glfwTerminate() }
    }

    public func makeCurrent() throws {
        if glfwGetCurrentContext() == window { return }
        glfwMakeContextCurrent(window)
        guard glfwGetCurrentContext() == window else {
            throw RenderError.contextCreationFailed("glfwMakeContextCurrent failed: \(GLFWWindowSurface.lastError() ?? "no reason given")")
        }
    }

    /// The default framebuffer's size in pixels.
    public var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window's size in screen coordinates, the space cursor positions are in.
    public var windowSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The monitor's content scale as GLFW reports it for this window (1 under Xvfb).
    public var contentScale: (x: Double, y: Double) {
        var x: Float = 1, y: Float = 1
        glfwGetWindowContentScale(window, &x, &y)
        return (Double(x), Double(y))
    }

    public var shouldClose: Bool {
        get { glfwWindowShouldClose(window) != 0 }
        set { glfwSetWindowShouldClose(window, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    public func setTitle(_ title: String) { glfwSetWindowTitle(window, title) }

    /// Shows the back buffer; waits for vertical blank when vsync is on.
    public func swapBuffers() { glfwSwapBuffers(window) }

    /// GLFW's description of its last error on this thread, clearing it; nil if none.
    public static func lastError() -> String? {
        var description: UnsafePointer<CChar>?
        let code = glfwGetError(&description)
        guard code != GLFW_NO_ERROR else { return nil }
        return description.map { String(cString: $0) } ?? "GLFW error 0x\(String(code, radix: 16))"
    }
}
