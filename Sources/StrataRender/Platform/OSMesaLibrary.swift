/// The four OSMesa calls Strata makes, resolved with dlsym from libOSMesa. Declared here
/// (from Mesa's GL/osmesa.h) rather than imported, so building needs no libosmesa6-dev.
struct OSMesaLibrary {
    typealias Context = OpaquePointer

    static let defaultPath = "libOSMesa.so.8"
    static let pathVariable = "STRATA_OSMESA_LIBRARY"

    // Attribute names and values of OSMesaCreateContextAttribs (GL/osmesa.h).
    static let format: Int32 = 0x22
    static let rgba: Int32 = 0x1908 // GL_RGBA
    static let depthBits: Int32 = 0x30
    static let stencilBits: Int32 = 0x31
    static let accumBits: Int32 = 0x32
    static let profile: Int32 = 0x33
    static let coreProfile: Int32 = 0x34
    static let contextMajorVersion: Int32 = 0x36
    static let contextMinorVersion: Int32 = 0x37

    let createContextAttribs: @convention(c) (UnsafePointer<Int32>?, Context?) -> Context?
    let makeCurrent: @convention(c) (Context?, UnsafeMutableRawPointer?, GLenum, GLsizei, GLsizei) -> GLboolean
    let getProcAddress: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
    let destroyContext: @convention(c) (Context?) -> Void

    /// Opens the library at `path` (once per process) and resolves the four calls.
    init(path: String) throws {
        let library = try DynamicLibrary.open(path)
        createContextAttribs = try library.function("OSMesaCreateContextAttribs")
        makeCurrent = try library.function("OSMesaMakeCurrent")
        getProcAddress = try library.function("OSMesaGetProcAddress")
        destroyContext = try library.function("OSMesaDestroyContext")
    }
}
