import StrataModel

/// The EGL calls Strata makes, resolved at run time from libEGL (glvnd's on Debian).
/// Declared here from Khronos' EGL/egl.h and eglext.h rather than imported, so building
/// needs no libegl-dev. Extension functions come through eglGetProcAddress, since
/// glvnd's libEGL exports only the core API.
struct EGLLibrary {
    typealias Handle = UnsafeMutableRawPointer
    typealias EGLint = Int32
    typealias EGLBoolean = UInt32
    typealias EGLenum = UInt32
    typealias EGLAttrib = Int

    static let defaultPath = "libEGL.so.1"
    static let pathVariable = "STRATA_EGL_LIBRARY"
    static let deviceVariable = "EGL_DEVICE_ID"

    static let success: EGLint = 0x3000
    static let none: EGLint = 0x3038
    static let extensions: EGLint = 0x3055
    static let redSize: EGLint = 0x3024
    static let greenSize: EGLint = 0x3023
    static let blueSize: EGLint = 0x3022
    static let alphaSize: EGLint = 0x3021
    static let surfaceType: EGLint = 0x3033
    static let pbufferBit: EGLint = 0x0001
    static let renderableType: EGLint = 0x3040
    static let openGLBit: EGLint = 0x0008
    static let width: EGLint = 0x3057
    static let height: EGLint = 0x3056
    static let openGLAPI: EGLenum = 0x30A2
    static let contextMajorVersion: EGLint = 0x3098
    static let contextMinorVersion: EGLint = 0x30FB
    static let contextOpenGLProfileMask: EGLint = 0x30FD
    static let contextOpenGLCoreProfileBit: EGLint = 0x0001
    static let platformSurfacelessMESA: EGLenum = 0x31DD
    static let platformDeviceEXT: EGLenum = 0x313F
    static let drmDeviceFileEXT: EGLint = 0x3233

    let getProcAddress: @convention(c) (UnsafePointer<CChar>?) -> Handle?
    let getError: @convention(c) () -> EGLint
    let queryString: @convention(c) (Handle?, EGLint) -> UnsafePointer<CChar>?
    let initialize: @convention(c) (Handle?, UnsafeMutablePointer<EGLint>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
    let bindAPI: @convention(c) (EGLenum) -> EGLBoolean
    let chooseConfig: @convention(c) (Handle?, UnsafePointer<EGLint>?, UnsafeMutablePointer<Handle?>?, EGLint, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
    let createContext: @convention(c) (Handle?, Handle?, Handle?, UnsafePointer<EGLint>?) -> Handle?
    let destroyContext: @convention(c) (Handle?, Handle?) -> EGLBoolean
    let createPbufferSurface: @convention(c) (Handle?, Handle?, UnsafePointer<EGLint>?) -> Handle?
    let destroySurface: @convention(c) (Handle?, Handle?) -> EGLBoolean
    let makeCurrent: @convention(c) (Handle?, Handle?, Handle?, Handle?) -> EGLBoolean
    let getCurrentContext: @convention(c) () -> Handle?
    /// eglGetPlatformDisplay (EGL 1.5), or eglGetPlatformDisplayEXT adapted to its
    /// EGLint attribute list where only the extension exists.
    let getPlatformDisplay: (EGLenum, Handle?, [EGLAttrib]) -> Handle?

    init(path: String) throws {
        let library = try DynamicLibrary.open(path)
        getProcAddress = try library.function("eglGetProcAddress")
        getError = try library.function("eglGetError")
        queryString = try library.function("eglQueryString")
        initialize = try library.function("eglInitialize")
        bindAPI = try library.function("eglBindAPI")
        chooseConfig = try library.function("eglChooseConfig")
        createContext = try library.function("eglCreateContext")
        destroyContext = try library.function("eglDestroyContext")
        createPbufferSurface = try library.function("eglCreatePbufferSurface")
        destroySurface = try library.function("eglDestroySurface")
        makeCurrent = try library.function("eglMakeCurrent")
        getCurrentContext = try library.function("eglGetCurrentContext")

        typealias Core = @convention(c) (EGLenum, Handle?, UnsafePointer<EGLAttrib>?) -> Handle?
        typealias Ext = @convention(c) (EGLenum, Handle?, UnsafePointer<EGLint>?) -> Handle?
        if let core = library.address(of: "eglGetPlatformDisplay") {
            let f = unsafeBitCast(core, to: Core.self)
            getPlatformDisplay = { platform, native, attributes in f(platform, native, attributes) }
        } else if let ext = getProcAddress("eglGetPlatformDisplayEXT") {
            let f = unsafeBitCast(ext, to: Ext.self)
            getPlatformDisplay = { platform, native, attributes in f(platform, native, attributes.map { EGLint($0) }) }
        } else {
            throw Diagnostic("\(path): neither eglGetPlatformDisplay nor eglGetPlatformDisplayEXT")
        }
    }

    /// An extension function by name, nil when the implementation lacks it.
    func extensionFunction<T>(_ name: String, as type: T.Type = T.self) -> T? {
        getProcAddress(name).map { unsafeBitCast($0, to: T.self) }
    }

    /// The space-separated extension list of `display` (nil: the client extensions).
    func extensionNames(of display: Handle?) -> Set<Substring> {
        guard let list = queryString(display, EGLLibrary.extensions) else { return [] }
        return Set(String(cString: list).split(separator: " "))
    }

    /// The thread's last EGL error by its name in egl.h, for one-line reasons.
    func lastErrorName() -> String {
        let code = getError()
        let names: [EGLint: String] = [
            0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS",
            0x3003: "EGL_BAD_ALLOC", 0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG",
            0x3006: "EGL_BAD_CONTEXT", 0x3007: "EGL_BAD_CURRENT_SURFACE", 0x3008: "EGL_BAD_DISPLAY",
            0x3009: "EGL_BAD_MATCH", 0x300A: "EGL_BAD_NATIVE_PIXMAP", 0x300B: "EGL_BAD_NATIVE_WINDOW",
            0x300C: "EGL_BAD_PARAMETER", 0x300D: "EGL_BAD_SURFACE", 0x300E: "EGL_CONTEXT_LOST",
            0x322B: "EGL_BAD_DEVICE_EXT",
        ]
        return names[code] ?? "EGL error 0x\(String(code, radix: 16))"
    }
}
