import Foundation

/// A software GL 3.3 core context from OSMesa (llvmpipe), libOSMesa loaded at run time.
/// OSMesa wants a client buffer for its default framebuffer; Strata never draws there
/// (see `Renderer`), so a tiny one serves whatever the frame size.
public final class OSMesaSurface: OffscreenSurface {
    public let gl: GLFunctions
    public let renderer: GLRendererInfo
    private let osmesa: OSMesaLibrary
    private let context: OSMesaLibrary.Context
    private let scratch = UnsafeMutableRawPointer.allocate(byteCount: 4 * 4 * 4, alignment: 16)

    /// The library `STRATA_OSMESA_LIBRARY` in `environment` names, else `libOSMesa.so.8`.
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if environment[OSMesaLibrary.pathVariable]?.isEmpty == true {
            throw GLBackendError.unavailable(.osmesa, reason: "\(OSMesaLibrary.pathVariable) is set but empty; unset it for \(OSMesaLibrary.defaultPath) or give a library's path")
        }
        try self.init(libraryPath: environment[OSMesaLibrary.pathVariable] ?? OSMesaLibrary.defaultPath)
    }

    /// Every failure is a `GLBackendError.unavailable(.osmesa, ...)`.
    public init(libraryPath: String) throws {
        func unavailable(_ reason: String) -> GLBackendError { .unavailable(.osmesa, reason: reason) }
        do { osmesa = try OSMesaLibrary(path: libraryPath) } catch {
            scratch.deallocate()
            throw unavailable("\(error)")
        }
        let attributes: [Int32] = [
            OSMesaLibrary.format, OSMesaLibrary.rgba,
            OSMesaLibrary.depthBits, 0, OSMesaLibrary.stencilBits, 0, OSMesaLibrary.accumBits, 0,
            OSMesaLibrary.profile, OSMesaLibrary.coreProfile,
            OSMesaLibrary.contextMajorVersion, 3, OSMesaLibrary.contextMinorVersion, 3,
            0,
        ]
        guard let ctx = osmesa.createContextAttribs(attributes, nil) else {
            scratch.deallocate()
            throw unavailable("OSMesaCreateContextAttribs refused a 3.3 core profile")
        }
        context = ctx
        guard osmesa.makeCurrent(ctx, scratch, GLenum(GLConstant.unsignedByte), 4, 4) != 0 else {
            osmesa.destroyContext(ctx)
            scratch.deallocate()
            throw unavailable("OSMesaMakeCurrent failed")
        }
        let getProcAddress = osmesa.getProcAddress
        do {
            gl = try GLFunctions { name in getProcAddress(name).map { UnsafeRawPointer($0) } }
        } catch {
            osmesa.destroyContext(ctx)
            scratch.deallocate()
            throw unavailable("\(error)")
        }
        renderer = gl.rendererInfo(backend: .osmesa, platform: "")
    }

    public func makeCurrent() throws {
        guard osmesa.makeCurrent(context, scratch, GLenum(GLConstant.unsignedByte), 4, 4) != 0 else {
            throw RenderError.contextCreationFailed("OSMesaMakeCurrent failed")
        }
    }

    deinit { osmesa.destroyContext(context); scratch.deallocate() }
}
