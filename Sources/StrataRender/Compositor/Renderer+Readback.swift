import StrataModel

/// Getting the frame out of GL: read back into memory (offscreen frames, checks) or
/// named for a window's blit (`Renderer+Present`).
extension Renderer {
    /// Reads the frame target back, rows top-down, premultiplied RGBA.
    public func readPixels() throws -> Image {
        let w = targets.width, h = targets.height
        guard let frame = targets.frame else { throw RenderError.glError(0x0502, "reading back before any frame was drawn") }
        gl.bindFramebuffer(GLConstant.readFramebuffer, frame.framebuffer)
        gl.pixelStorei(GLConstant.packAlignment, 1)
        // glReadPixels writes every byte, so the buffer is not cleared first (at 1920x1280
        // that is 10 MB a frame of stores for nothing).
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            gl.readPixels(0, 0, GLsizei(w), GLsizei(h), GLConstant.rgba, GLConstant.unsignedByte, buffer.baseAddress)
            initialized = w * h * 4
        }
        let error = gl.getError()
        if error != GLConstant.noError { throw RenderError.glError(error, "reading the frame back") }
        return Image(width: w, height: h, pixels: pixels)
    }

    /// Waits until GL has finished drawing (for timing the draw apart from readback).
    public func finish() { gl.finish() }

    /// The frame target's framebuffer, for a window to blit from.
    public var frameFramebuffer: GLuint? { targets.frame?.framebuffer }
}
