import CGLFW
import Foundation
import StrataGestures
import StrataModel
import StrataRender
import StrataDriver

/// Why the live window cannot open: no display to open a window on, or GLFW could not
/// open one there.
func noDisplay(_ why: String) -> Diagnostic {
    Diagnostic("cannot open a window: \(why)",
               hint: "the window needs a display (DISPLAY or WAYLAND_DISPLAY); without one, replay a trace offscreen with 'strata replay TRACE'")
}

/// What a window session ended with.
public struct WindowResult: Sendable {
    /// The scene's `statusDescription` after the last event, e.g. `angle: 47.5`.
    public var finalStatus: String
    public var eventCount: Int
    public var framesDrawn: Int
    /// Seconds from the first frame to the close.
    public var duration: Double
}

/// `strata window`: a scene in a GLFW window, driven by the mouse and keyboard, drawn
/// by the same compositor as offscreen (into the renderer's framebuffer object, then
/// blitted upright to the window), optionally recording a trace as events happen.
///
/// Each pass of the loop: poll GLFW (its callbacks turn input into `InputEvent`s stamped
/// with seconds since the first frame, hand them to the scene and append them to the
/// trace), advance the scene to now, redraw if anything changed or an animation runs,
/// swap (vsync). SIGINT/SIGTERM and closing the window end the loop the same way: a
/// final frame, the screenshot if asked, the trace closed. The window is the one place
/// that reads a clock; a replay of its trace reads none.
public final class LiveWindow {
    public struct Options {
        public var sceneName: String
        public var sceneOptions: [String: TraceValue]
        /// The view in points; the window opens at this size (times the content scale).
        public var viewSize: Size
        /// Record a trace here: header first, each event appended as it happens.
        public var recordPath: String?
        /// Write the final frame, read back from the framebuffer object, here on close.
        public var screenshotPath: String?
        /// Close once no input has arrived for this many seconds (for scripts and tests).
        public var exitAfterIdle: Double?
        public var shaders: ShaderSource
        public var vsync: Bool
        /// Where `sceneName` is found.
        public var scenes: SceneCatalog
        /// Added to a recorded trace's header (a scene file's path and hash).
        public var headerKeys: [String: TraceValue] = [:]
        /// The options the recorded trace's header says, when not `sceneOptions` as given
        /// (file options recorded relative to the trace).
        public var recordedOptions: [String: TraceValue]?
        /// Asked every few loop passes for a scene to replace the current one (a scene
        /// file edited on disk) and the file's text it was made from; nil keeps it. The
        /// window keeps its time and its trace, and a recording keeps the text.
        public var reload: ((Scene) -> (scene: Scene, text: String?)?)?
        /// The scene file's text the scene was made from: a recording keeps it first, so a
        /// replay draws from it and not from the file as it is later (`TraceSceneText`).
        public var sceneText: String?
        /// How the window's GL context is made (`--backend`).
        public var contextAPI: GLFWWindowSurface.ContextAPI = .native
        /// Say on standard error how the window draws (`--verbose`).
        public var verbose = false
        /// Where DISPLAY and WAYLAND_DISPLAY are looked for (a command's own environment).
        public var environment = ProcessInfo.processInfo.environment

        public init(sceneName: String, sceneOptions: [String: TraceValue] = [:], viewSize: Size = Size(width: 480, height: 320),
                    recordPath: String? = nil, screenshotPath: String? = nil, exitAfterIdle: Double? = nil,
                    shaders: ShaderSource = .embedded, vsync: Bool = true, scenes: SceneCatalog) {
            self.sceneName = sceneName; self.sceneOptions = sceneOptions; self.viewSize = viewSize
            self.recordPath = recordPath; self.screenshotPath = screenshotPath; self.exitAfterIdle = exitAfterIdle
            self.shaders = shaders; self.vsync = vsync; self.scenes = scenes
        }
    }

    public let options: Options

    private var scene: Scene!
    private var driver: SceneDriver!
    private var surface: GLFWWindowSurface!
    private var writer: TraceWriter?
    private var start = 0.0
    private var lastEventTime = 0.0
    private var lastT = 0.0
    private var pointerDown = false
    private var dirty = true
    private var eventCount = 0
    private var failure: Error?

    public init(options: Options) {
        self.options = options
    }

    /// True when the environment names a display GLFW could use.
    public static func hasDisplay(in env: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        return !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Opens the window and runs until it is closed, Ctrl-C, SIGTERM, or `exitAfterIdle`.
    /// Main thread only (GLFW).
    public func run() throws -> WindowResult {
        let view = options.viewSize
        let descriptor = try options.scenes.require(options.sceneName)
        _ = try descriptor.sceneOptions(options.sceneOptions)
        guard LiveWindow.hasDisplay(in: options.environment) else {
            throw noDisplay("no display: neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        // From here SIGINT/SIGTERM close the window cleanly instead of killing strata.
        let savedSignals = StopSignal.install()
        defer { StopSignal.restore(savedSignals) }
        do {
            surface = try GLFWWindowSurface(width: Int(view.width.rounded()), height: Int(view.height.rounded()),
                                            title: title(), vsync: options.vsync, contextAPI: options.contextAPI)
        } catch let e as RenderError {
            throw noDisplay("\(e)")
        }
        defer { surface = nil }
        let renderer = try Renderer(surface: surface, shaders: options.shaders)
        if options.verbose {
            FileHandle.standardError.write(Data("strata: drawing in a window through \(surface.contextDescription): \(renderer.rendererDescription)\n".utf8))
        }

        // The scene is laid out, and the trace says it was drawn, at the scale the window
        // really has (2 on a HiDPI display), and at the display's refresh rate: a replay
        // then gives the frames that were seen.
        let drawnScale = max(1, Double(surface.framebufferSize.width)) / view.width
        let fps = LiveWindow.displayRefreshRate() ?? 60
        scene = try descriptor.makeScene(options: options.sceneOptions, viewSize: view, scale: drawnScale)
        driver = SceneDriver(scene: scene)
        surface.setTitle(title())

        if let path = options.recordPath {
            let header = TraceHeader(scene: options.sceneName, width: view.width, height: view.height,
                                     scale: LiveWindow.tidy(drawnScale), fps: fps,
                                     options: try options.recordedOptions ?? descriptor.sceneOptions(options.sceneOptions).resolved,
                                     recorded: ISO8601DateFormatter().string(from: Date()),
                                     generator: StrataVersion.generator, otherKeys: options.headerKeys)
            writer = try TraceWriter(path: path, header: header)
            if let text = options.sceneText { keepSceneText(text, t: 0) }
        }

        installCallbacks()

        var framesDrawn = 0
        var shownStatus = ""
        func drawFrame() throws {
            let fb = surface.framebufferSize
            guard fb.width > 0, fb.height > 0 else { return }   // minimised
            let scale = Double(fb.width) / view.width
            // Drawn exactly as offscreen, into the renderer's framebuffer object, then blitted.
            try renderer.render(layer: driver.presentationLayer, pixelWidth: fb.width, pixelHeight: fb.height,
                                scale: scale, presentingTo: (fb.width, fb.height))
            surface.swapBuffers()
            framesDrawn += 1
            dirty = false
            let status = scene.statusDescription
            if status != shownStatus { shownStatus = status; surface.setTitle(title()) }
        }

        start = monotonicSeconds()
        lastEventTime = 0
        driver.step(to: 0)
        try drawFrame()

        let frameInterval = 1.0 / fps
        var lastFrameStart = monotonicSeconds()
        var passes = 0
        while !surface.shouldClose && StopSignal.flag == 0 && failure == nil {
            passes += 1
            if let reload = options.reload, passes % 10 == 0, let replacement = reload(scene) {
                // Events already delivered stay delivered; the new scene starts at now, a
                // time the trace keeps with the new text (a replay swaps there too).
                let t = eventTime()
                driver.step(to: t)
                scene = replacement.scene
                driver = SceneDriver(scene: replacement.scene)
                driver.step(to: t)
                lastT = t
                if let text = replacement.text { keepSceneText(text, t: t) }
                dirty = true
                surface.setTitle(title())
            }
            let now = elapsed()
            if let idle = options.exitAfterIdle, now - lastEventTime >= idle, !pointerDown, driver.pendingEventCount == 0, scene.isIdle { break }
            if dirty || scene.hasRunningAnimations {
                // Pace to the display: vsync blocks in swap; where it does not (Xvfb), sleep.
                let wait = lastFrameStart + frameInterval - monotonicSeconds()
                if wait > 0.001 { usleep(useconds_t(wait * 1e6)) }
                lastFrameStart = monotonicSeconds()
                glfwPollEvents()
                driver.step(to: max(lastT, elapsed()))
                try drawFrame()
            } else {
                glfwWaitEventsTimeout(0.05)
            }
        }
        if let failure { throw failure }

        // Whatever closed the window, the last events are in: show and keep that state.
        glfwPollEvents()
        if pointerDown {
            // The window goes away mid-drag, as UIKit cancels a touch whose window does.
            deliver(.pointer(PointerEvent(.cancel, location: lastPointer, t: eventTime())))
        }
        if let failure { throw failure }
        driver.step(to: max(lastT, elapsed()))
        try drawFrame()
        if let path = options.screenshotPath {
            try PNG.write(try renderer.readPixels(), to: path)
        }
        try writer?.close()
        return WindowResult(finalStatus: scene.statusDescription, eventCount: eventCount,
                            framesDrawn: framesDrawn, duration: elapsed())
    }

    /// The primary monitor's refresh rate, when GLFW knows it.
    static func displayRefreshRate() -> Double? {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor) else { return nil }
        let rate = Double(mode.pointee.refreshRate)
        return rate >= 1 && rate <= 1000 ? rate : nil
    }

    /// 2 rather than 1.9999999 for a framebuffer twice the view.
    static func tidy(_ scale: Double) -> Double { (scale * 1000).rounded() / 1000 }

    private func title() -> String {
        "strata — \(options.sceneName) — \(scene?.statusDescription ?? "")"
    }

    // MARK: Time

    private func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func elapsed() -> Double { monotonicSeconds() - start }

    /// Writes the scene file's text into the recording; one too long for a trace line is
    /// said once, and the recording then keeps no texts (its replay reads the file).
    private var keepsSceneTexts = true
    private func keepSceneText(_ text: String, t: Double) {
        guard let writer, keepsSceneTexts else { return }
        do { try writer.appendSceneText(text, t: t) } catch {
            keepsSceneTexts = false
            FileHandle.standardError.write(Data("strata: warning: \(error); the recording keeps the scene file's hash only, so a replay reads the file as it is then\n".utf8))
        }
    }

    /// Seconds since the first frame, to the millisecond (readable traces), never less
    /// than the previous event's.
    private func eventTime() -> Double {
        let t = max(lastT, (max(0, elapsed()) * 1000).rounded() / 1000)
        return t
    }

    // MARK: Input

    private var lastPointer = Point.zero

    /// Cursor position (screen coordinates) to points of the view.
    private func point(_ x: Double, _ y: Double) -> Point {
        let size = surface.windowSize
        let sx = size.width > 0 ? options.viewSize.width / Double(size.width) : 1
        let sy = size.height > 0 ? options.viewSize.height / Double(size.height) : 1
        return Point(x: x * sx, y: y * sy)
    }

    /// Where the cursor is, as of the events handled so far. Kept from the motion events
    /// rather than asked for (glfwGetCursorPos asks the X server where the pointer is
    /// now, which may be ahead of the button event being handled).
    private var cursor: (x: Double, y: Double)?

    private func cursorPoint() -> Point {
        if let c = cursor { return point(c.x, c.y) }
        var x = 0.0, y = 0.0
        glfwGetCursorPos(surface.window, &x, &y)
        return point(x, y)
    }

    private func deliver(_ event: InputEvent) {
        guard failure == nil else { return }
        do { try writer?.append(event) } catch { failure = error; return }
        lastT = event.t
        lastEventTime = event.t
        if case .pointer(let p) = event {
            lastPointer = p.location
            pointerDown = p.kind == .down || p.kind == .move
        }
        driver.enqueue(event)
        eventCount += 1
        dirty = true
    }

    fileprivate func mouseButton(_ button: Int32, _ action: Int32) {
        guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
        let p = cursorPoint()
        if action == GLFW_PRESS, !pointerDown {
            deliver(.pointer(PointerEvent(.down, location: p, t: eventTime())))
        } else if action == GLFW_RELEASE, pointerDown {
            deliver(.pointer(PointerEvent(.up, location: p, t: eventTime())))
        }
    }

    fileprivate func cursorMoved(_ x: Double, _ y: Double) {
        cursor = (x, y)
        guard pointerDown else { return }
        let p = point(x, y)
        if p == lastPointer { return }
        deliver(.pointer(PointerEvent(.move, location: p, t: eventTime())))
    }

    fileprivate func character(_ codepoint: UInt32) {
        guard let scalar = Unicode.Scalar(codepoint) else { return }
        deliver(.key(KeyEvent(.text(String(Character(scalar))), t: eventTime())))
    }

    fileprivate func key(_ key: Int32, _ action: Int32, _ mods: Int32) {
        guard action == GLFW_PRESS || action == GLFW_REPEAT else { return }
        if mods & GLFW_MOD_CONTROL != 0 || mods & GLFW_MOD_SUPER != 0 {
            // Ctrl-Q / Ctrl-W (Cmd on a Mac) close the window; they are not scene input.
            if key == GLFW_KEY_Q || key == GLFW_KEY_W { surface.shouldClose = true }
            return
        }
        let k: KeyEvent.Key
        switch key {
        case GLFW_KEY_BACKSPACE: k = .backspace
        case GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER: k = .return
        case GLFW_KEY_TAB: k = .tab
        case GLFW_KEY_ESCAPE: k = .escape
        default: return
        }
        deliver(.key(KeyEvent(.key(k), t: eventTime())))
    }

    fileprivate func refresh() { dirty = true }

    private func installCallbacks() {
        let w = surface.window
        glfwSetWindowUserPointer(w, Unmanaged.passUnretained(self).toOpaque())
        glfwSetMouseButtonCallback(w) { w, button, action, _ in LiveWindow.from(w)?.mouseButton(button, action) }
        glfwSetCursorPosCallback(w) { w, x, y in LiveWindow.from(w)?.cursorMoved(x, y) }
        glfwSetCharCallback(w) { w, c in LiveWindow.from(w)?.character(c) }
        glfwSetKeyCallback(w) { w, key, _, action, mods in LiveWindow.from(w)?.key(key, action, mods) }
        glfwSetWindowRefreshCallback(w) { w in LiveWindow.from(w)?.refresh() }
    }

    private static func from(_ window: OpaquePointer?) -> LiveWindow? {
        guard let window, let p = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<LiveWindow>.fromOpaque(p).takeUnretainedValue()
    }
}

/// SIGINT and SIGTERM set a flag the window's loop checks, so it closes cleanly (final
/// frame, trace closed) instead of dying mid-write.
/// The signals are also unblocked on the calling thread: a parent may pass on a mask
/// that blocks them (Foundation's Process does, from a Dispatch thread), and a blocked
/// SIGTERM would never reach the handler.
enum StopSignal {
    nonisolated(unsafe) static var flag: sig_atomic_t = 0

    struct Saved {
        var handlers: [(Int32, sighandler_t?)]
        var mask: sigset_t
    }

    static func install() -> Saved {
        flag = 0
        let handlers = [SIGINT, SIGTERM].map { sig in
            (sig, signal(sig) { _ in StopSignal.flag = 1 })
        }
        var unblock = sigset_t(), old = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &old)
        return Saved(handlers: handlers, mask: old)
    }

    static func restore(_ saved: Saved) {
        var mask = saved.mask
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        for (sig, handler) in saved.handlers { signal(sig, handler) }
    }
}
