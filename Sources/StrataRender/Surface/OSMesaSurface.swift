import COSMesa

/// A software GL 3.3 core context from OSMesa (llvmpipe). OSMesa wants a client buffer
/// for its default framebuffer; Strata never draws there (see `Renderer`), so a tiny one
/// serves whatever the frame size.
public final class OSMesaSurface: RenderSurface {
    public let gl: GLFunctions
    private let context: OSMesaContext
    private let scratch = UnsafeMutableRawPointer.allocate(byteCount: 4 * 4 * 4, alignment: 16)

    public init() throws {
        let attributes: [Int32] = [
            OSMESA_FORMAT, Int32(OSMESA_RGBA),
            OSMESA_DEPTH_BITS, 0, OSMESA_STENCIL_BITS, 0, OSMESA_ACCUM_BITS, 0,
            OSMESA_PROFILE, OSMESA_CORE_PROFILE,
            OSMESA_CONTEXT_MAJOR_VERSION, 3, OSMESA_CONTEXT_MINOR_VERSION, 3,
            0,
        ]
        guard let ctx = OSMesaCreateContextAttribs(attributes, nil) else {
            throw RenderError.contextCreationFailed("OSMesaCreateContextAttribs refused a 3.3 core profile")
        }
        context = ctx
        let ok = OSMesaMakeCurrent(ctx, scratch, GLenum(GL_UNSIGNED_BYTE), 4, 4)
        guard ok != 0 else {
            OSMesaDestroyContext(ctx)
            scratch.deallocate()
            throw RenderError.contextCreationFailed("OSMesaMakeCurrent failed")
        }
        gl = try GLFunctions { name in
            OSMesaGetProcAddress(name).map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
        }
    }

    public func makeCurrent() throws {
        let ok = OSMesaMakeCurrent(context, scratch, GLenum(GL_UNSIGNED_BYTE), 4, 4)
        guard ok != 0 else { throw RenderError.contextCreationFailed("OSMesaMakeCurrent failed") }
    }

    deinit { OSMesaDestroyContext(context); scratch.deallocate() }
}
