import Foundation

/// A GL 3.3 core context from EGL with no window system: Mesa's surfaceless platform
/// first, else a device from EGL_EXT_platform_device (the one `device` or
/// `EGL_DEVICE_ID` names, the first by default). libEGL is opened at run time.
///
/// The context is configless with no surface when the display allows it
/// (EGL_KHR_no_config_context + EGL_KHR_surfaceless_context), else it gets a 1x1
/// pbuffer: the compositor draws into its own framebuffer object either way, so the
/// default framebuffer is never read and this surface yields the same bytes as OSMesa.
public final class EGLOffscreenSurface: OffscreenSurface {
    /// How the display was obtained, in the order tried.
    public enum Platform: String, Sendable, Equatable {
        case surfaceless
        case device
    }

    public let gl: GLFunctions
    public let renderer: GLRendererInfo
    public let platform: Platform
    private let egl: EGLLibrary
    private let display: EGLLibrary.Handle
    private let context: EGLLibrary.Handle
    private let surface: EGLLibrary.Handle?

    /// The library at `libraryPath` (`STRATA_EGL_LIBRARY` or `libEGL.so.1` when nil) from
    /// `environment`. A device index (`device`, else `EGL_DEVICE_ID`) means that device of
    /// EGL_EXT_platform_device and nothing else; without one, the surfaceless platform
    /// first and device 0 second.
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment,
                            libraryPath: String? = nil, device: Int? = nil) throws {
        // dlopen("") is the program itself, whose missing symbols would hide the mistake.
        if libraryPath == nil, environment[EGLLibrary.pathVariable]?.isEmpty == true {
            throw GLBackendError.unavailable(.egl, reason: "\(EGLLibrary.pathVariable) is set but empty; unset it for \(EGLLibrary.defaultPath) or give a library's path")
        }
        var index = device
        if device == nil, let value = environment[EGLLibrary.deviceVariable] {
            guard !value.isEmpty else {
                throw GLBackendError.unavailable(.egl, reason: "\(EGLLibrary.deviceVariable) is set but empty; unset it for the default device or give an index 'strata gpu' lists")
            }
            guard let parsed = Int(value), parsed >= 0 else {
                throw GLBackendError.unavailable(.egl, reason: "\(EGLLibrary.deviceVariable)=\(value) is not a device index")
            }
            index = parsed
        }
        try self.init(libraryPath: EGLOffscreenSurface.resolvedLibraryPath(libraryPath, environment), device: index ?? 0,
                      platforms: index == nil ? [.surfaceless, .device] : [.device])
    }

    public static func resolvedLibraryPath(_ path: String?, _ environment: [String: String]) -> String {
        path ?? environment[EGLLibrary.pathVariable] ?? EGLLibrary.defaultPath
    }

    /// Tries `platforms` in order. Throws `GLBackendError.unavailable(.egl, ...)` with
    /// every platform's reason on one line.
    public init(libraryPath: String, device: Int = 0, platforms: [Platform] = [.surfaceless, .device]) throws {
        do { egl = try EGLLibrary(path: libraryPath) } catch {
            throw GLBackendError.unavailable(.egl, reason: "\(error)")
        }
        var reasons: [String] = []
        var made: (platform: Platform, label: String, display: EGLLibrary.Handle, context: EGLLibrary.Handle, surface: EGLLibrary.Handle?)?
        for candidate in platforms where made == nil {
            do {
                let (display, label) = try EGLOffscreenSurface.display(on: candidate, egl: egl, device: device)
                let (context, surface) = try EGLOffscreenSurface.makeContext(on: display, egl: egl)
                made = (candidate, label, display, context, surface)
            } catch let reason as EGLReason {
                reasons.append("\(candidate.rawValue): \(reason.text)")
            }
        }
        guard let made else {
            throw GLBackendError.unavailable(.egl, reason: reasons.isEmpty ? "no platform to try" : reasons.joined(separator: "; "))
        }
        (platform, display, context, surface) = (made.platform, made.display, made.context, made.surface)
        do {
            let getProcAddress = egl.getProcAddress
            gl = try GLFunctions { name in getProcAddress(name).map { UnsafeRawPointer($0) } }
        } catch {
            EGLOffscreenSurface.release(egl: egl, display: made.display, context: made.context, surface: made.surface)
            throw GLBackendError.unavailable(.egl, reason: "\(made.label): \(error)")
        }
        renderer = gl.rendererInfo(backend: .egl, platform: made.label)
    }

    public func makeCurrent() throws {
        // The bound API is per thread; a renderer may move to a thread that never bound GL.
        guard egl.bindAPI(EGLLibrary.openGLAPI) != 0, egl.makeCurrent(display, surface, surface, context) != 0 else {
            throw RenderError.contextCreationFailed("eglMakeCurrent failed (\(egl.lastErrorName()))")
        }
    }

    deinit { EGLOffscreenSurface.release(egl: egl, display: display, context: context, surface: surface) }

    /// One platform's failure; the caller prefixes the platform so the joined line reads
    /// `surfaceless: ...; device: ...`.
    private struct EGLReason: Error {
        let text: String
    }

    /// An initialised display of `platform` and its label for the description. Displays
    /// are never terminated: EGL hands every caller the same display per platform and
    /// eglTerminate would pull it from under other live surfaces.
    private static func display(on platform: Platform, egl: EGLLibrary, device: Int) throws -> (EGLLibrary.Handle, String) {
        let client = egl.extensionNames(of: nil)
        let display: EGLLibrary.Handle?
        let label: String
        switch platform {
        case .surfaceless:
            label = "surfaceless"
            guard client.contains("EGL_MESA_platform_surfaceless") else {
                throw EGLReason(text: "EGL_MESA_platform_surfaceless not offered")
            }
            display = egl.getPlatformDisplay(EGLLibrary.platformSurfacelessMESA, nil, [EGLLibrary.EGLAttrib(EGLLibrary.none)])
        case .device:
            let devices = try EGLOffscreenSurface.queryDevices(egl)
            guard device < devices.count else {
                throw EGLReason(text: "no device \(device) (\(devices.count) found)")
            }
            label = devices[device].label
            display = egl.getPlatformDisplay(EGLLibrary.platformDeviceEXT, devices[device].handle, [EGLLibrary.EGLAttrib(EGLLibrary.none)])
        }
        guard let display else { throw EGLReason(text: "no display (\(egl.lastErrorName()))") }
        var major: EGLLibrary.EGLint = 0, minor: EGLLibrary.EGLint = 0
        guard egl.initialize(display, &major, &minor) != 0 else {
            throw EGLReason(text: "eglInitialize failed (\(egl.lastErrorName()))")
        }
        return (display, label)
    }

    /// Every device EGL_EXT_device_enumeration lists, in its order (the index `--device`
    /// and `EGL_DEVICE_ID` take). Throws `GLBackendError.unavailable(.egl, ...)` when the
    /// library or the extension is missing.
    public static func devices(environment: [String: String] = ProcessInfo.processInfo.environment,
                               libraryPath: String? = nil) throws -> [EGLDevice] {
        let path = resolvedLibraryPath(libraryPath, environment)
        let egl: EGLLibrary
        do { egl = try EGLLibrary(path: path) } catch { throw GLBackendError.unavailable(.egl, reason: "\(error)") }
        do { return try queryDevices(egl).map(\.device) } catch let reason as EGLReason {
            throw GLBackendError.unavailable(.egl, reason: "device: \(reason.text)")
        }
    }

    private static func queryDevices(_ egl: EGLLibrary) throws -> [(handle: EGLLibrary.Handle?, device: EGLDevice, label: String)] {
        let client = egl.extensionNames(of: nil)
        guard client.contains("EGL_EXT_platform_device"), client.contains("EGL_EXT_device_enumeration") else {
            throw EGLReason(text: "EGL_EXT_platform_device or EGL_EXT_device_enumeration not offered")
        }
        typealias QueryDevices = @convention(c) (EGLLibrary.EGLint, UnsafeMutablePointer<EGLLibrary.Handle?>?, UnsafeMutablePointer<EGLLibrary.EGLint>?) -> EGLLibrary.EGLBoolean
        typealias QueryDeviceString = @convention(c) (EGLLibrary.Handle?, EGLLibrary.EGLint) -> UnsafePointer<CChar>?
        guard let query: QueryDevices = egl.extensionFunction("eglQueryDevicesEXT") else {
            throw EGLReason(text: "no eglQueryDevicesEXT")
        }
        var handles = [EGLLibrary.Handle?](repeating: nil, count: 16)
        var count: EGLLibrary.EGLint = 0
        guard query(EGLLibrary.EGLint(handles.count), &handles, &count) != 0 else {
            throw EGLReason(text: "eglQueryDevicesEXT failed (\(egl.lastErrorName()))")
        }
        let string = egl.extensionFunction("eglQueryDeviceStringEXT", as: QueryDeviceString.self)
        return (0..<Int(count)).map { i in
            let file = string?(handles[i], EGLLibrary.drmDeviceFileEXT).map { String(cString: $0) }
            let extensions = string?(handles[i], EGLLibrary.extensions).map { String(cString: $0).split(separator: " ").map(String.init) } ?? []
            let device = EGLDevice(index: i, drmFile: file, extensions: extensions)
            return (handles[i], device, "device \(i)" + (file.map { ": " + $0 } ?? ""))
        }
    }

    /// A GL 3.3 core context on `display`, current on this thread, and its pbuffer if
    /// the display cannot do without one.
    private static func makeContext(on display: EGLLibrary.Handle, egl: EGLLibrary) throws -> (EGLLibrary.Handle, EGLLibrary.Handle?) {
        guard egl.bindAPI(EGLLibrary.openGLAPI) != 0 else {
            throw EGLReason(text: "eglBindAPI(EGL_OPENGL_API) failed (\(egl.lastErrorName()))")
        }
        let extensions = egl.extensionNames(of: display)
        let configless = extensions.contains("EGL_KHR_no_config_context") && extensions.contains("EGL_KHR_surfaceless_context")
        var config: EGLLibrary.Handle?
        if !configless {
            let wanted: [EGLLibrary.EGLint] = [
                EGLLibrary.surfaceType, EGLLibrary.pbufferBit, EGLLibrary.renderableType, EGLLibrary.openGLBit,
                EGLLibrary.redSize, 8, EGLLibrary.greenSize, 8, EGLLibrary.blueSize, 8, EGLLibrary.alphaSize, 8,
                EGLLibrary.none,
            ]
            var count: EGLLibrary.EGLint = 0
            guard egl.chooseConfig(display, wanted, &config, 1, &count) != 0, count > 0, config != nil else {
                throw EGLReason(text: "no RGBA8 pbuffer config for desktop GL (\(egl.lastErrorName()))")
            }
        }
        let attributes: [EGLLibrary.EGLint] = [
            EGLLibrary.contextMajorVersion, 3, EGLLibrary.contextMinorVersion, 3,
            EGLLibrary.contextOpenGLProfileMask, EGLLibrary.contextOpenGLCoreProfileBit,
            EGLLibrary.none,
        ]
        guard let context = egl.createContext(display, config, nil, attributes) else {
            throw EGLReason(text: "eglCreateContext refused a 3.3 core profile (\(egl.lastErrorName()))")
        }
        var surface: EGLLibrary.Handle?
        if !configless {
            let size: [EGLLibrary.EGLint] = [EGLLibrary.width, 1, EGLLibrary.height, 1, EGLLibrary.none]
            surface = egl.createPbufferSurface(display, config, size)
            guard surface != nil else {
                let why = egl.lastErrorName()
                _ = egl.destroyContext(display, context)
                throw EGLReason(text: "eglCreatePbufferSurface failed (\(why))")
            }
        }
        guard egl.makeCurrent(display, surface, surface, context) != 0 else {
            let why = egl.lastErrorName()
            release(egl: egl, display: display, context: context, surface: surface)
            throw EGLReason(text: "eglMakeCurrent failed (\(why))")
        }
        return (context, surface)
    }

    private static func release(egl: EGLLibrary, display: EGLLibrary.Handle, context: EGLLibrary.Handle, surface: EGLLibrary.Handle?) {
        // EGL defers destroying a context current on some thread; unbinding it here
        // frees it now when it is current on this one.
        _ = egl.bindAPI(EGLLibrary.openGLAPI)
        if egl.getCurrentContext() == context { _ = egl.makeCurrent(display, nil, nil, nil) }
        _ = egl.destroyContext(display, context)
        if let surface { _ = egl.destroySurface(display, surface) }
    }
}
